import { fromPromise } from 'xstate';
import { myRestaurants } from '../../client/myRestaurants';
import { findRestaurant } from '../../client/restaurants';
import { deleteTable, listTables, renewTableToken, type Table, updateTable } from '../../client/tables';
import type { Restaurant, Role } from '../../client/types';

export interface LoadTablesInput {
  role: Role;
  /** The restaurant asked for: the admin's from the URL, a manager's working one (or none yet: their first). */
  restaurantId: string | null;
}

export interface LoadedTables {
  /** What the screen may choose from: a manager's restaurants, or the admin's one. */
  restaurants: Restaurant[];
  /** The restaurant shown (null: a manager without restaurants, or an admin's unknown id). */
  restaurantId: string | null;
  tables: Table[];
  /** Opens the tables' QR codes and cards (they show the tokens) for about an hour; '' without a restaurant. */
  printPass: string;
}

/**
 * The screen's restaurants and the chosen one's tables. A manager's come from GET /manager/restaurants/me (the asked
 * one when it is still theirs, otherwise the first), an admin's from GET /admin/restaurants?id=; the restaurant's
 * slug builds the QR and card URLs, its `ordering_enabled` says whether the codes take orders.
 */
export const loadTablesActor = fromPromise<LoadedTables, LoadTablesInput>(async ({ input, signal }) => {
  const restaurants =
    input.role === 'admin'
      ? [await findRestaurant(input.restaurantId ?? '', { signal })].filter((r): r is Restaurant => r !== null)
      : await myRestaurants({ signal });
  const restaurantId =
    restaurants.find((r) => r._id === input.restaurantId)?._id ??
    (input.role === 'manager' ? (restaurants[0]?._id ?? null) : null);
  const list = restaurantId ? await listTables(restaurantId, { signal }) : { tables: [], printPass: '' };
  return { restaurants, restaurantId, tables: list.tables, printPass: list.printPass };
});

/** PUT /manager/tables/{id} `{ is_active }`: the list's on/off switch. */
export const setTableActiveActor = fromPromise<Table, { id: string; is_active: boolean }>(({ input, signal }) =>
  updateTable(input.id, { is_active: input.is_active }, { signal }),
);

/** DELETE /manager/tables/{id}: the call of the list's confirm-delete cycle. */
export const deleteTableActor = fromPromise<unknown, { id: string }>(({ input, signal }) =>
  deleteTable(input.id, { signal }),
);

/** POST /manager/tables/{id}/token: a new token for the table; its old printed code stops working at once. */
export const renewTokenActor = fromPromise<Table, { id: string }>(({ input, signal }) =>
  renewTableToken(input.id, { signal }),
);
