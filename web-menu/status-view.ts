import { sumSom } from '../lib/bill';
import { type Order, type OrderStatus, orderEventsUrl, readOrder, readStatusEvent } from './api';
import { el, fill, money, orderLineItem, type PageConfig } from './dom';
import { forget, readJson, writeJson } from './storage';

/** How often the status is asked while the page is visible and its stream cannot be used (a pocket asks nothing). */
export const POLL_MS = 4000;

const STEPS: OrderStatus[] = ['new', 'accepted', 'served'];
const FINAL: OrderStatus[] = ['served', 'cancelled'];

/**
 * The order's status panel at the top of the menu: number, table, the three steps, the status in words (a polite live
 * region: a screen reader hears "Qabul qilindi" when the staff accept), the dishes and the total. While the tab is
 * visible it follows the order's own status stream (GET /menu/{slug}/orders/{id}/events: a change shows within a
 * second of the staff's), until served or cancelled; when the stream cannot connect (an old browser, a proxy, the
 * server's limit) it asks GET /menu/{slug}/orders/{id} every few seconds instead. It survives a reload: the order's id
 * is remembered per restaurant and table in localStorage.
 */
export function statusView(config: PageConfig, tableId: string) {
  const panel = document.getElementById('os');
  if (!panel) return undefined;
  const { t } = config;
  const title = panel.querySelector('h2')!;
  const tableLine = panel.querySelector<HTMLElement>('.tb')!;
  const steps = [...panel.querySelectorAll<HTMLElement>('.sp li')];
  const message = panel.querySelector<HTMLElement>('.sm')!;
  const items = panel.querySelector<HTMLElement>('ul')!;
  const total = panel.querySelector<HTMLElement>('.tt')!;
  const done = panel.querySelector<HTMLButtonElement>('.nb')!;
  const storageKey = `menyu_order:${config.slug}:${tableId}`;
  let current: Order | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stream: EventSource | undefined;
  /** The stream could not connect on this page: poll from now on. */
  let polling = typeof EventSource !== 'function';

  const words: Record<OrderStatus, string> = {
    new: t.statusNew,
    accepted: t.statusAccepted,
    served: t.statusServed,
    cancelled: t.statusCancelled,
  };

  const render = (order: Order) => {
    const changed = current?.status !== order.status || current?._id !== order._id;
    current = order;
    panel.hidden = false;
    panel.classList.toggle('x', order.status === 'cancelled');
    title.textContent = fill(t.orderNumber, order.number);
    tableLine.textContent = fill(t.table, order.table.name);
    const reached = STEPS.indexOf(order.status);
    steps.forEach((step, i) => {
      step.classList.toggle('on', i <= reached);
      if (i === reached) step.setAttribute('aria-current', 'step');
      else step.removeAttribute('aria-current');
    });
    // Only a change is written: rewriting the same words would make a screen reader repeat them every poll.
    // A new order made past the table's threshold waits for staff to confirm it: "Tasdiqlash kutilmoqda".
    if (changed)
      message.textContent =
        order.needs_confirmation === true && order.status === 'new' ? t.statusWaiting : words[order.status];
    items.replaceChildren(
      ...order.items.map((item) => orderLineItem(item, config)),
      // The service charge the order carries, so its total is what the bill will ask.
      ...((order.service ?? 0) > 0
        ? [
            el(
              'li',
              {},
              el('span', {}, fill(t.service, order.service_percent ?? 0)),
              el('b', {}, money(order.service ?? 0, config)),
            ),
          ]
        : []),
    );
    total.textContent = `${t.total}: ${money(sumSom([order.total, order.service ?? 0]), config)}`;
    done.hidden = !FINAL.includes(order.status);
  };

  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    stream?.close();
    stream = undefined;
  };

  /** Follows the current order: its stream, or a poll in a few seconds once the stream has failed. */
  const schedule = () => {
    stop();
    if (!current || FINAL.includes(current.status) || document.hidden) return;
    if (polling) timer = setTimeout(poll, POLL_MS);
    else listen(current);
  };

  function listen(order: Order) {
    const source = new EventSource(orderEventsUrl(config.slug, order._id));
    stream = source;
    /** Opened since the last error: a drop after a working stream is the browser's to retry, once. */
    let open = false;
    source.onopen = () => {
      open = true;
    };
    source.addEventListener('status', (event) => {
      const status = readStatusEvent((event as MessageEvent<string>).data);
      if (stream !== source || !status || current?._id !== order._id) return;
      // Only the status changes after an order is placed: the rest of the card stays as it is.
      render({ ...current, status });
      if (FINAL.includes(status)) stop();
    });
    source.onerror = () => {
      if (stream !== source) return;
      if (open && source.readyState === EventSource.CONNECTING) {
        open = false;
        return;
      }
      // Refused (429, 404) or never connecting: poll instead, starting with a read now.
      polling = true;
      stop();
      void poll();
    };
  }

  async function poll() {
    timer = undefined;
    if (!current) return;
    const id = current._id;
    const answer = await readOrder(config.slug, id);
    if (current?._id !== id) return;
    if (answer.kind === 'ok') render(answer.data);
    else if (answer.kind === 'refused' && answer.status === 404) return hide();
    // A network error or a busy server: the panel keeps the last status and asks again.
    schedule();
  }

  function hide() {
    stop();
    current = undefined;
    forget('localStorage', storageKey);
    panel!.hidden = true;
  }

  done.addEventListener('click', () => {
    hide();
    document.querySelector<HTMLElement>('.ad')?.focus();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) stop();
    else if (current && !FINAL.includes(current.status)) void poll();
  });

  return {
    /** A new order: shown, remembered, followed, and the focus moved to it so the diner hears what happened. */
    show(order: Order) {
      writeJson('localStorage', storageKey, { id: order._id });
      current = undefined;
      render(order);
      panel.scrollIntoView({ block: 'start' });
      panel.focus();
      schedule();
    },
    /** After a reload: the remembered order, if the server still knows it. */
    async resume() {
      const saved = readJson<{ id?: unknown }>('localStorage', storageKey);
      if (typeof saved?.id !== 'string') return;
      const answer = await readOrder(config.slug, saved.id);
      if (answer.kind === 'ok') {
        render(answer.data);
        schedule();
      } else if (answer.kind === 'refused' && answer.status === 404) forget('localStorage', storageKey);
    },
  };
}
