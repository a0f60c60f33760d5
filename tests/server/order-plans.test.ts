import { type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../server/db/client';
import { freshDatabase } from '../support/database';
import { planNodes } from './query-plan-fixtures';

/**
 * The per-table order limit is read by every new order's statement, with the table locked (order_table_turns,
 * migration 0028: its count query, taken from the function's source as the database holds it), so it must not read
 * every order ever made, nor every order of the restaurant's window: a busy restaurant's tables are counted by many
 * statements at once. Asked of the database's own planner (EXPLAIN) at 20,000 orders of 50 restaurants over 30 days,
 * analyzed as the server's upkeep does: the table's (table_id, created_at) index on both its columns, never a
 * sequential scan of orders or a walk of a whole index.
 */
let database: Database;
const RESTAURANTS = 50;
const TABLES = 40;
const ORDERS_EACH = 400;
let restaurantId = '';
let tableId = '';

beforeAll(async () => {
  database = await freshDatabase();
  const db = database.db;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into restaurants (name, slug, address, phone_number, ordering_enabled)
      select 'Restoran ' || g, 'plan-' || g, 'Toshkent', '+998 71 000 00 00', true from generate_series(1, ${RESTAURANTS}::int) g`);
    await tx.execute(sql`insert into restaurant_tables (restaurant_id, name)
      select r.id, t::text from restaurants r, generate_series(1, ${TABLES}::int) t`);
    await tx.execute(sql`insert into orders (restaurant_id, table_id, table_name, number, business_date, items, total,
        idempotency_key, created_at, updated_at)
      select r.id,
             (select id from restaurant_tables where restaurant_id = r.id order by seq offset (g % ${TABLES}::int) limit 1),
             'x', g, current_date, '[]'::jsonb, 0, 'k' || g,
             now() - make_interval(mins => (g * 107) % (30 * 24 * 60)), now()
      from restaurants r, generate_series(1, ${ORDERS_EACH}::int) g`);
  });
  await db.execute(sql`analyze`);
  const [row] = rowsOf<{ restaurant_id: string; table_id: string }>(
    await db.execute(sql`select restaurant_id, table_id from orders where table_id is not null limit 1`),
  );
  restaurantId = row!.restaurant_id;
  tableId = row!.table_id;
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const planOf = (query: SQLWrapper) => planNodes(database.db, query);

/** order_table_turns' count of the table's orders of the window, as the database holds it, for these values. */
async function turnCountQuery(restaurant: string, table: string, seconds: number) {
  const [fn] = rowsOf<{ source: string }>(
    await database.db.execute(sql`select prosrc as source from pg_proc where proname = 'order_table_turns'`),
  );
  const query = /SELECT count\(\*\)::integer INTO recent (FROM orders[^;]+);/.exec(fn!.source)![1]!;
  const filled = query
    .replaceAll('r.restaurant_id', `'${restaurant}'::uuid`)
    .replaceAll('r.table_id', `'${table}'::uuid`)
    .replaceAll('r.window_seconds', `${seconds}::float8`);
  return sql.raw(`select count(*)::int as count ${filled}`);
}

describe(`the per-table order limit at ${RESTAURANTS * ORDERS_EACH} orders`, () => {
  it('reads only the table’s last hour: a range of orders_table_created_idx on both its columns', async () => {
    const nodes = await planOf(await turnCountQuery(restaurantId, tableId, 3600));
    const onOrders = nodes.filter((node) => node['Relation Name'] === 'orders');
    expect(onOrders.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(onOrders).toHaveLength(1);
    expect(onOrders[0]!['Index Name']).toBe('orders_table_created_idx');
    // Not the whole index with created_at checked on every entry, nor the restaurant's window filtered by table.
    expect(onOrders[0]!['Index Cond']).toMatch(/table_id = .* AND .*created_at > /);
  });

  it('still counts the right orders', async () => {
    const [row] = rowsOf<{ count: number }>(
      await database.db.execute(await turnCountQuery(restaurantId, tableId, 30 * 24 * 3600 + 60)),
    );
    const [expected] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int n from orders where table_id = ${tableId}`),
    );
    expect(row!.count).toBe(expected!.n);
    expect(row!.count).toBeGreaterThan(0);
  });
});
