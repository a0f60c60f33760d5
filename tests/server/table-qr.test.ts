import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrintPasses } from '../../server/menu/print-pass';
import { qrSvgStats } from '../../server/menu/qr';
import { createTestApp, type TestApp } from '../support/app';
import { createRestaurant } from '../support/fixtures';
import { createTable } from './orders-fixtures';

/**
 * Each table's QR code and card, for the restaurant's staff only (the staff's print pass, `pass=`).
 * `/menu/qr.svg|png?slug=…&table={id}` encode the table's link `/menu/{slug}?table={token}`; `/menu/card?slug=…&table={id}`
 * is the A6 card naming the table; `/menu/cards?slug=…` prints every active table's card, four A6 cards to an A4 page.
 */

const BASE = 'https://menyu.example.uz';

function decodePng(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

async function decodeSvg(svg: string): Promise<string | undefined> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
    .resize(600)
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: `${BASE}/` });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
/** The staff's print pass for a restaurant, as GET /manager/tables hands it out (tables-api.test.ts tests that call). */
const pass = (restaurantId: string) => new PrintPasses(t.config.jwtSecret!).issue(restaurantId).pass;

describe('a table’s QR code', () => {
  it('the PNG and SVG decode to the table’s link, named after the table', async () => {
    const r = await createRestaurant(t.db, { slug: 'rayhon-stol' });
    const table = await createTable(t.db, r._id, { name: 'Ayvon 3' });
    const png = await get(`/menu/qr.png?slug=${r.slug}&pass=${pass(r._id)}&table=${table._id}&download=1`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe('attachment; filename="menyu-rayhon-stol-stol-Ayvon-3-qr.png"');
    expect(decodePng(png.rawPayload)).toBe(`${BASE}/menu/rayhon-stol?table=${table.token}`);

    const svg = await get(`/menu/qr.svg?slug=${r.slug}&pass=${pass(r._id)}&table=${table._id}`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-disposition']).toBe('inline; filename="menyu-rayhon-stol-stol-Ayvon-3-qr.svg"');
    expect(svg.body).not.toMatch(/<script|on\w+=/i);
    expect(await decodeSvg(svg.body)).toBe(`${BASE}/menu/rayhon-stol?table=${table.token}`);
    // The restaurant's own code is unchanged and differs.
    const plain = await get(`/menu/qr.png?slug=${r.slug}&pass=${pass(r._id)}`);
    expect(decodePng(plain.rawPayload)).toBe(`${BASE}/menu?slug=rayhon-stol`);
    expect(plain.headers.etag).not.toBe(png.headers.etag);
  });

  it('names a table with a name in another script by its id, and revalidates with an ETag', async () => {
    const r = await createRestaurant(t.db);
    const table = await createTable(t.db, r._id, { name: 'Терраса' });
    const res = await get(`/menu/qr.svg?slug=${r.slug}&pass=${pass(r._id)}&table=${table._id}`);
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="menyu-${r.slug}-stol-${table._id.slice(0, 8)}-qr.svg"`,
    );
    const again = await t.app.inject({
      url: `/menu/qr.svg?slug=${r.slug}&pass=${pass(r._id)}&table=${table._id}`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('is served for a switched-off table and an inactive restaurant (it is only the link)', async () => {
    const r = await createRestaurant(t.db, { is_active: false });
    const table = await createTable(t.db, r._id, { is_active: false });
    const res = await get(`/menu/qr.png?slug=${r.slug}&pass=${pass(r._id)}&table=${table._id}`);
    expect(res.statusCode).toBe(200);
    expect(decodePng(res.rawPayload)).toBe(`${BASE}/menu/${r.slug}?table=${table.token}`);
  });

  it('answers 404 for another restaurant’s or an unknown table and an unknown slug; 400 for a malformed table id', async () => {
    const r = await createRestaurant(t.db);
    const other = await createRestaurant(t.db);
    const foreign = await createTable(t.db, other._id);
    for (const kind of ['svg', 'png']) {
      for (const id of [foreign._id, '6f1c1b1e-0000-4000-8000-000000000000']) {
        const res = await get(`/menu/qr.${kind}?slug=${r.slug}&pass=${pass(r._id)}&table=${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Stol topilmadi.' });
      }
      const unknown = await get(`/menu/qr.${kind}?slug=bunday-yoq&table=${foreign._id}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Restoran topilmadi.');
      const malformed = await get(`/menu/qr.${kind}?slug=${r.slug}&pass=${pass(r._id)}&table=stol-5`);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toMatch(/^"table" maydoni noto'g'ri/);
    }
  });
});

describe('a table’s card', () => {
  it('names the table and its QR code opens the table’s page', async () => {
    const r = await createRestaurant(t.db, { name: 'Bahor Kafe' });
    const table = await createTable(t.db, r._id, { name: '<7> & 8' });
    const res = await get(`/menu/card?slug=${r.slug}&pass=${pass(r._id)}&table=${table._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'sha256-[^']+'; /);
    const body = res.body;
    expect(body).toContain('<h1>Bahor Kafe</h1>');
    // A name that is not a bare number is printed as written: no "Stol" before it.
    expect(body).toContain('<p class="tb"><b>&lt;7&gt; &amp; 8</b></p>');
    expect(body).toContain('<title>Bahor Kafe — &lt;7&gt; &amp; 8</title>');
    expect(body).toContain('@page{size:A6;margin:0}');
    expect(body).toContain(`<p class="url">${BASE}/menu/${r.slug}?table=${table.token}</p>`);
    const svg = /<svg[\s\S]*?<\/svg>/.exec(body)![0];
    expect(await decodeSvg(svg)).toBe(`${BASE}/menu/${r.slug}?table=${table.token}`);
    // The restaurant's own card names no table.
    const plain = await get(`/menu/card?slug=${r.slug}&pass=${pass(r._id)}`);
    expect(plain.body).not.toContain('class="tb"');
    expect(await decodeSvg(/<svg[\s\S]*?<\/svg>/.exec(plain.body)![0])).toBe(`${BASE}/menu?slug=${r.slug}`);
  });

  it('calls a numbered table "Stol 5" and a named one by its name, in every language the restaurant offers', async () => {
    const r = await createRestaurant(t.db, { name: 'Samarqand', languages: ['uz', 'ru', 'en'] });
    const five = await createTable(t.db, r._id, { name: '5' });
    const terrace = await createTable(t.db, r._id, { name: 'Terrasa 1' });
    const numbered = await get(`/menu/card?slug=${r.slug}&pass=${pass(r._id)}&table=${five._id}`);
    expect(numbered.body).toContain('<p class="tb">Stol · Стол · Table<b>5</b></p>');
    expect(numbered.body).toContain('<title>Samarqand — Stol 5</title>');
    expect(numbered.body).toContain('<p class="sc">Menyu va buyurtma uchun skanerlang</p>');
    expect(numbered.body).toContain('<p class="sc2">Отсканируйте, чтобы открыть меню и заказать</p>');
    expect(numbered.body).toContain('<p class="sc2">Scan for the menu and to order</p>');
    const named = await get(`/menu/card?slug=${r.slug}&pass=${pass(r._id)}&table=${terrace._id}`);
    expect(named.body).toContain('<p class="tb"><b>Terrasa 1</b></p>');
    expect(named.body).not.toContain('Stol Terrasa');
    // The restaurant's own card speaks the same languages.
    const plain = await get(`/menu/card?slug=${r.slug}`);
    expect(plain.body).toContain('<p class="sc">Menyuni ko&#39;rish uchun skanerlang</p>');
    expect(plain.body).toContain('<p class="sc2">Scan to see the menu</p>');
  });

  it('answers the 404 page for an unknown, malformed or another restaurant’s table', async () => {
    const r = await createRestaurant(t.db);
    const foreign = await createTable(t.db, (await createRestaurant(t.db))._id);
    for (const table of [foreign._id, '6f1c1b1e-0000-4000-8000-000000000000', 'stol']) {
      const res = await get(`/menu/card?slug=${r.slug}&pass=${pass(r._id)}&table=${table}`);
      expect(res.statusCode, table).toBe(404);
      expect(res.body).toContain('<h1>Menyu topilmadi</h1>');
    }
  });
});

describe('only for the restaurant’s staff: every page and image that shows a table’s code', () => {
  it('refuses them without a pass, with a forged or expired one, and with another restaurant’s (403, nothing of the table)', async () => {
    const r = await createRestaurant(t.db);
    const table = await createTable(t.db, r._id, { name: '3' });
    const other = await createRestaurant(t.db);
    const expired = new PrintPasses(t.config.jwtSecret!, () => Date.now() - 2 * 60 * 60 * 1000).issue(r._id).pass;
    const forged = `${Math.floor(Date.now() / 1000) + 3600}.${'A'.repeat(43)}`;
    for (const given of ['', `&pass=${expired}`, `&pass=${forged}`, `&pass=${pass(other._id)}`, '&pass=x']) {
      for (const url of [
        `/menu/qr.svg?slug=${r.slug}&table=${table._id}${given}`,
        `/menu/qr.png?slug=${r.slug}&table=${table._id}${given}`,
        `/menu/card?slug=${r.slug}&table=${table._id}${given}`,
        `/menu/cards?slug=${r.slug}${given}`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(403);
        expect(res.body, url).not.toContain(table.token);
        expect(res.body, url).toContain('Bu sahifa faqat restoran xodimlari uchun');
      }
    }
    // The restaurant's own code and card (no table) stay public.
    expect((await get(`/menu/qr.svg?slug=${r.slug}`)).statusCode).toBe(200);
    expect((await get(`/menu/card?slug=${r.slug}`)).statusCode).toBe(200);
  });
});

describe('every table’s card: /menu/cards', () => {
  it('prints the active tables, in order, four A6 cards to each A4 sheet', async () => {
    const r = await createRestaurant(t.db, { name: 'Rayhon' });
    const tables = [];
    for (let i = 1; i <= 6; i++) tables.push(await createTable(t.db, r._id, { name: String(i) }));
    const off = await createTable(t.db, r._id, { name: 'Yopiq', is_active: false });
    await createTable(t.db, (await createRestaurant(t.db))._id, { name: 'Begona' });

    const res = await get(`/menu/cards?slug=${r.slug}&pass=${pass(r._id)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'sha256-[^']+'; /);
    const body = res.body;
    expect(body).toContain('@page{size:A4;margin:0}');
    expect(body).toMatch(/\.sheet\{display:grid;grid-template-columns:105mm 105mm;grid-template-rows:148mm 148mm;/);
    expect(body).toMatch(/@media print\{[^@]*\.bar\{display:none\}/);
    const sheets = [...body.matchAll(/<section class="sheet">([\s\S]*?)<\/section>/g)].map((m) => m[1]!);
    expect(sheets).toHaveLength(2);
    const names = (sheet: string) => [...sheet.matchAll(/<p class="tb">Stol<b>(.*?)<\/b><\/p>/g)].map((m) => m[1]);
    expect(names(sheets[0]!)).toEqual(['1', '2', '3', '4']);
    expect(names(sheets[1]!)).toEqual(['5', '6']);
    expect(body).not.toContain('Yopiq');
    expect(body).not.toContain('Begona');
    expect(body).not.toContain(off._id);
    const svgs = [...body.matchAll(/<svg[\s\S]*?<\/svg>/g)].map((m) => m[0]);
    expect(svgs).toHaveLength(6);
    expect(await decodeSvg(svgs[5]!)).toBe(`${BASE}/menu/${r.slug}?table=${tables[5]!.token}`);
    expect(await decodeSvg(svgs[0]!)).toBe(`${BASE}/menu/${r.slug}?table=${tables[0]!.token}`);
  });

  it('draws each table’s code once: a reload of the sheet takes every code from the cache', async () => {
    const r = await createRestaurant(t.db);
    for (let i = 1; i <= 5; i++) await createTable(t.db, r._id, { name: `T${i}` });
    const first = await get(`/menu/cards?slug=${r.slug}&pass=${pass(r._id)}`);
    const before = { ...qrSvgStats };
    const again = await get(`/menu/cards?slug=${r.slug}&pass=${pass(r._id)}`);
    expect(again.body).toBe(first.body);
    expect(qrSvgStats.misses).toBe(before.misses);
    expect(qrSvgStats.hits).toBe(before.hits + 5);
    // A new table is drawn, the others still come from the cache.
    await createTable(t.db, r._id, { name: 'T6' });
    await get(`/menu/cards?slug=${r.slug}&pass=${pass(r._id)}`);
    expect(qrSvgStats.misses).toBe(before.misses + 1);
    expect(qrSvgStats.hits).toBe(before.hits + 10);
  });

  it('says so when there is no active table, and answers the 404 page for an unknown or inactive restaurant', async () => {
    const r = await createRestaurant(t.db);
    await createTable(t.db, r._id, { is_active: false });
    const empty = await get(`/menu/cards?slug=${r.slug}&pass=${pass(r._id)}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).not.toContain('<section class="sheet">');
    expect(empty.body).toContain('Faol stollar yo&#39;q');
    const inactive = await createRestaurant(t.db, { is_active: false });
    await createTable(t.db, inactive._id);
    for (const url of [`/menu/cards?slug=${inactive.slug}`, '/menu/cards?slug=bunday-yoq', '/menu/cards']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<h1>Menyu topilmadi</h1>');
    }
  });
});
