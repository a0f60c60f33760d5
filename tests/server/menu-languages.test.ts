import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyMatches, searchKey } from '../../lib/search';
import { categories, products, restaurants } from '../../server/db/schema';
import type { Language } from '../../server/schemas/translations';
import { createTestApp, type TestApp } from '../support/app';
import {
  createCategory,
  createOption,
  createProduct,
  createRestaurant,
  createRow,
  createUser,
  type TestUser,
} from '../support/fixtures';
import { suiteApp } from '../support/suite-app';

/**
 * The public menu in the diner's language: which language a request gets (?lang=, the remembered pick,
 * Accept-Language, the restaurant's first), what the page says in it, and that each language is its own cached page.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

const decode = (s: string) =>
  s
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const htmlLang = (body: string) => /<html lang="([^"]+)">/.exec(body)?.[1];
const productNames = (body: string) => [...body.matchAll(/<h3>(.*?)<\/h3>/g)].map((m) => decode(m[1]!));
const prices = (body: string) => [...body.matchAll(/<span class="pr">(.*?)<\/span>/g)].map((m) => decode(m[1]!));
const switcher = (body: string) =>
  [...(/<nav class="ln[^"]*"[^>]*>(.*?)<\/nav>/.exec(body)?.[1] ?? '').matchAll(/<a ([^>]*)>(.*?)<\/a>/g)].map((m) => ({
    name: decode(m[2]!),
    href: decode(/href="([^"]*)"/.exec(m[1]!)![1]!),
    current: m[1]!.includes('aria-current="true"'),
  }));

/** A restaurant in Uzbek, Russian and the given languages: Sho'rva translated to Russian, Somsa translated nowhere. */
async function multilingual(languages: Language[] = ['uz', 'ru', 'uz-Cyrl', 'en']) {
  const r = await createRestaurant(t.db, {
    name: 'Rayhon',
    languages,
    translations: { ru: { name: 'Райхон', work_time: 'с 9:00 до 23:00' }, en: { name: 'Rayhon Restaurant' } },
  });
  const c = await createCategory(t.db, r._id, { title: 'Suyuq taomlar', translations: { ru: { title: 'Супы' } } });
  const shorva = await createProduct(t.db, c._id, {
    name: "Sho'rva",
    description: "Qo'y go'shtidan",
    price: 32000,
    position: 0,
    translations: { ru: { name: 'Шурпа', description: 'Из баранины' }, en: { name: 'Shurpa soup' } },
  });
  const somsa = await createProduct(t.db, c._id, { name: 'Somsa', price: 8000, position: 1, is_active: false });
  const size = await createOption(t.db, shorva._id, { name: 'Hajmi', translations: { ru: { name: 'Размер' } } });
  await createRow(t.db, size._id, { name: 'Katta', price: 6000, translations: { ru: { name: 'Большая' } } });
  return { r, c, shorva, somsa };
}

