import type { OrderLine } from '../../db/schema';
import { paymeReceiptTitles } from '../../messages/payments-payme';
import type { FiscalCodes } from '../../repositories/payment-orders';
import { toTiyin } from './money';

/**
 * CheckPerformTransaction's `detail`: the fiscal receipt Payme prints for the payment (facts sheet 1.3). One item per
 * order line (its unit price in tiyin and its count, the product's IKPU and package code when set), then the
 * service charge and the tip as items of their own when there are any, with the codes the restaurant set for them
 * (payment settings); every item carries the restaurant's VAT percent. An item whose code is not set is still printed,
 * without it: Payme refuses a receipt whose items do not add up to the amount.
 */

export interface FiscalItem {
  title: string;
  /** One unit, tiyin. */
  price: number;
  count: number;
  code?: string;
  package_code?: string;
  vat_percent: number;
}

export interface FiscalDetail {
  receipt_type: 0;
  items: FiscalItem[];
}

export interface ReceiptInput {
  lines: readonly OrderLine[];
  /** Per product id; a product missing here (deleted since) has no codes. */
  codes: ReadonlyMap<string, FiscalCodes>;
  /** So'm, as the payment holds them. */
  service: number;
  tip: number;
  /** The restaurant's codes for the service charge's and the tip's items; absent or null when not set. */
  serviceCodes?: FiscalCodes;
  tipCodes?: FiscalCodes;
  vatPercent: number;
}

/** "Osh (Katta, Qazi)": the line's product and the rows chosen with it, as the diner ordered it. */
const lineTitle = (line: OrderLine): string =>
  line.rows.length > 0 ? `${line.name} (${line.rows.map((row) => row.name).join(', ')})` : line.name;

/** The codes an item carries: those that are set. */
const itemCodes = (codes: FiscalCodes | undefined) => ({
  ...(codes?.ikpu ? { code: codes.ikpu } : {}),
  ...(codes?.package_code ? { package_code: codes.package_code } : {}),
});

function lineItem(line: OrderLine, codes: FiscalCodes | undefined, vatPercent: number): FiscalItem {
  const total = toTiyin(line.line_total);
  const unit = total / line.quantity;
  // A line's total is its quantity times one unit, so the unit is whole tiyin; were it not, the line is one item.
  const [price, count] = Number.isInteger(unit) ? [unit, line.quantity] : [total, 1];
  return {
    title: lineTitle(line),
    price,
    count,
    ...itemCodes(codes),
    vat_percent: vatPercent,
  };
}

export function fiscalDetail(input: ReceiptInput): FiscalDetail {
  const items = input.lines.map((line) => lineItem(line, input.codes.get(line.product_id), input.vatPercent));
  for (const [title, som, codes] of [
    [paymeReceiptTitles.service, input.service, input.serviceCodes],
    [paymeReceiptTitles.tip, input.tip, input.tipCodes],
  ] as const) {
    const price = toTiyin(som);
    if (price > 0) items.push({ title, price, count: 1, ...itemCodes(codes), vat_percent: input.vatPercent });
  }
  return { receipt_type: 0, items };
}

/** What the receipt's items come to, tiyin: Payme refuses a receipt whose sum is not the amount. */
export const receiptTotal = (detail: FiscalDetail): number =>
  detail.items.reduce((sum, item) => sum + item.price * item.count, 0);
