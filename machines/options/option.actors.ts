import { fromPromise } from 'xstate';
import { deleteOption, listRows, type OptionRow } from '../../client/options';

/** DELETE /manager/product-option/{id}: the call of the card's confirm-delete cycle. */
export const deleteOptionActor = fromPromise<unknown, { id: string }>(({ input, signal }) =>
  deleteOption(input.id, { signal }),
);

/** GET /manager/product-option-row/{optionId}: the rows of a card given none (the rows screen). */
export const loadRowsActor = fromPromise<OptionRow[], { optionId: string }>(({ input, signal }) =>
  listRows(input.optionId, { signal }),
);
