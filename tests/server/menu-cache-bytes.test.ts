import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuCache, variantBytes } from '../../server/menu/cache';
import { MenuCacheMemory } from '../../server/menu/cache-memory';
import type { MenuData } from '../../server/menu/data';
import { AnswerMemo, MenuReadCache } from '../../server/menu/read-cache';
import { createTestApp, type TestApp } from '../support/app';
import { createCategory, createProduct, createRestaurant } from '../support/fixtures';

/**
 * The public menu caches hold what fits their byte budget (MENU_CACHE_MB), however many menus that is: a platform's
 * every menu when they fit, least recently used dropped first when they do not, each menu counted with every page and
 * JSON it rendered since it was loaded.
 */

const menuOf = (id: string, languages = ['uz']): MenuData => ({
  restaurant: {
    _id: `id-${id}`,
    name: `Restoran ${id}`,
    slug: id,
    address: '',
    phone_number: '',
    work_time: '',
    image: null,
    logotype: null,
    hide_stopped: false,
    languages,
  },
  categories: [],
});

/** A cache of menus on its own budget, counting its loads. */
function countingCache(maxBytes: number, languages?: string[]) {
  const memory = new MenuCacheMemory(maxBytes);
  const loads: string[] = [];
  const cache = new MenuCache(
    async (slug) => {
      loads.push(slug);
      return menuOf(slug, languages);
    },
    undefined,
    undefined,
    memory,
  );
  return { cache, memory, loads };
}

