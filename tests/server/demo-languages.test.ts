import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyMatches, searchKey } from '../../lib/search';
import { missingLanguages, TRANSLATED_FIELDS } from '../../machines/shared/translations.rules';
import { seedDemo } from '../../server/dev/demo/seed';
import { createTestApp, type TestApp } from '../support/app';

/**
 * Translations in the demo data: `npm start` shows a menu in four languages. Samarqand Darvozasi offers Uzbek (Latin
 * and Cyrillic), Russian and English with every category, product, option and row written in Russian and English;
 * Rayhon stays Uzbek only (the end-to-end tests open it with an en-US browser and read Uzbek).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  await seedDemo(t.db, { dataDir: t.config.dataDir });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const names = (body: string) => [...body.matchAll(/<h3>(.*?)<\/h3>/g)].map((m) => m[1]);
const switcher = (body: string) =>
  [...(/<nav class="ln[^"]*"[^>]*>(.*?)<\/nav>/.exec(body)?.[1] ?? '').matchAll(/<a [^>]*>(.*?)<\/a>/g)].map(
    (m) => m[1],
  );

describe('the demo restaurant in four languages', () => {
  it('its menu page has the switcher and shows real Russian and English names', async () => {
    const russian = await get('/menu/samarqand-darvozasi', { 'accept-language': 'ru-RU,ru;q=0.9' });
    expect(russian.statusCode).toBe(200);
    expect(switcher(russian.body)).toEqual(['O&#39;zbekcha', 'Ўзбекча', 'Русский', 'English']);
    expect(names(russian.body)).toEqual([
      'Самаркандская лепёшка',
      'Тандырная самса',
      'Самаркандский плов',
      'Тандыр-гушт',
      'Шурпа',
      'Лагман',
      'Мастава',
      'Зелёный чай',
      'Айран',
    ]);
    expect(names((await get('/menu/samarqand-darvozasi?lang=en')).body)).toEqual([
      'Samarkand bread',
      'Tandoor samsa',
      'Samarkand plov',
      'Tandoor lamb',
      'Shurpa',
      'Lagman',
      'Mastava rice soup',
      'Green tea',
      'Ayran',
    ]);
    expect(names((await get('/menu/samarqand-darvozasi?lang=uz-Cyrl')).body)).toEqual([
      'Самарқанд нони',
      'Тандир сомса',
      'Самарқанд оши',
      'Тандир гўшт',
      'Шўрва',
      'Лағмон',
      'Мастава',
      'Кўк чой',
      'Айрон',
    ]);
  });

  it('every text has its Russian and English translation (nothing falls back to Uzbek)', async () => {
    const uzbek = (await get('/menu/data?slug=samarqand-darvozasi')).json().data;
    const texts = (data: typeof uzbek): string[] => [
      data.restaurant.name,
      data.restaurant.address,
      data.restaurant.work_time,
      ...data.categories.flatMap((c: { title: string; products: unknown[] }) => [
        c.title,
        ...(
          c.products as { name: string; description: string; options: { name: string; rows: { name: string }[] }[] }[]
        ).flatMap((p) => [p.name, p.description, ...p.options.flatMap((o) => [o.name, ...o.rows.map((r) => r.name)])]),
      ]),
    ];
    const latin = texts(uzbek);
    expect(latin.length).toBeGreaterThan(15);
    for (const lang of ['ru', 'en']) {
      const translated = texts((await get(`/menu/data?slug=samarqand-darvozasi&lang=${lang}`)).json().data);
      translated.forEach((text, i) => {
        expect(text, `${lang}: ${latin[i]}`).not.toBe(latin[i]);
      });
    }
  });

  it('the public reads answer it in the asked language', async () => {
    const view = (await get('/user/restaurants/view?slug=samarqand-darvozasi&lang=en')).json();
    expect(view).toMatchObject({ lang: 'en', data: { name: 'Samarkand Gate' } });
    const categories = (await get(`/user/category?restaurant_id=${view.data._id}&lang=ru`)).json();
    expect(categories.categories.map((c: { title: string }) => c.title)).toEqual([
      'Хлеб и самса',
      'Национальные блюда',
      'Супы',
      'Напитки',
    ]);
  });

  it('Rayhon stays Uzbek only: no switcher, Uzbek to an English browser', async () => {
    const page = await get('/menu/rayhon', { 'accept-language': 'en-US,en;q=0.9' });
    expect(page.body).toContain('<html lang="uz">');
    expect(switcher(page.body)).toEqual([]);
  });

  it('the panel flags nothing in it: every restaurant, category, product, option and row text is translated', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { login: 'rayhon', password: 'manager12345' },
    });
    const headers = { authorization: `Bearer ${login.json().data.accessToken as string}` };
    type Item = Record<string, unknown> & { _id: string };
    const mine = (await get('/manager/restaurants/me', headers)).json().data as (Item & { slug: string })[];
    const samarqand = mine.find((r) => r.slug === 'samarqand-darvozasi')!;
    const languages = samarqand.languages as ('uz' | 'uz-Cyrl' | 'ru' | 'en')[];
    expect(languages).toEqual(['uz', 'uz-Cyrl', 'ru', 'en']);
    const flagged: string[] = [];
    const check = (kind: keyof typeof TRANSLATED_FIELDS, item: Item) => {
      const missing = missingLanguages(languages, item, TRANSLATED_FIELDS[kind]);
      if (missing.length > 0) flagged.push(`${kind} ${String(item.name ?? item.title)}: ${missing.join(', ')}`);
    };
    check('restaurant', samarqand);
    const { categories } = (await get(`/manager/category?restaurant_id=${samarqand._id}`, headers)).json();
    let products = 0;
    for (const category of categories as Item[]) {
      check('category', category);
      const listed = (await get(`/manager/products?category_id=${category._id}`, headers)).json().data as Item[];
      for (const product of listed) {
        products++;
        check('product', product);
        const options = (await get(`/manager/product-option/product/${product._id}`, headers)).json() as Item[];
        for (const option of options) {
          check('option', option);
          const rows = (await get(`/manager/product-option-row/${option._id}`, headers)).json().data as Item[];
          for (const row of rows) check('row', row);
        }
      }
    }
    expect(products).toBe(9);
    expect(flagged).toEqual([]);
  });

  it('the README\'s search examples work on it: "шурва" finds Sho\'rva, and "shurva" Шурпа on the Russian page', async () => {
    const found = (body: string, query: string) =>
      [...body.matchAll(/data-k="([^"]*)"[^>]*><div><h3>(.*?)<\/h3>/g)]
        .filter((m) => keyMatches(m[1]!, searchKey(query)))
        .map((m) => m[2]);
    expect(found((await get('/menu/samarqand-darvozasi?lang=uz')).body, 'шурва')).toEqual(['Sho&#39;rva']);
    expect(found((await get('/menu/samarqand-darvozasi?lang=ru')).body, 'shurva')).toEqual(['Шурпа']);
  });
});
