import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ORDER_TEXTS } from '../../lib/order-texts';
import { restaurants } from '../../server/db/schema';
import { TABLE_PAGES_KEPT } from '../../server/menu/cache';
import { escapeHtml } from '../../server/menu/html';
import { TABLE_NOTE_CSS } from '../../server/menu/order-styles';
import { createCategory, createOption, createProduct, createRestaurant, createRow } from '../support/fixtures';
import { setupTenants } from '../support/tenants';
import { createTable, orderingRestaurant } from './orders-fixtures';

/**
 * The menu page opened from a table's QR code (`/menu/{slug}?table={id}`): with ordering on and an active
 * table, the ordering page ("+" buttons, the data block, the ordering script by URL with Subresource Integrity, its own
 * CSP with connect-src 'self'); an unknown, inactive or other restaurant's table, the plain page with a note; without
 * `?table=` or with ordering off, exactly the plain page. The script is one immutable file; page and script each stay
 * within 30 KB gzip. Pages are rendered per language; a table's page is that page with the table's name put in.
 */

const t = setupTenants();
const KB30 = 30 * 1024;

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const SCRIPT_TAG =
  /<script src="(\/menu\/assets\/order\.([0-9a-f]{16})\.js)" integrity="(sha256-[A-Za-z0-9+/=]+)" defer><\/script>/;
const NOTE = `<p class="tn" role="note">${escapeHtml(ORDER_TEXTS.uz.tableNotFound)}</p>`;

/** The parts of a CSP by directive. */
function csp(res: LightMyRequestResponse): Record<string, string> {
  const header = String(res.headers['content-security-policy']);
  return Object.fromEntries(
    header.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values.join(' ')];
    }),
  );
}

const enableOrdering = (slug: string, on: boolean) =>
  t.call('owner', {
    method: 'PUT',
    url: `/manager/restaurants/update?slug=${slug}`,
    payload: { ordering_enabled: on },
  });