describe('MenuCache within a byte budget', () => {
  it('keeps all of 3,000 small menus when the budget holds them (no count bound)', async () => {
    const { cache, loads } = countingCache(512 * 1024 * 1024);
    const slugs = Array.from({ length: 3_000 }, (_, i) => `r${i}`);
    for (const slug of slugs) await cache.get(slug);
    for (const slug of slugs) await cache.get(slug);
    expect(loads.length).toBe(3_000);
    expect(cache.size).toBe(3_000);
  }, 60_000);

  it('counts what each menu holds and drops the least recently used when over the budget', async () => {
    const probe = countingCache(1024 * 1024);
    const one = (await probe.cache.get('a'))!;
    const menuBytes = probe.cache.bytes;
    // Twice its data's JSON beside its first page's three encodings.
    expect(menuBytes).toBe(2 * JSON.stringify(one.data).length + variantBytes(await one.page('uz')));

    // Room for two menus and a half: the third pushes out the least recently used.
    const { cache, loads } = countingCache(Math.floor(2.5 * menuBytes));
    await cache.get('a');
    await cache.get('b');
    await cache.get('a');
    await cache.get('c'); // b goes
    expect(cache.size).toBe(2);
    await cache.get('a');
    await cache.get('c');
    expect(loads).toEqual(['a', 'b', 'c']);
    await cache.get('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('counts a language rendered after the menu was kept, dropping another menu to make room', async () => {
    const probe = countingCache(1024 * 1024, ['uz', 'ru']);
    const menu = (await probe.cache.get('a'))!;
    const kept = probe.cache.bytes;
    const russian = variantBytes(await menu.page('ru'));
    const json = variantBytes(await menu.json('ru'));
    expect(probe.cache.bytes).toBe(kept + russian + json);
    await menu.page('ru'); // made once, counted once
    expect(probe.cache.bytes).toBe(kept + russian + json);

    // Two menus fit as loaded, not once one of them has its Russian page too.
    const { cache, loads } = countingCache(2 * kept + Math.floor(russian / 2), ['uz', 'ru']);
    await cache.get('a');
    const b = (await cache.get('b'))!;
    expect(cache.size).toBe(2);
    const bRussian = variantBytes(await b.page('ru'));
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(2 * JSON.stringify(b.data).length + variantBytes(await b.page('uz')) + bRussian);
    await cache.get('b');
    expect(loads).toEqual(['a', 'b']);
  });

  it('counts only the table pages a menu still keeps', async () => {
    const { cache } = countingCache(64 * 1024 * 1024);
    const menu = (await cache.get('a'))!;
    for (let i = 10; i < 42; i++) await menu.page('uz', { table: `T${i}` }); // 32, as many as a menu keeps
    const full = cache.bytes;
    const tablePage = variantBytes(await menu.page('uz', { table: 'T10' }));
    for (let i = 42; i < 82; i++) await menu.page('uz', { table: `T${i}` }); // each pushes an older one out
    // The same number of pages of the same size: compression may differ by a few bytes, never by a page.
    expect(Math.abs(cache.bytes - full)).toBeLessThan(tablePage / 4);
  });

  it('invalidate still drops the restaurant with its bytes, or every menu', async () => {
    const { cache } = countingCache(64 * 1024 * 1024);
    await cache.get('a');
    const b = (await cache.get('b'))!;
    const both = cache.bytes;
    cache.invalidate('id-a');
    expect(cache.size).toBe(1);
    const onlyB = cache.bytes;
    expect(onlyB).toBeLessThan(both);
    await b.page('uz', 'lost');
    expect(cache.bytes).toBeGreaterThan(onlyB);
    cache.invalidate(null);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    await b.page('ru'); // a dropped menu rendering more is nobody's memory
    expect(cache.bytes).toBe(0);
  });
});

describe('MenuReadCache within a byte budget', () => {
  type Entry = { restaurant_id: string; payload: string; answers: AnswerMemo };
  const entry = (restaurant: string, size: number): Entry => ({
    restaurant_id: restaurant,
    payload: 'x'.repeat(size),
    answers: new AnswerMemo(),
  });

  it('counts each entry by its JSON and each answer made from it later, in the budget it shares', async () => {
    const memory = new MenuCacheMemory(10_000);
    const reads = new MenuReadCache<Entry>('reads', memory);
    const a = (await reads.get('a', async () => entry('r1', 3_000)))!;
    const loaded = JSON.stringify(a).length;
    expect(reads.bytes).toBe(loaded);
    a.answers.set('ru', { data: 'y'.repeat(2_000) });
    a.answers.set('ru', { data: 'y'.repeat(2_000) }); // the same answer again adds nothing
    expect(reads.bytes).toBe(loaded + JSON.stringify({ data: 'y'.repeat(2_000) }).length);

    await reads.get('b', async () => entry('r2', 3_000));
    expect(reads.size).toBe(2);
    await reads.get('c', async () => entry('r3', 3_000)); // over 10,000: a, the least recently used, goes
    expect(reads.size).toBe(2);
    let loads = 0;
    await reads.get('a', async () => {
      loads++;
      return entry('r1', 3_000);
    });
    expect(loads).toBe(1);
    expect(memory.bytes).toBeLessThanOrEqual(10_000);
  });

  it('invalidate drops the restaurant and its bytes; a load that ran through a write is answered, not kept', async () => {
    const reads = new MenuReadCache<Entry>('reads', new MenuCacheMemory(1_000_000));
    await reads.get('a', async () => entry('r1', 100));
    await reads.get('b', async () => entry('r2', 100));
    reads.invalidate('r1');
    expect(reads.size).toBe(1);
    expect(reads.bytes).toBe(JSON.stringify(entry('r2', 100)).length);
    const late = await reads.get('c', async () => {
      reads.invalidate('r9');
      return entry('r3', 100);
    });
    expect(late).toBeDefined();
    expect(reads.size).toBe(1);
    reads.invalidate(null);
    expect(reads.bytes).toBe(0);
  });
});

describe("the server's public menu caches share MENU_CACHE_MB", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MENU_CACHE_MB: '3' });
  });
  afterAll(() => t.close());

  it('reports every public cache in one budget, each growing with the languages asked for', async () => {
    const restaurant = await createRestaurant(t.db, { languages: ['uz', 'ru'] });
    const category = await createCategory(t.db, restaurant._id);
    await createProduct(t.db, category._id, { translations: { ru: { name: 'Плов' } } });
    const memory = t.app.menuCacheMemory;
    expect(memory.maxBytes).toBe(3 * 1024 * 1024);
    const bytesOf = (name: string) => memory.stats().caches.find((cache) => cache.name === name)?.bytes ?? -1;

    expect((await t.app.inject(`/menu/${restaurant.slug}`)).statusCode).toBe(200);
    const page = bytesOf('menu pages');
    expect(page).toBeGreaterThan(0);
    expect((await t.app.inject(`/menu/${restaurant.slug}?lang=ru`)).statusCode).toBe(200);
    expect(bytesOf('menu pages')).toBeGreaterThan(page);

    const view = `/user/restaurants/view?slug=${restaurant.slug}`;
    expect((await t.app.inject(view)).statusCode).toBe(200);
    const read = bytesOf('restaurant views');
    expect(read).toBeGreaterThan(0);
    expect((await t.app.inject(`${view}&lang=ru`)).statusCode).toBe(200);
    expect(bytesOf('restaurant views')).toBeGreaterThan(read);

    expect((await t.app.inject(`/user/category?restaurant_id=${restaurant._id}`)).statusCode).toBe(200);
    expect((await t.app.inject(`/user/products/category/?category_id=${category._id}`)).statusCode).toBe(200);
    const stats = memory.stats();
    expect(stats.caches.map((cache) => cache.name).sort()).toEqual([
      'category lists',
      'category products',
      'menu pages',
      'products',
      'restaurant views',
    ]);
    expect(stats.bytes).toBe(stats.caches.reduce((sum, cache) => sum + cache.bytes, 0));
    expect(bytesOf('category lists')).toBeGreaterThan(0);
    expect(bytesOf('category products')).toBeGreaterThan(0);
  });
});