describe('the language a request gets', () => {
  it('?lang=ru shows the Russian menu: translations, the menu’s own Russian texts and prices, <html lang="ru">', async () => {
    const { r } = await multilingual();
    const res = await get(`/menu?slug=${r.slug}&lang=ru`);
    expect(res.statusCode).toBe(200);
    expect(htmlLang(res.body)).toBe('ru');
    expect(res.headers['content-language']).toBe('ru');
    expect(res.body).toContain('<title>Райхон — Меню</title>');
    expect(res.body).toContain('<h1>Райхон</h1>');
    expect(res.body).toContain('<h2 id="h1">Супы</h2>');
    // Per field: Sho'rva has a Russian name, Somsa has none and stays Uzbek; the address has none either.
    expect(productNames(res.body)).toEqual(['Шурпа', 'Somsa']);
    expect(res.body).toContain('<p class="d">Из баранины</p>');
    expect(decode(res.body)).toContain("Toshkent, Navoiy ko'chasi 1");
    expect(res.body).toContain('<span class="vh">Время работы: </span>с 9:00 до 23:00');
    expect(prices(res.body)).toEqual(['32\u00a0000\u00a0сум', '8\u00a0000\u00a0сум']);
    expect(res.body).toContain('<span class="st">Временно нет в наличии</span>');
    expect(res.body).toContain('<summary>Варианты</summary><div class="og"><h4>Размер</h4>');
    expect(res.body).toContain('<span>Большая</span><b>+6\u00a0000\u00a0сум</b>');
    expect(res.body).toContain('<footer class="w">Цены указаны в сумах.</footer>');
    expect(res.body).toContain('aria-label="Поиск по меню"');
    expect(res.body).not.toContain('Vaqtincha mavjud emas');
    // The same through /menu/{slug}.
    expect((await get(`/menu/${r.slug}?lang=ru`)).body).toBe(res.body);
  });

  it('uz-Cyrl needs no translation: the Latin texts transliterated, the menu’s own words in Cyrillic Uzbek', async () => {
    const { r } = await multilingual();
    const res = await get(`/menu/${r.slug}?lang=uz-Cyrl`);
    expect(htmlLang(res.body)).toBe('uz-Cyrl');
    expect(productNames(res.body)).toEqual(['Шўрва', 'Сомса']);
    expect(res.body).toContain('<h2 id="h1">Суюқ таомлар</h2>');
    expect(res.body).toContain('<p class="d">Қўй гўштидан</p>');
    expect(prices(res.body)).toEqual(['32\u00a0000\u00a0сўм', '8\u00a0000\u00a0сўм']);
    expect(res.body).toContain('<span class="st">Вақтинча мавжуд эмас</span>');
    expect(res.body).toContain('<footer class="w">Нархлар сўмда кўрсатилган.</footer>');
  });

  it('English: its own texts, UZS prices', async () => {
    const { r } = await multilingual();
    const res = await get(`/menu/${r.slug}?lang=en`);
    expect(htmlLang(res.body)).toBe('en');
    expect(productNames(res.body)).toEqual(['Shurpa soup', 'Somsa']);
    expect(prices(res.body)).toEqual(['32\u00a0000\u00a0UZS', '8\u00a0000\u00a0UZS']);
    expect(res.body).toContain('<span class="st">Temporarily unavailable</span>');
  });

  it('?lang= of a language the restaurant does not offer shows its first language', async () => {
    const { r } = await multilingual(['ru', 'uz']);
    const res = await get(`/menu?slug=${r.slug}&lang=en`, { 'accept-language': 'uz' });
    expect(htmlLang(res.body)).toBe('ru');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(htmlLang((await get(`/menu?slug=${r.slug}&lang=de`)).body)).toBe('ru');
  });

  it('without ?lang=: the remembered pick, then Accept-Language (q-values honoured), then the first language', async () => {
    const { r } = await multilingual(['uz', 'ru', 'uz-Cyrl', 'en']);
    const url = `/menu/${r.slug}`;
    expect(htmlLang((await get(url, { cookie: 'menyu_lang=en', 'accept-language': 'ru' })).body)).toBe('en');
    expect(htmlLang((await get(url, { 'accept-language': 'ru-RU,ru;q=0.9,en-US;q=0.8' })).body)).toBe('ru');
    expect(htmlLang((await get(url, { 'accept-language': 'uz-Cyrl-UZ' })).body)).toBe('uz-Cyrl');
    expect(htmlLang((await get(url, { 'accept-language': 'ru;q=0.4, en;q=0.8' })).body)).toBe('en');
    expect(htmlLang((await get(url, { 'accept-language': 'de-DE, fr;q=0.5' })).body)).toBe('uz');
    expect(htmlLang((await get(url)).body)).toBe('uz');
    // A remembered language this restaurant does not offer falls through to the browser's.
    const { r: other } = await multilingual(['uz', 'ru']);
    expect(
      htmlLang((await get(`/menu/${other.slug}`, { cookie: 'menyu_lang=en', 'accept-language': 'ru-RU' })).body),
    ).toBe('ru');
  });

  it('Vary names Accept-Language and Cookie only when they decided the language', async () => {
    const { r } = await multilingual(['uz', 'ru']);
    const negotiated = await get(`/menu/${r.slug}`, { 'accept-language': 'ru', 'accept-encoding': 'gzip' });
    expect(negotiated.headers.vary).toBe('accept-encoding, accept-language, cookie');
    // A ?lang= URL is one page for everybody.
    const linked = await get(`/menu/${r.slug}?lang=ru`, { cookie: 'menyu_lang=ru', 'accept-language': 'en' });
    expect(linked.headers.vary).toBe('accept-encoding');
    expect(linked.headers['cache-control']).toBe('no-cache');
    // A restaurant with one language has nothing to negotiate.
    const single = await createRestaurant(t.db);
    await createProduct(t.db, (await createCategory(t.db, single._id))._id);
    const plain = await get(`/menu/${single.slug}`, { 'accept-language': 'ru', cookie: 'menyu_lang=ru' });
    expect(htmlLang(plain.body)).toBe('uz');
    expect(plain.headers.vary).toBe('accept-encoding');
  });
});

