/**
 * So'm as the database holds them (numeric(14,2), read as numbers) added without floating-point error: every sum is
 * made in whole tiyin (1 so'm = 100 tiyin), which is also what Payme counts in.
 */
export const toTiyin = (som: number): number => Math.round(som * 100);
export const toSom = (tiyin: number): number => tiyin / 100;

/** Σ of so'm amounts, exact to the tiyin. */
export const sumSom = (amounts: readonly number[]): number => toSom(amounts.reduce((sum, x) => sum + toTiyin(x), 0));

/** Click's SHOP API amount: so'm with two decimals (`50000.00`). */
export const clickAmount = (som: number): string => (toTiyin(som) / 100).toFixed(2);
