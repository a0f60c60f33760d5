import type { OptionRow, ProductOption } from '../../client/options';
import { statusOf } from '../shared/errors';

/** Spec 8: option and row failures are told only when the server answered HTTP 500; other statuses are silent. */
export const isServerError = (event: unknown) => statusOf((event as { error?: unknown }).error) === 500;

/** An option card's own fields (its rows are child actors). */
export type OptionSummary = Pick<ProductOption, '_id' | 'name' | 'product_id'>;

export const summaryOf = (option: ProductOption | OptionSummary): OptionSummary => ({
  _id: option._id,
  name: option.name,
  product_id: option.product_id,
});

export const rowActorId = (row: Pick<OptionRow, '_id'>) => `row-${row._id}`;
export const optionActorId = (option: Pick<ProductOption, '_id'>) => `option-${option._id}`;
