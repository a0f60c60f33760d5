/** How the public menu writes money and phone numbers. */

/**
 * `25000` → `25 000 so'm`: rounded down to whole so'm (spec 9: option row prices are shown rounded down; product
 * prices the same way so a price never shows tiyin), thousands grouped with a plain space as Uzbek menus write them.
 * The page keeps a price on one line with CSS (`white-space: nowrap`) rather than with a no-break space, so the text
 * is exactly what a diner reads and what a search finds.
 */
export function formatPrice(value: number): string {
  if (!Number.isFinite(value)) return "— so'm";
  const whole = Math.floor(value);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${whole < 0 ? '-' : ''}${digits} so'm`;
}

/** A `tel:` URL for a phone number as a manager typed it (`+998 71 200-10-10` → `tel:+998712001010`). */
export function telHref(phone: string): string | undefined {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return /\d{3,}/.test(digits) ? `tel:${digits}` : undefined;
}
