import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { paymentCalls, paymentTransactions } from '../../server/db/schema';
import type { Tenants } from '../support/tenants';
import { PAYME_KEY } from './payments-fixtures';

/** What the payme-* tests share: Payme's calls exactly as Payme makes them, and what they leave behind. */

/** `Authorization` as Payme sends it: Basic, login `Paycom`, the cashbox key as password. */
export const paymeAuthorization = (key = PAYME_KEY, login = 'Paycom') =>
  `Basic ${Buffer.from(`${login}:${key}`).toString('base64')}`;

/** A new Payme transaction id: 24 hex digits. */
export const paymeId = () => randomBytes(12).toString('hex');

let rpcId = 1000;

export interface PaymeCallOptions {
  /** The key sent (PAYME_KEY unless given); null sends no Authorization header. */
  key?: string | null;
  /** The JSON-RPC id (a fresh number unless given). */
  id?: number | string;
}

/** One JSON-RPC call of Payme's to the restaurant's endpoint; answers the raw response and the id it sent. */
export async function paymeCall(
  t: Tenants,
  restaurantId: string,
  method: string,
  params: object,
  options: PaymeCallOptions = {},
): Promise<{ res: LightMyRequestResponse; id: number | string }> {
  const id = options.id ?? ++rpcId;
  const key = options.key === undefined ? PAYME_KEY : options.key;
  const res = await t.app.inject({
    method: 'POST',
    url: `/payments/payme/${restaurantId}`,
    headers: {
      'content-type': 'application/json; charset=UTF-8',
      ...(key === null ? {} : { authorization: paymeAuthorization(key) }),
    },
    payload: JSON.stringify({ method, params, id }),
  });
  return { res, id };
}

/** The call's JSON-RPC answer, having checked that it came as Payme needs it: HTTP 200, JSON, echoing the id. */
export async function payme(
  t: Tenants,
  restaurantId: string,
  method: string,
  params: object,
  options: PaymeCallOptions = {},
): Promise<{ result?: Record<string, unknown>; error?: { code: number; message: unknown; data?: unknown } }> {
  const { res, id } = await paymeCall(t, restaurantId, method, params, options);
  if (res.statusCode !== 200) throw new Error(`Payme got HTTP ${res.statusCode}: ${res.body}`);
  if (!String(res.headers['content-type']).startsWith('application/json')) throw new Error(`not JSON: ${res.body}`);
  const body = res.json();
  if (body.id !== id || body.jsonrpc !== '2.0') throw new Error(`id not echoed: ${res.body}`);
  return body;
}

/** The Payme error Payme would see: code, {ru, uz, en} message and data. */
export const paymeError = (code: number, data?: string) => ({
  code,
  message: { ru: expect.any(String), uz: expect.any(String), en: expect.any(String) },
  ...(data === undefined ? {} : { data }),
});

/** The transactions stored for a payment, in the order they were made. */
export function storedTransactions(t: Tenants, paymentId: string) {
  return t.db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.payment_id, paymentId), eq(paymentTransactions.provider, 'payme')))
    .orderBy(asc(paymentTransactions.id));
}

/** The restaurant's recorded Payme calls, oldest first. */
export function recordedCalls(t: Tenants, restaurantId: string) {
  return t.db
    .select()
    .from(paymentCalls)
    .where(eq(paymentCalls.restaurant_id, restaurantId))
    .orderBy(asc(paymentCalls.id));
}