describe('the switcher', () => {
  it('lists the restaurant’s languages in its order, each by its own name, the current one marked', async () => {
    const { r } = await multilingual(['uz', 'ru', 'uz-Cyrl', 'en']);
    const res = await get(`/menu/${r.slug}?lang=uz-Cyrl`);
    expect(switcher(res.body)).toEqual([
      { name: "O'zbekcha", href: `/menu?slug=${r.slug}&lang=uz`, current: false },
      { name: 'Русский', href: `/menu?slug=${r.slug}&lang=ru`, current: false },
      { name: 'Ўзбекча', href: `/menu?slug=${r.slug}&lang=uz-Cyrl`, current: true },
      { name: 'English', href: `/menu?slug=${r.slug}&lang=en`, current: false },
    ]);
    expect(res.body).toContain(`<a href="/menu?slug=${r.slug}&amp;lang=ru" lang="ru" hreflang="ru">Русский</a>`);
  });

  it('is not shown for a restaurant with one language', async () => {
    const { r } = await multilingual(['uz']);
    const res = await get(`/menu/${r.slug}`);
    expect(switcher(res.body)).toEqual([]);
    expect(res.body).not.toContain('class="ln');
  });

  it('following a link remembers the pick for a year (path /menu, SameSite=Lax), and the answer is private', async () => {
    const { r } = await multilingual(['uz', 'ru']);
    const picked = await get(`/menu?slug=${r.slug}&lang=ru`);
    expect(picked.headers['set-cookie']).toBe('menyu_lang=ru; Path=/menu; Max-Age=31536000; SameSite=Lax; HttpOnly');
    expect(picked.headers['cache-control']).toBe('private, no-cache');
    // Already remembered: nothing to set, nothing private.
    const again = await get(`/menu?slug=${r.slug}&lang=ru`, { cookie: 'menyu_lang=ru' });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.headers['cache-control']).toBe('no-cache');
    // The next visit without ?lang= (the QR code's URL) opens in the remembered language.
    expect(htmlLang((await get(`/menu?slug=${r.slug}`, { cookie: 'menyu_lang=ru' })).body)).toBe('ru');
  });
});

