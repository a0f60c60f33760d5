import { type Order, placeOrder } from './api';
import { billView } from './bill-view';
import { callsView } from './calls-view';
import { addToCart, type Cart, emptyCart, removeProducts, validCart } from './cart';
import { cartView } from './cart-view';
import { deviceId } from './device';
import { fill, type PageConfig } from './dom';
import { uuid } from './ids';
import { myOrders } from './my-orders';
import { optionSheet } from './options-sheet';
import { paymentView } from './payment-view';
import { productOf } from './product';
import { statusView } from './status-view';
import { readJson, writeJson } from './storage';

/**
 * Ordering from the table on the public menu: loaded only by a table's page (order-page.ts), which the
 * server renders once per language (only the table's name put in for each table), so the table comes from the URL
 * (`?table=`), the texts from the page's JSON block. Without JavaScript the page is the plain menu; the cart and calls
 * appear when this runs, and the bill ("Hisob") once the table has an order not yet paid. A payment's provider sends
 * the diner back with `?payment=<id>`: its result is shown at the top.
 */

function start() {
  const tableId = new URLSearchParams(location.search).get('table');
  const block = document.getElementById('od');
  if (!tableId || !block) return;
  const config = JSON.parse(block.textContent ?? '{}') as PageConfig;
  const { t } = config;
  const cartKey = `menyu_cart:${config.slug}:${tableId}`;
  const device = deviceId();
  let cart: Cart = validCart(readJson('sessionStorage', cartKey));
  let sending = false;

  // The language switcher keeps the diner at their table.
  for (const link of document.querySelectorAll<HTMLAnchorElement>('.ln a')) {
    const url = new URL(link.href);
    url.searchParams.set('table', tableId);
    link.href = url.pathname + url.search;
  }

  /** What a refusal means to the diner, by status; undefined: the generic text of the caller. */
  const refusal = (status: number) =>
    status === 403 ? t.orderingOff : status === 404 ? t.tableGone : status === 429 ? t.tooMany : undefined;

  const status = statusView(config, tableId);
  const mine = myOrders(config.slug, tableId);
  const bill = billView(config, tableId, device, mine.ids, (payment) => {
    if (payment.redirect_url) location.assign(payment.redirect_url);
    else {
      // The same tap's payment, answered again once it was no longer pending: its state, not a checkout.
      document.querySelector<HTMLDialogElement>('#bill')?.close();
      returns?.show(payment._id);
    }
  });
  const returns = paymentView(
    config,
    () => void bill?.refresh(),
    (opener) => bill?.open(opener),
  );
  const save = () => writeJson('sessionStorage', cartKey, cart);
  const view = cartView(
    config,
    () => cart,
    () => {
      save();
      view?.render();
    },
    () => void submit(),
  );
  if (!view) return;

  async function submit() {
    if (sending || cart.lines.length === 0) return;
    sending = true;
    cart.idempotencyKey ??= uuid();
    save();
    view!.error('');
    view!.busy(true);
    const answer = await placeOrder(config.slug, tableId!, cart, cart.idempotencyKey, device);
    sending = false;
    view!.busy(false);
    if (answer.kind === 'ok') return placed(answer.data);
    // Closed since the page was loaded: every dish is named unavailable, but none ran out; the cart and its key wait.
    if (answer.kind === 'closed') return view!.error(t.closed);
    if (answer.kind === 'unavailable') {
      const names = removeProducts(cart, answer.productIds);
      // The page is older than the stop-list: those dishes lose their "+" too.
      for (const id of answer.productIds) document.querySelector(`article[data-id="${CSS.escape(id)}"] .ad`)?.remove();
      save();
      view!.render();
      view!.error(fill(t.unavailable, names.join(', ')));
      return;
    }
    if (answer.kind === 'refused' && answer.status === 422) {
      // The key was used for another cart (this one changed after a send that may have arrived): the next try is a
      // new submission with a new key, never the old order in its place.
      cart.idempotencyKey = undefined;
      save();
      view!.error(t.orderFailed);
      return;
    }
    // The cart and its key are kept: the retry is the same submission.
    view!.error(answer.kind === 'network' ? t.networkError : (refusal(answer.status) ?? t.orderFailed));
  }

  function placed(order: Order) {
    mine.add(order._id);
    void bill?.refresh();
    cart = emptyCart();
    save();
    view!.render();
    view!.close();
    status?.show(order);
  }

  const sheet = document.getElementById('opt');
  const chooseOptions = sheet instanceof HTMLDialogElement ? optionSheet(sheet, config) : undefined;
  const productSheet = document.getElementById('sh');

  // Capture phase: the menu's own script opens the product sheet on a tap anywhere on the card; "+" must only add.
  document.addEventListener(
    'click',
    (e) => {
      const button = (e.target as Element).closest('.ad');
      const article = button?.closest('article');
      if (!button || !article) return;
      e.stopPropagation();
      const product = productOf(article);
      if (!product) return;
      // "+" in the product sheet (a copy of the card): the sheet gives way to the choice, the focus to the card's "+".
      let opener: Element | null = button;
      if (productSheet instanceof HTMLDialogElement && productSheet.contains(button)) {
        productSheet.close();
        opener = document.querySelector(`main article[data-id="${CSS.escape(product.id)}"] .ad`);
      }
      const add = (rows: { _id: string; name: string; price: number }[]) => {
        if (addToCart(cart, { product_id: product.id, name: product.name, price: product.price, rows })) {
          save();
          view.render();
        }
      };
      if (product.options.length > 0 && chooseOptions) chooseOptions(product, opener, add);
      else add([]);
    },
    true,
  );
  document.querySelector('.cbb')?.addEventListener('click', (e) => view.open(e.currentTarget as Element));

  callsView(config, tableId, refusal, device);
  view.render();
  void status?.resume();
  void bill?.refresh();
  const returned = new URLSearchParams(location.search).get('payment');
  if (returned) returns?.show(returned);
}

start();
