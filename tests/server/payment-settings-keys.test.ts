import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentSettings } from '../../server/db/schema';
import { setupTenants } from '../support/tenants';
import { completeFields, postClick, prepareFields, signed } from './click-fixtures';
import { payme, paymeError } from './payme-fixtures';
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
 * The providers' calls are checked with the keys the restaurant has saved: a key changed in the settings is the
 * only one taken from the very next call on (the settings are kept in memory between calls, and a save drops them).
 */

const t = setupTenants();

async function ready(provider: 'payme' | 'click') {
  const s = await payingRestaurant(t);
  await order(t, s);
  const payment = await pendingPayment(t, s, provider);
  return { s, rid: s.restaurant._id, payment };
}

async function saved(restaurantId: string, body: object) {
  const res = await putPaymentSettings(t, restaurantId, body);
  expect(res.statusCode, res.body).toBe(200);
}

describe('a key changed in the settings', () => {
  it('Payme: the old cashbox key is refused and the new one taken on the next call, and so is test mode', async () => {
    const { rid, payment } = await ready('payme');
    const check = { amount: 2_500_000, account: { order_id: payment._id } };
    expect((await payme(t, rid, 'CheckPerformTransaction', check)).result).toMatchObject({ allow: true });

    const newKey = 'Yangi-kassa-kaliti_abcdefghijklmnopqrstuv';
    await saved(rid, { payme: { key: newKey } });
    expect((await payme(t, rid, 'CheckPerformTransaction', check)).error).toEqual(paymeError(-32504));
    expect((await payme(t, rid, 'CheckPerformTransaction', check, { key: newKey })).result).toMatchObject({
      allow: true,
    });

    await saved(rid, { payme: { test_mode: true } });
    expect((await payme(t, rid, 'CheckPerformTransaction', check, { key: newKey })).error).toEqual(paymeError(-32504));
    expect((await payme(t, rid, 'CheckPerformTransaction', check, { key: PAYME_TEST_KEY })).result).toMatchObject({
      allow: true,
    });
  });

  it('Payme: a restaurant that had no settings when Payme first called is served once it saves them', async () => {
    const { rid, payment } = await ready('payme');
    const check = { amount: 2_500_000, account: { order_id: payment._id } };
    await t.db.delete(paymentSettings).where(eq(paymentSettings.restaurant_id, rid));
    // Remembered as "no Payme here" by this call…
    expect((await payme(t, rid, 'CheckPerformTransaction', check)).error).toEqual(paymeError(-32504));
    await saved(rid, { payme: { enabled: true, merchant_id: '5e730e8e0b852a417aa49ceb', key: PAYME_KEY } });
    // …and forgotten when the settings are saved.
    expect((await payme(t, rid, 'CheckPerformTransaction', check)).result).toMatchObject({ allow: true });
  });

  it('Click: a call signed with the old secret key is refused once a new one is saved, and the new one is taken', async () => {
    const { rid, payment } = await ready('click');
    const first = prepareFields(payment._id, '25000.00');
    const prepared = (await postClick(t.app, rid, 'prepare', signed(first))).json();
    expect(prepared.error).toBe(0);

    const newSecret = 'click-yangi-kalit-88';
    await saved(rid, { click: { secret_key: newSecret } });
    const complete = completeFields(first, prepared.merchant_prepare_id);
    expect((await postClick(t.app, rid, 'complete', signed(complete, CLICK.secret_key))).json().error).toBe(-1);
    expect((await postClick(t.app, rid, 'complete', signed(complete, newSecret))).json().error).toBe(0);
  });
});
