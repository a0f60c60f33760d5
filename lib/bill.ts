/**
 * The sums a diner sees before paying, computed as the server computes what it charges: the service charge of an order
 * (repositories/orders.ts: `round(total * percent / 100)` in PostgreSQL, whole so'm, half up) and a tip by percent of
 * the bill being paid. Every sum is made in whole tiyin (1 so'm = 100 tiyin), as server/domain/payments/money.ts
 * does, so no floating-point error reaches an amount on the screen. The menu's script (the cart, the bill) and the
 * server's tests use these same functions.
 */

/** The tip percents the bill offers beside an amount of the diner's own. */
export const TIP_PERCENTS = [0, 5, 10, 15] as const;

const toTiyin = (som: number): number => Math.round(som * 100);

/** `percent` % of `som`, in whole so'm, half up (amounts are never negative here). */
export function percentOf(som: number, percent: number): number {
  if (!(som > 0) || !(percent > 0)) return 0;
  // tiyin × percent / 100 is the share in tiyin; / 100 again is so'm: both divisions at once, then half up.
  return Math.floor((toTiyin(som) * Math.round(percent) + 5000) / 10000);
}

/** "Xizmat haqi" of an order of `total` so'm at `percent` %, exactly as the order's `service` will be. */
export const serviceCharge = (total: number, percent: number): number => percentOf(total, percent);

/** A tip of `percent` % of the bill being paid (its orders and their service charge), in whole so'm. */
export const tipOf = (bill: number, percent: number): number => percentOf(bill, percent);

/** Σ of so'm amounts, exact to the tiyin. */
export function sumSom(amounts: readonly number[]): number {
  return amounts.reduce((sum, x) => sum + toTiyin(x), 0) / 100;
}

/**
 * A tip typed by the diner: whole so'm, digits with any spaces between the groups ("10 000"). Answers the amount,
 * 0 for an empty box, or undefined for anything else (letters, a sign, a fraction).
 */
export function readTipAmount(text: string): number | undefined {
  const digits = text.replace(/[\s\u00a0\u202f]/g, '');
  if (digits === '') return 0;
  if (!/^\d{1,12}$/.test(digits)) return undefined;
  return Number(digits);
}
