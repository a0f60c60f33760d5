import { describe, expect, it } from 'vitest';
import { serviceCharge } from '../../lib/bill';
import { ORDER_TEXTS } from '../../lib/order-texts';
import { escapeHtml } from '../../server/menu/html';
import { createProduct } from '../support/fixtures';
import { setupTenants } from '../support/tenants';
import { line, orderingRestaurant, postOrder } from './orders-fixtures';
import { payingRestaurant, putPaymentSettings } from './payments-fixtures';

/**
 * What a table's page carries for the bill and the service charge: the "Hisob" button (hidden until the script finds
 * an unpaid order), its sheet with a button per method and the tip's choices, the panel a provider sends the diner
 * back to, and, when the restaurant has a service charge, its line in the cart and its percent in the data block.
 * A manager's change of the percent reaches the cached page at the next load; the menu's JSON does not change.
 */

const t = setupTenants();

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const dataBlock = (body: string) =>
  JSON.parse(/<script type="application\/json" id="od">(.*?)<\/script>/.exec(body)![1]!) as {
    service: number;
    t: Record<string, string>;
  };
const serviceLine = (body: string) =>
  /<div class="cf cs"><span>(.*?)<\/span><b class="csv"><\/b><\/div>/.exec(body)?.[1];

describe('the bill on a table’s page', () => {
  it('has the bill’s button, its sheet and the payment’s panel, in the page’s language', async () => {
    const { restaurant, table } = await orderingRestaurant(t, { languages: ['uz', 'uz-Cyrl', 'ru', 'en'] });
    for (const lang of ['uz', 'uz-Cyrl', 'ru', 'en'] as const) {
      const o = ORDER_TEXTS[lang];
      const body = (await get(`/menu/${restaurant.slug}?lang=${lang}&table=${table.token}`)).body;
      expect(body, lang).toContain(
        `<button class="ob bb" type="button" aria-haspopup="dialog" hidden>${escapeHtml(o.bill)}</button>`,
      );
      expect(body).toContain(`<dialog id="bill" aria-labelledby="bih">`);
      expect(body).toContain(`<h2 id="bih">${escapeHtml(o.bill)}</h2>`);
      expect(body).toContain(`data-p="payme" hidden>${escapeHtml(o.payPayme)}</button>`);
      expect(body).toContain(`data-p="click" hidden>${escapeHtml(o.payClick)}</button>`);
      for (const percent of [0, 5, 10, 15]) expect(body).toContain(`<input type="radio" name="tip" value="${percent}"`);
      expect(body).toContain(`<span>${escapeHtml(o.tipOther)}</span>`);
      expect(body).toContain(`<label for="tipa">${escapeHtml(o.tipAmount)}</label>`);
      expect(body).toContain('<section class="os pd" id="pd" tabindex="-1" aria-labelledby="pdh" hidden>');
      // The script gets the bill's words with ordering's.
      expect(dataBlock(body).t.payMine).toBe(o.payMine);
    }
    expect(ORDER_TEXTS.uz.payMine).toBe('Faqat mening buyurtmam');
    expect(ORDER_TEXTS['uz-Cyrl'].payMine).toBe('Фақат менинг буюртмам');
    expect(ORDER_TEXTS['uz-Cyrl'].payPayme).toBe('Payme орқали тўлаш');
  });

  it('shows no service line without a service charge', async () => {
    const { restaurant, table } = await orderingRestaurant(t);
    const body = (await get(`/menu/${restaurant.slug}?table=${table.token}`)).body;
    expect(serviceLine(body)).toBeUndefined();
    expect(dataBlock(body).service).toBe(0);
  });

  it('says the service charge in the cart, and follows the manager’s change at the next load', async () => {
    const s = await payingRestaurant(t, { servicePercent: 10 });
    const url = `/menu/${s.restaurant.slug}?table=${s.table.token}`;
    const first = await get(url);
    expect(serviceLine(first.body)).toBe('Xizmat haqi 10\u00a0%');
    expect(dataBlock(first.body).service).toBe(10);
    const menuJson = (await get(`/menu/data?slug=${s.restaurant.slug}`)).body;

    const saved = await putPaymentSettings(t, s.restaurant._id, { service_percent: 15 });
    expect(saved.statusCode).toBe(200);
    const second = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(second.statusCode).toBe(200);
    expect(serviceLine(second.body)).toBe('Xizmat haqi 15\u00a0%');
    expect(dataBlock(second.body).service).toBe(15);
    // The menu's JSON is the spec's: the service charge is the table page's alone.
    expect((await get(`/menu/data?slug=${s.restaurant.slug}`)).body).toBe(menuJson);
    expect(menuJson).not.toContain('service');

    await putPaymentSettings(t, s.restaurant._id, { service_percent: 0 });
    const third = (await get(url)).body;
    expect(serviceLine(third)).toBeUndefined();
    expect(dataBlock(third).service).toBe(0);
  });
});

describe('the service charge the page computes', () => {
  it('is the one the server puts on the order, to the so’m', async () => {
    const s = await payingRestaurant(t, { servicePercent: 15 });
    const prices = [12345, 12344, 9999, 1005, 333, 25000];
    for (const price of prices) {
      const product = await createProduct(t.db, s.category._id, { price });
      for (const quantity of [1, 3]) {
        const res = await postOrder(t, s.restaurant.slug, {
          table_id: s.table.token,
          items: [{ ...line(product._id), quantity }],
        });
        expect(res.statusCode, `${price} × ${quantity}`).toBe(201);
        const order = res.json().data as { total: number; service: number; service_percent: number };
        expect(order.service_percent).toBe(15);
        expect(order.service, `${price} × ${quantity}`).toBe(serviceCharge(order.total, 15));
      }
    }
  });
});
