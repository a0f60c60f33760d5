import { fromPromise } from 'xstate';
import { deleteRow } from '../../client/options';

/** DELETE /manager/product-option-row/{id}: the call of the row's confirm-delete cycle. */
export const deleteRowActor = fromPromise<unknown, { id: string }>(({ input, signal }) =>
  deleteRow(input.id, { signal }),
);
