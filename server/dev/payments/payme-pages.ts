import { formatPrice } from '../../../lib/format';
import { html, type SafeHtml } from '../../menu/html';
import type { Merchant } from './cashbox';
import type { PaymeSimTransaction } from './payme-ledger';
import type { PaymeCheckoutParams } from './payme-params';

/** The Payme simulator's pages: the checkout a payer sees, and the cabinet's list of transactions. */

const TIME = new Intl.DateTimeFormat('uz-UZ', {
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Asia/Tashkent',
});

const STATES: Record<string, string> = {
  '1': 'Yaratilgan',
  '2': "To'langan",
  '-1': 'Bekor qilingan',
  '-2': 'Qaytarilgan',
};

const tiyinPrice = (tiyin: number) => html`<span class="price">${formatPrice(tiyin / 100)}</span>`;

export function checkoutBody(action: string, params: PaymeCheckoutParams, merchant: Merchant): SafeHtml {
  return html`<section class="card">
<p class="muted">To'lov qabul qiluvchi</p>
<h1>${merchant.name}</h1>
<p class="amount">${tiyinPrice(params.amount)}</p>
<dl>
${Object.entries(params.account).map(([field, value]) => html`<dt>${field === 'order_id' ? "To'lov" : field}</dt><dd>${value}</dd>`)}
<dt>Kassa</dt><dd>${params.merchantId}</dd>
</dl>
<p class="cardno">8600 4954 **** 6478</p>
</section>
<form method="post" action="${action}" class="actions">
<button type="submit" class="primary" name="action" value="pay">To'lash</button>
<button type="submit" class="secondary" name="action" value="cancel">Bekor qilish</button>
<button type="submit" class="danger" name="action" value="refuse">Karta rad etildi</button>
</form>
<p class="hint">Payme'ning demo simulyatori: haqiqiy pul yechilmaydi. Tugmalar restoran serveriga Payme Merchant API so'rovlarini yuboradi. <a href="/dev/payme">Tranzaksiyalar</a></p>`;
}

function transactionItem(transaction: PaymeSimTransaction): SafeHtml {
  return html`<li>
<div class="row"><strong>${tiyinPrice(transaction.amount)}</strong><span class="state s${String(transaction.state)}">${STATES[String(transaction.state)] ?? String(transaction.state)}</span></div>
<p class="muted">${transaction.restaurantName} · ${TIME.format(new Date(transaction.time))}</p>
<dl>
<dt>Payme ID</dt><dd>${transaction.id}</dd>
<dt>To'lov</dt><dd>${transaction.account.order_id ?? JSON.stringify(transaction.account)}</dd>
<dt>Tranzaksiya</dt><dd>${transaction.transaction}</dd>
${transaction.reason !== null ? html`<dt>Sabab</dt><dd>${String(transaction.reason)}</dd>` : ''}
</dl>
${
  transaction.state === 2
    ? html`<form method="post" action="/dev/payme" class="hint"><button type="submit" class="danger small" name="refund" value="${transaction.id}">Qaytarish</button></form>`
    : ''
}
</li>`;
}

export function transactionsBody(transactions: PaymeSimTransaction[], notice?: SafeHtml): SafeHtml {
  return html`<section class="card">
<h1>Payme tranzaksiyalari</h1>
<p class="muted">Simulyator shu ishga tushirilgandan beri yaratgan tranzaksiyalar. To'langanini "Qaytarish" bilan bekor qilsangiz, Payme sinov muhitidagidek CancelTransaction (sabab 5) yuboriladi va pul qaytariladi.</p>
</section>
${notice ?? ''}
${
  transactions.length === 0
    ? html`<p class="muted">Hali tranzaksiya yo'q: stol hisobini Payme orqali to'lang.</p>`
    : html`<ul class="list">${transactions.map(transactionItem)}</ul>`
}`;
}
