import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
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

/**
 * The public `/user/...` reads with `?lang=`: the translated texts in place of the Uzbek ones (each field
 * falling back to Uzbek, Uzbek Cyrillic transliterated unless written by hand), `lang` in the answer, the
 * restaurant's first language for one it does not offer, a 400 in Uzbek for an unknown code, each language cached
 * apart and dropped by a write; without `lang` the answer is the spec's, byte for byte.
 */
let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, t.db, 'manager');
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** A restaurant with translations in some languages and not others, so every fallback shows. */
async function multilingual(languages: Language[] = ['uz', 'ru', 'uz-Cyrl', 'en']) {
  const r = await createRestaurant(t.db, {
    name: 'Rayhon',
    address: "Navoiy ko'chasi 1",
    work_time: '09:00 - 23:00',
    manager_id: owner._id,
    languages,
    translations: { ru: { name: 'Райхон', work_time: 'с 9:00 до 23:00' }, en: { name: 'Rayhon Restaurant' } },
  });
  const soups = await createCategory(t.db, r._id, {
    title: 'Suyuq taomlar',
    position: 0,
    translations: { ru: { title: 'Супы' }, 'uz-Cyrl': { title: 'Шўрвалар' } },
  });
  const salads = await createCategory(t.db, r._id, { title: 'Salatlar', position: 1 });
  const shorva = await createProduct(t.db, soups._id, {
    name: "Sho'rva",
    description: "Qo'y go'shtidan",
    price: 32000,
    position: 0,
    translations: { ru: { name: 'Шурпа', description: 'Из баранины' }, en: { name: 'Shurpa soup' } },
  });
  await createProduct(t.db, soups._id, { name: 'Mastava', description: 'Guruchli', price: 25000, position: 1 });
  const size = await createOption(t.db, shorva._id, { name: 'Hajmi', translations: { ru: { name: 'Размер' } } });
  await createRow(t.db, size._id, { name: 'Katta', price: 6000, translations: { ru: { name: 'Большая' } } });
  await createRow(t.db, size._id, { name: 'Kichik', price: 0 });
  return { r, soups, salads, shorva };
}

type Urls = Awaited<ReturnType<typeof urlsOf>>;
async function urlsOf(languages?: Language[]) {
  const m = await multilingual(languages);
  return {
    m,
    view: `/user/restaurants/view?slug=${m.r.slug}`,
    categories: `/user/category?restaurant_id=${m.r._id}`,
    products: `/user/products/category/?category_id=${m.soups._id}`,
    productsNoSlash: `/user/products/category?category_id=${m.soups._id}`,
    product: `/user/products/${m.shorva._id}`,
  };
}
const withLang = (url: string, lang: string) =>
  `${url}${url.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}`;

/** What a diner reads from each call: the texts only. */
async function texts(u: Urls, lang?: string, headers: Record<string, string> = {}) {
  const at = (url: string) => get(lang === undefined ? url : withLang(url, lang), headers);
  const view = (await at(u.view)).json();
  const categories = (await at(u.categories)).json();
  const list = (await at(u.products)).json();
  const listNoSlash = (await at(u.productsNoSlash)).json();
  const product = (await at(u.product)).json();
  type P = {
    name: string;
    description: string;
    options: { name: string; rows: { name: string }[] }[];
    rows: { name: string }[];
  };
  const productTexts = (p: P) => ({
    name: p.name,
    description: p.description,
    options: p.options.map((o) => [o.name, ...o.rows.map((r) => r.name)]),
    rows: p.rows.map((r) => r.name),
  });
  expect(listNoSlash).toEqual(list);
  return {
    langs: [view.lang, categories.lang, list.lang, product.lang],
    restaurant: [view.data.name, view.data.address, view.data.work_time],
    categories: (categories.categories as { title: string }[]).map((c) => c.title),
    products: (list.data.products as P[]).map((p) => p.name),
    product: productTexts(product.data as P),
  };
}

