import type { OptionRow, ProductOption } from '../../client/options';
import { uzCatalog } from '../../lib/uz-catalog';
import { statusOf } from '../shared/errors';

/** Spec 8: option and row failures are told only when the server answered HTTP 500; other statuses are silent. */
export const isServerError = (event: unknown) => statusOf((event as { error?: unknown }).error) === 500;

/** An option card's own fields (its rows are child actors), with its name's translations. */
export type OptionSummary = Pick<ProductOption, '_id' | 'name' | 'product_id'> & {
  /** The diner must choose at least one of its rows (min_choices > 0; an option read without it is optional). */
  required?: boolean;
  /** The fewest rows an order chooses (0: optional); read without it: 1 if required, else 0. */
  min_choices?: number;
  /** The most rows an order chooses, each once (1: one of its rows, as a portion); read without it: 1. */
  max_choices?: number;
  translations?: unknown;
};

/** An option's choice counts, from an answer or a summary that may predate them (then `required` says the minimum). */
export function choicesOf(option: { required?: unknown; min_choices?: unknown; max_choices?: unknown }) {
  const min = typeof option.min_choices === 'number' ? option.min_choices : option.required === true ? 1 : 0;
  const max = typeof option.max_choices === 'number' ? option.max_choices : 1;
  return { min_choices: min, max_choices: max };
}

/**
 * The card's short note of how many rows a diner chooses ('2–3 ta', '2 ta', '3 tagacha') with its sentence, or null
 * for the usual one row at most (a portion or a sauce: the 'majburiy' badge says the rest).
 */
export function choicesNote(option: OptionSummary): { text: string; title: string } | null {
  const { min_choices: min, max_choices: max } = choicesOf(option);
  if (max <= 1) return null;
  const text =
    min === 0
      ? uzCatalog.optionChoicesUpTo(max)
      : min === max
        ? uzCatalog.optionChoicesExactly(max)
        : uzCatalog.optionChoicesRange(min, max);
  return { text, title: uzCatalog.optionChoicesTitle(min, max) };
}

export const summaryOf = (option: ProductOption | OptionSummary): OptionSummary => ({
  _id: option._id,
  name: option.name,
  product_id: option.product_id,
  ...withRequired(choicesOf(option)),
  // The manager's reads and the option's save answer them; the edit form starts from them.
  ...('translations' in option && option.translations ? { translations: option.translations } : {}),
});

const withRequired = (counts: { min_choices: number; max_choices: number }) => ({
  required: counts.min_choices > 0,
  ...counts,
});

export const rowActorId = (row: Pick<OptionRow, '_id'>) => `row-${row._id}`;
export const optionActorId = (option: Pick<ProductOption, '_id'>) => `option-${option._id}`;
