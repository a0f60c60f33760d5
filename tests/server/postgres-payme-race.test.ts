import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema';
import { setupTenants } from '../support/tenants';
import { payme, paymeId, storedTransactions } from './payme-fixtures';
import { order, payingRestaurant, pendingPayment } from './payments-fixtures';

// PostgreSQL only (vitest.config.ts includes this file when DATABASE_URL is set): PGlite has one connection, so two
// calls never overlap there. Here Payme's calls arrive at once, each on its own connection.

const t = setupTenants();

const ROUNDS = 5;

describe('Payme calls at once on PostgreSQL', () => {
  it('two CreateTransactions for two payments over the same orders: exactly one holds them', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const s = await payingRestaurant(t);
      await order(t, s);
      await order(t, s, 2);
      const a = await pendingPayment(t, s, 'payme');
      const b = await pendingPayment(t, s, 'payme');
      const time = Date.now();
      const create = (paymentId: string) =>
        payme(t, s.restaurant._id, 'CreateTransaction', {
          id: paymeId(),
          time,
          amount: 7_500_000,
          account: { order_id: paymentId },
        });
      const answers = await Promise.all([create(a._id), create(b._id)]);
      const won = answers.filter((answer) => answer.result?.state === 1);
      const lost = answers.filter((answer) => answer.error?.code === -31008);
      expect(won, JSON.stringify(answers)).toHaveLength(1);
      expect(lost).toHaveLength(1);

      const winner = answers[0]!.result ? a._id : b._id;
      const loser = winner === a._id ? b._id : a._id;
      const held = await t.db.select().from(orders).where(eq(orders.restaurant_id, s.restaurant._id));
      expect(held.map((o) => [o.payment_status, o.payment_id])).toEqual([
        ['pending', winner],
        ['pending', winner],
      ]);
      expect(await storedTransactions(t, winner)).toHaveLength(1);
      expect(await storedTransactions(t, loser)).toEqual([]);
    }
  });

  it('two transactions for one payment: exactly one is created; the same id twice is one transaction', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const s = await payingRestaurant(t);
      await order(t, s);
      const payment = await pendingPayment(t, s, 'payme');
      const params = { time: Date.now(), amount: 2_500_000, account: { order_id: payment._id } };
      const create = (id: string) => payme(t, s.restaurant._id, 'CreateTransaction', { ...params, id });
      const two = await Promise.all([create(paymeId()), create(paymeId())]);
      expect(two.filter((answer) => answer.result?.state === 1)).toHaveLength(1);
      expect(two.filter((answer) => answer.error?.code === -31008)).toHaveLength(1);
      expect(await storedTransactions(t, payment._id)).toHaveLength(1);

      const other = await payingRestaurant(t);
      await order(t, other);
      const single = await pendingPayment(t, other, 'payme');
      const id = paymeId();
      const same = () =>
        payme(t, other.restaurant._id, 'CreateTransaction', { ...params, id, account: { order_id: single._id } });
      const repeated = await Promise.all([same(), same()]);
      expect(repeated[0]!.result).toMatchObject({ state: 1 });
      expect(repeated[1]!.result).toEqual(repeated[0]!.result);
      expect(await storedTransactions(t, single._id)).toHaveLength(1);
    }
  });

  it('Perform and Cancel of one transaction at once: one wins and the other answers what it left', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const s = await payingRestaurant(t);
      await order(t, s);
      const payment = await pendingPayment(t, s, 'payme');
      const id = paymeId();
      await payme(t, s.restaurant._id, 'CreateTransaction', {
        id,
        time: Date.now(),
        amount: 2_500_000,
        account: { order_id: payment._id },
      });
      const [performed, cancelled] = await Promise.all([
        payme(t, s.restaurant._id, 'PerformTransaction', { id }),
        payme(t, s.restaurant._id, 'CancelTransaction', { id, reason: 3 }),
      ]);
      const [stored] = await storedTransactions(t, payment._id);
      if (stored!.state === -2) {
        // Performed first, then refunded.
        expect(performed.result).toMatchObject({ state: 2 });
        expect(cancelled.result).toMatchObject({ state: -2 });
      } else {
        // Cancelled first: the perform found it cancelled.
        expect(stored!.state).toBe(-1);
        expect(cancelled.result).toMatchObject({ state: -1 });
        expect(performed.error?.code).toBe(-31008);
      }
    }
  });
});
