import type { OptionRow, ProductOption } from '../../client/options';
import { statusOf } from '../shared/errors';

/** Spec 8: option and row failures are told only when the server answered HTTP 500; other statuses are silent. */
export const isServerError = (event: unknown) => statusOf((event as { error?: unknown }).error) === 500;

/** An option card's own fields (its rows are child actors), with its name's translations (issue 18). */
export type OptionSummary = Pick<ProductOption, '_id' | 'name' | 'product_id'> & {
  /** The diner must choose one of its rows (an option read without it counts as optional). */
  required?: boolean;
  translations?: unknown;
};

export const summaryOf = (option: ProductOption | OptionSummary): OptionSummary => ({
  _id: option._id,
  name: option.name,
  product_id: option.product_id,
  required: option.required === true,
  // The manager's reads and the option's save answer them; the edit form starts from them.
  ...('translations' in option && option.translations ? { translations: option.translations } : {}),
});

export const rowActorId = (row: Pick<OptionRow, '_id'>) => `row-${row._id}`;
export const optionActorId = (option: Pick<ProductOption, '_id'>) => `option-${option._id}`;
