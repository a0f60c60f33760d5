import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../server/db/client';
import { createOrders, type NewOrder, type PlacingOutcome } from '../../server/repositories/order-placing';
import { setupTenants } from '../support/tenants';
import { orderingRestaurant, pricedLine } from './orders-fixtures';

// PostgreSQL only (see vitest.config.ts): two order statements of one table on two connections at once. The second
// waits for the first's lock on the table, then decides its turns on what the first committed: its key taken, its
// table's window counted.
const t = setupTenants();
let other: Database;

beforeAll(async () => {
  const name = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`))[0]!.name;
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  other = await openDatabase({ databaseUrl: url.toString(), migrate: false });
});
afterAll(async () => {
  await other?.close();
});

type Setup = Awaited<ReturnType<typeof orderingRestaurant>>;

const newOrder = (s: Setup, key: string): NewOrder => ({
  restaurant_id: s.restaurant._id,
  table: s.table,
  items: [pricedLine(s.product._id)],
  total: 25000,
  comment: '',
  idempotency_key: key,
  device_id: 'phone',
  request_hash: 'hash',
  // The table's second order of the hour waits for the staff.
  threshold: { perTable: 1, windowSeconds: 3600 },
  request_id: null,
});

const heard = (outcomes: PlacingOutcome[]) =>
  outcomes.map((outcome) =>
    outcome.kind === 'created'
      ? `№${outcome.order.number}${outcome.order.needs_confirmation ? '?' : ''}`
      : outcome.reason,
  );

/** Until a statement of another connection waits for a lock (a row's is waited for as its holder's transaction). */
async function untilWaitingForTable() {
  for (;;) {
    const [row] = rowsOf<{ waiting: number }>(
      await t.db.execute(sql`select count(*)::int as waiting from pg_locks where not granted`),
    );
    if (row!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('two order statements of one table at once on PostgreSQL', () => {
  it('the second waits for the first, then counts its order and refuses its key', async () => {
    const s = await orderingRestaurant(t);
    const key = randomUUID();
    let second: Promise<PlacingOutcome[]> | undefined;
    const first = await t.db.transaction(async (tx) => {
      const outcomes = await createOrders(tx, [newOrder(s, key)]);
      // The table is locked by this transaction until it commits: the other connection's batch waits for it.
      second = createOrders(other.db, [newOrder(s, randomUUID()), newOrder(s, key)]);
      await untilWaitingForTable();
      return outcomes;
    });
    expect(heard(first)).toEqual(['№1']);
    expect(heard(await second!)).toEqual(['№2?', 'key taken']);
  });
});
