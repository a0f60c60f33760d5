import type { CartRow } from './cart';
import type { PageOption } from './product';

/**
 * What the option sheet offers and what it hands the cart, from one source so the two never differ: each option is
 * one choice (a portion, a sauce: at most one row, as the order API takes), held as a row index or NONE. A required
 * option starts on its first row (the diner sees it checked); an optional one starts on NONE, shown as its own
 * "none" choice, so nothing is added that the sheet does not show as chosen.
 */
export const NONE = -1;

export function initialChoices(options: readonly PageOption[]): number[] {
  return options.map((option) => (option.required ? 0 : NONE));
}

/** The rows of the choices, in the options' order; NONE (or an index the option lacks) adds nothing. */
export function chosenRows(options: readonly PageOption[], choices: readonly number[]): CartRow[] {
  return options.flatMap((option, i) => {
    const row = option.rows[choices[i] ?? NONE];
    return row ? [row] : [];
  });
}

/** The index of the first required option without a row chosen, or -1 when every one has its row. */
export function missingRequired(options: readonly PageOption[], choices: readonly number[]): number {
  return options.findIndex((option, i) => option.required && option.rows[choices[i] ?? NONE] === undefined);
}
