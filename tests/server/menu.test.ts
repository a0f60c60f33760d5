import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '../../lib/format';
import { categories, optionRows, products, restaurants } from '../../server/db/schema';
import { MenuCache } from '../../server/menu/cache';
import type { MenuData } from '../../server/menu/data';
import { telHref } from '../../server/menu/format';
import { escapeHtml, html } from '../../server/menu/html';
import { negotiateEncoding } from '../../server/menu/http';
import { createTestApp, type TestApp } from '../support/app';
import {
  createCategory,
  createOption,
  createProduct,
  createRestaurant,
  createRow,
  createUser,
} from '../support/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

interface ShownProduct {
  name: string;
  price: string;
  greyed: boolean;
  badge: boolean;
  options: { name: string; rows: string[] }[];
}
interface ShownCategory {
  title: string;
  products: ShownProduct[];
}

/** What the page shows, read from the HTML exactly as a browser without JavaScript gets it. */
function readMenu(page: string): { nav: string[]; categories: ShownCategory[] } {
  const nav = [
    ...(/<nav class="ct[^"]*"[^>]*>(.*?)<\/nav>/.exec(page)?.[1] ?? '').matchAll(/<a href="#c\d+">(.*?)<\/a>/g),
  ].map((m) => decode(m[1]!));
  const shown = [...page.matchAll(/<section id="(c\d+)"[^>]*><h2[^>]*>(.*?)<\/h2>(.*?)<\/section>/g)].map((s) => ({
    title: decode(s[2]!),
    products: [...s[3]!.matchAll(/<article class="([^"]*)"[^>]*>(.*?)<\/article>/g)].map((a) => {
      const body = a[2]!;
      return {
        name: decode(/<h3>(.*?)<\/h3>/.exec(body)![1]!),
        price: decode(/<span class="pr">(.*?)<\/span>/.exec(body)![1]!),
        greyed: a[1]!.split(' ').includes('off'),
        badge: body.includes('<span class="st">Vaqtincha mavjud emas</span>'),
        options: [...body.matchAll(/<div class="og"><h4>(.*?)<\/h4><ul>(.*?)<\/ul><\/div>/g)].map((o) => ({
          name: decode(o[1]!),
          rows: [...o[2]!.matchAll(/<li>(.*?)<\/li>/g)].map((r) =>
            decode(
              r[1]!
                .replace(/<[^>]+>/g, ' ')
                // Markup's gaps are spaces; a price's own no-break spaces stay.
                .replace(/[ \t\n]+/g, ' ')
                .trim(),
            ),
          ),
        })),
      };
    }),
  }));
  return { nav, categories: shown };
}

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('formatPrice', () => {
  it("groups thousands with no-break spaces, rounds down to whole so'm and appends so'm", () => {
    expect(formatPrice(25000)).toBe("25\u00a0000\u00a0so'm");
    expect(formatPrice(0)).toBe("0\u00a0so'm");
    expect(formatPrice(999)).toBe("999\u00a0so'm");
    expect(formatPrice(1000)).toBe("1\u00a0000\u00a0so'm");
    expect(formatPrice(100000)).toBe("100\u00a0000\u00a0so'm");
    expect(formatPrice(1234567.99)).toBe("1\u00a0234\u00a0567\u00a0so'm");
    expect(formatPrice(12000.5)).toBe("12\u00a0000\u00a0so'm");
    expect(formatPrice(0.99)).toBe("0\u00a0so'm");
    expect(formatPrice(-5000)).toBe("-5\u00a0000\u00a0so'm");
  });

  it('makes a tel: link from a phone number as typed', () => {
    expect(telHref('+998 71 200-10-10')).toBe('tel:+998712001010');
    expect(telHref('(71) 200 10 10')).toBe('tel:712001010');
    expect(telHref('yo‘q')).toBeUndefined();
  });
});

