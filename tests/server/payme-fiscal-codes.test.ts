import { describe, expect, it } from 'vitest';
import { setupTenants } from '../support/tenants';
import { payme } from './payme-fixtures';
import { order, payingRestaurant, pendingPayment, putPaymentSettings } from './payments-fixtures';

/**
 * Payme's receipt codes for the service charge and the tip (`payme.service_ikpu`, … of the payment settings): stored
 * and answered by `/manager/restaurants/{id}/payments`, printed on the receipt CheckPerformTransaction answers.
 */

const t = setupTenants();

const SERVICE_IKPU = '10399002001000000';
const TIP_IKPU = '10399002002000000';

const getSettings = (restaurantId: string) =>
  t.call('owner', { method: 'GET', url: `/manager/restaurants/${restaurantId}/payments` });

const checkPerform = (restaurantId: string, payment: { _id: string; amount: number }) =>
  payme(t, restaurantId, 'CheckPerformTransaction', {
    amount: Math.round(payment.amount * 100),
    account: { order_id: payment._id },
  });

describe("/manager/restaurants/{id}/payments: Payme's receipt codes", () => {
  it('stores the codes, answers them, keeps those a change omits and removes those sent empty or null', async () => {
    const { restaurant } = await payingRestaurant(t);
    const saved = await putPaymentSettings(t, restaurant._id, {
      payme: {
        service_ikpu: SERVICE_IKPU,
        service_package_code: '1545646',
        tip_ikpu: TIP_IKPU,
        tip_package_code: '1',
      },
    });
    expect(saved.statusCode).toBe(200);
    const codes = {
      service_ikpu: SERVICE_IKPU,
      service_package_code: '1545646',
      tip_ikpu: TIP_IKPU,
      tip_package_code: '1',
    };
    expect(saved.json().data.payme).toMatchObject({ enabled: true, key_set: true, ...codes });
    expect((await getSettings(restaurant._id)).json().data.payme).toMatchObject(codes);

    // Another field changed alone leaves the codes as they are.
    await putPaymentSettings(t, restaurant._id, { payme: { test_mode: false }, vat_percent: 15 });
    expect((await getSettings(restaurant._id)).json().data.payme).toMatchObject(codes);

    const removed = await putPaymentSettings(t, restaurant._id, {
      payme: { service_package_code: '', tip_ikpu: null },
    });
    expect(removed.statusCode).toBe(200);
    expect((await getSettings(restaurant._id)).json().data.payme).toMatchObject({
      service_ikpu: SERVICE_IKPU,
      service_package_code: null,
      tip_ikpu: null,
      tip_package_code: '1',
    });
  });

  it('refuses codes not in the products’ formats (IKPU 17 digits, package code 1-20 digits), changing nothing', async () => {
    const { restaurant } = await payingRestaurant(t);
    await putPaymentSettings(t, restaurant._id, { payme: { service_ikpu: SERVICE_IKPU } });
    for (const payme of [
      { service_ikpu: '1039900200100000' },
      { service_ikpu: '103990020010000001' },
      { tip_ikpu: '1039900200200000a' },
      { tip_ikpu: ' 10399002002000000' },
      { service_package_code: '1'.repeat(21) },
      { tip_package_code: '15-45' },
      { tip_package_code: 1545646 },
    ]) {
      const res = await putPaymentSettings(t, restaurant._id, { payme: { tip_package_code: '7', ...payme } });
      expect(res.statusCode, JSON.stringify(payme)).toBe(400);
    }
    expect((await getSettings(restaurant._id)).json().data.payme).toMatchObject({
      service_ikpu: SERVICE_IKPU,
      tip_ikpu: null,
      tip_package_code: null,
    });
  });
});

describe("CheckPerformTransaction: the service charge's and the tip's codes", () => {
  it('prints the codes set on the "Xizmat haqi" and "Choy puli" items', async () => {
    const s = await payingRestaurant(t, { servicePercent: 10 });
    await putPaymentSettings(t, s.restaurant._id, {
      payme: {
        service_ikpu: SERVICE_IKPU,
        service_package_code: '1545646',
        tip_ikpu: TIP_IKPU,
        tip_package_code: '1',
      },
    });
    await order(t, s);
    // 25 000 + 10 %: 2 500; tip 3 000.
    const payment = await pendingPayment(t, s, 'payme', 3000);
    expect(payment.amount).toBe(30_500);
    const answer = await checkPerform(s.restaurant._id, payment);
    expect(answer.result).toEqual({
      allow: true,
      detail: {
        receipt_type: 0,
        items: [
          { title: s.product.name, price: 2_500_000, count: 1, vat_percent: 12 },
          {
            title: 'Xizmat haqi',
            price: 250_000,
            count: 1,
            code: SERVICE_IKPU,
            package_code: '1545646',
            vat_percent: 12,
          },
          { title: 'Choy puli', price: 300_000, count: 1, code: TIP_IKPU, package_code: '1', vat_percent: 12 },
        ],
      },
    });
  });

  it('prints the tip without a code when none is set, so the receipt still adds up to the amount', async () => {
    const s = await payingRestaurant(t, { servicePercent: 10 });
    await putPaymentSettings(t, s.restaurant._id, { payme: { service_ikpu: SERVICE_IKPU } });
    await order(t, s);
    const payment = await pendingPayment(t, s, 'payme', 3000);
    const answer = await checkPerform(s.restaurant._id, payment);
    expect(answer.result).toEqual({
      allow: true,
      detail: {
        receipt_type: 0,
        items: [
          { title: s.product.name, price: 2_500_000, count: 1, vat_percent: 12 },
          { title: 'Xizmat haqi', price: 250_000, count: 1, code: SERVICE_IKPU, vat_percent: 12 },
          { title: 'Choy puli', price: 300_000, count: 1, vat_percent: 12 },
        ],
      },
    });
  });
});
