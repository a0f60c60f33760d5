import type { Static } from 'typebox';
import { restaurantForWrite } from '../../access';
import type { Executor } from '../../db/client';
import { badRequest, conflict, notFound, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../errors';
import { messages } from '../../messages';
import {
  findTableWithOwner,
  createTable as insertTable,
  createTables as insertTables,
  updateTable as patchTable,
  deleteTable as removeTable,
  renewTableToken as renewToken,
} from '../../repositories/tables';
import { BULK_TABLES_MAX, type BulkTablesBody, type CreateTableBody, type UpdateTableBody } from '../../schemas/tables';
import { ownsRestaurant, type Viewer } from '../../viewer';
import type { DomainDeps } from '../deps';

/**
 * A restaurant's tables as its staff change them. Each use case checks ownership inside its transaction (a manager
 * reaches only their restaurants' tables, an admin every one; anything else is a 404) and marks the restaurant's menu
 * changed when its tables do, which the unit of work announces once the commit succeeded.
 */

/** The table when the viewer owns its restaurant; an unknown id and another tenant's alike are 404 (access.ts's rule). */
export async function tableForWrite(db: Executor, viewer: Viewer, tableId: string) {
  const found = await findTableWithOwner(db, tableId);
  if (!found || !ownsRestaurant(viewer, found)) throw notFound(messages.tableNotFound);
  return found;
}

/** A name lost to the unique index (a concurrent create, or a rename onto another table) is the same 409. */
function rethrowNameTaken(name: string) {
  return (error: unknown): never => {
    throw pgErrorCode(error) === PG_UNIQUE_VIOLATION ? conflict(messages.tableNameTaken(name)) : error;
  };
}

/** A new table is active; its name is trimmed and unique in the restaurant whatever the case (409 otherwise). */
export function createTable(deps: DomainDeps, viewer: Viewer, body: Static<typeof CreateTableBody>) {
  const { restaurant_id } = body;
  const name = body.name.trim();
  return deps.work(async (w) => {
    await restaurantForWrite(w.tx, viewer, restaurant_id);
    const table = await insertTable(w.tx, { restaurant_id, name }).catch(rethrowNameTaken(name));
    w.menuChanged(restaurant_id);
    return table;
  });
}

/** Tables named "from" to "to", in that order, skipping the names the restaurant has; answers those created. */
export function createNumberedTables(deps: DomainDeps, viewer: Viewer, body: Static<typeof BulkTablesBody>) {
  const { restaurant_id, from, to } = body;
  return deps.work(async (w) => {
    await restaurantForWrite(w.tx, viewer, restaurant_id);
    if (to < from) throw badRequest(messages.tableRangeReversed);
    if (to - from + 1 > BULK_TABLES_MAX) throw badRequest(messages.tooManyTables(BULK_TABLES_MAX));
    // A name the restaurant has is skipped by the insert itself (ON CONFLICT on the case-blind unique index).
    const wanted = Array.from({ length: to - from + 1 }, (_, index) => String(from + index));
    const created = await insertTables(w.tx, restaurant_id, wanted);
    if (created.length > 0) w.menuChanged(restaurant_id);
    return created;
  });
}

/**
 * Only the fields sent change; a name another table of the restaurant has (whatever the case) is a 409, and so is
 * renaming a POS table.
 */
export function updateTable(deps: DomainDeps, viewer: Viewer, tableId: string, body: Static<typeof UpdateTableBody>) {
  const name = body.name?.trim();
  const { is_active } = body;
  return deps.work(async (w) => {
    const { table, restaurant_id } = await tableForWrite(w.tx, viewer, tableId);
    // A POS table's name is the POS's (the next sync would put it back); its active switch stays the manager's.
    if (table.source === 'pos' && name !== undefined) throw conflict(messages.posTableRename);
    // A field not sent stays undefined, and the update leaves undefined columns as they are.
    const updated = await patchTable(w.tx, table._id, { name, is_active }).catch(rethrowNameTaken(name ?? table.name));
    if (!updated) throw notFound(messages.tableNotFound);
    w.menuChanged(restaurant_id);
    return updated;
  });
}

/**
 * The table gets a new token: its old QR code stops working at once. Orders remember tables by token
 * (domain/orders/ordering-reads.ts), so the change is announced: the old token is forgotten in every process.
 */
export function renewTableToken(deps: DomainDeps, viewer: Viewer, tableId: string) {
  return deps.work(async (w) => {
    const { table, restaurant_id } = await tableForWrite(w.tx, viewer, tableId);
    const renewed = await renewToken(w.tx, table._id);
    if (!renewed) throw notFound(messages.tableNotFound);
    w.menuChanged(restaurant_id);
    return renewed;
  });
}

/** Orders and calls made from the table keep its name; a table has no files to remove. A POS table is a 409. */
export function deleteTable(deps: DomainDeps, viewer: Viewer, tableId: string) {
  return deps.work(async (w) => {
    const { table, restaurant_id } = await tableForWrite(w.tx, viewer, tableId);
    // The POS lists it still: the next sync would bring it back, with a new QR code.
    if (table.source === 'pos') throw conflict(messages.posTableDelete);
    await removeTable(w.tx, table._id);
    w.menuChanged(restaurant_id);
  });
}
