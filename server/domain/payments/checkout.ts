import type { PaymentRecord } from '../../repositories/payments';
import { CLICK_PAY, clickPayUrl, PAYME_CHECKOUT, PAYME_SANDBOX_CHECKOUT, paymeCheckoutUrl } from './redirect';
import type { StoredSettings } from './settings';

/** Where the checkouts are: configured (PAYME_CHECKOUT_URL, CLICK_PAY_URL), a demo simulator's, or the providers'. */
export interface CheckoutHosts {
  payme?: string | undefined;
  click?: string | undefined;
}

/** The provider's page that takes this payment (null once it is no longer pending, and for cash). */
export function checkoutUrl(
  payment: PaymentRecord,
  settings: StoredSettings,
  hosts: CheckoutHosts,
  returnUrl: string,
): string | null {
  if (payment.status !== 'pending') return null;
  if (payment.provider === 'payme') {
    return paymeCheckoutUrl({
      base: hosts.payme ?? (settings.payme_test_mode ? PAYME_SANDBOX_CHECKOUT : PAYME_CHECKOUT),
      merchantId: settings.payme_merchant_id,
      paymentId: payment._id,
      amountSom: payment.amount,
      returnUrl,
      language: 'uz',
    });
  }
  if (payment.provider === 'click') {
    return clickPayUrl({
      base: hosts.click ?? CLICK_PAY,
      serviceId: settings.click_service_id,
      merchantId: settings.click_merchant_id,
      merchantUserId: settings.click_merchant_user_id,
      paymentId: payment._id,
      amountSom: payment.amount,
      returnUrl,
    });
  }
  return null;
}

/** A payment as the diner's calls answer it. */
export function presentPayment(payment: PaymentRecord, redirectUrl: string | null) {
  return {
    _id: payment._id,
    provider: payment.provider,
    amount: payment.amount,
    tip: payment.tip,
    status: payment.status,
    order_ids: payment.order_ids,
    redirect_url: redirectUrl,
    paid_at: payment.paid_at,
    createdAt: payment.createdAt,
  };
}
