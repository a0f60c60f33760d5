import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { orders, payments, paymentTransactions } from '../../server/db/schema';
import { setupTenants } from '../support/tenants';
import { postClick, prepareFields, signed } from './click-fixtures';
import { order, payingRestaurant, pendingPayment } from './payments-fixtures';

// PostgreSQL only (vitest.config.ts includes this file when DATABASE_URL is set): PGlite has one connection, so two
// of Click's calls never overlap there. Each test holds a lock in a transaction of its own until both calls are
// queued behind it, then lets them go at once.
const t = setupTenants();

/** Resolves once `count` other backends of this database wait for a lock. */
async function waitingForLocks(count: number): Promise<void> {
  for (;;) {
    const [row] = rowsOf<{ n: number }>(
      await t.db.execute(sql`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`),
    );
    if ((row?.n ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Holds `lock` (a statement taking row locks) in an open transaction until `release` is called. */
async function holding(lock: ReturnType<typeof sql>) {
  let locked!: () => void;
  const taken = new Promise<void>((resolve) => {
    locked = resolve;
  });
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const done = t.db.transaction(async (tx) => {
    await tx.execute(lock);
    locked();
    await gate;
  });
  await taken;
  return {
    release: async () => {
      release();
      await done;
    },
  };
}

const prepareAnswers = async (calls: Promise<{ json(): { error: number; merchant_prepare_id: number | null } }>[]) =>
  (await Promise.all(calls)).map((res) => res.json());

describe('Click on PostgreSQL: Prepares at the same moment', () => {
  it('of two payments over the same orders, exactly one holds them; the other is refused whole (-9)', async () => {
    const s = await payingRestaurant(t);
    const rid = s.restaurant._id;
    await order(t, s);
    await order(t, s, 2);
    // Two phones paid the whole bill: both payments exist, neither holds anything until Click's Prepare.
    const a = await pendingPayment(t, s, 'click');
    const b = await pendingPayment(t, s, 'click');
    expect(a.amount).toBe(75000);

    const blocker = await holding(sql`select 1 from ${orders} where ${orders.restaurant_id} = ${rid} for update`);
    const calls = [a, b].map((p) => postClick(t.app, rid, 'prepare', signed(prepareFields(p._id, '75000.00'))));
    await waitingForLocks(2);
    await blocker.release();
    const answers = await prepareAnswers(calls);

    expect(answers.map((answer) => answer.error).sort()).toEqual([-9, 0]);
    const winner = answers[0]!.error === 0 ? a : b;
    const loser = winner === a ? b : a;
    const held = await t.db.select().from(orders).where(eq(orders.restaurant_id, rid)).orderBy(asc(orders.number));
    expect(held.map((o) => [o.payment_status, o.payment_id])).toEqual([
      ['pending', winner._id],
      ['pending', winner._id],
    ]);
    expect(await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.payment_id, loser._id))).toEqual(
      [],
    );
    const [stored] = await t.db.select().from(payments).where(eq(payments._id, loser._id));
    expect(stored!.status).toBe('pending');
  });

  it('on one payment, take turns on its row: a second click_trans_id is refused, the same one answered the same', async () => {
    const s = await payingRestaurant(t);
    const rid = s.restaurant._id;
    await order(t, s);
    const p = await pendingPayment(t, s, 'click');

    const blocker = await holding(sql`select 1 from ${payments} where ${payments._id} = ${p._id} for update`);
    const twin = prepareFields(p._id, '25000.00');
    const calls = [
      postClick(t.app, rid, 'prepare', signed(twin)),
      postClick(t.app, rid, 'prepare', signed(twin)),
      postClick(t.app, rid, 'prepare', signed(prepareFields(p._id, '25000.00'))),
    ];
    await waitingForLocks(3);
    await blocker.release();
    const [first, second, other] = await prepareAnswers(calls);

    const rows = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.payment_id, p._id));
    if (other!.error === 0) {
      // The other click_trans_id came first: the twins are refused.
      expect([first!.error, second!.error]).toEqual([-9, -9]);
      expect(rows.map((row) => row.id)).toEqual([other!.merchant_prepare_id]);
    } else {
      expect(other!.error).toBe(-9);
      expect(first).toEqual(second);
      expect(first!.error).toBe(0);
      expect(rows.map((row) => [row.id, row.provider_id])).toEqual([[first!.merchant_prepare_id, twin.click_trans_id]]);
    }
  });
});
