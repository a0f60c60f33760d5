/**
 * Click's payment button as its page reads it: `service_id`, `merchant_id`, `amount` (so'm, `N.NN`),
 * `transaction_param` (the merchant's order: sent back as `merchant_trans_id`) required; `return_url`,
 * `merchant_user_id`, `card_type` optional.
 */
export interface ClickButton {
  serviceId: string;
  merchantId: string;
  /** As the button has it: Click sends it back unchanged (and signs it so). */
  amount: string;
  paymentId: string;
  returnUrl: string | undefined;
  merchantUserId: string | undefined;
  /** The button's query, for the page's own links and forms. */
  query: string;
}

const REQUIRED = ['service_id', 'merchant_id', 'amount', 'transaction_param'] as const;

export function readButton(query: string): { button: ClickButton } | { error: string } {
  const params = new URLSearchParams(query);
  const missing = REQUIRED.filter((name) => !params.get(name));
  if (missing.length > 0) return { error: `To'lov tugmasida ${missing.join(', ')} yo'q.` };
  const amount = params.get('amount')!;
  if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) {
    return { error: `Summa noto'g'ri: "${amount}" (so'mda, masalan 50000.00).` };
  }
  return {
    button: {
      serviceId: params.get('service_id')!,
      merchantId: params.get('merchant_id')!,
      amount,
      paymentId: params.get('transaction_param')!,
      returnUrl: params.get('return_url') || undefined,
      merchantUserId: params.get('merchant_user_id') || undefined,
      query: params.toString(),
    },
  };
}
