import { fromPromise } from 'xstate';
import { ApiError } from '../../client/client';
import { createTable, createTablesBulk, type Table, updateTable } from '../../client/tables';
import { uzCatalog } from '../../lib/uz-catalog';
import { uzOrdering } from '../../lib/uz-ordering';
import type { SaveInput } from '../dialog/dialog.actors';
import { toBulkRange } from './tableForm.rules';

/** The restaurant a new table belongs to: the dialog's scope, given by the list when it opens the dialog. */
function restaurantOf(input: SaveInput): string {
  const restaurantId = input.scope?.restaurantId;
  if (!restaurantId) throw new ApiError(404, uzCatalog.noRestaurantOfManager);
  return restaurantId;
}

/** The add / rename dialog: POST /manager/tables, PUT /manager/tables/{id} `{ name }`. */
export const tableDialogActors = {
  create: fromPromise<Table, SaveInput<Table>>(({ input, signal }) =>
    createTable(restaurantOf(input), String(input.values.name ?? ''), { signal }),
  ),
  update: fromPromise<Table, SaveInput<Table>>(({ input, signal }) =>
    updateTable(input.item?._id ?? '', { name: String(input.values.name ?? '') }, { signal }),
  ),
};

/**
 * The bulk dialog: POST /manager/tables/bulk. The server skips the names the restaurant has already; when it made
 * none, nothing the user asked for happened, so the dialog stays open and says why (a 409, shown in the form).
 */
export const tableBulkDialogActors = {
  create: fromPromise<Table[], SaveInput>(async ({ input, signal }) => {
    const made = await createTablesBulk(
      { restaurant_id: restaurantOf(input), ...toBulkRange(input.values) },
      { signal },
    );
    if (made.length === 0) throw new ApiError(409, uzOrdering.tablesBulkNothing);
    return made;
  }),
};
