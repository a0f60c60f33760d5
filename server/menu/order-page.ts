import { TIP_PERCENTS } from '../../lib/bill';
import { fill, ORDER_TEXTS } from '../../lib/order-texts';
import { escapeHtml, html, type SafeHtml, trusted } from './html';
import type { MenuLanguage } from './language';
import { ORDER_SCRIPT_INTEGRITY, ORDER_SCRIPT_PATH } from './order-script';
import { ORDER_CSS, TABLE_NOTE_CSS } from './order-styles';
import { MENU_TEXTS } from './texts';

/**
 * What a table's link adds to the menu page, in the page's language:
 * - `{ table }` (ordering on, the table active; `table` is its name): the table's name under the restaurant's (so a
 *   diner whose card was swapped notices before ordering), the calls, the status panel, the cart bar and sheets, the
 *   texts the script needs as one JSON block (`<script type="application/json">` is data: it never runs, so the CSP
 *   needs no hash for it), and the ordering script by URL. The name is the only thing in it that names the table: the
 *   page is rendered once per language with `TABLE_NAME_SLOT` in its place (`withTableName` fills it), and the script
 *   takes the table from the URL (`?table=`). With them, the bill ("Hisob": its button among the calls, its sheet, the
 *   panel a payment's provider sends the diner back to) and, when the restaurant has one, the service charge's line
 *   in the cart (its percent is in the data block too: the script computes it as the server will).
 * - `lost` (an unknown or switched-off table, ordering on): the plain menu with a note, so a stale card still shows
 *   the menu and says why ordering is not there.
 * Undefined: nothing at all, so the plain page stays byte for byte what it was.
 */
export type OrderPage = { table: string } | 'lost';

/**
 * Stands for the table's name in the ordering page rendered once per language. NUL never occurs in a page (no
 * database text can hold it, our own texts have none) and no escaping changes it.
 */
export const TABLE_NAME_SLOT = '\u0000table\u0000';

/** The page rendered with `TABLE_NAME_SLOT` for the table's name, with the name (escaped) in its place. */
export function withTableName(page: string, name: string): string {
  return page.replace(TABLE_NAME_SLOT, () => escapeHtml(name));
}

export interface OrderParts {
  /** Appended to the page's <style>. */
  css: SafeHtml;
  /** In the restaurant's header, after its name: the table the page orders for ("Stol: 3"). */
  head: SafeHtml;
  /** After the restaurant's header: the calls, a named region (a landmark: every part of the page is in one). */
  top: SafeHtml;
  /** The first thing in <main>: the order's status, or the lost table's note. */
  main: SafeHtml;
  /** Before the scripts: the cart bar, its live line and the two sheets. */
  end: SafeHtml;
  /** After the menu's own script: the data block and the ordering script. */
  script: SafeHtml;
}

const none = html``;
const NOTHING: OrderParts = { css: none, head: none, top: none, main: none, end: none, script: none };

/** JSON inside <script>: `<` escaped, so no text can close the element (`</script>`) or open a comment. */
function jsonBlock(value: unknown): SafeHtml {
  return trusted(JSON.stringify(value).replace(/</g, '\\u003c'));
}

/** `10 %`: a percent and its sign never part. */
const percent = (value: number) => `${value}\u00a0%`;

/**
 * The bill's sheet: the orders and sums (the script's), then what to pay (the whole table or this phone's order, when
 * the choice means something), the tip (0-15 % or an amount), what a tap pays, and one button per method the
 * restaurant has on (the script hides the others). The error line is an alert, the loading line a status.
 */
