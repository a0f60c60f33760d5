import { describe, expect, it } from 'vitest';
import { checkoutUrl } from '../../server/domain/payments/checkout';
import { paymeCheckoutUrl } from '../../server/domain/payments/redirect';
import { type StoredSettings, storedOrNone } from '../../server/domain/payments/settings';
import type { PaymentRecord } from '../../server/repositories/payments';

/** Where a diner's payment sends them: the provider's page while it is pending, nowhere once it is not. */

const ID = '0b7c5e9e-3c1d-4f5a-9a51-2f1d7c0e9b11';
const settings: StoredSettings = { ...storedOrNone(undefined), payme_merchant_id: 'm'.repeat(24) };
const payment = (overrides: Partial<PaymentRecord>) =>
  ({ _id: ID, provider: 'payme', status: 'pending', amount: 25_000, ...overrides }) as PaymentRecord;
const decoded = (url: string) => Buffer.from(url.split('/').at(-1)!, 'base64').toString();

describe('checkoutUrl', () => {
  it('links a pending payment to its provider, and nothing once it is paid, cancelled or refunded, or in cash', () => {
    const hosts = { payme: 'http://pay.test' };
    const link = checkoutUrl(payment({}), settings, hosts, 'http://back');
    expect(link).toMatch(/^http:\/\/pay\.test\//);
    expect(decoded(link!)).toBe(`m=${'m'.repeat(24)};ac.order_id=${ID};a=2500000;c=http://back;l=uz`);
    for (const status of ['paid', 'cancelled', 'refunded'] as const) {
      expect(checkoutUrl(payment({ status }), settings, hosts, 'http://back'), status).toBeNull();
    }
    expect(checkoutUrl(payment({ provider: 'cash' }), settings, hosts, 'http://back')).toBeNull();
  });
});

describe('paymeCheckoutUrl', () => {
  it('joins a base written with trailing slashes by one slash', () => {
    const p = { merchantId: 'm', paymentId: ID, amountSom: 1, returnUrl: 'r', language: 'uz' as const };
    const url = paymeCheckoutUrl({ ...p, base: 'https://checkout.test//' });
    expect(url.startsWith('https://checkout.test/')).toBe(true);
    expect(url.slice('https://checkout.test/'.length)).not.toContain('/');
    expect(paymeCheckoutUrl({ ...p, base: 'https://checkout.test' })).toBe(url);
  });
});