describe('?lang= on the public reads', () => {
  it('ru: the Russian texts, each field without one in Uzbek, lang "ru" in every answer', async () => {
    const u = await urlsOf();
    expect(await texts(u, 'ru')).toEqual({
      langs: ['ru', 'ru', 'ru', 'ru'],
      restaurant: ['Райхон', "Navoiy ko'chasi 1", 'с 9:00 до 23:00'],
      categories: ['Супы', 'Salatlar'],
      products: ['Шурпа', 'Mastava'],
      product: {
        name: 'Шурпа',
        description: 'Из баранины',
        options: [['Размер', 'Большая', 'Kichik']],
        rows: ['Большая', 'Kichik'],
      },
    });
  });

  it('uz-Cyrl: transliterated automatically, a manual Cyrillic translation wins', async () => {
    const u = await urlsOf();
    expect(await texts(u, 'uz-Cyrl')).toEqual({
      langs: ['uz-Cyrl', 'uz-Cyrl', 'uz-Cyrl', 'uz-Cyrl'],
      restaurant: ['Райҳон', 'Навоий кўчаси 1', '09:00 - 23:00'],
      categories: ['Шўрвалар', 'Салатлар'],
      products: ['Шўрва', 'Мастава'],
      product: {
        name: 'Шўрва',
        description: 'Қўй гўштидан',
        options: [['Ҳажми', 'Катта', 'Кичик']],
        rows: ['Катта', 'Кичик'],
      },
    });
  });

  it('en: English where written, Uzbek elsewhere', async () => {
    const u = await urlsOf();
    expect(await texts(u, 'en')).toEqual({
      langs: ['en', 'en', 'en', 'en'],
      restaurant: ['Rayhon Restaurant', "Navoiy ko'chasi 1", '09:00 - 23:00'],
      categories: ['Suyuq taomlar', 'Salatlar'],
      products: ['Shurpa soup', 'Mastava'],
      product: {
        name: 'Shurpa soup',
        description: "Qo'y go'shtidan",
        options: [['Hajmi', 'Katta', 'Kichik']],
        rows: ['Katta', 'Kichik'],
      },
    });
  });

  it('the same for a signed-in owner (read from the database, not the cache)', async () => {
    const u = await urlsOf();
    const russian = await texts(u, 'ru', owner.headers);
    expect(russian.restaurant[0]).toBe('Райхон');
    expect(russian.categories).toEqual(['Супы', 'Salatlar']);
    expect(russian.product.options).toEqual([['Размер', 'Большая', 'Kichik']]);
    // The owner's extra fields stay.
    const view = (await get(withLang(u.view, 'ru'), owner.headers)).json();
    expect(view.data.manager).toEqual({ _id: owner._id, login: owner.login });
  });

  it('a language the restaurant does not offer answers its first language, and says so in lang', async () => {
    const u = await urlsOf(['ru', 'uz']);
    const english = await texts(u, 'en');
    expect(english.langs).toEqual(['ru', 'ru', 'ru', 'ru']);
    expect(english.products).toEqual(['Шурпа', 'Mastava']);
    // A restaurant in Uzbek alone answers Uzbek to any language.
    const uzbekOnly = await urlsOf(['uz']);
    const cyrillic = await texts(uzbekOnly, 'uz-Cyrl');
    expect(cyrillic.langs).toEqual(['uz', 'uz', 'uz', 'uz']);
    expect(cyrillic.products).toEqual(["Sho'rva", 'Mastava']);
  });

  it('an unknown language is a 400 in Uzbek naming the allowed codes, on every read', async () => {
    const u = await urlsOf();
    for (const url of [u.view, u.categories, u.products, u.productsNoSlash, u.product]) {
      for (const lang of ['de', 'RU', 'uz-cyrl', '']) {
        const res = await get(withLang(url, lang));
        expect(res.statusCode, `${url} ${lang}`).toBe(400);
        expect(res.json().message).toBe(
          "\"lang\" maydoni noto'g'ri: quyidagilardan biri bo'lishi kerak: uz, uz-Cyrl, ru, en.",
        );
      }
    }
  });
});

