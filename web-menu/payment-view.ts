import { type Payment, readPayment } from './api';
import { el, fill, money, type PageConfig } from './dom';

/**
 * How long the page waits between reads of a pending payment: soon at first (a provider usually confirms within
 * seconds of sending the diner back), then less and less often, never more than every 10 s.
 */
export const PAYMENT_POLL_MS = [1000, 1000, 2000, 2000, 3000, 5000, 8000, 10_000] as const;
/** After this long still pending, the page stops asking on its own and offers "Qayta tekshirish". */
export const PAYMENT_POLL_LIMIT_MS = 10 * 60_000;

/**
 * The panel a payment's provider sends the diner back to (`?payment=<id>` on the table's page): "To'lov
 * tekshirilmoqda", then, as soon as the server knows, "To'landi" with the amount, the tip and the time, or the
 * cancellation in words with the bill to open again. A pending payment is read again with a growing pause (there is
 * no stream of a payment's state on the diner's page), only while the tab is visible; the words are in a status region,
 * so a screen reader hears the result. "Yopish" hides it and takes `payment` out of the address, so a reload does not
 * show it again.
 */
export function paymentView(config: PageConfig, settled: () => void, openBill: (opener: Element | null) => void) {
  const panel = document.getElementById('pd');
  if (!panel) return undefined;
  const { t } = config;
  const title = panel.querySelector('h2')!;
  const message = panel.querySelector<HTMLElement>('.sm')!;
  const details = panel.querySelector<HTMLElement>('.bt')!;
  const check = panel.querySelector<HTMLButtonElement>('[data-a="check"]')!;
  const bill = panel.querySelector<HTMLButtonElement>('[data-a="bill"]')!;
  const close = panel.querySelector<HTMLButtonElement>('[data-a="close"]')!;
  let id: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let tries = 0;
  let since = 0;
  /** Still pending as far as the page knows, and read again on its own (not after the limit, a 404 or the result). */
  let following = false;

  const time = (iso: string) => {
    const at = new Date(iso);
    const today = new Date().toDateString() === at.toDateString();
    const options: Intl.DateTimeFormatOptions = today
      ? { hour: '2-digit', minute: '2-digit' }
      : { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' };
    try {
      return new Intl.DateTimeFormat(document.documentElement.lang || 'uz', options).format(at);
    } catch {
      return at.toLocaleString();
    }
  };

  const say = (words: string) => {
    // Only a change is written: the same words again would make a screen reader repeat them.
    if (message.textContent !== words) message.textContent = words;
  };

  const row = (label: string, value: string) => el('div', {}, el('dt', {}, label), el('dd', {}, value));

  const render = (payment: Payment) => {
    panel.classList.toggle('x', payment.status === 'cancelled' || payment.status === 'refunded');
    panel.classList.toggle('ok', payment.status === 'paid');
    check.hidden = true;
    bill.hidden = payment.status === 'paid' || payment.status === 'pending';
    if (payment.status === 'paid') {
      title.textContent = t.payPaid;
      say(fill(t.payPaidLine, money(payment.amount, config)));
      details.replaceChildren(
        row(t.payAmount, money(payment.amount, config)),
        ...(payment.tip > 0 ? [row(t.payTip, money(payment.tip, config))] : []),
        ...(payment.paid_at ? [row(t.payTime, time(payment.paid_at))] : []),
      );
    } else if (payment.status === 'pending') {
      title.textContent = t.payTitle;
      say(t.payPending);
      details.replaceChildren(row(t.payAmount, money(payment.amount, config)));
    } else {
      title.textContent = payment.status === 'cancelled' ? t.payCancelled : t.payRefunded;
      say(payment.status === 'cancelled' ? t.payCancelledLine : t.payRefundedLine);
      details.replaceChildren(row(t.payAmount, money(payment.amount, config)));
    }
  };

  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const later = () => {
    stop();
    if (document.hidden) return;
    if (Date.now() - since > PAYMENT_POLL_LIMIT_MS) {
      following = false;
      say(t.payStillPending);
      check.hidden = false;
      return;
    }
    timer = setTimeout(poll, PAYMENT_POLL_MS[Math.min(tries, PAYMENT_POLL_MS.length - 1)]);
    tries++;
  };

  async function poll() {
    timer = undefined;
    const asked = id;
    if (asked === undefined) return;
    const answer = await readPayment(config.slug, asked);
    if (id !== asked) return;
    if (answer.kind === 'ok') {
      render(answer.data);
      if (answer.data.status === 'pending') return later();
      following = false;
      settled();
      return;
    }
    if (answer.kind === 'refused' && answer.status === 404) {
      following = false;
      panel!.classList.add('x');
      title.textContent = t.payTitle;
      say(t.payUnknown);
      details.replaceChildren();
      bill.hidden = false;
      return;
    }
    // No answer, or a busy server: the panel keeps what it said and asks again.
    if (answer.kind === 'network') say(t.offline);
    later();
  }

  const hide = () => {
    stop();
    following = false;
    id = undefined;
    panel.hidden = true;
    const url = new URL(location.href);
    if (url.searchParams.has('payment')) {
      url.searchParams.delete('payment');
      history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    }
  };

  check.addEventListener('click', () => {
    following = true;
    since = Date.now();
    tries = 0;
    check.hidden = true;
    say(t.payChecking);
    void poll();
  });
  bill.addEventListener('click', () => openBill(bill));
  close.addEventListener('click', () => {
    hide();
    document.querySelector<HTMLElement>('.ad')?.focus();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) stop();
    else if (following && timer === undefined) void poll();
  });

  return {
    /** The payment the provider sent the diner back with: shown at the top, read until it is no longer pending. */
    show(paymentId: string) {
      stop();
      id = paymentId;
      following = true;
      tries = 0;
      since = Date.now();
      panel.hidden = false;
      panel.classList.remove('x', 'ok');
      title.textContent = t.payTitle;
      details.replaceChildren();
      check.hidden = true;
      bill.hidden = true;
      say(t.payChecking);
      panel.scrollIntoView({ block: 'start' });
      panel.focus();
      void poll();
    },
  };
}