function billSheet(o: (typeof ORDER_TEXTS)['uz'], close: string): SafeHtml {
  const tips = TIP_PERCENTS.map(
    (p) =>
      html`<label class="tc"><input type="radio" name="tip" value="${String(p)}"${p === 0 && html` checked`}><span>${percent(p)}</span> <small></small></label>`,
  );
  return html`<dialog id="bill" aria-labelledby="bih"><div class="sh2"><div class="dh"><h2 id="bih">${o.bill}</h2><button class="dx" type="button" aria-label="${close}">×</button></div><p class="bm" role="status"></p><div class="bo"></div><dl class="bt"></dl><p class="ce" role="alert"></p><div class="bp" hidden><fieldset class="bw" hidden><legend>${o.payWhat}</legend><div class="bws"></div></fieldset><fieldset class="tp"><legend>${o.tip}</legend><div class="tps">${tips}<label class="tc to"><input type="radio" name="tip" value="other"><span>${o.tipOther}</span></label></div><div class="tao" hidden><label for="tipa">${o.tipAmount}</label><input id="tipa" type="text" inputmode="numeric" autocomplete="off" maxlength="12"></div></fieldset><dl class="bd" aria-live="polite"></dl><button class="go py" type="button" data-p="payme" hidden>${o.payPayme}</button><button class="go py" type="button" data-p="click" hidden>${o.payClick}</button></div></div></dialog>`;
}

/**
 * `closed`: the restaurant is outside its working hours. The page keeps what concerns an order already made (its
 * status, the bill and paying it) and offers nothing new: no "+" (page.ts), no waiter or bill calls, and the script
 * (told by the data block) shows no cart to send.
 */
export function orderPageParts(
  kind: OrderPage | undefined,
  slug: string,
  lang: MenuLanguage,
  servicePercent = 0,
  closed = false,
): OrderParts {
  if (kind === undefined) return NOTHING;
  const o = ORDER_TEXTS[lang];
  if (kind === 'lost')
    return { ...NOTHING, css: trusted(TABLE_NOTE_CSS), main: html`<p class="tn" role="note">${o.tableNotFound}</p>` };
  const close = MENU_TEXTS[lang].close;
  return {
    css: trusted(ORDER_CSS),
    head: html`<p class="tl">${fill(o.table, kind.table)}</p>`,
    top: html`<section class="oc w" aria-label="${o.calls}" hidden>${
      !closed &&
      html`<button class="ob" type="button" data-call="waiter">${o.callWaiter}</button><button class="ob" type="button" data-call="bill">${o.askBill}</button>`
    }<button class="ob bb" type="button" aria-haspopup="dialog" hidden>${o.bill}</button><p class="om" role="status"></p></section>`,
    main: html`<section class="os" id="os" tabindex="-1" aria-labelledby="osh" hidden><h2 id="osh"></h2><p class="tb"></p><ol class="sp"><li>${o.stepNew}</li><li>${o.stepAccepted}</li><li>${o.stepServed}</li></ol><p class="sm" role="status"></p><ul></ul><p class="tt"></p><button class="nb" type="button" hidden>${o.newOrder}</button></section><section class="os pd" id="pd" tabindex="-1" aria-labelledby="pdh" hidden><h2 id="pdh">${o.payTitle}</h2><p class="sm" role="status"></p><dl class="bt"></dl><button class="nb" type="button" data-a="check" hidden>${o.checkAgain}</button><button class="nb" type="button" data-a="bill" hidden>${o.openBill}</button><button class="nb" type="button" data-a="close">${close}</button></section>`,
    end: html`<div class="cb" hidden><button class="cbb" type="button" aria-haspopup="dialog"></button></div><p class="vh" id="cl" aria-live="polite"></p><dialog id="cart" aria-labelledby="cth"><div class="sh2"><div class="dh"><h2 id="cth">${o.cart}</h2><button class="dx" type="button" aria-label="${close}">×</button></div><ul class="cl"></ul><label for="cmt">${o.comment}</label><textarea id="cmt" rows="2" maxlength="300" placeholder="${o.commentHint}"></textarea><p class="ce" role="alert"></p>${servicePercent > 0 && html`<div class="cf cs"><span>${fill(o.service, servicePercent)}</span><b class="csv"></b></div>`}<div class="cf"><span>${o.total}</span><b class="cto"></b></div><button class="go" type="button">${o.order}</button></div></dialog><dialog id="opt"></dialog>${billSheet(o, close)}`,
    script: html`<script type="application/json" id="od">${jsonBlock({ slug, currency: MENU_TEXTS[lang].currency, close, service: servicePercent, ...(closed && { closed }), t: o })}</script><script src="${ORDER_SCRIPT_PATH}" integrity="${ORDER_SCRIPT_INTEGRITY}" defer></script>`,
  };
}
