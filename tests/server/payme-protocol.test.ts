import { randomUUID } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentCalls } from '../../server/db/schema';
import { handlePaymeCall } from '../../server/domain/payments/payme-endpoint';
import { PaymentSettingsCache } from '../../server/domain/payments/settings-cache';
import { setupTenants } from '../support/tenants';
import { orderingRestaurant } from './orders-fixtures';
import { payme, paymeAuthorization, paymeCall, paymeError, recordedCalls } from './payme-fixtures';
import {
  databaseAway,
  order,
  PAYME_KEY,
  PAYME_MERCHANT,
  PAYME_TEST_KEY,
  payingRestaurant,
  pendingPayment,
  putPaymentSettings,
} from './payments-fixtures';

/**
 * Payme's Merchant API envelope: JSON-RPC 2.0, always HTTP 200 in Payme's own error format, and who may call it.
 * Every request is made exactly as Payme makes it (POST, JSON, Basic authorization).
 */

const t = setupTenants();

const post = (restaurantId: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/payments/payme/${restaurantId}`,
    headers: { authorization: paymeAuthorization(), 'content-type': 'application/json', ...headers },
    payload,
  });

/** A restaurant whose Payme is set up, and a payment's CheckPerformTransaction params. */
async function ready(options: Parameters<typeof payingRestaurant>[1] = {}) {
  const s = await payingRestaurant(t, options);
  await order(t, s);
  const payment = await pendingPayment(t, s, 'payme');
  return { ...s, payment, check: { amount: 2_500_000, account: { order_id: payment._id } } };
}

describe('who may call: Basic "Paycom:<key>"', () => {
  it('takes the cashbox KEY, and refuses a wrong or missing key, another login, or the TEST_KEY outside test mode', async () => {
    const s = await ready();
    expect(await payme(t, s.restaurant._id, 'CheckPerformTransaction', s.check)).toMatchObject({
      result: { allow: true },
    });
    for (const key of ['wrong-key', PAYME_TEST_KEY, `${PAYME_KEY}x`, '', null]) {
      const answer = await payme(t, s.restaurant._id, 'CheckPerformTransaction', s.check, { key });
      expect(answer, String(key)).toEqual({ jsonrpc: '2.0', id: expect.any(Number), error: paymeError(-32504) });
    }
    const login = await post(s.restaurant._id, JSON.stringify({ method: 'CheckTransaction', params: {}, id: 1 }), {
      authorization: paymeAuthorization(PAYME_KEY, 'Payme'),
    });
    expect(login.json().error.code).toBe(-32504);
    const bearer = await post(s.restaurant._id, JSON.stringify({ method: 'CheckTransaction', params: {}, id: 1 }), {
      authorization: `Bearer ${PAYME_KEY}`,
    });
    expect(bearer.json().error.code).toBe(-32504);
  });

  it('in test mode takes only the TEST_KEY', async () => {
    const s = await ready({ paymeTestMode: true });
    expect(
      (await payme(t, s.restaurant._id, 'CheckPerformTransaction', s.check, { key: PAYME_TEST_KEY })).result,
    ).toMatchObject({
      allow: true,
    });
    const withKey = await payme(t, s.restaurant._id, 'CheckPerformTransaction', s.check, { key: PAYME_KEY });
    expect(withKey.error).toEqual(paymeError(-32504));
  });

  it('answers an unknown restaurant, a malformed id, and one whose Payme is not set up exactly like a wrong key', async () => {
    const s = await ready();
    const bare = await orderingRestaurant(t);
    const unconfigured = await orderingRestaurant(t);
    await putPaymentSettings(t, unconfigured.restaurant._id, { payme: { merchant_id: PAYME_MERCHANT } });
    const answers = [];
    for (const restaurantId of [randomUUID(), 'not-a-uuid', bare.restaurant._id, unconfigured.restaurant._id]) {
      const { res } = await paymeCall(t, restaurantId, 'CheckPerformTransaction', s.check, { id: 7 });
      expect(res.statusCode).toBe(200);
      answers.push(res.body);
    }
    const { res: wrongKey } = await paymeCall(t, s.restaurant._id, 'CheckPerformTransaction', s.check, {
      id: 7,
      key: 'wrong',
    });
    expect(new Set([...answers, wrongKey.body])).toEqual(new Set([wrongKey.body]));
    expect(wrongKey.json()).toEqual({ jsonrpc: '2.0', id: 7, error: paymeError(-32504) });
  });

  it('still serves a restaurant that turned Payme off: its open transactions must be finished', async () => {
    const s = await ready();
    await putPaymentSettings(t, s.restaurant._id, { payme: { enabled: false } });
    expect((await payme(t, s.restaurant._id, 'CheckPerformTransaction', s.check)).result).toMatchObject({
      allow: true,
    });
  });
});

describe('the JSON-RPC envelope, always HTTP 200', () => {
  it('answers any method but POST with -32300, in JSON', async () => {
    const s = await ready();
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const) {
      const res = await t.app.inject({ method, url: `/payments/payme/${s.restaurant._id}` });
      expect(res.statusCode, method).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json(), method).toEqual({ jsonrpc: '2.0', id: null, error: paymeError(-32300) });
    }
    // A browser's GET (Accept: text/html) is the API's too, never the panel's page.
    const browser = await t.app.inject({
      url: `/payments/payme/${s.restaurant._id}`,
      headers: { accept: 'text/html' },
    });
    expect(browser.json()).toEqual({ jsonrpc: '2.0', id: null, error: paymeError(-32300) });
    const head = await t.app.inject({ method: 'HEAD', url: `/payments/payme/${s.restaurant._id}` });
    expect(head.statusCode).toBe(200);
  });

  it('answers a body that is not JSON with -32700, whatever its Content-Type', async () => {
    const s = await ready();
    for (const [payload, type] of [
      ['{"method": "CheckPerformTransaction", "params": {', 'application/json'],
      ['', 'application/json'],
      ['method=CheckTransaction', 'application/x-www-form-urlencoded'],
      ['<xml/>', 'text/xml'],
    ]) {
      const res = await post(s.restaurant._id, payload!, { 'content-type': type! });
      expect(res.statusCode).toBe(200);
      expect(res.json(), payload).toEqual({ jsonrpc: '2.0', id: null, error: paymeError(-32700) });
    }
    const none = await t.app.inject({ method: 'POST', url: `/payments/payme/${s.restaurant._id}` });
    expect(none.statusCode).toBe(200);
    expect(none.json().error.code).toBe(-32700);
  });

  it('reads JSON sent as text/plain or without a Content-Type as well', async () => {
    const s = await ready();
    const body = JSON.stringify({ method: 'CheckPerformTransaction', params: s.check, id: 3 });
    for (const headers of [{ 'content-type': 'text/plain' }, { 'content-type': 'application/json;charset=utf-8' }]) {
      expect((await post(s.restaurant._id, body, headers)).json()).toMatchObject({ id: 3, result: { allow: true } });
    }
    const bare = await t.app.inject({
      method: 'POST',
      url: `/payments/payme/${s.restaurant._id}`,
      headers: { authorization: paymeAuthorization() },
      payload: body,
    });
    expect(bare.json()).toMatchObject({ id: 3, result: { allow: true } });
  });

  it('answers missing or wrong-typed fields with -32600, echoing an id of the right type', async () => {
    const s = await ready();
    const cases: [unknown, number | string | null][] = [
      [[], null],
      ['CheckPerformTransaction', null],
      [{ params: s.check, id: 4 }, 4],
      [{ method: 5, params: s.check, id: 'x-5' }, 'x-5'],
      [{ method: 'CheckPerformTransaction', id: 6 }, 6],
      [{ method: 'CheckPerformTransaction', params: [], id: 7 }, 7],
      [{ method: 'CheckPerformTransaction', params: s.check }, null],
      [{ method: 'CheckPerformTransaction', params: s.check, id: { n: 1 } }, null],
    ];
    for (const [body, id] of cases) {
      const res = await post(s.restaurant._id, JSON.stringify(body));
      expect(res.statusCode).toBe(200);
      expect(res.json(), JSON.stringify(body)).toEqual({ jsonrpc: '2.0', id, error: paymeError(-32600) });
    }
  });

  it('answers params of the wrong type with -32600', async () => {
    const s = await ready();
    const id = 'abcdefabcdefabcdefabcdef';
    const cases: [string, object][] = [
      ['CheckPerformTransaction', { amount: '2500000', account: s.check.account }],
      ['CheckPerformTransaction', { amount: 2_500_000 }],
      ['CheckPerformTransaction', { amount: 2_500_000, account: 'x' }],
      ['CreateTransaction', { ...s.check, id, time: '1700000000000' }],
      ['CreateTransaction', { ...s.check, time: Date.now() }],
      ['PerformTransaction', { id: 42 }],
      ['CancelTransaction', { id }],
      ['CancelTransaction', { id, reason: 'refund' }],
      ['CheckTransaction', {}],
      ['GetStatement', { from: 0 }],
      ['SetFiscalData', { id, type: 'SALE', fiscal_data: {} }],
    ];
    for (const [method, params] of cases) {
      const answer = await payme(t, s.restaurant._id, method, params);
      expect(answer.error, `${method} ${JSON.stringify(params)}`).toEqual(paymeError(-32600));
    }
  });

  it('answers an unknown method with -32601 and its name', async () => {
    const s = await ready();
    for (const method of ['ChangePassword', 'toString', '__proto__', '']) {
      expect((await payme(t, s.restaurant._id, method, {})).error).toEqual({
        code: -32601,
        message: expect.any(Object),
        data: method,
      });
    }
  });

  it('answers a body far larger than any of Payme’s, or a malformed Content-Type, in JSON-RPC too', async () => {
    const s = await ready();
    const huge = JSON.stringify({ method: 'CheckTransaction', params: { pad: 'x'.repeat(100_000) }, id: 1 });
    const big = await post(s.restaurant._id, huge);
    expect(big.statusCode).toBe(200);
    expect(big.json()).toEqual({ jsonrpc: '2.0', id: null, error: paymeError(-32600) });
    const odd = await post(s.restaurant._id, '{}', { 'content-type': 'application/json; =' });
    expect(odd.statusCode).toBe(200);
    expect(odd.json().error.code).toBe(-32600);
  });
});

describe('the record of calls (payment_calls)', () => {
  it('keeps every call with its params as received and its answer, refused ones too, never the key', async () => {
    const s = await ready();
    await payme(t, s.restaurant._id, 'CheckPerformTransaction', s.check);
    await payme(t, s.restaurant._id, 'CheckPerformTransaction', { ...s.check, amount: 1 });
    await payme(t, s.restaurant._id, 'CheckPerformTransaction', s.check, { key: 'wrong' });
    await post(s.restaurant._id, '{not json');
    // JSON that is no request: kept as it came (a list; an object without params, its method not a name; null, and
    // params null, which the record cannot hold bare).
    await post(s.restaurant._id, '[1,2]');
    await post(s.restaurant._id, '{"method":7,"id":3}');
    await post(s.restaurant._id, 'null');
    await post(s.restaurant._id, '{"method":"CheckTransaction","params":null,"id":4}');
    const calls = await recordedCalls(t, s.restaurant._id);
    expect(calls.map((c) => [c.provider, c.method, c.params])).toEqual([
      ['payme', 'CheckPerformTransaction', s.check],
      ['payme', 'CheckPerformTransaction', { ...s.check, amount: 1 }],
      ['payme', 'CheckPerformTransaction', s.check],
      ['payme', '', '{not json'],
      ['payme', '', [1, 2]],
      ['payme', '', { method: 7, id: 3 }],
      // The text "null" (drizzle reads a JSON string that is JSON back as what it says).
      ['payme', '', null],
      ['payme', 'CheckTransaction', { method: 'CheckTransaction', params: null, id: 4 }],
    ]);
    expect(calls.map((c) => (c.answer as { error?: { code: number } }).error?.code)).toEqual([
      undefined,
      -31001,
      -32504,
      -32700,
      -32600,
      -32600,
      -32600,
      -32600,
    ]);
    expect((calls[0]!.answer as { result: { allow: boolean } }).result.allow).toBe(true);
    const text = JSON.stringify(calls);
    expect(text).not.toContain(PAYME_KEY);
    expect(text).not.toContain(paymeAuthorization().slice(6));
  });

  it('answers a call whose record cannot be written, and logs why', async () => {
    const s = await ready();
    const failures: unknown[] = [];
    const answer = await handlePaymeCall(
      {
        db: databaseAway,
        work: t.app.work,
        settingsOf: (id) => new PaymentSettingsCache(t.db).get(id),
        logFailure: (error) => failures.push(error),
      },
      {
        restaurantId: s.restaurant._id,
        authorization: paymeAuthorization(),
        // A method Payme does not have: answered without the database, which is then asked to keep the record.
        body: JSON.stringify({ method: 'Nothing', params: {}, id: 9 }),
      },
    );
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: 9, error: { code: -32601, data: 'Nothing' } });
    expect(failures.map((error) => (error as Error).message)).toEqual(['the database is away']);
  });

  it('answers -32400 when the restaurant’s settings cannot be read, and records the call under no restaurant', async () => {
    const s = await ready();
    const failures: unknown[] = [];
    const marker = randomUUID();
    const answer = await handlePaymeCall(
      {
        db: t.db,
        work: t.app.work,
        settingsOf: async () => {
          throw new Error('the settings are away');
        },
        logFailure: (error) => failures.push(error),
      },
      {
        restaurantId: s.restaurant._id,
        authorization: paymeAuthorization(),
        body: JSON.stringify({ method: 'CheckTransaction', params: { id: marker }, id: 5 }),
      },
    );
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: 5, error: { code: -32400 } });
    expect(failures.map((error) => (error as Error).message)).toEqual(['the settings are away']);
    // Whether the restaurant is known was never learned: the record names none.
    const rows = await t.db.select().from(paymentCalls).where(isNull(paymentCalls.restaurant_id));
    expect(rows.filter((row) => JSON.stringify(row.params).includes(marker))).toHaveLength(1);
  });

  it('keeps a call to an unknown restaurant without a restaurant', async () => {
    const unknown = randomUUID();
    const marker = randomUUID();
    await payme(t, unknown, 'CheckTransaction', { id: marker });
    const rows = await t.db.select().from(paymentCalls).where(isNull(paymentCalls.restaurant_id));
    expect(rows.filter((row) => JSON.stringify(row.params).includes(marker))).toHaveLength(1);
    expect(await t.db.select().from(paymentCalls).where(eq(paymentCalls.method, 'nothing'))).toEqual([]);
  });
});
