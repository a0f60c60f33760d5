import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DishTag } from '../../lib/dish-facts';
import { latinToCyrillic } from '../../lib/translit';
import { products, type restaurants } from '../../server/db/schema';
import { FILTERED_PAGES_KEPT, MenuCache, variantBytes } from '../../server/menu/cache';
import { loadMenu } from '../../server/menu/data';
import { createCategory, createOption, createProduct, createRestaurant, createRow } from '../support/fixtures';
import { setupTenants } from '../support/tenants';
import { orderingRestaurant } from './orders-fixtures';

/** jsdom (the UI tests' DOM) comes without type declarations: typed here as far as these tests use it. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: Window };
};
/**
 * What a diner reads about a dish on the public menu (portion and calories beside the price, tags as badges, the
 * spiciness, the allergens) in each of the menu's languages, and the filter chips: links that work without
 * JavaScript (`?tag=`, `?without=`), a page filtered by the server that says what it hides, and a bounded set of
 * cached pages whatever a link asks for.
 */

const t = setupTenants();
const KB30 = 30 * 1024;

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const documentOf = (body: string) => new JSDOM(body).window.document;
const text = (node: Element | null | undefined) => node?.textContent ?? '';

/** A dish's card by its name. */
function card(doc: Document, name: string): HTMLElement {
  const found = [...doc.querySelectorAll<HTMLElement>('main article')].find(
    (a) => text(a.querySelector('h3')) === name,
  );
  if (!found) throw new Error(`no dish ${name}`);
  return found;
}
/** The dishes a diner sees: every card not hidden, in a section not hidden. */
const visibleDishes = (doc: Document) =>
  [...doc.querySelectorAll<HTMLElement>('main section:not([hidden]) article:not([hidden]) h3')].map(text);
const chips = (doc: Document) =>
  [...doc.querySelectorAll<HTMLAnchorElement>('.fl a')].map((a) => ({
    name: text(a),
    pressed: a.getAttribute('aria-pressed'),
    href: a.getAttribute('href'),
  }));

/** Osh (halal, 350 g, 820 kcal), Lag'mon (spicy, gluten), a nut salad (vegetarian) and bread without any facts. */
async function factsMenu(values: Partial<typeof restaurants.$inferInsert> = {}) {
  const r = await createRestaurant(t.db, { languages: ['uz', 'uz-Cyrl', 'ru', 'en'], ...values });
  const hot = await createCategory(t.db, r._id, { title: 'Issiq taomlar', position: 0 });
  const salads = await createCategory(t.db, r._id, { title: 'Salatlar', position: 1 });
  const osh = await createProduct(t.db, hot._id, {
    name: 'Osh',
    description: "Qo'y go'shti va sabzi",
    price: 45000,
    position: 0,
    portion: { value: 350, unit: 'g' },
    calories: 820,
    tags: ['halal', 'chef'],
  });
  const lagmon = await createProduct(t.db, hot._id, {
    name: "Lag'mon",
    price: 38000,
    position: 1,
    spiciness: 2,
    tags: ['halal', 'spicy'],
    allergens: ['gluten', 'eggs'],
  });
  const salad = await createProduct(t.db, salads._id, {
    name: "Yong'oqli salat",
    price: 26000,
    position: 0,
    calories: 380,
    tags: ['vegetarian'],
    allergens: ['nuts', 'milk'],
  });
  const bread = await createProduct(t.db, salads._id, { name: 'Non', price: 3000, position: 1 });
  return { r, osh, lagmon, salad, bread };
}

