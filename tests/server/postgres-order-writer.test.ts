import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { orderCounters, orders } from '../../server/db/schema';
import { setupTenants } from '../support/tenants';
import { manyTables, postOrder, untilLockWaited } from './orders-fixtures';

// PostgreSQL only (see vitest.config.ts): the diners' order writes go on a connection of their own whose statements
// queue on the wire (server/db/pipelined-client.ts). Cut with orders on it, it is opened again and no order is lost
// or made twice.
const t = setupTenants();
const WRITER = 'menyu order writes';

/** The writer connection's backends on this test's database. */
async function writerBackends(): Promise<number[]> {
  const rows = rowsOf<{ pid: number }>(
    await t.db.execute(sql`select pid from pg_stat_activity
      where application_name = ${WRITER} and datname = current_database()`),
  );
  return rows.map((row) => row.pid);
}

describe('the order writes’ own connection on PostgreSQL', () => {
  it('carries the diners’ orders, named in pg_stat_activity', async () => {
    const s = await manyTables(t, 1);
    expect((await postOrder(t, s.restaurant.slug, s.body())).statusCode).toBe(201);
    expect(await writerBackends()).toHaveLength(1);
  });

  it('cut with orders waiting on it: opened again, every order made once, numbered without a gap', async () => {
    const s = await manyTables(t, 30);
    // The first order numbers the day and opens the connection.
    expect((await postOrder(t, s.restaurant.slug, s.body())).statusCode).toBe(201);
    const [writer] = await writerBackends();
    // The cut connection is reported on the console.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const keys: string[] = Array.from({ length: 20 }, () => randomUUID());
      let placing: Promise<Awaited<ReturnType<typeof postOrder>>[]> | undefined;
      await t.db.transaction(async (tx) => {
        // The day's counter held by another transaction: the orders' statements wait on the wire and in PostgreSQL.
        await tx.execute(sql`select 1 from ${orderCounters} where ${orderCounters.restaurant_id} = ${s.restaurant._id}
          for update`);
        placing = Promise.all(keys.map((key) => postOrder(t, s.restaurant.slug, s.body(), { key })));
        await untilLockWaited(t.db);
        await t.db.execute(sql`select pg_terminate_backend(${writer}::int)`);
      });
      // The transaction above ended: the writes waiting on its lock go on.
      const answers = await placing!;
      expect(answers.map((answer) => answer.statusCode)).toEqual(keys.map(() => 201));
      const made = await t.db
        .select({ key: orders.idempotency_key, number: orders.number })
        .from(orders)
        .where(eq(orders.restaurant_id, s.restaurant._id));
      expect(
        made
          .map((order) => order.key)
          .filter((key) => keys.includes(key))
          .sort(),
      ).toEqual([...keys].sort());
      expect(made.map((order) => order.number).sort((a, b) => a - b)).toEqual(
        Array.from({ length: keys.length + 1 }, (_, i) => i + 1),
      );
      const now = await writerBackends();
      expect(now).toHaveLength(1);
      expect(now[0]).not.toBe(writer);
    } finally {
      reported.mockRestore();
    }
  });
});
