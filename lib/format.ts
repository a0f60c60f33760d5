/**
 * How Menyu writes money, the same on the public menu (server/menu) and in the admin panel: one function, so a price a
 * manager reads in the panel is the text a diner reads on the menu.
 */

/** The no-break space between an amount's digit groups and before its currency: a line never breaks inside a price. */
export const NBSP = '\u00a0';

/**
 * `25000` → `25 000 so'm`: rounded down to whole so'm (spec 9: option row prices are shown rounded down; product
 * prices the same way so a price never shows tiyin), thousands grouped as Uzbek menus write them. The spaces are
 * no-break spaces, so the amount and its currency stay on one line wherever the text goes: the panel, the menu and
 * its script, a Telegram message (which has no CSS to say `nowrap`). Search keys are made from names, never prices.
 */
export function formatPrice(value: number): string {
  if (!Number.isFinite(value)) return `—${NBSP}so'm`;
  const whole = Math.floor(value);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${whole < 0 ? '-' : ''}${digits}${NBSP}so'm`;
}

/**
 * An option row's price as what it adds to the product's price (a row price is an addition, as a POS
 * modifier is): `12000` → `+12 000 so'm`. A free row adds nothing: `0` → `0 so'm` (the row's price in so'm, as the
 * spec shows it, never "+0"). The public menu and the panel write it the same way.
 */
export function formatAddition(value: number): string {
  return Math.floor(value) > 0 ? `+${formatPrice(value)}` : formatPrice(value);
}

/**
 * A chosen row as an order line lists it: `Katta (+5 000 so'm)`, a free row by its name alone (`Kichik`), since
 * "(0 so'm)" beside every default choice says nothing.
 */
export function formatRowChoice(name: string, price: number): string {
  return Math.floor(price) > 0 ? `${name} (${formatAddition(price)})` : name;
}

/**
 * An Uzbek phone number in any of the ways people write one: the 9 digits alone (`90 123 45 67`, `901234567`), or
 * after the country code (`+998 90 123 45 67`, `998901234567`, `00998…`) or the old trunk prefix 8 (`8 90 123 45 67`,
 * still typed from habit), with spaces, hyphens and parentheses anywhere
 * (`(90) 123-45-67`). Answers the 9 digits, or null for anything else (letters, a `+` before another country code,
 * too few or too many digits). The panel's forms and the API use this one rule.
 */
export function uzPhoneDigits(text: string): string | null {
  const match = /^(?:\+998|00998|998|8)?(\d{9})$/.exec(text.replace(/[\s()-]/g, ''));
  return match ? match[1]! : null;
}

/**
 * Any accepted form → `+998 90 123 45 67`, the one way a number is stored and shown. Anything that is not an Uzbek
 * number (stored before the rule existed) is answered trimmed as it is, never dropped.
 */
export function formatPhone(text: string): string {
  const digits = uzPhoneDigits(text);
  if (!digits) return text.trim();
  return `+998 ${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 7)} ${digits.slice(7)}`;
}
