import { serviceCharge, sumSom } from '../lib/bill';
import { type Cart, cartCount, cartTotal, lineTotal, MAX_COMMENT, removeLine, setQuantity } from './cart';
import { closable, el, fill, money, openDialog, type PageConfig } from './dom';

/**
 * The cart on screen: the sticky bar (count and total, announced politely as they change) and the cart sheet
 * (quantities ±, remove, the comment, the error line and "Buyurtma berish"). It renders the cart it is given and
 * reports edits through `changed`; sending is main.ts's. With a service charge ("Xizmat haqi 10 %") the sheet shows
 * it on its own line and every total includes it, computed as the server will add it to the order (lib/bill.ts).
 */
export interface CartView {
  render(): void;
  open(opener: Element | null): void;
  close(): void;
  /** The error line in the sheet (role=alert), '' to clear. */
  error(message: string): void;
  /** Sending: the order button disabled and saying so. */
  busy(on: boolean): void;
}

export function cartView(
  config: PageConfig,
  cart: () => Cart,
  changed: () => void,
  submit: () => void,
): CartView | undefined {
  const bar = document.querySelector<HTMLElement>('.cb');
  const barButton = bar?.querySelector<HTMLButtonElement>('.cbb');
  const live = document.getElementById('cl');
  const dialog = document.getElementById('cart');
  if (!bar || !barButton || !live || !(dialog instanceof HTMLDialogElement)) return undefined;
  const { t } = config;
  const list = dialog.querySelector<HTMLElement>('.cl')!;
  const comment = dialog.querySelector<HTMLTextAreaElement>('textarea')!;
  const errorLine = dialog.querySelector<HTMLElement>('.ce')!;
  const totalText = dialog.querySelector<HTMLElement>('.cto')!;
  const serviceText = dialog.querySelector<HTMLElement>('.csv');
  const orderButton = dialog.querySelector<HTMLButtonElement>('.go')!;
  closable(dialog);
  comment.maxLength = MAX_COMMENT;

  const service = () => serviceCharge(cartTotal(cart()), config.service ?? 0);
  /** What the order will come to: its dishes and the service charge. */
  const total = () => sumSom([cartTotal(cart()), service()]);
  const summary = () => `${fill(t.cartCount, cartCount(cart()))}, ${money(total(), config)}`;

  const renderBar = () => {
    const count = cartCount(cart());
    // Closed, the cart waits (kept in the session) until the restaurant opens and the page offers ordering again.
    bar.hidden = count === 0 || config.closed === true;
    barButton.replaceChildren(
      el('span', { class: 'cn' }, fill(t.cartCount, count)),
      el('span', {}, t.openCart),
      el('span', { class: 'cv2' }, money(total(), config)),
    );
    live.textContent = count === 0 ? t.cartEmpty : `${t.cart}: ${summary()}`;
  };

  const renderSheet = () => {
    const { lines } = cart();
    list.replaceChildren(
      ...(lines.length === 0
        ? [el('li', {}, t.cartEmpty)]
        : lines.map((line) =>
            el(
              'li',
              {},
              el('span', { class: 'nm' }, line.name),
              el('span', { class: 'lt' }, money(lineTotal(line), config)),
              line.rows.length > 0 && el('span', { class: 'rw' }, line.rows.map((r) => r.name).join(', ')),
              el(
                'div',
                { class: 'qt' },
                el(
                  'button',
                  {
                    class: 'qb',
                    type: 'button',
                    'data-a': 'dec',
                    'data-k': line.key,
                    'aria-label': fill(t.decrease, line.name),
                    disabled: line.quantity <= 1,
                  },
                  '−',
                ),
                el('output', { 'aria-label': `${t.quantity}: ${line.name}` }, String(line.quantity)),
                el(
                  'button',
                  {
                    class: 'qb',
                    type: 'button',
                    'data-a': 'inc',
                    'data-k': line.key,
                    'aria-label': fill(t.increase, line.name),
                    disabled: line.quantity >= 50,
                  },
                  '+',
                ),
                el(
                  'button',
                  {
                    class: 'qb rm',
                    type: 'button',
                    'data-a': 'rm',
                    'data-k': line.key,
                    'aria-label': fill(t.remove, line.name),
                  },
                  t.removeShort,
                ),
              ),
            ),
          )),
    );
    if (serviceText) serviceText.textContent = money(service(), config);
    totalText.textContent = money(total(), config);
    orderButton.disabled = lines.length === 0;
    if (comment.value !== cart().comment) comment.value = cart().comment;
  };

  list.addEventListener('click', (e) => {
    const button = (e.target as Element).closest<HTMLButtonElement>('button[data-a]');
    if (!button) return;
    const key = button.dataset.k ?? '';
    const action = button.dataset.a;
    const line = cart().lines.find((l) => l.key === key);
    if (!line) return;
    const index = cart().lines.indexOf(line);
    if (action === 'rm') removeLine(cart(), key);
    else setQuantity(cart(), key, line.quantity + (action === 'inc' ? 1 : -1));
    changed();
    // Keep the focus where the diner was: the same button, or on a removed line the next line's (or the comment).
    const same = list.querySelector<HTMLButtonElement>(`button[data-a="${action}"][data-k="${CSS.escape(key)}"]`);
    const next =
      list.querySelectorAll<HTMLButtonElement>('button[data-a="rm"]')[Math.min(index, cart().lines.length - 1)];
    (same && !same.disabled ? same : (next ?? comment)).focus();
  });
  comment.addEventListener('input', () => {
    cart().comment = comment.value.slice(0, MAX_COMMENT);
    changed();
  });
  orderButton.addEventListener('click', submit);

  return {
    render() {
      renderBar();
      renderSheet();
    },
    open(opener) {
      errorLine.textContent = '';
      renderSheet();
      openDialog(dialog, opener, () => (bar.hidden ? document.querySelector<HTMLElement>('.ad') : barButton));
    },
    close() {
      if (dialog.open) dialog.close();
    },
    error(message) {
      errorLine.textContent = message;
    },
    busy(on) {
      orderButton.disabled = on || cart().lines.length === 0;
      orderButton.textContent = on ? t.sending : t.order;
    },
  };
}
