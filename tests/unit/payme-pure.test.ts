import { describe, expect, it } from 'vitest';
import type { OrderLine } from '../../server/db/schema';
import { basicCredentials, paymeAuthorized } from '../../server/domain/payments/payme-auth';
import { fiscalDetail, receiptTotal } from '../../server/domain/payments/payme-fiscal';
import { parseRequest } from '../../server/domain/payments/payme-rpc';
import { pastTimeout, TIMEOUT_MS, timedOut } from '../../server/domain/payments/payme-transaction';
import { type StoredSettings, storedOrNone } from '../../server/domain/payments/settings';

/** The parts of the Payme endpoint that need no database: the envelope, the caller's key, the fiscal receipt. */

const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

describe('parseRequest', () => {
  it('takes a request with a string method, object params and a number or string id', () => {
    expect(parseRequest('{"method":"CheckTransaction","params":{"id":"a"},"id":5}')).toEqual({
      request: { id: 5, method: 'CheckTransaction', params: { id: 'a' } },
    });
    expect(parseRequest('{"jsonrpc":"2.0","method":"M","params":{},"id":"x"}')).toMatchObject({ request: { id: 'x' } });
  });

  it('answers -32700 for what is not JSON and -32600 for JSON that is not a request', () => {
    for (const body of [undefined, '', '{', 'nul', '{"a":1}}'])
      expect(parseRequest(body)).toMatchObject({ id: null, error: { code: -32700 } });
    expect(parseRequest('null')).toMatchObject({ id: null, error: { code: -32600 } });
    expect(parseRequest('{"method":"M","params":null,"id":2}')).toMatchObject({ id: 2, error: { code: -32600 } });
    expect(parseRequest('{"method":"M","params":{},"id":true}')).toMatchObject({ id: null, error: { code: -32600 } });
    // 1e400 is JSON for a number JavaScript reads as Infinity: no id to echo.
    expect(parseRequest('{"method":"M","params":{},"id":1e400}')).toMatchObject({ id: null, error: { code: -32600 } });
  });
});

describe('the 12 hours a created transaction lives, from Payme’s time', () => {
  const time = 1_700_000_000_000;
  const transaction = (provider_time: number | null) =>
    ({ provider_time, create_time: time + 5000 }) as Parameters<typeof timedOut>[0];

  it('are past after 12 h and 1 ms, not at 12 h exactly', () => {
    expect(pastTimeout(time, time + TIMEOUT_MS)).toBe(false);
    expect(pastTimeout(time, time + TIMEOUT_MS + 1)).toBe(true);
  });

  it('count from Payme’s time, or from ours when Payme sent none', () => {
    expect(timedOut(transaction(time), time + TIMEOUT_MS + 1)).toBe(true);
    expect(timedOut(transaction(null), time + TIMEOUT_MS + 1)).toBe(false);
    expect(timedOut(transaction(null), time + 5000 + TIMEOUT_MS + 1)).toBe(true);
  });
});

describe('the caller’s key', () => {
  const settings: StoredSettings = {
    ...storedOrNone(undefined),
    payme_enabled: true,
    payme_merchant_id: 'a'.repeat(24),
    payme_key: 'live:key',
    payme_test_key: 'test-key',
  };

  it('reads Basic credentials, the password being everything after the first colon', () => {
    expect(basicCredentials(basic('Paycom:live:key'))).toEqual({ login: 'Paycom', password: 'live:key' });
    expect(basicCredentials(`basic  ${Buffer.from('Paycom:k').toString('base64')}`)).toEqual({
      login: 'Paycom',
      password: 'k',
    });
    // The colon may come first: an empty login (refused later as not Paycom), not a header we cannot read.
    expect(basicCredentials(basic(':live:key'))).toEqual({ login: '', password: 'live:key' });
    const encoded = Buffer.from('Paycom:k').toString('base64');
    for (const header of [
      undefined,
      '',
      'Basic',
      'Bearer abc',
      basic('no-colon'),
      'Basic !!!',
      `XBasic ${encoded}`,
      `Basic ${encoded} more`,
    ]) {
      expect(basicCredentials(header), String(header)).toBeUndefined();
    }
  });

  it('accepts the key of the restaurant’s mode only, with the login Paycom', () => {
    expect(paymeAuthorized(settings, basic('Paycom:live:key'))).toBe(true);
    expect(paymeAuthorized(settings, basic('Paycom:test-key'))).toBe(false);
    expect(paymeAuthorized(settings, basic('paycom:live:key'))).toBe(false);
    const testing = { ...settings, payme_test_mode: true };
    expect(paymeAuthorized(testing, basic('Paycom:test-key'))).toBe(true);
    expect(paymeAuthorized(testing, basic('Paycom:live:key'))).toBe(false);
    expect(paymeAuthorized({ ...settings, payme_merchant_id: '' }, basic('Paycom:live:key'))).toBe(false);
  });
});

