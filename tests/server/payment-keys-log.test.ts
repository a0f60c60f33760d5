import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTenants } from '../support/tenants';
import { freshClickTransId, postClick, prepareFields, signed } from './click-fixtures';
import { paymeAuthorization, paymeCall, paymeId } from './payme-fixtures';
import {
  CLICK,
  order,
  PAYME_KEY,
  PAYME_TEST_KEY,
  payingRestaurant,
  pendingPayment,
  putPaymentSettings,
} from './payments-fixtures';

/**
 * A restaurant's payment keys never reach the server's log: not when they are saved, not in a provider's calls (Payme
 * sends its key in every Authorization header), not when one of those fails inside the server. The log is read as
 * production writes it (pino's JSON lines), at its most talkative level.
 */
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const t = setupTenants({ logger: { level: 'trace', stream } as { level: string } });

const secrets = [PAYME_KEY, PAYME_TEST_KEY, CLICK.secret_key, paymeAuthorization(PAYME_KEY).replace(/^Basic /, '')];
const leaked = () => secrets.filter((secret) => lines.some((line) => line.includes(secret)));

describe('payment keys and the log', () => {
  let s: Awaited<ReturnType<typeof payingRestaurant>>;
  beforeAll(async () => {
    s = await payingRestaurant(t, { servicePercent: 10 });
  });

  it('are not written by a save, a refused save, or the providers’ calls', async () => {
    const refused = await putPaymentSettings(t, s.restaurant._id, {
      payme: { enabled: true, merchant_id: 'not-a-merchant', key: PAYME_KEY },
    });
    expect(refused.statusCode).toBe(400);
    await order(t, s);
    const payment = await pendingPayment(t, s, 'payme');
    const call = await paymeCall(t, s.restaurant._id, 'CheckPerformTransaction', {
      amount: payment.amount * 100,
      account: { order_id: payment._id },
    });
    expect(call.res.json().result).toMatchObject({ allow: true });
    const wrongKey = await paymeCall(t, s.restaurant._id, 'CheckTransaction', { id: paymeId() }, { key: 'x' });
    expect(wrongKey.res.json().error.code).toBe(-32504);
    const click = await postClick(
      t.app,
      s.restaurant._id,
      'prepare',
      signed(prepareFields(payment._id, '1.00', { click_trans_id: freshClickTransId() }), 'not-the-secret'),
    );
    expect(click.json().error).toBe(-1);
    expect(lines.length).toBeGreaterThan(0);
    expect(leaked()).toEqual([]);
  });

  it('are not written when the database fails under a save or a Payme call', async () => {
    // Every write of the settings and of Payme's transactions now fails inside PostgreSQL.
    for (const statement of [
      sql`create function refuse_write() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
      sql`create trigger refuse_settings before update on payment_settings for each row execute function refuse_write()`,
      sql`create trigger refuse_transactions before insert on payment_transactions for each row execute function refuse_write()`,
    ])
      await t.db.execute(statement);
    try {
      const before = lines.length;
      const save = await putPaymentSettings(t, s.restaurant._id, {
        payme: { key: PAYME_KEY, test_key: PAYME_TEST_KEY },
      });
      expect(save.statusCode).toBe(500);
      await order(t, s);
      const payment = await pendingPayment(t, s, 'payme');
      const created = await paymeCall(t, s.restaurant._id, 'CreateTransaction', {
        id: paymeId(),
        time: Date.now(),
        amount: payment.amount * 100,
        account: { order_id: payment._id },
      });
      expect(created.res.json().error.code).toBe(-32400);
      // Both failures were logged, for someone to look into: without the keys.
      const errors = lines
        .slice(before)
        .map((line) => JSON.parse(line) as { level: number })
        .filter((e) => e.level >= 50);
      expect(errors.length).toBeGreaterThanOrEqual(2);
      expect(leaked()).toEqual([]);
    } finally {
      await t.db.execute(sql`drop trigger refuse_settings on payment_settings`);
      await t.db.execute(sql`drop trigger refuse_transactions on payment_transactions`);
      await t.db.execute(sql`drop function refuse_write()`);
    }
  });
});