describe('the ordering page (ordering on, active table)', () => {
  it('adds "+" to each available product, ids and prices, the data block and the script tag; never the table’s id', async () => {
    const { restaurant, table, category, product } = await orderingRestaurant(t);
    const stopped = await createProduct(t.db, category._id, { name: 'Tugagan', is_active: false, price: 9000 });
    const option = await createOption(t.db, product._id, { name: 'Hajmi' });
    const row = await createRow(t.db, option._id, { name: 'Katta', price: 5000 });

    const res = await get(`/menu/${restaurant.slug}?table=${table.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const body = res.body;
    expect(body).toContain(
      `<article class="p" data-k="${/data-k="([^"]*)"/.exec(body)![1]}" data-s data-id="${product._id}" data-v="25000">`,
    );
    expect(body).toContain(
      `<button class="ad" type="button" aria-label="${escapeHtml(`Savatga qo'shish: ${product.name}`)}">+</button>`,
    );
    expect(body.match(/<button class="ad"/g)).toHaveLength(1);
    expect(body).toContain(`data-id="${stopped._id}" data-v="9000"`);
    expect(body).toContain(`<div class="og" data-o="${option._id}">`);
    expect(body).toContain(`<li data-r="${row._id}" data-v="5000">`);
    expect(body).toContain('data-call="waiter"');
    expect(body).toContain('data-call="bill"');
    const data = JSON.parse(/<script type="application\/json" id="od">(.*?)<\/script>/.exec(body)![1]!);
    expect(data).toMatchObject({ slug: restaurant.slug, t: { add: "Savatga qo'shish: {0}" } });
    const tag = SCRIPT_TAG.exec(body);
    expect(tag).not.toBeNull();
    // The tag comes after the menu's own inline script.
    expect(body.indexOf(tag![0])).toBeGreaterThan(body.lastIndexOf('<script>'));
    expect(body).not.toContain(table._id);
    expect(body).not.toContain(NOTE);
  });

  it('has its own CSP: the menu script by hash and scripts from this origin, connect-src self, nothing else loosened', async () => {
    const { restaurant, table } = await orderingRestaurant(t);
    const plain = csp(await get(`/menu/${restaurant.slug}`));
    const order = csp(await get(`/menu/${restaurant.slug}?table=${table.token}`));
    // The plain page's script sends its beacon to this origin (server/menu/stats.ts), and nowhere else.
    expect(plain['connect-src']).toBe("'self'");
    expect(plain['script-src']).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
    expect(order['script-src']).toBe(`${plain['script-src']} 'self'`);
    expect(order['connect-src']).toBe("'self'");
    const { 'script-src': _a, ...orderRest } = order;
    const { 'script-src': _c, ...plainRest } = plain;
    expect(orderRest).toEqual(plainRest);
    expect(order['default-src']).toBe("'none'");
    // No inline handler anywhere on the page (the CSP would block it anyway).
    expect((await get(`/menu/${restaurant.slug}?table=${table.token}`)).body).not.toMatch(/\son[a-z]+=/i);
  });

  it('is also served for /menu?slug=…&table=…', async () => {
    const { restaurant, table } = await orderingRestaurant(t);
    const short = await get(`/menu/${restaurant.slug}?table=${table.token}`);
    const long = await get(`/menu?slug=${restaurant.slug}&table=${table.token}`);
    expect(long.body).toBe(short.body);
    expect(SCRIPT_TAG.test(long.body)).toBe(true);
  });

  it('stops at once when the table is switched off, and comes back when it is on again', async () => {
    const { restaurant, table } = await orderingRestaurant(t);
    const url = `/menu/${restaurant.slug}?table=${table.token}`;
    expect(SCRIPT_TAG.test((await get(url)).body)).toBe(true);
    const off = await t.call('owner', {
      method: 'PUT',
      url: `/manager/tables/${table._id}`,
      payload: { is_active: false },
    });
    expect(off.statusCode).toBe(200);
    const lost = await get(url);
    expect(lost.body).toContain(NOTE);
    expect(SCRIPT_TAG.test(lost.body)).toBe(false);
    await t.call('owner', { method: 'PUT', url: `/manager/tables/${table._id}`, payload: { is_active: true } });
    expect(SCRIPT_TAG.test((await get(url)).body)).toBe(true);
  });
});

describe('the ordering script', () => {
  it('is served at its hashed path, immutable, with exactly the bytes the SRI names, in gzip and brotli too', async () => {
    const { restaurant, table } = await orderingRestaurant(t);
    const [, path, hex, integrity] = SCRIPT_TAG.exec(
      (await get(`/menu/${restaurant.slug}?table=${table.token}`)).body,
    )!;
    const plain = await get(path!);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const bytes = plain.rawPayload;
    expect(`sha256-${createHash('sha256').update(bytes).digest('base64')}`).toBe(integrity);
    expect(createHash('sha256').update(bytes).digest('hex').slice(0, 16)).toBe(hex);

    const gz = await get(path!, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(bytes)).toBe(true);
    expect(gz.rawPayload.length).toBeLessThanOrEqual(KB30);
    const br = await get(path!, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(bytes)).toBe(true);
    // No framework: a small script that a browser on a slow phone parses at once.
    expect(bytes.length).toBeLessThan(100 * 1024);
  });

  it('is not found under another hash', async () => {
    expect((await get('/menu/assets/order.0000000000000000.js')).statusCode).toBe(404);
  });
});

describe('a table link that cannot order: the plain page with a note', () => {
  it('answers an inactive, unknown, malformed or another restaurant’s table with the same noted page', async () => {
    const { restaurant } = await orderingRestaurant(t);
    const off = await createTable(t.db, restaurant._id, { is_active: false });
    const other = await orderingRestaurant(t);
    const plain = await get(`/menu/${restaurant.slug}`);
    const bodies: string[] = [];
    for (const table of [off._id, other.table._id, '6f1c1b1e-0000-4000-8000-000000000000', 'stol-5', '']) {
      const res = await get(`/menu/${restaurant.slug}?table=${encodeURIComponent(table)}`);
      expect(res.statusCode, table).toBe(200);
      expect(res.body, table).toContain(NOTE);
      expect(res.body).not.toContain('<button class="ad"');
      expect(SCRIPT_TAG.test(res.body)).toBe(false);
      expect(res.body).not.toContain('id="od"');
      expect(res.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
      bodies.push(res.body);
    }
    expect(new Set(bodies).size).toBe(1);
    // The note is all that differs from the plain page.
    expect(bodies[0]!.replace(NOTE, '').replace(`${TABLE_NOTE_CSS}</style>`, '</style>')).toBe(plain.body);
    expect(bodies[0]!.includes('<main class="w"><p class="tn"')).toBe(true);
  });

  it('speaks the page’s language', async () => {
    const { restaurant } = await orderingRestaurant(t, { languages: ['uz', 'ru'] });
    const res = await get(`/menu/${restaurant.slug}?lang=ru&table=nope`);
    expect(res.body).toContain(`<p class="tn" role="note">${escapeHtml(ORDER_TEXTS.ru.tableNotFound)}</p>`);
  });
});

describe('the plain page stays the plain page', () => {
  it('is byte-identical without ?table= whether ordering is on or off, and with ?table= while ordering is off', async () => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id });
    const c = await createCategory(t.db, r._id);
    const p = await createProduct(t.db, c._id, { name: 'Lagmon' });
    await createRow(t.db, (await createOption(t.db, p._id))._id, { name: 'Katta', price: 3000 });
    const table = await createTable(t.db, r._id);
    const before = await get(`/menu/${r.slug}`);
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain('data-id=');

    const offWithTable = await get(`/menu/${r.slug}?table=${table.token}`);
    expect(offWithTable.body).toBe(before.body);
    expect(offWithTable.headers.etag).toBe(before.headers.etag);
    expect(offWithTable.headers['content-security-policy']).toBe(before.headers['content-security-policy']);

    expect((await enableOrdering(r.slug, true)).statusCode).toBe(200);
    const onWithout = await get(`/menu/${r.slug}`);
    expect(onWithout.body).toBe(before.body);
    expect(onWithout.headers.etag).toBe(before.headers.etag);
    expect(onWithout.headers['content-security-policy']).toBe(before.headers['content-security-policy']);
    const onWith = await get(`/menu/${r.slug}?table=${table.token}`);
    expect(onWith.body).not.toBe(before.body);
    expect(onWith.headers.etag).not.toBe(before.headers.etag);

    // Switching it off again gives the plain page to the table link at once (the cached menu is dropped).
    expect((await enableOrdering(r.slug, false)).statusCode).toBe(200);
    expect((await get(`/menu/${r.slug}?table=${table.token}`)).body).toBe(before.body);
  });

  it('answers an inactive restaurant’s table link with the 404 page', async () => {
    const { restaurant, table } = await orderingRestaurant(t, { is_active: false });
    const res = await get(`/menu/${restaurant.slug}?table=${table.token}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<h1>Menyu topilmadi</h1>');
  });
});

/** The line under the restaurant's name that names the table. */
const tableLine = (body: string) => /<\/h1><p class="tl">(.*?)<\/p>/.exec(body)?.[1];

describe('the table on the menu (a swapped card is noticed before ordering)', () => {
  it('names the table under the restaurant’s name, in the page’s language, before anything is ordered', async () => {
    const { restaurant, table } = await orderingRestaurant(t, { languages: ['uz', 'uz-Cyrl', 'ru', 'en'] });
    const named = await createTable(t.db, restaurant._id, { name: 'Terrasa <1> & "VIP"' });
    const expected = { uz: 'Stol: 5', 'uz-Cyrl': 'Стол: 5', ru: 'Стол: 5', en: 'Table: 5' } as const;
    for (const [lang, line] of Object.entries(expected)) {
      const body = (await get(`/menu/${restaurant.slug}?lang=${lang}&table=${table.token}`)).body;
      expect(tableLine(body), lang).toBe(line);
      expect(line).toBe(ORDER_TEXTS[lang as keyof typeof expected].table.replace('{0}', '5'));
    }
    // A name is text, never markup.
    const body = (await get(`/menu/${restaurant.slug}?table=${named.token}`)).body;
    expect(tableLine(body)).toBe(escapeHtml('Stol: Terrasa <1> & "VIP"'));
    expect(body).not.toContain('\u0000');
  });

  it('names no table on the plain page, on a stale link’s page, or with ordering off', async () => {
    const { restaurant } = await orderingRestaurant(t);
    const off = await createTable(t.db, restaurant._id, { is_active: false, name: '9' });
    for (const url of [`/menu/${restaurant.slug}`, `/menu/${restaurant.slug}?table=${off.token}`]) {
      const body = (await get(url)).body;
      expect(body).not.toContain('class="tl"');
      expect(body).toContain('</h1>');
    }
  });
});

describe('caching: per language, the table’s name put in', () => {
  it('gives each table its page and ETag, differing from another table’s only by its name', async () => {
    const { restaurant, table } = await orderingRestaurant(t, { languages: ['uz', 'ru'] });
    const table2 = await createTable(t.db, restaurant._id, { name: '6' });
    const a = await get(`/menu/${restaurant.slug}?lang=uz&table=${table.token}`);
    const b = await get(`/menu/${restaurant.slug}?lang=uz&table=${table2.token}`);
    expect(tableLine(a.body)).toBe('Stol: 5');
    expect(tableLine(b.body)).toBe('Stol: 6');
    expect(b.body.replace('<p class="tl">Stol: 6</p>', '<p class="tl">Stol: 5</p>')).toBe(a.body);
    expect(b.headers.etag).not.toBe(a.headers.etag);
    // ?lang= remembers the pick in a cookie (private); a table link without it may be kept by any cache.
    expect(a.headers['cache-control']).toBe('private, no-cache');
    const shared = await get(`/menu/${restaurant.slug}?table=${table2.token}`);
    expect(shared.headers['cache-control']).toBe('no-cache');
    expect(shared.headers.etag).toBe(b.headers.etag);
    const revalidated = await get(`/menu/${restaurant.slug}?lang=uz&table=${table2.token}`, {
      'if-none-match': String(b.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    // One table's tag is no use for another's page.
    const crossedTables = await get(`/menu/${restaurant.slug}?lang=uz&table=${table.token}`, {
      'if-none-match': String(b.headers.etag),
    });
    expect(crossedTables.statusCode).toBe(200);

    const ruA = await get(`/menu/${restaurant.slug}?lang=ru&table=${table.token}`);
    const ruB = await get(`/menu/${restaurant.slug}?lang=ru&table=${table2.token}`);
    expect(ruB.body.replace('Стол: 6', 'Стол: 5')).toBe(ruA.body);
    expect(ruA.headers.etag).not.toBe(a.headers.etag);
    expect(ruA.body).toContain('<html lang="ru">');
    expect(ruA.body).toContain(escapeHtml(ORDER_TEXTS.ru.callWaiter));
    expect(JSON.parse(/id="od">(.*?)<\/script>/.exec(ruA.body)![1]!).t.add).toBe(ORDER_TEXTS.ru.add);
    // The plain page's ETag is no use for the ordering page, nor the other way round.
    const plain = await get(`/menu/${restaurant.slug}?lang=uz`);
    const crossed = await get(`/menu/${restaurant.slug}?lang=uz&table=${table.token}`, {
      'if-none-match': String(plain.headers.etag),
    });
    expect(crossed.statusCode).toBe(200);
  });

  it('shows a renamed table’s new name at the next load, and every table of a large hall its own', async () => {
    const { restaurant, table } = await orderingRestaurant(t);
    const url = `/menu/${restaurant.slug}?table=${table.token}`;
    const first = await get(url);
    const renamed = await t.call('owner', {
      method: 'PUT',
      url: `/manager/tables/${table._id}`,
      payload: { name: '15' },
    });
    expect(renamed.statusCode).toBe(200);
    const second = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(second.statusCode).toBe(200);
    expect(tableLine(second.body)).toBe('Stol: 15');
    // More tables than a menu keeps compressed: each still gets its own name, the first ones too when asked again.
    const hall = await Promise.all(
      Array.from({ length: TABLE_PAGES_KEPT + 8 }, (_, i) => createTable(t.db, restaurant._id, { name: `H${i}` })),
    );
    for (const round of [0, 1])
      for (const [i, h] of hall.entries()) {
        const res = await get(`/menu/${restaurant.slug}?table=${h.token}`);
        expect(tableLine(res.body), `round ${round}`).toBe(`Stol: H${i}`);
      }
  });

  it('shows a stop-list change on the ordering page at the next load', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const url = `/menu/${restaurant.slug}?table=${table.token}`;
    const first = await get(url);
    expect(first.body).toContain('<button class="ad"');
    const res = await t.call('owner', {
      method: 'PUT',
      url: `/manager/products/${product._id}`,
      payload: { is_active: false },
    });
    expect(res.statusCode).toBe(200);
    const second = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(second.statusCode).toBe(200);
    expect(second.body).not.toContain('<button class="ad"');
  });
});

describe('sizes', () => {
  it('keeps a 200-product ordering page (and its plain page) within 30 KB gzip', async () => {
    const { restaurant, table } = await orderingRestaurant(t);
    await t.db.update(restaurants).set({ name: 'Katta menyu' }).where(eq(restaurants._id, restaurant._id));
    for (let c = 0; c < 10; c++) {
      const category = await createCategory(t.db, restaurant._id, { title: `Bo'lim ${c}` });
      for (let i = 0; i < 20; i++) {
        const product = await createProduct(t.db, category._id, {
          name: `Taom ${c}-${i} mol go'shti bilan`,
          description: "Uy usulida tayyorlangan, ko'katlar va sabzavotlar bilan tortiladi.",
          price: 18000 + i * 1000,
        });
        if (i % 4 === 0) {
          const option = await createOption(t.db, product._id, { name: 'Hajmi' });
          await createRow(t.db, option._id, { name: 'Kichik', price: 0 });
          await createRow(t.db, option._id, { name: 'Katta', price: 6000 });
        }
      }
    }
    // The menu was cached before the rows were written straight into the database: a write through the API drops it.
    await enableOrdering(restaurant.slug, true);
    const page = await get(`/menu/${restaurant.slug}?table=${table.token}`, { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(page.rawPayload).toString('utf8');
    expect(html.match(/<button class="ad"/g)).toHaveLength(201);
    expect(page.rawPayload.length).toBeLessThanOrEqual(KB30);
    const plain = await get(`/menu/${restaurant.slug}`, { 'accept-encoding': 'gzip' });
    expect(plain.rawPayload.length).toBeLessThanOrEqual(KB30);
    expect(page.rawPayload.length).toBeGreaterThan(plain.rawPayload.length);
  });
});
