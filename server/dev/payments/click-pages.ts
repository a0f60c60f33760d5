import { formatPrice } from '../../../lib/format';
import { html, type SafeHtml } from '../../menu/html';
import type { Merchant } from './cashbox';
import type { ClickButton } from './click-button';
import type { ScenarioResult } from './click-scenarios';

/** The Click simulator's pages: its payment page, and the 15 scenarios' results. */

const price = (amount: string) => html`<span class="price">${formatPrice(Number(amount))}</span>`;

export function introBody(): SafeHtml {
  return html`<section class="card">
<h1>Click simulyatori</h1>
<p class="muted">Demo rejimida "Click orqali to'lash" shu sahifaga keladi: Click'ning to'lov tugmasi parametrlari bilan (service_id, merchant_id, amount, transaction_param, return_url). Stol hisobini Click orqali to'lang.</p>
</section>`;
}

export function checkoutBody(button: ClickButton, merchant: Merchant): SafeHtml {
  return html`<section class="card">
<p class="muted">To'lov qabul qiluvchi</p>
<h1>${merchant.name}</h1>
<p class="amount">${price(button.amount)}</p>
<dl>
<dt>To'lov</dt><dd>${button.paymentId}</dd>
<dt>Xizmat</dt><dd>${button.serviceId}</dd>
</dl>
<p class="cardno">8600 31** **** 2291</p>
</section>
<form method="post" action="/dev/click?${button.query}" class="actions">
<button type="submit" class="primary" name="action" value="pay">To'lash</button>
<button type="submit" class="secondary" name="action" value="cancel">Bekor qilish</button>
</form>
<form method="post" action="/dev/click/scenarios?${button.query}" class="hint">
<button type="submit" class="secondary">15 ssenariy</button>
</form>
<p class="hint">Click'ning demo simulyatori: haqiqiy pul yechilmaydi. Tugmalar restoran serveriga Click SHOP API so'rovlarini (Prepare, Complete) yuboradi. "15 ssenariy" Click'ning 15 test ssenariysini shu to'lov bilan ishga tushiradi (9- va 12-ssenariylar uchun shu stoldan yana ikkita buyurtma beriladi).</p>`;
}

export function scenariosBody(results: ScenarioResult[], back: string | undefined): SafeHtml {
  const matched = results.filter((r) => r.actual === r.expected).length;
  return html`<section class="card ${matched === results.length ? 'ok' : 'error'}">
<h1>Click test ssenariylari</h1>
<p class="summary">${`${results.length} tadan ${matched} tasi mos`}</p>
<table>
<thead><tr><th class="n">#</th><th>So'rov</th><th class="n">Kutilgan</th><th class="n">Javob</th></tr></thead>
<tbody>
${results.map(
  (
    r,
  ) => html`<tr class="${r.actual === r.expected ? 'good' : 'bad'}" data-n="${String(r.n)}" data-expected="${String(r.expected)}" data-actual="${r.actual === null ? '' : String(r.actual)}">
<td class="n">${String(r.n)}</td>
<td>${r.request}: ${r.case}<br><span class="muted">${r.note}</span></td>
<td class="n">${String(r.expected)}</td>
<td class="n">${r.actual === null ? '—' : String(r.actual)} ${r.actual === r.expected ? '✓' : '✗'}</td>
</tr>`,
)}
</tbody>
</table>
${back ? html`<p class="hint"><a class="button secondary" href="${back}">Menyuga qaytish</a></p>` : ''}
</section>`;
}
