import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../server/db/client';
import { createOrders, type PlacingOutcome } from '../../server/repositories/order-placing';
import { setupTenants } from '../support/tenants';
import { heard, orderingRestaurant, placingOrder, untilLockWaited } from './orders-fixtures';

// PostgreSQL only (see vitest.config.ts): two order statements of one table on two connections at once. The second
// waits for the first's lock on the table, then decides its turns on what the first committed: its key taken, its
// table's window counted (a threshold of one order: the table's second waits for the staff).
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

describe('two order statements of one table at once on PostgreSQL', () => {
  it('the second waits for the first, then counts its order and refuses its key', async () => {
    const s = await orderingRestaurant(t);
    const key = randomUUID();
    let second: Promise<PlacingOutcome[]> | undefined;
    const first = await t.db.transaction(async (tx) => {
      const outcomes = await createOrders(tx, [placingOrder(s, { key, perTable: 1 })]);
      // The table is locked by this transaction until it commits: the other connection's batch waits for it.
      second = createOrders(other.db, [placingOrder(s, { perTable: 1 }), placingOrder(s, { key, perTable: 1 })]);
      await untilLockWaited(t.db);
      return outcomes;
    });
    expect(heard(first)).toEqual(['№1']);
    expect(heard(await second!)).toEqual(['№2?', 'key taken']);
  });
});
