import { describe, expect, it } from 'vitest';
import { MAX_TOTAL_TIYIN, priceOrder, somOf, tiyinOf } from '../../server/domain/orders/pricing';
import { messages } from '../../server/messages';
import type { PricedProduct } from '../../server/repositories/order-placing';

/** An order's money in whole tiyin, from PostgreSQL's text of numeric(14,2) (server/domain/orders/pricing.ts). */
describe('tiyinOf', () => {
  it('reads whole so’m, one decimal and two decimals exactly', () => {
    expect(tiyinOf('25000')).toBe(2_500_000n);
    expect(tiyinOf('25000.5')).toBe(2_500_050n);
    expect(tiyinOf('25000.50')).toBe(2_500_050n);
    expect(tiyinOf('7.05')).toBe(705n);
    expect(tiyinOf('0.00')).toBe(0n);
    expect(tiyinOf('999999999999.99')).toBe(MAX_TOTAL_TIYIN);
  });

  it('refuses anything that is not a money amount, naming it (a bug, never rounded)', () => {
    for (const text of ['', 'abc', '12a', 'a12', '1.234', '1.', '.5', '-5', '1,5', ' 12']) {
      expect(() => tiyinOf(text), text).toThrow(`not a money amount: ${text}`);
    }
  });
});

describe('priceOrder', () => {
  const monday = { weekday: 1 as const, minutes: 12 * 60 };
  const dish = (price: string): PricedProduct => ({
    _id: 'dish',
    name: 'Osh',
    price,
    available: true,
    schedule: null,
    category_schedule: null,
    station_id: null,
    option_rules: [],
  });
  const price = (unit: string, quantity: number) =>
    priceOrder([{ product_id: 'dish', quantity }], new Map([['dish', dish(unit)]]), new Map(), monday);

  it('answers the lines and the total in so’m', () => {
    expect(price('25000.50', 3)).toMatchObject({
      kind: 'priced',
      total: 75001.5,
      lines: [{ product_id: 'dish', name: 'Osh', quantity: 3, line_total: 75001.5, rows: [], status: 'new' }],
    });
  });

  it('takes a total of exactly the largest amount stored, and refuses one tiyin more', () => {
    expect(price('999999999999.99', 1)).toMatchObject({ kind: 'priced', total: somOf(MAX_TOTAL_TIYIN) });
    expect(price('499999999999.99', 2)).toMatchObject({ kind: 'priced', total: 999999999999.98 });
    expect(price('500000000000.00', 2)).toEqual({ kind: 'invalid', message: messages.orderTotalTooLarge });
  });
});