describe('html escaping', () => {
  it('escapes every interpolated value, arrays included, and renders false/null/undefined as nothing', () => {
    const name = `<img src=x onerror="alert('x')">&`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;">&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;</p>',
    );
    expect(html`<ul>${['<a>', html`<li>${'<b>'}</li>`]}</ul>`.value).toBe('<ul>&lt;a&gt;<li>&lt;b&gt;</li></ul>');
    expect(html`${false}${null}${undefined}${0}`.value).toBe('0');
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});

describe('GET /menu', () => {
  it('shows exactly the active categories, in order, with their products in order and formatted prices', async () => {
    const r = await createRestaurant(t.db, { name: 'Choyxona Bahor' });
    // Inserted out of order: the page follows `position`, not insertion.
    const drinks = await createCategory(t.db, r._id, { title: 'Ichimliklar', position: 2 });
    const soups = await createCategory(t.db, r._id, { title: 'Shorvalar', position: 0 });
    const hidden = await createCategory(t.db, r._id, { title: 'Yopiq kategoriya', position: 1, is_active: false });
    await createProduct(t.db, soups._id, { name: 'Mastava', price: 25000, position: 1 });
    const shorva = await createProduct(t.db, soups._id, { name: "Sho'rva", price: 1234567.89, position: 0 });
    await createProduct(t.db, soups._id, { name: 'Lagmon', price: 32000, position: 2 });
    await createProduct(t.db, drinks._id, { name: 'Choy', price: 5000, position: 0 });
    await createProduct(t.db, hidden._id, { name: 'Yashirin taom', price: 1000 });
    const portion = await createOption(t.db, shorva._id, { name: 'Porsiya' });
    await createRow(t.db, portion._id, { name: '0.5 porsiya', price: 0 });
    await createRow(t.db, portion._id, { name: '1.5 porsiya', price: 12000.75 });
    // Written in one statement (same created_at): rows still list in the order they were given.
    const extra = await createOption(t.db, shorva._id, { name: "Qo'shimcha" });
    await t.db.insert(optionRows).values(
      ['Qazi', 'Bedana tuxumi', 'Non', 'Achchiq qalampir'].map((name, i) => ({
        product_option_id: extra._id,
        name,
        price: 1000 * (4 - i),
      })),
    );
    // Another restaurant's menu never leaks in.
    const other = await createRestaurant(t.db);
    const otherCategory = await createCategory(t.db, other._id, { title: 'Begona kategoriya' });
    await createProduct(t.db, otherCategory._id, { name: 'Begona taom' });

    const res = await page(`/menu?slug=${r.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const menu = readMenu(res.body);
    expect(menu.nav).toEqual(['Shorvalar', 'Ichimliklar']);
    expect(menu.categories.map((c) => c.title)).toEqual(['Shorvalar', 'Ichimliklar']);
    expect(menu.categories[0]!.products.map((p) => [p.name, p.price])).toEqual([
      ["Sho'rva", "1\u00a0234\u00a0567\u00a0so'm"],
      ['Mastava', "25\u00a0000\u00a0so'm"],
      ['Lagmon', "32\u00a0000\u00a0so'm"],
    ]);
    expect(menu.categories[0]!.products[0]!.options).toEqual([
      { name: 'Porsiya', rows: ['0.5 porsiya', "1.5 porsiya +12\u00a0000\u00a0so'm"] },
      {
        name: "Qo'shimcha",
        rows: [
          "Qazi +4\u00a0000\u00a0so'm",
          "Bedana tuxumi +3\u00a0000\u00a0so'm",
          "Non +2\u00a0000\u00a0so'm",
          "Achchiq qalampir +1\u00a0000\u00a0so'm",
        ],
      },
    ]);
    expect(menu.categories[1]!.products.map((p) => [p.name, p.price])).toEqual([['Choy', "5\u00a0000\u00a0so'm"]]);
    expect(res.body).not.toContain('Yopiq kategoriya');
    expect(res.body).not.toContain('Yashirin taom');
    expect(res.body).not.toContain('Begona');
  });

  it('shows the restaurant header: name, address, a tel: link, work hours, title, description and theme colour', async () => {
    const r = await createRestaurant(t.db, {
      name: 'Oqtepa Lavash',
      address: "Chilonzor, Bunyodkor ko'chasi 7",
      phone_number: '+998 90 111-22-33',
      work_time: '10:00 - 02:00',
    });
    const c = await createCategory(t.db, r._id, { title: 'Lavashlar' });
    await createProduct(t.db, c._id, { name: 'Lavash', price: 28000 });
    const body = (await page(`/menu?slug=${r.slug}`)).body;
    expect(body.startsWith('<!doctype html><html lang="uz">')).toBe(true);
    expect(body).toContain('<title>Oqtepa Lavash — Menyu</title>');
    expect(body).toMatch(/<meta name="description" content="Oqtepa Lavash menyusi: Lavashlar\. Chilonzor/);
    expect(body).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}">/);
    expect(body).toContain('<h1>Oqtepa Lavash</h1>');
    expect(body).toContain('<a href="tel:+998901112233">+998 90 111 22 33</a>');
    expect(decode(body)).toContain("Chilonzor, Bunyodkor ko'chasi 7");
    expect(body).toContain('10:00 - 02:00');
  });

  it('/menu/{slug} answers the same page as /menu?slug=', async () => {
    const r = await createRestaurant(t.db);
    const c = await createCategory(t.db, r._id);
    await createProduct(t.db, c._id);
    const byQuery = await page(`/menu?slug=${r.slug}`);
    const byPath = await page(`/menu/${r.slug}`);
    expect(byPath.statusCode).toBe(200);
    expect(byPath.body).toBe(byQuery.body);
    expect(byPath.headers.etag).toBe(byQuery.headers.etag);
  });

  it('shows stop-listed products greyed as "Vaqtincha mavjud emas" at the end of their category', async () => {
    const r = await createRestaurant(t.db);
    const c = await createCategory(t.db, r._id, { title: 'Taomlar' });
    await createProduct(t.db, c._id, { name: 'Manti', position: 0, is_active: false });
    await createProduct(t.db, c._id, { name: 'Osh', position: 1 });
    await createProduct(t.db, c._id, { name: 'Qozon kabob', position: 2, is_active: false });
    await createProduct(t.db, c._id, { name: 'Dimlama', position: 3 });
    const [taomlar] = readMenu((await page(`/menu?slug=${r.slug}`)).body).categories;
    expect(taomlar!.products.map((p) => [p.name, p.greyed, p.badge])).toEqual([
      ['Osh', false, false],
      ['Dimlama', false, false],
      ['Manti', true, true],
      ['Qozon kabob', true, true],
    ]);
  });

  it('hides stop-listed products when the restaurant says so, and a category left with nothing to show', async () => {
    const r = await createRestaurant(t.db, { hide_stopped: true });
    const c = await createCategory(t.db, r._id, { title: 'Taomlar', position: 0 });
    const allStopped = await createCategory(t.db, r._id, { title: 'Hammasi tugagan', position: 1 });
    await createProduct(t.db, c._id, { name: 'Manti', is_active: false });
    await createProduct(t.db, c._id, { name: 'Osh' });
    await createProduct(t.db, allStopped._id, { name: 'Somsa', is_active: false });
    const res = await page(`/menu?slug=${r.slug}`);
    const menu = readMenu(res.body);
    expect(menu.categories.map((cat) => [cat.title, cat.products.map((p) => p.name)])).toEqual([['Taomlar', ['Osh']]]);
    expect(menu.nav).toEqual(['Taomlar']);
    expect(res.body).not.toContain('Manti');
    expect(res.body).not.toContain('Vaqtincha mavjud emas');
  });

  it('answers a friendly Uzbek 404 page for an inactive restaurant, an unknown slug and a missing slug', async () => {
    const inactive = await createRestaurant(t.db, { is_active: false, name: 'Yopiq restoran' });
    const c = await createCategory(t.db, inactive._id);
    await createProduct(t.db, c._id, { name: 'Yopiq taom' });
    for (const url of [
      `/menu?slug=${inactive.slug}`,
      `/menu/${inactive.slug}`,
      '/menu?slug=bunday-restoran-yoq',
      '/menu/bunday-restoran-yoq',
      '/menu',
      '/menu?slug=',
      `/menu?slug=${'a'.repeat(5000)}`,
    ]) {
      const res = await page(url, { accept: 'text/html' });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<html lang="uz">');
      expect(res.body).toContain('<h1>Menyu topilmadi</h1>');
      expect(res.body).not.toContain('Yopiq');
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it('shows every text from the database as text, never as markup', async () => {
    const evil = '<script>alert(1)</script>';
    const r = await createRestaurant(t.db, {
      name: `${evil} "Restoran"`,
      address: `<img src=x onerror=alert(2)>`,
      work_time: `'><svg onload=alert(3)>`,
      phone_number: `"><a href="javascript:alert(4)">x</a>`,
    });
    const c = await createCategory(t.db, r._id, { title: `<b>${evil}</b>` });
    const p = await createProduct(t.db, c._id, {
      name: evil,
      description: `${evil}&amp;`,
      images: [{ file: 'javascript:alert(5)' }],
    });
    const o = await createOption(t.db, p._id, { name: evil });
    await createRow(t.db, o._id, { name: evil });
    const res = await page(`/menu?slug=${r.slug}`);
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toContain('<h3>&lt;script&gt;alert(1)&lt;/script&gt;</h3>');
    // The only <script> element is the page's own; nothing from the database opened a tag or an attribute.
    expect(body.match(/<script/g)).toHaveLength(1);
    expect(body).not.toMatch(/<(img|svg|a|b)[^>]*(onerror|onload|javascript:)/i);
    expect(body).not.toContain('<b><script>');
    expect(body).not.toContain('javascript:alert(5)');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&amp;amp;');
    const menu = readMenu(body);
    expect(menu.categories[0]!.title).toBe(`<b>${evil}</b>`);
    expect(menu.categories[0]!.products[0]!.name).toBe(evil);
    expect(menu.categories[0]!.products[0]!.options).toEqual([{ name: evil, rows: [`${evil} +5\u00a0000\u00a0so'm`] }]);
    // Defence in depth: the policy lets exactly the page's own script run.
    expect(res.headers['content-security-policy']).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+';/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('works without JavaScript: products and option rows are in the HTML, options in <details>', async () => {
    const r = await createRestaurant(t.db);
    const c = await createCategory(t.db, r._id, { title: 'Ichimliklar' });
    const kompot = await createProduct(t.db, c._id, { name: 'Kompot', price: 8000 });
    const size = await createOption(t.db, kompot._id, { name: 'Hajmi' });
    await createRow(t.db, size._id, { name: '0.5 l', price: 4000 });
    await createRow(t.db, size._id, { name: '1 l', price: 9000 });
    const body = (await page(`/menu?slug=${r.slug}`)).body;
    const withoutScript = body.replace(/<script>.*?<\/script>/s, '');
    expect(withoutScript).toMatch(
      /<details><summary>Variantlar<\/summary><div class="og"><h4>Hajmi<\/h4><ul><li><span>0\.5 l<\/span><b>\+4\u00a0000\u00a0so&#39;m<\/b><\/li><li><span>1 l<\/span><b>\+9\u00a0000\u00a0so&#39;m<\/b><\/li><\/ul><\/div><\/details>/,
    );
    expect(withoutScript).toContain('<h3>Kompot</h3>');
    // Jump links are plain anchors to the sections.
    expect(withoutScript).toContain('<a href="#c1">Ichimliklar</a>');
    expect(withoutScript).toContain('<section id="c1"');
    // The inline script stays small: about 1.2 KB of it is lib/search.ts's folding (cross-script search); a menu
    // without filter chips gets no chips' code (menu-dish-facts.test.ts).
    const script = /<script>(.*?)<\/script>/s.exec(body)![1]!;
    expect(script.length).toBeLessThan(3584);
  });

  it('renders responsive WebP images: thumbnail + display size, fixed size, lazy after the first few', async () => {
    const r = await createRestaurant(t.db, { image: '/uploads/cover1.webp', logotype: '/uploads/logo1.webp' });
    const c = await createCategory(t.db, r._id);
    for (let i = 0; i < 6; i++) {
      await createProduct(t.db, c._id, { name: `Taom ${i}`, position: i, images: [{ file: `/uploads/img${i}.webp` }] });
    }
    await createProduct(t.db, c._id, { name: 'Rasmsiz', position: 9 });
    const body = (await page(`/menu?slug=${r.slug}`)).body;
    expect(body).toContain(
      '<img class="ph" src="/uploads/img0-thumb.webp" srcset="/uploads/img0-thumb.webp 320w, /uploads/img0.webp 1200w" sizes="96px" width="96" height="96" alt="Taom 0" decoding="async">',
    );
    expect(body).toContain('alt="Taom 3" decoding="async">');
    expect(body).toContain('alt="Taom 4" loading="lazy" decoding="async">');
    expect(body).toMatch(/<img src="\/uploads\/cover1\.webp" srcset="[^"]+" sizes="[^"]+" width="640" height="280"/);
    expect(body).toContain('<img class="lg" src="/uploads/logo1-thumb.webp"');
    expect(body).toMatch(/<article class="p"[^>]*><div><h3>Rasmsiz<\/h3>/);
  });
});

