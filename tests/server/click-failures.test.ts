import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentCalls } from '../../server/db/schema';
import { answerClickCall, type ClickDeps } from '../../server/domain/payments/click-call';
import { ClickRefusal } from '../../server/domain/payments/click-checks';
import { PaymentSettingsCache } from '../../server/domain/payments/settings-cache';
import { setupTenants } from '../support/tenants';
import { prepareFields, signed } from './click-fixtures';
import { databaseAway, order, payingRestaurant, pendingPayment } from './payments-fixtures';

/**
 * When our side fails under one of Click's calls: Click still gets its own format (-7 "Failed to update user", never an
 * HTTP error), the failure goes to the request's log, and the call is recorded; a call whose recording fails is answered
 * all the same.
 */

const t = setupTenants();

function collect() {
  const failures: unknown[] = [];
  return { failures, failed: (error: unknown) => failures.push(error) };
}

describe('a Click call our side fails under', () => {
  it('is answered -7, logged, and recorded with that answer, the payment left as it was', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    const payment = await pendingPayment(t, s, 'click');
    const fields = prepareFields(payment._id, '25000.00');
    const deps: ClickDeps = {
      db: t.db,
      work: async () => {
        throw new Error('the transaction could not start');
      },
      settingsOf: (id) => new PaymentSettingsCache(t.db).get(id),
    };
    const { failures, failed } = collect();
    const answer = await answerClickCall(
      deps,
      { action: 'prepare', restaurantId: s.restaurant._id, form: signed(fields) },
      failed,
    );
    expect(answer).toMatchObject({ error: -7, error_note: 'Failed to update user', merchant_prepare_id: null });
    expect(answer.click_trans_id).toBe(fields.click_trans_id);
    expect(failures.map((error) => (error as Error).message)).toEqual(['the transaction could not start']);
    const [recorded] = await t.db
      .select()
      .from(paymentCalls)
      .where(eq(paymentCalls.restaurant_id, s.restaurant._id))
      .orderBy(desc(paymentCalls.id))
      .limit(1);
    expect([recorded!.method, (recorded!.answer as { error: number }).error]).toEqual(['prepare', -7]);
    const read = await t.app.inject({ method: 'GET', url: `/menu/${s.restaurant.slug}/payments/${payment._id}` });
    expect(read.json().data.status).toBe('pending');
  });

  it('is answered even when it cannot be recorded, and the recording’s failure is logged', async () => {
    const s = await payingRestaurant(t);
    const { failures, failed } = collect();
    // A form missing its fields is refused (-8) before the database is asked anything.
    const form = { click_trans_id: '1' };
    const answer = await answerClickCall(
      { db: databaseAway, work: t.app.work, settingsOf: async () => undefined },
      { action: 'prepare', restaurantId: s.restaurant._id, form },
      failed,
    );
    expect(answer.error).toBe(-8);
    expect(failures.map((error) => (error as Error).message)).toEqual(['the database is away']);
  });

  it('names its refusal in the log as a refusal', () => {
    const refusal = new ClickRefusal({ error: -5, error_note: 'User does not exist' } as never);
    expect([refusal.name, refusal.message]).toEqual(['ClickRefusal', 'User does not exist']);
  });
});
