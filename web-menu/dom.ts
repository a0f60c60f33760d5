import { formatPrice } from '../lib/format';
import type { TableTexts } from '../lib/order-texts';

/** What the page hands the script in its JSON block (order-page.ts): the texts of the page's language and its slug. */
export interface PageConfig {
  slug: string;
  /** The restaurant's service charge ("Xizmat haqi") in percent, added to each order; absent or 0: none. */
  service?: number;
  /** The currency word of the page's language (`so'm`, `сўм`, `сум`, `UZS`). */
  currency: string;
  close: string;
  /** The restaurant is outside its working hours: the page offers no cart (no "+" either), only what was ordered. */
  closed?: boolean;
  t: TableTexts;
}

/** A price as the menu writes it in this language: lib/format's grouping (bundled, not copied), the page's currency. */
export function money(value: number, config: PageConfig): string {
  return formatPrice(value).replace(/so'm$/, config.currency);
}

export function fill(text: string, value: string | number): string {
  return text.replace('{0}', () => String(value));
}

type Child = Node | string | false | null | undefined;

/** A DOM element with attributes (`class`, `aria-*`, …) and children; text is always a text node, never markup. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false) continue;
    node.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

/**
 * Opens a modal dialog: the page behind it is inert (the focus stays inside), Escape closes it (the browser's
 * `cancel`), a tap on the backdrop closes it, and the focus goes back to what opened it (or `fallback` when that
 * control is gone, e.g. the last line's remove button).
 */
export function openDialog(dialog: HTMLDialogElement, opener: Element | null, fallback: () => HTMLElement | null) {
  if (dialog.open) return;
  dialog.showModal();
  dialog.addEventListener(
    'close',
    () => {
      const back =
        opener instanceof HTMLElement && opener.isConnected && !opener.closest('[hidden]') ? opener : fallback();
      back?.focus();
    },
    { once: true },
  );
}

/** Backdrop taps and the close button (`.dx`) close a dialog: wired once per dialog. */
export function closable(dialog: HTMLDialogElement): void {
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog || (e.target as Element).closest('.dx')) dialog.close();
  });
}

/** An ordered line as the diner sees it: "2 × Osh (Katta, Qazi)" and what it comes to. */
export function orderLineItem(
  item: { quantity: number; name: string; rows: { name: string }[]; line_total: number },
  config: PageConfig,
): HTMLLIElement {
  const rows = item.rows.length > 0 ? ` (${item.rows.map((r) => r.name).join(', ')})` : '';
  return el(
    'li',
    {},
    el('span', {}, `${item.quantity} × ${item.name}${rows}`),
    el('b', {}, money(item.line_total, config)),
  );
}
