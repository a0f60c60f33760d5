import { readTipAmount, sumSom, tipOf } from '../lib/bill';
import {
  type Bill,
  type BillOrder,
  createPayment,
  type Payment,
  type PaymentChoice,
  type PaymentMethod,
  readBill,
} from './api';
import { closable, el, fill, money, openDialog, orderLineItem, type PageConfig } from './dom';
import { uuid } from './ids';

const METHOD_NAMES: Record<PaymentMethod, string> = { payme: 'Payme', click: 'Click' };

/** An order's part of the bill: its lines and its service charge (server/domain/payments/bill.ts's orderAmount). */
const orderAmount = (order: BillOrder) => sumSom([order.total, order.service]);

/** The same tap again: the same method, order and tip (a replay of it answers the same payment). */
const sameChoice = (a: PaymentChoice, b: PaymentChoice) =>
  a.provider === b.provider && a.orderId === b.orderId && a.tip === b.tip;

export interface BillView {
  /** Reads the bill again: the "Hisob" button shows while anything of it is unpaid, an open sheet is redrawn. */
  refresh(): Promise<void>;
  open(opener: Element | null): void;
}

/**
 * "Hisob": the table's bill (GET /menu/{slug}/bill) and paying it from the phone. The button among the calls shows
 * once the table has an order not yet paid, with what is left to pay; its sheet lists the orders, the service charge
 * and the sums, then what to pay (the whole table, or an order this phone made, when there is more than one), the
 * tip (0-15 % of what is paid, or an amount; shown as it changes) and a button per method the restaurant has on. A tap
 * makes the payment (POST /menu/{slug}/payments) and sends the phone to the provider's checkout. The Idempotency-Key
 * is kept only across a network error, and only for the same choice: the same tap again is the same payment, anything
 * else a new one. A refusal is said in the page's language and the bill is read again, so nothing the diner sees is
 * stale.
 */
