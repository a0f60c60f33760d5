import { scheduleOpen, type WeekMoment } from '../../../lib/schedule';
import type { OrderLine } from '../../db/schema';
import { messages } from '../../messages';
import type { PricedProduct, PricedRow } from '../../repositories/order-placing';

/**
 * The prices of an order, from the database's figures only (the diner sends product and row ids and
 * quantities, never a price). Money is numeric(14,2) in the database; it is read as text and summed here in whole tiyin
 * as BigInt, so no figure ever passes through a float (50 lines × 50 × 10¹¹ so'm is beyond a double's exact integers).
 * Pure: the use case reads the rows (repositories/orders.ts) and stores what this answers.
 */

export interface OrderItemInput {
  product_id: string;
  quantity: number;
  row_ids?: string[] | undefined;
}

/** The largest total numeric(14,2) stores: 999 999 999 999.99 so'm. */
export const MAX_TOTAL_TIYIN = 99_999_999_999_999n;

export type PricedOrder =
  | { kind: 'priced'; lines: OrderLine[]; total: number }
  | { kind: 'unavailable'; productIds: string[] }
  | { kind: 'invalid'; message: string };

/** `25000.50` → 2500050n. PostgreSQL's text of a numeric(14,2) always matches; anything else is a bug, not input. */
export function tiyinOf(money: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(money);
  if (!match) throw new Error(`not a money amount: ${money}`);
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '0').padEnd(2, '0'));
}

/** Whole tiyin as the API's so'm number: exact, since every amount here is below 2⁵³ tiyin. */
export const somOf = (tiyin: bigint): number => Number(tiyin) / 100;

/** Whether a dish can be ordered at `clock`: known, active, in an active category, and within both schedules. */
function orderable(product: PricedProduct | undefined, clock: WeekMoment): boolean {
  if (!product?.available) return false;
  return scheduleOpen(product.schedule, clock) && scheduleOpen(product.category_schedule, clock);
}

/**
 * Prices `items` against the products and rows the database holds, at the restaurant's wall clock `clock`.
 * Unavailable products (unknown, another restaurant's, stop-listed, in an inactive category, outside its own or its
 * category's schedule) come first: the cart removes them and the diner orders again.
 * Then the rows: each must belong to one of its product's options and be named once, and each option's count must lie
 * between its minimum and its maximum (docs/ordering.md: an option of alternatives, as a portion, takes one row; extras take up
 * to their maximum), else a 400 naming the option.
 */
export function priceOrder(
  items: readonly OrderItemInput[],
  products: ReadonlyMap<string, PricedProduct>,
  rows: ReadonlyMap<string, PricedRow>,
  clock: WeekMoment,
): PricedOrder {
  const unavailable = [
    ...new Set(items.filter((item) => !orderable(products.get(item.product_id), clock)).map((item) => item.product_id)),
  ];
  if (unavailable.length > 0) return { kind: 'unavailable', productIds: unavailable };

  const lines: OrderLine[] = [];
  let total = 0n;
  for (const [index, item] of items.entries()) {
    const product = products.get(item.product_id)!;
    const field = `items.${index}.row_ids`;
    const chosen = new Set<string>();
    const perOption = new Map<string, number>();
    const lineRows: OrderLine['rows'] = [];
    let unit = tiyinOf(product.price);
    for (const rowId of item.row_ids ?? []) {
      const row = rows.get(rowId);
      if (!row || row.product_id !== product._id)
        return { kind: 'invalid', message: messages.rowNotOfProduct(field, rowId) };
      if (chosen.has(rowId)) return { kind: 'invalid', message: messages.rowChosenTwice(field, rowId) };
      chosen.add(rowId);
      perOption.set(row.option_id, (perOption.get(row.option_id) ?? 0) + 1);
      const price = tiyinOf(row.price);
      unit += price;
      lineRows.push({ _id: row._id, name: row.name, price: somOf(price) });
    }
    for (const option of product.option_rules) {
      const count = perOption.get(option._id) ?? 0;
      if (count > option.max) {
        return { kind: 'invalid', message: messages.tooManyRows(field, product.name, option.name, option.max) };
      }
      if (count < option.min) {
        const message =
          option.min === 1
            ? messages.requiredOptionMissing(field, product.name, option.name)
            : messages.tooFewRows(field, product.name, option.name, option.min);
        return { kind: 'invalid', message };
      }
    }
    const lineTotal = unit * BigInt(item.quantity);
    total += lineTotal;
    lines.push({
      product_id: product._id,
      name: product.name,
      quantity: item.quantity,
      rows: lineRows,
      line_total: somOf(lineTotal),
      station_id: product.station_id,
      status: 'new',
      moves: [],
    });
  }
  if (total > MAX_TOTAL_TIYIN) return { kind: 'invalid', message: messages.orderTotalTooLarge };
  return { kind: 'priced', lines, total: somOf(total) };
}
