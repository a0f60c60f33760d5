import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBenchData } from '../../server/dev/bench-data';
import { createTestApp, type TestApp } from '../support/app';

/** The bench's restaurant in four languages (bench/menu.ts measures its menu in each). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const names = (body: string) => [...body.matchAll(/<h3>(.*?)<\/h3>/g)].map((m) => m[1]);

describe('seedBenchData multilingual', () => {
  it('the restaurant after the sample offers four languages, every text translated', async () => {
    const sample = await seedBenchData(t.db, {
      restaurants: 3,
      productsPerRestaurant: 4,
      slugPrefix: 'bench-ml',
      multilingual: true,
    });
    expect(sample.multilingualSlug).toBe('bench-ml-3');
    const page = (lang: string) => t.app.inject({ url: `/menu/${sample.multilingualSlug}?lang=${lang}` });
    expect(names((await page('ru')).body)).toEqual(['Блюдо 1', 'Блюдо 2', 'Блюдо 3', 'Блюдо 4']);
    expect(names((await page('en')).body)).toEqual(['Dish 1', 'Dish 2', 'Dish 3', 'Dish 4']);
    expect(names((await page('uz-Cyrl')).body)).toEqual(['Таом 1', 'Таом 2', 'Таом 3', 'Таом 4']);
    // The sample itself, measured by the other sections, stays Uzbek only.
    expect((await t.app.inject({ url: `/menu/${sample.slug}?lang=ru` })).body).toContain('<html lang="uz">');
  });

  it('without the option no restaurant offers another language', async () => {
    const sample = await seedBenchData(t.db, { restaurants: 2, productsPerRestaurant: 2, slugPrefix: 'bench-uz' });
    expect(sample.multilingualSlug).toBeUndefined();
  });
});