describe('each language is its own cached page', () => {
  it('two languages, two ETags; one language’s tag never answers 304 for the other, nor its bytes', async () => {
    const { r } = await multilingual(['uz', 'ru']);
    const ru = await get(`/menu/${r.slug}?lang=ru`, { 'accept-encoding': 'gzip' });
    const uz = await get(`/menu/${r.slug}?lang=uz`, { 'accept-encoding': 'gzip' });
    expect(ru.headers.etag).not.toBe(uz.headers.etag);
    expect(htmlLang(gunzipSync(ru.rawPayload).toString())).toBe('ru');
    expect(htmlLang(gunzipSync(uz.rawPayload).toString())).toBe('uz');
    // Revalidating the Russian page with the Uzbek page's tag (a diner who switched): the Russian page, in full.
    const switched = await get(`/menu/${r.slug}`, {
      'accept-encoding': 'gzip',
      'accept-language': 'ru',
      'if-none-match': uz.headers.etag as string,
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.headers.etag).toBe(ru.headers.etag);
    expect(htmlLang(gunzipSync(switched.rawPayload).toString())).toBe('ru');
    // Its own tag: 304, with the same Vary and language.
    const same = await get(`/menu/${r.slug}?lang=ru`, { 'if-none-match': ru.headers.etag as string });
    expect(same.statusCode).toBe(304);
    expect(same.headers['content-language']).toBe('ru');
  });

  it('a translation saved through the API changes that language’s page at once; the other keeps its tag', async () => {
    const manager: TestUser = await createUser(t.app, t.db, 'manager');
    const { r, shorva } = await multilingual(['uz', 'ru']);
    await t.db.update(restaurants).set({ manager_id: manager._id }).where(eq(restaurants._id, r._id));
    const ruBefore = await get(`/menu/${r.slug}?lang=ru`);
    const uzBefore = await get(`/menu/${r.slug}?lang=uz`);
    const save = (translations: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/manager/products/${shorva._id}`,
        headers: manager.headers,
        payload: { translations },
      });
    expect((await save({ ru: { name: 'Шурпа', description: 'Суп из баранины' } })).statusCode).toBe(200);
    const ruAfter = await get(`/menu/${r.slug}?lang=ru`, { 'if-none-match': ruBefore.headers.etag as string });
    expect(ruAfter.statusCode).toBe(200);
    expect(ruAfter.body).toContain('Суп из баранины');
    // The Uzbek page was rendered again too, to the same bytes: the same tag, a 304.
    const uzAfter = await get(`/menu/${r.slug}?lang=uz`, { 'if-none-match': uzBefore.headers.etag as string });
    expect(uzAfter.statusCode).toBe(304);
    // A name is searched on every page: the Uzbek page changes with the Russian name (its search key), nothing else.
    expect((await save({ ru: { name: 'Шурпа из баранины' } })).statusCode).toBe(200);
    expect(productNames((await get(`/menu/${r.slug}?lang=ru`)).body)[0]).toBe('Шурпа из баранины');
    const uzRenamed = await get(`/menu/${r.slug}?lang=uz`, { 'if-none-match': uzBefore.headers.etag as string });
    expect(uzRenamed.statusCode).toBe(200);
    const key = (body: string) => /data-k="([^"]*)"/.exec(body)![1]!;
    expect(key(uzRenamed.body)).toBe(`${searchKey("Sho'rva")} ${searchKey('Шурпа из баранины')}`);
    expect(uzRenamed.body.replace(key(uzRenamed.body), key(uzBefore.body))).toBe(uzBefore.body);
  });

  it('a change behind the API’s back shows after the change event, in every language', async () => {
    const { r, c } = await multilingual(['uz', 'ru']);
    await get(`/menu/${r.slug}?lang=ru`);
    await t.db
      .update(categories)
      .set({ translations: { ru: { title: 'Первые блюда' } } })
      .where(eq(categories._id, c._id));
    expect((await get(`/menu/${r.slug}?lang=ru`)).body).toContain('<h2 id="h1">Супы</h2>');
    t.app.menuChanged(r._id);
    expect((await get(`/menu/${r.slug}?lang=ru`)).body).toContain('<h2 id="h1">Первые блюда</h2>');
  });

  it('every language page of a 200-product menu stays within 30 KB gzip', async () => {
    const r = await createRestaurant(t.db, { languages: ['uz', 'uz-Cyrl', 'ru', 'en'] });
    for (let k = 0; k < 10; k++) {
      const c = await createCategory(t.db, r._id, {
        title: `Kategoriya ${k + 1}`,
        position: k,
        translations: { ru: { title: `Категория ${k + 1}` }, en: { title: `Category ${k + 1}` } },
      });
      await t.db.insert(products).values(
        Array.from({ length: 20 }, (_, p) => ({
          category_id: c._id,
          name: `Taom ${k * 20 + p + 1} go'shtli`,
          description: "Mazali taom: go'sht, sabzavot va ziravorlar bilan",
          price: 10_000 + p * 1_500,
          position: p,
          is_active: p % 10 !== 9,
          translations: {
            ru: { name: `Блюдо ${k * 20 + p + 1} с мясом`, description: 'Вкусное блюдо: мясо, овощи и специи' },
            en: { name: `Dish ${k * 20 + p + 1} with meat`, description: 'Tasty dish: meat, vegetables and spices' },
          },
        })),
      );
    }
    for (const lang of ['uz', 'uz-Cyrl', 'ru', 'en']) {
      const res = await get(`/menu/${r.slug}?lang=${lang}`, { 'accept-encoding': 'gzip' });
      const body = gunzipSync(res.rawPayload).toString();
      expect(htmlLang(body)).toBe(lang);
      expect(productNames(body)).toHaveLength(200);
      expect(res.rawPayload.length, lang).toBeLessThanOrEqual(30 * 1024);
    }
  });
});