describe('caching: ETag, 304 and invalidation', () => {
  it('keeps the ETag while nothing changes, answers 304, and changes it after a stop-list move', async () => {
    const r = await createRestaurant(t.db);
    const c = await createCategory(t.db, r._id);
    const osh = await createProduct(t.db, c._id, { name: 'Osh', position: 0 });
    await createProduct(t.db, c._id, { name: 'Manti', position: 1 });
    const other = await createRestaurant(t.db);

    const first = await page(`/menu?slug=${r.slug}`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await page(`/menu?slug=${r.slug}`);
    expect(again.headers.etag).toBe(etag);
    const notModified = await page(`/menu?slug=${r.slug}`, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);

    // A write to another restaurant, and a change event that changed nothing, keep the same version.
    t.app.menuChanged(other._id);
    t.app.menuChanged(r._id);
    const unchanged = await page(`/menu?slug=${r.slug}`, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);

    // Stop-list move: written to the database, then announced as every write route does.
    await t.db.update(products).set({ is_active: false }).where(eq(products._id, osh._id));
    t.app.menuChanged(r._id);
    const moved = await page(`/menu?slug=${r.slug}`, { 'if-none-match': etag });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).not.toBe(etag);
    const [category] = readMenu(moved.body).categories;
    expect(category!.products.map((p) => [p.name, p.greyed])).toEqual([
      ['Manti', false],
      ['Osh', true],
    ]);
    expect((await page(`/menu?slug=${r.slug}`, { 'if-none-match': moved.headers.etag as string })).statusCode).toBe(
      304,
    );
  });

  it('serves the cached page until the change event (the event, not a timer, decides freshness)', async () => {
    const r = await createRestaurant(t.db);
    const c = await createCategory(t.db, r._id);
    await createProduct(t.db, c._id, { name: 'Somsa' });
    const before = await page(`/menu?slug=${r.slug}`);
    await t.db.update(categories).set({ title: 'Yangi nom' }).where(eq(categories._id, c._id));
    expect((await page(`/menu?slug=${r.slug}`)).headers.etag).toBe(before.headers.etag);
    t.app.menuChanged(r._id);
    const after = await page(`/menu?slug=${r.slug}`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(readMenu(after.body).nav).toEqual(['Yangi nom']);
  });

  it('follows a slug change and a deactivation', async () => {
    const r = await createRestaurant(t.db);
    const c = await createCategory(t.db, r._id);
    await createProduct(t.db, c._id);
    expect((await page(`/menu?slug=${r.slug}`)).statusCode).toBe(200);
    const renamed = `${r.slug}-yangi`;
    await t.db.update(restaurants).set({ slug: renamed }).where(eq(restaurants._id, r._id));
    t.app.menuChanged(r._id);
    expect((await page(`/menu?slug=${r.slug}`)).statusCode).toBe(404);
    expect((await page(`/menu?slug=${renamed}`)).statusCode).toBe(200);
    await t.db.update(restaurants).set({ is_active: false }).where(eq(restaurants._id, r._id));
    t.app.menuChanged(r._id);
    expect((await page(`/menu?slug=${renamed}`)).statusCode).toBe(404);
  });

  it('an unknown slug is remembered (random slugs do not reach the database) until a restaurant write announces itself', async () => {
    const slug = `keyin-ochilgan-${Date.now()}`;
    expect((await page(`/menu?slug=${slug}`)).statusCode).toBe(404);
    const r = await createRestaurant(t.db, { slug }); // behind the API's back: not announced
    expect((await page(`/menu?slug=${slug}`)).statusCode).toBe(404);
    expect((await page(`/menu/data?slug=${slug}`)).statusCode).toBe(404);
    t.app.menuChanged(r._id); // what the create and update calls do once their write is committed
    expect((await page(`/menu?slug=${slug}`)).statusCode).toBe(200);
  });

  it('a restaurant created through the API after its slug was asked for appears at once', async () => {
    const admin = await createUser(t.app, t.db, 'admin');
    const manager = await createUser(t.app, t.db, 'manager');
    const slug = `yangi-${Date.now()}`;
    expect((await page(`/menu/${slug}`)).statusCode).toBe(404);
    const created = await t.app.inject({
      method: 'POST',
      url: '/admin/restaurants/create',
      headers: admin.headers,
      payload: {
        name: 'Yangi Restoran',
        slug,
        address: 'Toshkent',
        phone_number: '+998 90 123 45 67',
        work_time: '09:00 - 23:00',
        manager_id: manager._id,
        is_active: true,
      },
    });
    expect(created.statusCode).toBe(201);
    expect((await page(`/menu/${slug}`)).statusCode).toBe(200);
  });

  it('serves precompressed gzip and brotli bodies of the same page, each with its own ETag', async () => {
    const r = await createRestaurant(t.db);
    const c = await createCategory(t.db, r._id);
    for (let i = 0; i < 30; i++) await createProduct(t.db, c._id, { name: `Taom ${i}`, position: i });
    const plain = await page(`/menu?slug=${r.slug}`);
    const gz = await page(`/menu?slug=${r.slug}`, { 'accept-encoding': 'gzip, deflate' });
    const br = await page(`/menu?slug=${r.slug}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    // Compressed, not passed through (the inline script and CSS, 9 KB of this small page, compress least).
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2.5);
    const base = (plain.headers.etag as string).slice(1, -1);
    expect(gz.headers.etag).toBe(`"${base}-gz"`);
    expect(br.headers.etag).toBe(`"${base}-br"`);
    // A phone that cached the gzip body revalidates with its tag: same version, 304.
    const revalidated = await page(`/menu?slug=${r.slug}`, {
      'accept-encoding': 'gzip',
      'if-none-match': gz.headers.etag as string,
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('picks the encoding by the client’s q-values', () => {
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBe('identity');
  });
});

describe('GET /menu/data', () => {
  it('answers the same data as JSON with the same ETag rules, 404 and 400 for bad slugs', async () => {
    const r = await createRestaurant(t.db);
    const c = await createCategory(t.db, r._id, { title: 'Salatlar' });
    await createProduct(t.db, c._id, { name: 'Achchiq-chuchuk', price: 12000, is_active: false, position: 0 });
    await createProduct(t.db, c._id, { name: 'Toshkent salati', price: 22000, position: 1 });
    const res = await page(`/menu/data?slug=${r.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const { data } = res.json() as { data: MenuData };
    expect(data.restaurant).toMatchObject({ _id: r._id, name: r.name, slug: r.slug, hide_stopped: false });
    expect(data.categories.map((cat) => [cat.title, cat.products.map((p) => [p.name, p.price, p.is_active])])).toEqual([
      [
        'Salatlar',
        [
          ['Toshkent salati', 22000, true],
          ['Achchiq-chuchuk', 12000, false],
        ],
      ],
    ]);
    const etag = res.headers.etag as string;
    expect((await page(`/menu/data?slug=${r.slug}`, { 'if-none-match': etag })).statusCode).toBe(304);

    const unknown = await page('/menu/data?slug=yoq-restoran');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Restoran topilmadi.' });
    const missing = await page('/menu/data');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('"slug" maydoni majburiy.');
  });
});

describe('MenuCache', () => {
  const menuOf = (id: string): MenuData => ({
    restaurant: {
      _id: id,
      name: `Restoran ${id}`,
      slug: id,
      address: '',
      phone_number: '',
      work_time: '',
      image: null,
      logotype: null,
      hide_stopped: false,
    },
    categories: [],
  });

  it('shares one load between concurrent requests for a cold slug', async () => {
    let loads = 0;
    const cache = new MenuCache(async (slug) => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return menuOf(slug);
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.get('a')));
    expect(loads).toBe(1);
    expect(new Set(answers).size).toBe(1);
    await cache.get('a');
    expect(loads).toBe(1);
  });

  it('does not keep a load that was running while a write happened', async () => {
    let loads = 0;
    let release: () => void = () => {};
    const cache = new MenuCache(async (slug) => {
      loads++;
      if (loads === 1) await new Promise<void>((resolve) => (release = resolve));
      return menuOf(slug);
    });
    const running = cache.get('a');
    await new Promise((resolve) => setTimeout(resolve, 5));
    cache.invalidate('somebody-else');
    release();
    expect(await running).toBeDefined();
    expect(cache.size).toBe(0);
    await cache.get('a');
    expect(loads).toBe(2);
    expect(cache.size).toBe(1);
  });

  it('remembers a slug without a menu until any menu write, so unknown slugs do not reach the database', async () => {
    const known = new Set(['a']);
    let loads = 0;
    const cache = new MenuCache(async (slug) => {
      loads++;
      return known.has(slug) ? menuOf(slug) : undefined;
    });
    expect(await cache.get('x')).toBeUndefined();
    expect(await cache.get('x')).toBeUndefined();
    expect(loads).toBe(1);
    known.add('x'); // created (or renamed to x, or switched on): the write announces itself
    cache.invalidate('x-id');
    expect(await cache.get('x')).toBeDefined();
    expect(loads).toBe(2);
  });

  it('keeps at most maxMisses remembered misses, oldest dropped first', async () => {
    let loads = 0;
    const cache = new MenuCache(
      async () => {
        loads++;
        return undefined;
      },
      500,
      2,
    );
    await cache.get('x');
    await cache.get('y');
    await cache.get('z'); // drops x
    await cache.get('y');
    await cache.get('z');
    expect(loads).toBe(3);
    await cache.get('x');
    expect(loads).toBe(4);
  });

  it('keeps at most maxEntries menus, dropping the least recently used', async () => {
    const cache = new MenuCache(async (slug) => menuOf(slug), 2);
    await cache.get('a');
    await cache.get('b');
    await cache.get('a');
    await cache.get('c');
    expect(cache.size).toBe(2);
    let loads = 0;
    const counting = new MenuCache(async (slug) => {
      loads++;
      return menuOf(slug);
    }, 2);
    await counting.get('a');
    await counting.get('b');
    await counting.get('a');
    await counting.get('c'); // drops b, the least recently used
    await counting.get('a');
    expect(loads).toBe(3);
    await counting.get('b');
    expect(loads).toBe(4);
  });
});
