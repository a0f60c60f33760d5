import type { CartRow } from './cart';
import type { PageOption } from './product';

/**
 * What the option sheet offers and what it hands the cart, from one source so the two never differ. Each option's
 * choice is the list of its chosen row indices, in the option's order:
 * - max 1 (a portion, a sauce): its rows are alternatives, one radio group. A required option starts on its first row
 *   (the diner sees it checked); an optional one starts on none, shown as its own "none" choice (NONE).
 * - max > 1 (extras): checkboxes, each row at most once, none ticked to start with: ticking for the diner would add
 *   money they did not choose, so a minimum is the add button's to explain.
 * The order API refuses fewer rows than min(min, the option's row count) and more than max, as this file does.
 */
export const NONE = -1;

/** The fewest rows the option can be given: its minimum, or all its rows when it asks for more than it has. */
export const leastOf = (option: PageOption) => Math.min(option.min, option.rows.length);
/** The most rows the diner can actually choose: its maximum, or all its rows when it allows more than it has. */
export const mostOf = (option: PageOption) => Math.min(option.max, option.rows.length);

export function initialChoices(options: readonly PageOption[]): number[][] {
  return options.map((option) => (option.max === 1 && leastOf(option) > 0 ? [0] : []));
}

/**
 * The chosen rows in the options' order, each option's in its own order and each once (what the order API takes);
 * NONE or an index the option lacks adds nothing.
 */
export function chosenRows(options: readonly PageOption[], choices: readonly (readonly number[])[]): CartRow[] {
  return options.flatMap((option, i) => option.rows.filter((_, r) => choices[i]?.includes(r)));
}

/** The number of real rows chosen of one option (NONE, a repeat or an index it lacks counts nothing). */
const countOf = (option: PageOption, choice: readonly number[] = []) =>
  option.rows.filter((_, r) => choice.includes(r)).length;

/** The index of the first option with fewer rows chosen than it needs, or -1 when every one has enough. */
export function missingChoice(options: readonly PageOption[], choices: readonly (readonly number[])[]): number {
  return options.findIndex((option, i) => countOf(option, choices[i]) < leastOf(option));
}

/** Whether the option has all the rows it allows: the sheet disables its other boxes, so it never goes over. */
export function isFull(option: PageOption, choice: readonly number[]): boolean {
  return countOf(option, choice) >= option.max;
}
