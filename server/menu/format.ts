/** How the public menu writes phone numbers (prices: `formatPrice` in lib/format.ts, which the panel shares). */

/** A `tel:` URL for a phone number as a manager typed it (`+998 71 200-10-10` → `tel:+998712001010`). */
export function telHref(phone: string): string | undefined {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return /\d{3,}/.test(digits) ? `tel:${digits}` : undefined;
}