describe('dish facts on the menu', () => {
  it('shows portion and calories beside the price, tags as badges, the spiciness by name, allergens under the description, in each language', async () => {
    const { r } = await factsMenu();
    const expected = {
      uz: {
        amounts: '350\u00a0g · 820\u00a0kkal',
        price: "45\u00a0000\u00a0so'm",
        badges: ['Halol', 'Oshpaz tavsiyasi'],
        spicy: 'Achchiq',
        allergens: 'Allergenlar: Glyuten, Tuxum',
      },
      'uz-Cyrl': {
        amounts: '350\u00a0г · 820\u00a0ккал',
        price: '45\u00a0000\u00a0сўм',
        badges: ['Ҳалол', 'Ошпаз тавсияси'],
        spicy: 'Аччиқ',
        allergens: 'Аллергенлар: Глютен, Тухум',
      },
      ru: {
        amounts: '350\u00a0г · 820\u00a0ккал',
        price: '45\u00a0000\u00a0сум',
        badges: ['Халяль', 'Выбор шефа'],
        spicy: 'Острое',
        allergens: 'Аллергены: Глютен, Яйца',
      },
      en: {
        amounts: '350\u00a0g · 820\u00a0kcal',
        price: '45\u00a0000\u00a0UZS',
        badges: ['Halal', "Chef's choice"],
        spicy: 'Spicy',
        allergens: 'Allergens: Gluten, Eggs',
      },
    };
    for (const [lang, words] of Object.entries(expected)) {
      const doc = documentOf((await get(`/menu/${r.slug}?lang=${lang}`)).body);
      // Uzbek Cyrillic writes the dishes' names in its script too.
      const named = (name: string) => card(doc, lang === 'uz-Cyrl' ? latinToCyrillic(name) : name);
      const osh = named('Osh');
      // The currency stays on the price's own element; the amounts follow it on the same line.
      expect(text(osh.querySelector('.pr')), lang).toBe(words.price);
      expect(osh.querySelector('.pr + .fx')?.textContent, lang).toBe(words.amounts);
      expect([...osh.querySelectorAll('.tg li')].map(text), lang).toEqual(words.badges);
      expect(osh.querySelector('.al'), lang).toBeNull();

      const lagmon = named("Lag'mon");
      // Two chili marks, named for a screen reader; the spicy tag says nothing more beside them.
      const chili = lagmon.querySelector('.tg li.hot');
      expect(chili?.className, lang).toBe('hot h2');
      expect(text(chili?.querySelector('.vh')), lang).toBe(words.spicy);
      expect([...lagmon.querySelectorAll('.tg li')].map(text), lang).toEqual([words.badges[0], words.spicy]);
      expect(text(lagmon.querySelector('.al')), lang).toBe(words.allergens);
      expect(lagmon.querySelector('.fx'), lang).toBeNull();
    }
    const en = documentOf((await get(`/menu/${r.slug}?lang=en`)).body);
    expect(text(card(en, "Yong'oqli salat").querySelector('.fx'))).toBe('380\u00a0kcal');
    // The allergens come under the description, before the price.
    const osh = card(documentOf((await get(`/menu/${r.slug}?lang=uz`)).body), 'Osh');
    expect([...osh.querySelector('div')!.children].map((c) => c.className || c.tagName)).toEqual([
      'H3',
      'tg',
      'd',
      'pr',
      'fx',
    ]);
  });

  it('writes a portion in pieces and millilitres, with a decimal comma where the language has one', async () => {
    const r = await createRestaurant(t.db, { languages: ['uz', 'ru', 'en'] });
    const c = await createCategory(t.db, r._id);
    await createProduct(t.db, c._id, { name: 'Somsa', portion: { value: 2, unit: 'dona' } });
    await createProduct(t.db, c._id, { name: 'Kompot', portion: { value: 0.5, unit: 'ml' } });
    const amounts = async (lang: string) => {
      const doc = documentOf((await get(`/menu/${r.slug}?lang=${lang}`)).body);
      return [text(card(doc, 'Somsa').querySelector('.fx')), text(card(doc, 'Kompot').querySelector('.fx'))];
    };
    expect(await amounts('uz')).toEqual(['2\u00a0dona', '0,5\u00a0ml']);
    expect(await amounts('ru')).toEqual(['2\u00a0шт.', '0,5\u00a0мл']);
    expect(await amounts('en')).toEqual(['2\u00a0pcs', '0.5\u00a0ml']);
  });

  it('leaves a dish without facts, and a menu without any, exactly as they were', async () => {
    const r = await createRestaurant(t.db);
    const c = await createCategory(t.db, r._id, { title: 'Non' });
    await createProduct(t.db, c._id, { name: 'Patir', price: 5000 });
    const body = (await get(`/menu/${r.slug}`)).body;
    expect(body).toMatch(
      /<article class="p" data-k="[^"]*"><div><h3>Patir<\/h3><span class="pr">5\u00a0000\u00a0so&#39;m<\/span><\/div><\/article>/,
    );
    expect(body).not.toContain('class="fl"');
    expect(body).not.toContain('class="fs"');

    const { r: withFacts } = await factsMenu();
    const doc = documentOf((await get(`/menu/${withFacts.slug}`)).body);
    const bread = card(doc, 'Non');
    expect(bread.outerHTML).toMatch(/^<article class="p" data-k="[^"]*"><div><h3>Non<\/h3><span class="pr">/);
  });

  it('keeps the "+" on the price’s line on the ordering page, with the amounts between them', async () => {
    const { restaurant, table, category } = await orderingRestaurant(t);
    await createProduct(t.db, category._id, {
      name: 'Manti',
      price: 30000,
      portion: { value: 4, unit: 'dona' },
      calories: 540,
      allergens: ['gluten'],
    });
    const doc = documentOf((await get(`/menu/${restaurant.slug}?table=${table.token}`)).body);
    const line = card(doc, 'Manti').querySelector('.pa');
    expect([...line!.children].map((c) => c.className)).toEqual(['pr', 'fx', 'ad']);
    expect(text(line!.querySelector('.fx'))).toBe('4\u00a0dona · 540\u00a0kkal');
  });

  it('keeps the spec’s JSON as it was: no facts in /menu/data', async () => {
    const { r } = await factsMenu();
    const data = (await get(`/menu/data?slug=${r.slug}`)).json().data;
    const osh = data.categories[0].products[0];
    expect(osh.name).toBe('Osh');
    expect(Object.keys(osh)).toEqual(['_id', 'name', 'description', 'price', 'is_active', 'images', 'options']);
    expect(Object.keys(data.restaurant)).not.toContain('time_zone');
    expect(Object.keys(data.categories[0])).toEqual(['_id', 'title', 'products']);
  });
});

