import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../server/db/client';
import type { Tenants } from '../support/tenants';
import { freshAddress, line, orderingRestaurant, postOrder } from './orders-fixtures';

/** What the payments-*, payme-*, click-* tests share: a restaurant taking payments, a table with orders, a payment. */

export const PAYME_MERCHANT = '5e730e8e0b852a417aa49ceb';
export const PAYME_KEY = 'Kassa-kaliti_1234567890abcdefghijklmn';
export const PAYME_TEST_KEY = 'Test-kalit_0987654321zyxwvutsrqponmlk';
export const CLICK = {
  service_id: '12345',
  merchant_id: '67890',
  merchant_user_id: '24680',
  secret_key: 'click-sir-77',
};

/** PUT /manager/restaurants/{id}/payments as the owner. */
export function putPaymentSettings(
  t: Tenants,
  restaurantId: string,
  body: object,
  as: 'owner' | 'admin' | 'other' = 'owner',
) {
  return t.call(as, { method: 'PUT', url: `/manager/restaurants/${restaurantId}/payments`, payload: body });
}

/**
 * The owner's restaurant taking orders and both methods (Payme in test mode when `paymeTestMode`), a service charge
 * of `servicePercent`, its table "5" and a product of 25 000 so'm.
 */
export async function payingRestaurant(t: Tenants, options: { servicePercent?: number; paymeTestMode?: boolean } = {}) {
  const s = await orderingRestaurant(t);
  const saved = await putPaymentSettings(t, s.restaurant._id, {
    payme: {
      enabled: true,
      merchant_id: PAYME_MERCHANT,
      key: PAYME_KEY,
      test_key: PAYME_TEST_KEY,
      test_mode: options.paymeTestMode ?? false,
    },
    click: { enabled: true, ...CLICK },
    vat_percent: 12,
    service_percent: options.servicePercent ?? 0,
  });
  if (saved.statusCode !== 200) throw new Error(`payment settings: ${saved.statusCode} ${saved.body}`);
  return s;
}

/** An order of `quantity` of the product from the table; answers the order as the diner got it. */
export async function order(t: Tenants, s: Awaited<ReturnType<typeof payingRestaurant>>, quantity = 1) {
  const res = await postOrder(t, s.restaurant.slug, {
    table_id: s.table.token,
    items: [{ ...line(s.product._id), quantity }],
  });
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json().data as { _id: string; total: number; service: number };
}

/** POST /menu/{slug}/payments as the diner, with a fresh Idempotency-Key unless given. */
export function postPayment(
  t: Tenants,
  slug: string,
  body: object,
  { key = randomUUID(), device }: { key?: string; device?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/menu/${slug}/payments`,
    headers: { 'idempotency-key': key, ...(device === undefined ? {} : { 'x-device-id': device }) },
    payload: body,
    remoteAddress: freshAddress(),
  });
}

/** A pending payment of the table's whole bill through `provider`; answers the payment as the diner got it. */
export async function pendingPayment(
  t: Tenants,
  s: Awaited<ReturnType<typeof payingRestaurant>>,
  provider: 'payme' | 'click',
  tip = 0,
) {
  const res = await postPayment(t, s.restaurant.slug, { table_id: s.table.token, provider, tip });
  if (res.statusCode !== 201) throw new Error(`payment: ${res.statusCode} ${res.body}`);
  return res.json().data as { _id: string; amount: number; tip: number; status: string; redirect_url: string };
}

/** GET /menu/{slug}/bill for the table. */
export function getBill(t: Tenants, slug: string, tableToken: string) {
  return t.app.inject({ method: 'GET', url: `/menu/${slug}/bill?table_id=${tableToken}` });
}

/** A database that is away, for a provider's call our side fails under: every statement throws. */
export const databaseAway = new Proxy({} as Db, {
  get: () => () => {
    throw new Error('the database is away');
  },
});
