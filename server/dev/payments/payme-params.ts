/**
 * Payme's GET checkout link as its checkout reads it: base64 of `key=value` pairs joined by `;` — `m` the cashbox,
 * `ac.<field>` the account, `a` the amount in tiyin, `c` the return URL, `ct` the wait before returning, `l` the
 * language, `cr` the currency. What is wrong is answered with the code Payme's checkout shows its payer.
 */
export interface PaymeCheckoutParams {
  merchantId: string;
  account: Record<string, string>;
  /** Tiyin. */
  amount: number;
  returnUrl: string | undefined;
  language: string;
}

export type DecodedCheckout = { params: PaymeCheckoutParams } | { error: PaymeCheckoutError };

/** Payme's checkout-page errors (the payer sees them, no merchant call is made). */
export const PAYME_CHECKOUT_ERRORS = {
  merchantUnknown: { code: -31601, text: 'Kassa topilmadi yoki bloklangan.' },
  badField: { code: -31610, text: "To'lov hisobining maydoni noto'g'ri." },
  amountTooLow: { code: -31611, text: "To'lov summasi juda kichik." },
  serviceDown: { code: -31622, text: "Sotuvchining xizmati javob bermayapti. Keyinroq urinib ko'ring." },
  serviceFaulty: { code: -31623, text: "Sotuvchining xizmati noto'g'ri ishlayapti." },
  cardRefused: { code: -31630, text: "Karta rad etildi: bank to'lovni o'tkazmadi. Boshqa karta bilan urinib ko'ring." },
} as const;

export type PaymeCheckoutError = (typeof PAYME_CHECKOUT_ERRORS)[keyof typeof PAYME_CHECKOUT_ERRORS];

export function decodeCheckout(encoded: string): DecodedCheckout {
  // Standard base64 as Payme documents it; its URL-safe variant is read too, since a link may have passed a shortener.
  const text = Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  const pairs = new Map<string, string>();
  for (const part of text.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) pairs.set(part.slice(0, at).trim(), part.slice(at + 1));
  }
  const merchantId = pairs.get('m') ?? '';
  if (!/^[0-9a-f]{24}$/i.test(merchantId)) return { error: PAYME_CHECKOUT_ERRORS.merchantUnknown };
  const account: Record<string, string> = {};
  for (const [key, value] of pairs) if (key.startsWith('ac.') && key.length > 3) account[key.slice(3)] = value;
  if (Object.keys(account).length === 0 || Object.values(account).some((v) => v === '')) {
    return { error: PAYME_CHECKOUT_ERRORS.badField };
  }
  const amountText = pairs.get('a') ?? '';
  const amount = Number(amountText);
  if (!/^\d+$/.test(amountText) || !Number.isSafeInteger(amount) || amount <= 0) {
    return { error: PAYME_CHECKOUT_ERRORS.amountTooLow };
  }
  return { params: { merchantId, account, amount, returnUrl: pairs.get('c'), language: pairs.get('l') ?? 'ru' } };
}
