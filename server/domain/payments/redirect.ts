import { clickAmount, toTiyin } from './money';

/** Where a diner is sent to pay, exactly as each provider documents its checkout link. */

export const PAYME_CHECKOUT = 'https://checkout.paycom.uz';
export const PAYME_SANDBOX_CHECKOUT = 'https://test.paycom.uz';
export const CLICK_PAY = 'https://my.click.uz/services/pay';

export interface PaymeCheckout {
  /** The checkout's base (PAYME_CHECKOUT, the sandbox's, or a simulator's). */
  base: string;
  merchantId: string;
  /** Our payment's id: the cashbox's account field `order_id`. */
  paymentId: string;
  amountSom: number;
  returnUrl: string;
  language: 'uz' | 'ru' | 'en';
}

/**
 * Payme's GET checkout: the base, `/`, and base64 of `key=value` pairs joined by `;` — the merchant, the account
 * field, the amount in tiyin, the return URL and the page's language.
 */
export function paymeCheckoutUrl(p: PaymeCheckout): string {
  const params = [
    `m=${p.merchantId}`,
    `ac.order_id=${p.paymentId}`,
    `a=${toTiyin(p.amountSom)}`,
    `c=${p.returnUrl}`,
    `l=${p.language}`,
  ];
  return `${p.base.replace(/\/+$/, '')}/${Buffer.from(params.join(';')).toString('base64')}`;
}

export interface ClickCheckout {
  base: string;
  serviceId: string;
  merchantId: string;
  merchantUserId: string;
  /** Our payment's id: Click sends it back as `merchant_trans_id`. */
  paymentId: string;
  amountSom: number;
  returnUrl: string;
}

/** Click's payment button: `services/pay` with the service, the merchant, the amount in so'm (`N.NN`) and our id. */
export function clickPayUrl(p: ClickCheckout): string {
  const query = new URLSearchParams({
    service_id: p.serviceId,
    merchant_id: p.merchantId,
    amount: clickAmount(p.amountSom),
    transaction_param: p.paymentId,
    return_url: p.returnUrl,
    merchant_user_id: p.merchantUserId,
  });
  return `${p.base}?${query.toString()}`;
}