describe('the rest of the menu in the diner’s language', () => {
  it('the 404 page speaks the diner’s language (their pick, ?lang= or the browser’s), Uzbek by default', async () => {
    const unknown = '/menu/bunday-restoran-yoq';
    const uz = await get(unknown);
    expect(uz.statusCode).toBe(404);
    expect(htmlLang(uz.body)).toBe('uz');
    expect(uz.body).toContain('<h1>Menyu topilmadi</h1>');
    const ru = await get(unknown, { 'accept-language': 'ru-RU,ru;q=0.9' });
    expect(ru.statusCode).toBe(404);
    expect(ru.body).toContain('<h1>Меню не найдено</h1>');
    expect(ru.headers.vary).toBe('accept-encoding, accept-language, cookie');
    expect((await get(`${unknown}?lang=en`)).body).toContain('<h1>Menu not found</h1>');
    expect((await get('/menu?slug=yoq', { cookie: 'menyu_lang=uz-Cyrl' })).body).toContain('<h1>Меню топилмади</h1>');
  });

  it('/menu/data answers Uzbek exactly as before, and the asked language with ?lang=', async () => {
    const { r } = await multilingual(['uz', 'ru']);
    const uz = await get(`/menu/data?slug=${r.slug}`, { 'accept-language': 'ru', cookie: 'menyu_lang=ru' });
    const data = uz.json().data;
    expect(data.restaurant.name).toBe('Rayhon');
    expect(Object.keys(data.restaurant)).toEqual([
      '_id',
      'name',
      'slug',
      'address',
      'phone_number',
      'work_time',
      'image',
      'logotype',
      'hide_stopped',
    ]);
    expect(Object.keys(data.categories[0])).toEqual(['_id', 'title', 'products']);
    expect(Object.keys(data.categories[0].products[0])).toEqual([
      '_id',
      'name',
      'description',
      'price',
      'is_active',
      'images',
      'options',
    ]);
    expect(Object.keys(data.categories[0].products[0].options[0])).toEqual([
      '_id',
      'name',
      'required',
      'min_choices',
      'max_choices',
      'rows',
    ]);
    expect(Object.keys(data.categories[0].products[0].options[0].rows[0])).toEqual(['_id', 'name', 'price']);
    const ru = await get(`/menu/data?slug=${r.slug}&lang=ru`);
    expect(ru.headers['content-language']).toBe('ru');
    expect(ru.json().data.categories[0].products.map((p: { name: string }) => p.name)).toEqual(['Шурпа', 'Somsa']);
    expect(ru.headers.etag).not.toBe(uz.headers.etag);
    expect(uz.headers['content-language']).toBe('uz');
  });

  it('/menu/data without ?lang= is Uzbek even when the restaurant lists another language first', async () => {
    const { r } = await multilingual(['ru', 'uz']);
    const res = await get(`/menu/data?slug=${r.slug}`);
    expect(res.headers['content-language']).toBe('uz');
    expect(res.json().data.categories[0].products.map((p: { name: string }) => p.name)).toEqual(["Sho'rva", 'Somsa']);
  });

  it('every product carries its search key: its shown and its Uzbek name, folded across scripts', async () => {
    const { r } = await multilingual(['uz', 'ru']);
    const ru = await get(`/menu/${r.slug}?lang=ru`);
    const keys = [...ru.body.matchAll(/<article class="[^"]*" data-k="([^"]*)"/g)].map((m) => m[1]);
    // The folding is lib/search.ts's (the page's script folds the query with the same code): here, whose names it folds.
    expect(keys).toEqual([`${searchKey('Шурпа')} ${searchKey("Sho'rva")}`, searchKey('Somsa')]);
  });

  it('every page searches the names of every language the restaurant offers, and only those', async () => {
    const { r, c } = await multilingual(['uz', 'ru']);
    await createProduct(t.db, c._id, {
      name: 'Samarqand oshi',
      position: 2,
      translations: {
        ru: { name: 'Самаркандский плов' },
        'uz-Cyrl': { name: 'Самарқанд палови' },
        en: { name: 'Samarkand pilaf' },
      },
    });
    const uz = await get(`/menu/${r.slug}?lang=uz`);
    const keys = [...uz.body.matchAll(/<article class="[^"]*" data-k="([^"]*)"/g)].map((m) => m[1]!);
    // "плов" (or "plov") on the Uzbek page finds the dish by its Russian name, as the page's script compares them.
    const found = keys.filter((key) => keyMatches(key, searchKey('плов')));
    expect(found).toEqual([`${searchKey('Samarqand oshi')} ${searchKey('Самаркандский плов')}`]);
    expect(keys.filter((key) => keyMatches(key, searchKey('plov')))).toEqual(found);
    // English and a hand-written Uzbek Cyrillic are not offered here: not published, so not searched.
    expect(keys.some((key) => keyMatches(key, searchKey('pilaf')))).toBe(false);
    expect(keys.some((key) => keyMatches(key, searchKey('палови')))).toBe(false);

    // Offered, they are searched on every page, the Russian one too; the Cyrillic Uzbek one by either script.
    await t.db
      .update(restaurants)
      .set({ languages: ['uz', 'ru', 'uz-Cyrl', 'en'] })
      .where(eq(restaurants._id, r._id));
    t.app.menuChanged(r._id);
    const ru = await get(`/menu/${r.slug}?lang=ru`);
    const ruKeys = [...ru.body.matchAll(/<article class="[^"]*" data-k="([^"]*)"/g)].map((m) => m[1]!);
    for (const query of ['pilaf', 'палови', 'palovi', 'oshi', 'ош'])
      expect(ruKeys.filter((key) => keyMatches(key, searchKey(query))).length, query).toBe(1);
  });

  it('translated texts are text, never markup', async () => {
    const r = await createRestaurant(t.db, { languages: ['uz', 'ru'] });
    const c = await createCategory(t.db, r._id);
    await createProduct(t.db, c._id, { name: 'Osh', translations: { ru: { name: '<img src=x onerror=alert(1)>' } } });
    const res = await get(`/menu/${r.slug}?lang=ru`);
    expect(res.body).not.toContain('<img src=x');
    expect(productNames(res.body)).toEqual(['<img src=x onerror=alert(1)>']);
  });
});

describe('behind an HTTPS proxy', () => {
  describe('on an app of its own', () => {
    const proxied = suiteApp({ TRUST_PROXY: '127.0.0.1' });

    it('the remembered pick is a Secure cookie when the diner came over https', async () => {
      const r = await createRestaurant(proxied.db, { languages: ['uz', 'ru'] });
      await createProduct(proxied.db, (await createCategory(proxied.db, r._id))._id);
      const url = `/menu/${r.slug}?lang=ru`;
      const overHttps = await proxied.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(overHttps.headers['set-cookie']).toBe(
        'menyu_lang=ru; Path=/menu; Max-Age=31536000; SameSite=Lax; HttpOnly; Secure',
      );
      const overHttp = await proxied.app.inject({ method: 'GET', url });
      expect(overHttp.headers['set-cookie']).not.toContain('Secure');
    });
  });
});