describe('fiscalDetail', () => {
  const osh: OrderLine = {
    product_id: 'p1',
    name: 'Osh',
    quantity: 3,
    rows: [
      { _id: 'r1', name: 'Katta', price: 5000.5 },
      { _id: 'r2', name: 'Qazi', price: 0 },
    ],
    line_total: 105001.5,
    station_id: null,
    status: 'new',
    moves: [],
  };
  const non: OrderLine = {
    product_id: 'p2',
    name: 'Non',
    quantity: 1,
    rows: [],
    line_total: 4000,
    station_id: null,
    status: 'new',
    moves: [],
  };

  it('prices one unit in tiyin, names the rows, gives codes that are set, and adds service and tip', () => {
    const detail = fiscalDetail({
      lines: [osh, non],
      codes: new Map([
        ['p1', { ikpu: '10202001001000000', package_code: '1500403' }],
        ['p2', { ikpu: null, package_code: null }],
      ]),
      service: 10900.15,
      tip: 0,
      vatPercent: 15,
    });
    expect(detail).toEqual({
      receipt_type: 0,
      items: [
        {
          title: 'Osh (Katta, Qazi)',
          price: 3_500_050,
          count: 3,
          code: '10202001001000000',
          package_code: '1500403',
          vat_percent: 15,
        },
        { title: 'Non', price: 400_000, count: 1, vat_percent: 15 },
        { title: 'Xizmat haqi', price: 1_090_015, count: 1, vat_percent: 15 },
      ],
    });
    expect(receiptTotal(detail)).toBe(10_500_150 + 400_000 + 1_090_015);
  });

  it('keeps a line whose total does not divide into whole-tiyin units as one item, so the sum stays exact', () => {
    const odd: OrderLine = {
      product_id: 'p3',
      name: 'Choy',
      quantity: 3,
      rows: [],
      line_total: 100,
      station_id: null,
      status: 'new',
      moves: [],
    };
    const detail = fiscalDetail({ lines: [odd], codes: new Map(), service: 0, tip: 500, vatPercent: 0 });
    expect(detail.items).toEqual([
      { title: 'Choy', price: 10_000, count: 1, vat_percent: 0 },
      { title: 'Choy puli', price: 50_000, count: 1, vat_percent: 0 },
    ]);
    expect(receiptTotal(detail)).toBe(60_000);
  });

  it("gives the service charge's and the tip's items the restaurant's codes that are set", () => {
    const detail = fiscalDetail({
      lines: [non],
      codes: new Map(),
      service: 400,
      tip: 1000,
      serviceCodes: { ikpu: '10399002001000000', package_code: '1545646' },
      tipCodes: { ikpu: '10399002002000000', package_code: null },
      vatPercent: 12,
    });
    expect(detail.items.slice(1)).toEqual([
      {
        title: 'Xizmat haqi',
        price: 40_000,
        count: 1,
        code: '10399002001000000',
        package_code: '1545646',
        vat_percent: 12,
      },
      { title: 'Choy puli', price: 100_000, count: 1, code: '10399002002000000', vat_percent: 12 },
    ]);
  });

  it('keeps the tip an item without a code when none is set: the items must still add up to the amount', () => {
    const detail = fiscalDetail({
      lines: [non],
      codes: new Map(),
      service: 0,
      tip: 1000,
      serviceCodes: { ikpu: '10399002001000000', package_code: '1545646' },
      tipCodes: { ikpu: null, package_code: null },
      vatPercent: 12,
    });
    expect(detail.items).toEqual([
      { title: 'Non', price: 400_000, count: 1, vat_percent: 12 },
      { title: 'Choy puli', price: 100_000, count: 1, vat_percent: 12 },
    ]);
    expect(receiptTotal(detail)).toBe(500_000);
  });
});