export function billView(
  config: PageConfig,
  tableId: string,
  device: string,
  mine: () => string[],
  /** Where the phone goes to pay (the provider's checkout): a test or a payment that is no longer pending may differ. */
  go: (payment: Payment) => void,
): BillView | undefined {
  const button = document.querySelector<HTMLButtonElement>('.oc .bb');
  const found = document.getElementById('bill');
  if (!button || !(found instanceof HTMLDialogElement)) return undefined;
  const dialog: HTMLDialogElement = found;
  const { t } = config;
  const note = dialog.querySelector<HTMLElement>('.bm')!;
  const ordersBox = dialog.querySelector<HTMLElement>('.bo')!;
  const sums = dialog.querySelector<HTMLElement>('.bt')!;
  const errorLine = dialog.querySelector<HTMLElement>('.ce')!;
  const payPart = dialog.querySelector<HTMLElement>('.bp')!;
  const scopeSet = dialog.querySelector<HTMLFieldSetElement>('.bw')!;
  const scopes = scopeSet.querySelector<HTMLElement>('.bws')!;
  const tipRadios = [...dialog.querySelectorAll<HTMLInputElement>('input[name="tip"]')];
  const amountBox = dialog.querySelector<HTMLElement>('.tao')!;
  const amountInput = amountBox.querySelector<HTMLInputElement>('input')!;
  const due = dialog.querySelector<HTMLElement>('.bd')!;
  const payButtons = [...dialog.querySelectorAll<HTMLButtonElement>('button[data-p]')];
  closable(dialog);

  let bill: Bill | undefined;
  /** The order this phone pays alone, or undefined for the whole bill. */
  let scope: string | undefined;
  /** The last tap's key and choice, kept only while its answer never came (a network error). */
  let attempt: { key: string; choice: PaymentChoice } | undefined;
  let busy = false;

  const payable = () => bill?.orders.filter((order) => order.payment_status === 'unpaid') ?? [];
  /** What the choice pays before the tip: the order chosen, or every unpaid order of the bill. */
  const base = () => {
    const orders = payable().filter((order) => scope === undefined || order._id === scope);
    return sumSom(orders.map(orderAmount));
  };
  const chosenTip = () => tipRadios.find((radio) => radio.checked)?.value ?? '0';
  /** The tip in whole so'm, or the words saying why the typed amount cannot be paid. */
  const tip = (): { tip: number } | { error: string } => {
    const chosen = chosenTip();
    if (chosen !== 'other') return { tip: tipOf(base(), Number(chosen)) };
    const typed = readTipAmount(amountInput.value);
    if (typed === undefined) return { error: t.tipInvalid };
    if (typed > base()) return { error: fill(t.tipTooLarge, money(base(), config)) };
    return { tip: typed };
  };

  const row = (label: string, amount: number, cls = '') =>
    el('div', cls ? { class: cls } : {}, el('dt', {}, label), el('dd', {}, money(amount, config)));

  const renderButton = () => {
    const left = bill ? bill.unpaid : 0;
    button.hidden = !bill || left <= 0;
    // The space keeps the name read as two words ("Hisob 82 500 so'm"); the flex layout ignores it.
    button.replaceChildren(el('span', {}, t.bill), ' ', el('b', {}, money(left, config)));
  };

  /** One percent for every order: the sums' line says it; otherwise each order says its own. */
  const sharedPercent = (orders: BillOrder[]) => {
    const percents = new Set(orders.filter((o) => o.service > 0).map((o) => o.service_percent));
    return percents.size === 1 ? [...percents][0]! : undefined;
  };

  const renderOrders = (current: Bill) => {
    const shared = sharedPercent(current.orders);
    ordersBox.replaceChildren(
      ...current.orders.map((order) => {
        const state =
          order.payment_status === 'paid'
            ? el('span', { class: 'bg ok' }, t.paid)
            : order.payment_status === 'pending'
              ? el('span', { class: 'bg' }, t.orderPending)
              : undefined;
        return el(
          'section',
          { class: 'b1', 'aria-label': fill(t.orderNumber, order.number) },
          el('h3', {}, el('span', {}, fill(t.orderNumber, order.number)), state),
          el(
            'ul',
            {},
            ...order.items.map((item) => orderLineItem(item, config)),
            shared === undefined &&
              order.service > 0 &&
              el(
                'li',
                { class: 'sv' },
                el('span', {}, fill(t.service, order.service_percent)),
                el('b', {}, money(order.service, config)),
              ),
          ),
        );
      }),
    );
    const percent = sharedPercent(current.orders);
    sums.replaceChildren(
      ...[
        percent !== undefined && row(fill(t.service, percent), current.service),
        row(t.total, current.total, 'tot'),
        current.paid > 0 && row(t.paid, current.paid),
        current.paid > 0 && row(t.unpaid, current.unpaid, 'tot'),
      ].filter((x): x is HTMLDivElement => x instanceof HTMLDivElement),
    );
  };

  const renderScopes = () => {
    const orders = payable();
    const ownOrders = orders.filter((order) => mine().includes(order._id));
    // "Only my order" means something only beside other unpaid orders.
    const offered = orders.length > 1 ? ownOrders : [];
    if (scope !== undefined && !offered.some((order) => order._id === scope)) scope = undefined;
    scopeSet.hidden = offered.length === 0;
    const choice = (value: string, label: string, amount: number) =>
      el(
        'label',
        { class: 'ch' },
        el('input', { type: 'radio', name: 'scope', value, checked: (scope ?? '') === value }),
        el('span', {}, label),
        ' ',
        el('b', {}, money(amount, config)),
      );
    scopes.replaceChildren(
      ...(offered.length === 0
        ? []
        : [
            choice('', t.payAll, sumSom(orders.map(orderAmount))),
            ...offered.map((order) =>
              choice(
                order._id,
                offered.length > 1 ? `${t.payMine} (${fill(t.orderNumber, order.number)})` : t.payMine,
                orderAmount(order),
              ),
            ),
          ]),
    );
  };

  /** The tips' amounts, the box for an amount, what a tap pays, the pay buttons' state: every change of choice. */
  const renderDue = () => {
    const before = base();
    for (const radio of tipRadios) {
      const small = radio.parentElement?.querySelector('small');
      if (small) small.textContent = money(tipOf(before, Number(radio.value)), config);
    }
    amountBox.hidden = chosenTip() !== 'other';
    const chosen = tip();
    amountInput.setAttribute('aria-invalid', String('error' in chosen));
    if ('error' in chosen) {
      // Typing is not a refusal from the server: the line says what to fix, the buttons wait for it.
      errorLine.textContent = amountInput.value.trim() === '' ? '' : chosen.error;
      due.replaceChildren(row(t.bill, before), row(t.toPay, before, 'tot'));
    } else {
      if (errorLine.dataset.k === 'tip') errorLine.textContent = '';
      due.replaceChildren(
        row(t.bill, before),
        row(t.tip, chosen.tip),
        row(t.toPay, sumSom([before, chosen.tip]), 'tot'),
      );
    }
    errorLine.dataset.k = 'error' in chosen ? 'tip' : '';
    for (const pay of payButtons) {
      pay.hidden = !bill?.methods.includes(pay.dataset.p as PaymentMethod);
      pay.disabled = busy || 'error' in chosen || before <= 0;
    }
  };

  const renderSheet = () => {
    if (!bill) return;
    renderOrders(bill);
    const open = payable();
    payPart.hidden = open.length === 0 || bill.methods.length === 0;
    note.textContent =
      open.length === 0 && bill.orders.some((order) => order.payment_status === 'pending') ? t.billBeingPaid : '';
    renderScopes();
    renderDue();
  };

  async function refresh() {
    const answer = await readBill(config.slug, tableId);
    if (answer.kind !== 'ok') {
      // The button keeps what it showed; an open sheet says the bill could not be read.
      if (dialog.open && !bill) note.textContent = answer.kind === 'network' ? t.offline : t.billFailed;
      return;
    }
    bill = answer.data;
    renderButton();
    if (dialog.open) renderSheet();
  }

  const setBusy = (on: boolean, tapped?: HTMLButtonElement) => {
    busy = on;
    for (const pay of payButtons)
      pay.textContent = on && pay === tapped ? t.payOpening : pay.dataset.p === 'click' ? t.payClick : t.payPayme;
    renderDue();
  };

  const showError = (message: string) => {
    errorLine.dataset.k = '';
    errorLine.textContent = message;
    errorLine.scrollIntoView({ block: 'nearest' });
  };

  async function pay(tapped: HTMLButtonElement) {
    if (busy || !bill) return;
    const provider = tapped.dataset.p as PaymentMethod;
    const chosen = tip();
    if ('error' in chosen) {
      showError(chosen.error);
      amountInput.focus();
      return;
    }
    const choice: PaymentChoice = { provider, orderId: scope, tip: chosen.tip };
    const key = attempt && sameChoice(attempt.choice, choice) ? attempt.key : uuid();
    attempt = { key, choice };
    errorLine.textContent = '';
    setBusy(true, tapped);
    const answer = await createPayment(config.slug, tableId, choice, key, device);
    if (answer.kind === 'ok') {
      attempt = undefined;
      go(answer.data);
      // The page is being left for the checkout; the button stays busy so a second tap starts nothing.
      if (answer.data.redirect_url) return;
      setBusy(false);
      return;
    }
    setBusy(false);
    if (answer.kind === 'network') return showError(t.payOffline);
    attempt = undefined;
    if (answer.kind === 'refused' && answer.status === 409) {
      await refresh();
      const wanted = bill.orders.filter((order) => scope === undefined || order._id === scope);
      return showError(wanted.some((order) => order.payment_status === 'pending') ? t.billBeingPaid : t.nothingToPay);
    }
    if (answer.kind === 'refused' && answer.status === 403) {
      await refresh();
      return showError(fill(t.methodOff, METHOD_NAMES[provider]));
    }
    const status = answer.kind === 'refused' ? answer.status : 0;
    showError(status === 404 ? t.tableGone : status === 429 ? t.tooMany : t.payFailed);
    await refresh();
  }

  dialog.addEventListener('change', (e) => {
    const target = e.target as HTMLInputElement;
    if (target.name === 'scope') scope = target.value === '' ? undefined : target.value;
    if (target.name === 'tip' && target.value === 'other') amountInput.focus();
    renderDue();
  });
  amountInput.addEventListener('input', renderDue);
  for (const tapped of payButtons) tapped.addEventListener('click', () => void pay(tapped));
  button.addEventListener('click', () => view.open(button));

  const view: BillView = {
    refresh,
    open(opener) {
      errorLine.textContent = '';
      if (bill) renderSheet();
      else note.textContent = t.billLoading;
      openDialog(dialog, opener, () => (button.hidden ? document.querySelector<HTMLElement>('.ad') : button));
      void refresh();
    },
  };
  return view;
}