describe('the filter chips', () => {
  it('offers only the chips that change something on this menu', async () => {
    const { r } = await factsMenu();
    const doc = documentOf((await get(`/menu/${r.slug}`)).body);
    const group = doc.querySelector('.fl');
    expect(group?.getAttribute('role')).toBe('group');
    expect(group?.getAttribute('aria-label')).toBe('Filtrlar');
    // Halal: two dishes of four; vegetarian: one; nobody is vegan. "Not spicy" for Lag'mon; the allergens the menu has.
    expect(chips(doc).map((c) => c.name)).toEqual([
      'Halol',
      'Vegetarian',
      'Achchiq emas',
      "Yong'oqsiz",
      'Sutsiz',
      'Glyutensiz',
      'Tuxumsiz',
    ]);
    for (const chip of chips(doc)) expect(chip.pressed).toBe('false');
    expect([...doc.querySelectorAll('.fl a')].every((a) => a.getAttribute('role') === 'button')).toBe(true);
    // Nothing is filtered: the line under the chips is there for the script, hidden.
    expect(doc.querySelector('.fs')?.hasAttribute('hidden')).toBe(true);

    // A tag every dish has changes nothing: no chip for it.
    const all = await createRestaurant(t.db);
    const c = await createCategory(t.db, all._id);
    await createProduct(t.db, c._id, { tags: ['halal'] });
    await createProduct(t.db, c._id, { tags: ['halal', 'vegan'] });
    expect(chips(documentOf((await get(`/menu/${all.slug}`)).body)).map((chip) => chip.name)).toEqual(['Vegan']);
  });

  it('without JavaScript, a chip is a link to the filtered page, which hides what does not match and says how many', async () => {
    const { r } = await factsMenu();
    const page = await get(`/menu/${r.slug}?lang=ru&without=nuts`);
    expect(page.statusCode).toBe(200);
    const doc = documentOf(page.body);
    expect(visibleDishes(doc)).toEqual(['Osh', "Lag'mon", 'Non']);
    expect(card(doc, "Yong'oqli salat").hasAttribute('hidden')).toBe(true);
    const chipNamed = (name: string) => chips(doc).find((c) => c.name === name);
    expect(chipNamed('Без орехов')).toEqual({
      name: 'Без орехов',
      pressed: 'true',
      href: `/menu?slug=${r.slug}&lang=ru`,
    });
    // Each other chip's link adds itself to what is chosen; the language stays.
    expect(chipNamed('Вегетарианское')?.href).toBe(`/menu?slug=${r.slug}&lang=ru&tag=vegetarian&without=nuts`);
    expect(chipNamed('Не острое')?.href).toBe(`/menu?slug=${r.slug}&lang=ru&without=spicy&without=nuts`);
    const line = doc.querySelector('.fs');
    expect(line?.hasAttribute('hidden')).toBe(false);
    expect(text(line?.querySelector('span'))).toBe('Скрыто блюд: 1');
    expect(line?.querySelector('a')?.getAttribute('href')).toBe(`/menu?slug=${r.slug}&lang=ru`);
    expect(text(line?.querySelector('a'))).toBe('Сбросить фильтры');

    // Chips combine: vegetarian and "not spicy" leave the salad alone; the hot dishes' section and its jump link hide.
    const both = documentOf((await get(`/menu/${r.slug}?tag=vegetarian&without=spicy`)).body);
    expect(visibleDishes(both)).toEqual(["Yong'oqli salat"]);
    expect(both.querySelector('#c1')?.hasAttribute('hidden')).toBe(true);
    expect(both.querySelector('nav.ct a[href="#c1"]')?.hasAttribute('hidden')).toBe(true);
    expect(both.querySelector('nav.ct a[href="#c2"]')?.hasAttribute('hidden')).toBe(false);
    expect(text(both.querySelector('.fs span'))).toBe('3 ta taom yashirildi');
    // A menu in one language keeps its links short (no lang).
    const single = await createRestaurant(t.db);
    const c = await createCategory(t.db, single._id);
    await createProduct(t.db, c._id, { name: 'A', tags: ['vegan'] });
    await createProduct(t.db, c._id, { name: 'B' });
    expect(chips(documentOf((await get(`/menu/${single.slug}`)).body))[0]?.href).toBe(
      `/menu?slug=${single.slug}&tag=vegan`,
    );
  });

  it('says plainly when nothing is left, with the way back to the whole menu', async () => {
    const { r } = await factsMenu();
    const doc = documentOf((await get(`/menu/${r.slug}?lang=en&tag=vegetarian&without=milk`)).body);
    expect(visibleDishes(doc)).toEqual([]);
    expect(text(doc.querySelector('.fs span'))).toBe('No dishes match the filters.');
    expect(text(doc.querySelector('.fs a'))).toBe('Clear filters');
    // The chips are still there to change the choice.
    expect(
      chips(doc)
        .filter((c) => c.pressed === 'true')
        .map((c) => c.name),
    ).toEqual(['Vegetarian', 'Dairy-free']);
  });

  it('filters a table’s ordering page too, keeping its "+"', async () => {
    const { restaurant, table, category } = await orderingRestaurant(t);
    await createProduct(t.db, category._id, { name: 'Vegan salat', tags: ['vegan'] });
    const doc = documentOf((await get(`/menu/${restaurant.slug}?table=${table.token}&tag=vegan`)).body);
    expect(visibleDishes(doc)).toEqual(['Vegan salat']);
    expect(card(doc, 'Vegan salat').querySelector('.ad')).not.toBeNull();
    expect(text(doc.querySelector('.tl'))).toBe('Stol: 5');
  });

  it('sends the chips’ code only to a page with chips, each page’s policy naming its own script', async () => {
    const { r } = await factsMenu();
    const plain = await createRestaurant(t.db);
    const c = await createCategory(t.db, plain._id);
    await createProduct(t.db, c._id, { name: 'Non', price: 5000 });
    const inline = (body: string) => /<script>(.*?)<\/script>/s.exec(body)![1]!;
    const sha = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    const policyScripts = (res: { headers: Record<string, unknown> }) =>
      /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1]!.split(' ');
    const withChips = await get(`/menu/${r.slug}`);
    const withoutChips = await get(`/menu/${plain.slug}`);
    expect(policyScripts(withChips)).toEqual([sha(inline(withChips.body))]);
    expect(policyScripts(withoutChips)).toEqual([sha(inline(withoutChips.body))]);
    // The chips' code (the address kept in step with them, web-menu/dish-filter.ts) only where chips are.
    expect(inline(withChips.body)).toContain('replaceState');
    expect(inline(withoutChips.body)).not.toContain('replaceState');
    expect(inline(withChips.body).length - inline(withoutChips.body).length).toBeGreaterThan(1000);

    // A table's ordering page follows its menu: no chips, then chips once a dish is tagged.
    const { restaurant, table, category } = await orderingRestaurant(t);
    const tablePage = () => get(`/menu/${restaurant.slug}?table=${table.token}`);
    const before = await tablePage();
    expect(policyScripts(before)).toEqual([sha(inline(before.body)), "'self'"]);
    expect(inline(before.body)).not.toContain('replaceState');
    await createProduct(t.db, category._id, { name: 'Vegan salat', tags: ['vegan'] });
    t.app.menuChanged(restaurant._id);
    const after = await tablePage();
    expect(policyScripts(after)).toEqual([sha(inline(after.body)), "'self'"]);
    expect(inline(after.body)).toContain('replaceState');
  });

  it('ignores what the page offers no chip for: the same cached page, never a new one', async () => {
    const { r } = await factsMenu();
    const plain = await get(`/menu/${r.slug}`);
    for (const query of ['tag=bogus', 'tag=vegan', 'without=shellfish', 'tag=%3Cscript%3E', 'tag=new&tag=chef']) {
      const res = await get(`/menu/${r.slug}?${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.headers.etag, query).toBe(plain.headers.etag);
    }
    // Repeats and any order ask for the same page as the canonical link.
    const canonical = await get(`/menu/${r.slug}?tag=vegetarian&without=nuts`);
    expect(canonical.headers.etag).not.toBe(plain.headers.etag);
    for (const query of ['without=nuts&tag=vegetarian', 'tag=vegetarian&tag=vegetarian&without=nuts&tag=x']) {
      expect((await get(`/menu/${r.slug}?${query}`)).headers.etag, query).toBe(canonical.headers.etag);
    }
  });

  it('keeps a bounded number of filtered pages per menu, each rendered from the cached data', async () => {
    const r = await createRestaurant(t.db, { languages: ['uz', 'ru'] });
    const c = await createCategory(t.db, r._id);
    // Every chip offered: 3 tags, "not spicy" and 6 allergens make 2^10 combinations, far more than are kept.
    const tags: DishTag[] = ['halal', 'vegetarian', 'vegan'];
    await createProduct(t.db, c._id, {
      tags,
      spiciness: 1,
      allergens: ['nuts', 'peanuts', 'milk', 'gluten', 'eggs', 'fish'],
    });
    await createProduct(t.db, c._id, {});
    let loads = 0;
    const cache = new MenuCache(async (slug) => {
      loads++;
      return loadMenu(t.db, slug);
    });
    const menu = (await cache.get(r.slug))!;
    const offered = ['nuts', 'peanuts', 'milk', 'gluten', 'eggs', 'fish', 'spicy'];
    const combination = (n: number) => ({
      tag: tags.filter((_, i) => n & (1 << i)),
      without: offered.filter((_, i) => n & (1 << (i + 3))),
    });
    const base = cache.bytes;
    let largest = 0;
    for (let n = 1; n <= 200; n++) {
      const page = await menu.page(n % 2 ? 'uz' : 'ru', undefined, combination(n));
      largest = Math.max(largest, variantBytes(page));
    }
    expect(loads).toBe(1);
    // 200 different filtered pages asked for, FILTERED_PAGES_KEPT of them kept.
    expect(cache.bytes - base).toBeLessThanOrEqual(FILTERED_PAGES_KEPT * largest);
    expect(cache.bytes - base).toBeGreaterThan((FILTERED_PAGES_KEPT * largest) / 2);
    // The same combination asked twice is one page.
    const a = await menu.page('uz', undefined, { tag: ['vegan', 'halal'] });
    const b = await menu.page('uz', undefined, { tag: ['halal', 'vegan', 'halal'] });
    expect(a).toBe(b);
  });
});

describe('the page budget with every dish tagged', () => {
  it('keeps a 200-dish menu, every dish with facts, within 30 KB gzip in every language, and its ordering page', async () => {
    const { restaurant, table } = await orderingRestaurant(t, { languages: ['uz', 'uz-Cyrl', 'ru', 'en'] });
    const allTags: DishTag[][] = [
      ['halal'],
      ['vegetarian', 'halal'],
      ['vegan', 'vegetarian'],
      ['new', 'chef', 'spicy'],
    ];
    for (let k = 0; k < 10; k++) {
      const c = await createCategory(t.db, restaurant._id, {
        title: `Kategoriya ${k + 1}`,
        position: k + 1,
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
          portion: { value: 250 + p * 10, unit: 'g' as const },
          calories: 300 + p * 17,
          spiciness: p % 4,
          tags: allTags[p % 4]!,
          allergens: (['gluten', 'milk', 'eggs', 'nuts', 'sesame'] as const).slice(0, (p % 3) + 1),
          translations: {
            ru: { name: `Блюдо ${k * 20 + p + 1} с мясом`, description: 'Вкусное блюдо: мясо, овощи и специи' },
            en: { name: `Dish ${k * 20 + p + 1} with meat`, description: 'Tasty dish: meat, vegetables and spices' },
          },
        })),
      );
    }
    // Rows written behind the API's back: the write that announces them drops the cached menu.
    t.app.menuChanged(restaurant._id);
    const gzipped = async (url: string) => {
      const res = await get(url, { 'accept-encoding': 'gzip' });
      return { bytes: res.rawPayload.length, doc: documentOf(gunzipSync(res.rawPayload).toString()) };
    };
    for (const lang of ['uz', 'uz-Cyrl', 'ru', 'en']) {
      const { bytes, doc } = await gzipped(`/menu/${restaurant.slug}?lang=${lang}`);
      expect(doc.querySelectorAll('main article .tg').length, lang).toBe(200);
      expect(doc.querySelectorAll('main article .fx').length, lang).toBe(200);
      expect(bytes, lang).toBeLessThanOrEqual(KB30);
    }
    const ordering = await gzipped(`/menu/${restaurant.slug}?table=${table.token}`);
    expect(ordering.doc.querySelectorAll('.ad').length).toBeGreaterThan(150);
    expect(ordering.bytes).toBeLessThanOrEqual(KB30);
  });
});

describe('a product changed behind the API', () => {
  it('shows its new facts after the menu-changed event', async () => {
    const { r, bread } = await factsMenu();
    await get(`/menu/${r.slug}`);
    await t.db
      .update(products)
      .set({ tags: ['vegan'], calories: 250 })
      .where(eq(products._id, bread._id));
    t.app.menuChanged(r._id);
    const doc = documentOf((await get(`/menu/${r.slug}`)).body);
    expect(text(card(doc, 'Non').querySelector('.fx'))).toBe('250\u00a0kkal');
    expect(chips(doc).map((c) => c.name)).toContain('Vegan');
  });
});

// Options rows keep their markup next to the facts: the option sheet reads them (web-menu/product.ts).
describe('options beside facts', () => {
  it('keeps the options’ markup under a dish with facts', async () => {
    const { restaurant, table, category } = await orderingRestaurant(t);
    const dish = await createProduct(t.db, category._id, { name: 'Shashlik', tags: ['halal'], calories: 400 });
    const option = await createOption(t.db, dish._id, { name: 'Hajmi', min_choices: 1 });
    await createRow(t.db, option._id, { name: 'Katta', price: 6000 });
    const doc = documentOf((await get(`/menu/${restaurant.slug}?table=${table.token}`)).body);
    const shashlik = card(doc, 'Shashlik');
    expect(shashlik.querySelector(`.og[data-o="${option._id}"][data-q="1"] h4`)?.textContent).toBe('Hajmi');
    expect(shashlik.querySelector('.tg li')?.textContent).toBe('Halol');
  });
});
