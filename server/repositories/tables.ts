import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { reusableSelect } from '../db/reusable-select';
import { restaurants, restaurantTables } from '../db/schema';
import type { TableView } from '../schemas/table-orders';
import { ownerColumns } from './categories';

/** SQL for a restaurant's tables. Every write bumps updatedAt of what it changes. */

export type TableRecord = typeof restaurantTables.$inferSelect;

/** The columns the API answers with (`Table` in schemas/table-orders.ts): seq and updatedAt stay inside. */
const tableColumns = {
  _id: restaurantTables._id,
  restaurant_id: restaurantTables.restaurant_id,
  name: restaurantTables.name,
  is_active: restaurantTables.is_active,
  token: restaurantTables.token,
  source: restaurantTables.source,
  pos_table_id: restaurantTables.pos_table_id,
  createdAt: restaurantTables.createdAt,
};

/** Ids reach us from query strings: anything not a UUID is no row, not a database error. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isTableId = (value: string): boolean => UUID.test(value);
/** A table token as the schema's default makes it: 32 lowercase hex digits (a UUID, with its dashes, is never one). */
const TOKEN = /^[0-9a-f]{32}$/;
export const isTableToken = (value: string): boolean => TOKEN.test(value);

/**
 * The table whose QR code carries `token`, of restaurant `restaurantId`, active or not (the caller decides what an
 * inactive table means), or undefined for an unknown token, a replaced one, a table's id, or another restaurant's
 * table. Orders, calls and the table's page find tables only through it: the token is what a diner holds.
 */
export async function findTableForOrder(
  db: Executor,
  restaurantId: string,
  token: string,
  options: { lock?: boolean } = {},
): Promise<TableView | undefined> {
  if (!isTableToken(token) || !isTableId(restaurantId)) return undefined;
  const [row] = await (options.lock ? lockedTableByToken : tableByToken)(db, { token, restaurantId });
  return row;
}

const tableByTokenQuery = (db: Executor) =>
  db
    .select(tableColumns)
    .from(restaurantTables)
    .where(
      and(
        eq(restaurantTables.token, sql.placeholder('token')),
        eq(restaurantTables.restaurant_id, sql.placeholder('restaurantId')),
      ),
    )
    .limit(1);
/** Read at every diner's order, call and table page: made once (db/reusable-select.ts). */
const tableByToken = reusableSelect<{ token: string; restaurantId: string }, TableView>('table_by_token', (db) =>
  tableByTokenQuery(db),
);
// The row stays locked until the transaction ends, so a table's orders and calls are decided one at a time (its limit
// and its Idempotency-Keys read what the previous one committed). NO KEY UPDATE does not block the foreign-key checks
// of other tables' orders, nor readers.
const lockedTableByToken = reusableSelect<{ token: string; restaurantId: string }, TableView>(
  'table_by_token_locked',
  (db) => tableByTokenQuery(db).for('no key update'),
);

/** A table of the restaurant by its id (the staff's QR code and card links name the table by id), or undefined. */
export async function findRestaurantTable(
  db: Executor,
  restaurantId: string,
  tableId: string,
): Promise<TableView | undefined> {
  if (!isTableId(tableId) || !isTableId(restaurantId)) return undefined;
  const [row] = await db
    .select(tableColumns)
    .from(restaurantTables)
    .where(and(eq(restaurantTables._id, tableId), eq(restaurantTables.restaurant_id, restaurantId)))
    .limit(1);
  return row;
}

/** Gives the table a new token: its old QR code stops working with this statement. Undefined when the table is gone. */
export async function renewTableToken(db: Executor, tableId: string): Promise<TableView | undefined> {
  const [row] = await db
    .update(restaurantTables)
    .set({ token: sql`replace(gen_random_uuid()::text, '-', '')`, updatedAt: sql`now()` })
    .where(eq(restaurantTables._id, tableId))
    .returning(tableColumns);
  return row;
}

/** A table with its restaurant's manager (ownership checks), or undefined when unknown. */
export async function findTableWithOwner(db: Executor, tableId: string) {
  const [row] = await db
    .select({ table: tableColumns, ...ownerColumns })
    .from(restaurantTables)
    .innerJoin(restaurants, eq(restaurants._id, restaurantTables.restaurant_id))
    .where(eq(restaurantTables._id, tableId))
    .limit(1);
  return row;
}

/** The restaurant's tables in creation order (a bulk "1".."20" lists as 1, 2, … 20). */
export async function listTables(
  db: Executor,
  restaurantId: string,
  options: { activeOnly?: boolean } = {},
): Promise<TableView[]> {
  return db
    .select(tableColumns)
    .from(restaurantTables)
    .where(
      and(
        eq(restaurantTables.restaurant_id, restaurantId),
        options.activeOnly ? eq(restaurantTables.is_active, true) : undefined,
      ),
    )
    .orderBy(asc(restaurantTables.seq));
}

/** Inserts one table; a name the restaurant already has (in any case) raises the unique violation for the caller. */
export async function createTable(db: Executor, values: { restaurant_id: string; name: string }): Promise<TableView> {
  const [row] = await db.insert(restaurantTables).values(values).returning(tableColumns);
  return row!;
}

/**
 * Inserts the tables named `names` in that order, skipping the names the restaurant already has (in any case); answers
 * the tables created. ON CONFLICT on the unique index makes a concurrent create of the same name a skip, not an error.
 */
export async function createTables(db: Executor, restaurantId: string, names: string[]): Promise<TableView[]> {
  if (names.length === 0) return [];
  const created = await db
    .insert(restaurantTables)
    .values(names.map((name) => ({ restaurant_id: restaurantId, name })))
    .onConflictDoNothing()
    .returning({ ...tableColumns, seq: restaurantTables.seq });
  // RETURNING gives no promise of order: the identity column does.
  return created.sort((a, b) => a.seq - b.seq).map(({ seq: _seq, ...table }) => table);
}

/** Only the given fields change; undefined when the table is gone. */
export async function updateTable(
  db: Executor,
  tableId: string,
  patch: { name?: string; is_active?: boolean },
): Promise<TableView | undefined> {
  const [row] = await db
    .update(restaurantTables)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(restaurantTables._id, tableId))
    .returning(tableColumns);
  return row;
}

/** Deletes a table; its orders and calls keep their copy of its name (table_id becomes null). */
export async function deleteTable(db: Executor, tableId: string): Promise<void> {
  await db.delete(restaurantTables).where(eq(restaurantTables._id, tableId));
}

/** What the POS-table sync reads of a restaurant's tables. */
export interface TableSyncRow {
  _id: string;
  name: string;
  is_active: boolean;
  source: 'manual' | 'pos';
  pos_table_id: string | null;
}

/** Every table of the restaurant, locked until the transaction ends (the sync decides names against all of them). */
export async function lockTablesOf(tx: Executor, restaurantId: string): Promise<TableSyncRow[]> {
  return tx
    .select({
      _id: restaurantTables._id,
      name: restaurantTables.name,
      is_active: restaurantTables.is_active,
      source: restaurantTables.source,
      pos_table_id: restaurantTables.pos_table_id,
    })
    .from(restaurantTables)
    .where(eq(restaurantTables.restaurant_id, restaurantId))
    .orderBy(asc(restaurantTables._id))
    .for('update');
}

/** A table mirrored from the POS, in the order given (the POS's numbers). */
export async function insertPosTables(
  tx: Executor,
  restaurantId: string,
  tables: { name: string; pos_table_id: string }[],
): Promise<void> {
  for (const table of tables) {
    await tx.insert(restaurantTables).values({ restaurant_id: restaurantId, source: 'pos', ...table });
  }
}