describe('without lang: the spec’s answer', () => {
  it('no lang, no translations, the Uzbek texts; byte for byte the lang=uz answer without its lang', async () => {
    const u = await urlsOf();
    for (const url of [u.view, u.categories, u.products, u.productsNoSlash, u.product]) {
      for (const headers of [{}, owner.headers]) {
        const plain = await get(url, headers);
        expect(plain.statusCode).toBe(200);
        expect(plain.payload).not.toContain('"lang"');
        expect(plain.payload).not.toContain('translations');
        expect(plain.payload).not.toMatch(/Шурпа|Райхон|Супы|Shurpa soup/);
        const uzbek = (await get(withLang(url, 'uz'), headers)).json();
        expect(uzbek.lang).toBe('uz');
        delete uzbek.lang;
        expect(plain.payload).toBe(JSON.stringify(uzbek));
      }
    }
    expect((await texts(u)).products).toEqual(["Sho'rva", 'Mastava']);
  });
});

describe('the cache per language', () => {
  it('each language is answered apart from the cache, and a translation saved through the API shows in it at once', async () => {
    const u = await urlsOf();
    // Warm every language, then change the data behind the API's back: the cached answers do not move.
    for (const lang of [undefined, 'uz', 'ru', 'en', 'uz-Cyrl']) await texts(u, lang);
    await t.db
      .update(products)
      .set({ translations: { ru: { name: 'Behind the back' }, en: { name: 'Shurpa soup' } } })
      .where(eq(products._id, u.m.shorva._id));
    expect((await texts(u, 'ru')).products).toEqual(['Шурпа', 'Mastava']);
    expect((await texts(u, 'en')).products).toEqual(['Shurpa soup', 'Mastava']);
    expect((await texts(u, 'uz-Cyrl')).products).toEqual(['Шўрва', 'Мастава']);
    expect((await texts(u)).products).toEqual(["Sho'rva", 'Mastava']);

    // A translation saved through the API drops every language of the restaurant.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/manager/products/${u.m.shorva._id}`,
      headers: owner.headers,
      payload: { translations: { ru: { name: 'Шурпа из баранины' }, 'uz-Cyrl': { name: 'Шўрва (қўй)' } } },
    });
    expect(put.statusCode).toBe(200);
    const russian = await texts(u, 'ru');
    expect(russian.products).toEqual(['Шурпа из баранины', 'Mastava']);
    expect(russian.product.name).toBe('Шурпа из баранины');
    // A language sent replaces what was stored for it: the Russian description is gone, the Uzbek one shows.
    expect(russian.product.description).toBe("Qo'y go'shtidan");
    expect((await texts(u, 'uz-Cyrl')).product.name).toBe('Шўрва (қўй)');
    expect((await texts(u, 'en')).product.name).toBe('Shurpa soup');
    expect((await texts(u)).product.name).toBe("Sho'rva");

    // A category and the restaurant too.
    const category = await t.app.inject({
      method: 'PUT',
      url: `/manager/category/update/${u.m.salads._id}`,
      headers: owner.headers,
      payload: { translations: { ru: { title: 'Салаты' } } },
    });
    const restaurant = await t.app.inject({
      method: 'PUT',
      url: `/manager/restaurants/update?slug=${u.m.r.slug}`,
      headers: owner.headers,
      payload: { translations: { en: { name: 'Rayhon Restaurant', address: '1 Navoi street' } } },
    });
    expect([category.statusCode, restaurant.statusCode]).toEqual([200, 200]);
    expect((await texts(u, 'ru')).categories).toEqual(['Супы', 'Салаты']);
    expect((await texts(u, 'en')).restaurant).toEqual(['Rayhon Restaurant', '1 Navoi street', '09:00 - 23:00']);
  });

  it('changing the languages offered changes the language answered', async () => {
    const u = await urlsOf(['uz', 'ru']);
    expect((await texts(u, 'en')).langs).toEqual(['uz', 'uz', 'uz', 'uz']);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/manager/restaurants/update?slug=${u.m.r.slug}`,
      headers: owner.headers,
      payload: { languages: ['uz', 'ru', 'en'] },
    });
    expect(put.statusCode).toBe(200);
    const english = await texts(u, 'en');
    expect(english.langs).toEqual(['en', 'en', 'en', 'en']);
    expect(english.products).toEqual(['Shurpa soup', 'Mastava']);
  });
});
