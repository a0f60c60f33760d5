/**
 * How Menyu writes money, the same on the public menu (server/menu) and in the admin panel: one function, so a price a
 * manager reads in the panel is the text a diner reads on the menu.
 */

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
