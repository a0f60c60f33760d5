import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { maintenanceOf } from '../db/maintenance';
import { categories, optionRows, productOptions, products, restaurants } from '../db/schema';
import { LANGUAGES } from '../schemas/translations';

/**
 * The benchmark data set (`npm run bench`): many restaurants with full menus, inserted fast. Ids are generated here so
 * each table takes one multi-row INSERT per restaurant (restaurants one INSERT in all) with no RETURNING round trips:
 * 100 x 200 products load in a few seconds instead of minutes of single-row inserts.
 */

export interface BenchDataOptions {
  restaurants: number;
  productsPerRestaurant: number;
  /** Products per category (default 20, so 200 products make 10 categories). */
  productsPerCategory?: number;
  /** Slug prefix (default `bench`): slugs are `<prefix>-1`, `<prefix>-2`… */
  slugPrefix?: string;
  /**
   * The restaurant after the sample offers uz, uz-Cyrl, ru and en, every text of it in Russian and English
   * (its Cyrillic Uzbek transliterated), for the menu per language (`BenchSample.multilingualSlug`). Default false.
   */
  multilingual?: boolean;
}

export interface BenchSample {
  /** An active restaurant in the middle of the set, for GET /user/restaurants/view?slug= and /menu. */
  slug: string;
  restaurantId: string;
  /** Its first category, for GET /user/products/category/?category_id=. */
  categoryId: string;
  /** A product of that category with options, for GET /user/products/{id}. */
  productId: string;
  /** With `multilingual`: the restaurant offering four languages. */
  multilingualSlug?: string;
  totals: { restaurants: number; categories: number; products: number; options: number; rows: number };
}

const OPTIONS = [
  { name: 'Porsiya', rows: ['0.5 porsiya', '1 porsiya', '1.5 porsiya'] },
  { name: "Qo'shimcha", rows: ['Non', 'Salat', 'Sous'] },
];

export async function seedBenchData(db: Db, options: BenchDataOptions): Promise<BenchSample> {
  const perCategory = Math.max(1, options.productsPerCategory ?? 20);
  const prefix = options.slugPrefix ?? 'bench';
  const totals = { restaurants: 0, categories: 0, products: 0, options: 0, rows: 0 };
  const sampleIndex = Math.floor(options.restaurants / 2);
  const multilingualIndex = options.multilingual ? Math.min(sampleIndex + 1, options.restaurants - 1) : -1;
  const both = (ru: string, en: string) => ({ ru, en });
  const translated = (r: number, texts: Record<string, { ru: string; en: string }>) =>
    r === multilingualIndex
      ? {
          translations: {
            ru: Object.fromEntries(Object.entries(texts).map(([field, t]) => [field, t.ru])),
            en: Object.fromEntries(Object.entries(texts).map(([field, t]) => [field, t.en])),
          },
        }
      : {};

  const sample = await db.transaction(async (tx) => {
    let found: Omit<BenchSample, 'totals'> | undefined;
    const restaurantRows = Array.from({ length: options.restaurants }, (_, i) => ({
      _id: randomUUID(),
      name: `Benchmark restoran ${i + 1}`,
      slug: `${prefix}-${i + 1}`,
      address: `Toshkent, ${i + 1}-uy`,
      phone_number: '+998 71 000 00 00',
      work_time: '09:00 - 23:00',
      ...(i === multilingualIndex ? { languages: [...LANGUAGES] } : {}),
      ...translated(i, {
        name: both(`Ресторан ${i + 1}`, `Benchmark restaurant ${i + 1}`),
        address: both(`Ташкент, дом ${i + 1}`, `Tashkent, house ${i + 1}`),
      }),
    }));
    if (restaurantRows.length === 0) return undefined;
    await tx.insert(restaurants).values(restaurantRows);
    totals.restaurants = restaurantRows.length;

    for (const [r, restaurant] of restaurantRows.entries()) {
      const categoryCount = Math.max(1, Math.ceil(options.productsPerRestaurant / perCategory));
      const categoryRows = Array.from({ length: categoryCount }, (_, c) => ({
        _id: randomUUID(),
        title: `Kategoriya ${c + 1}`,
        restaurant_id: restaurant._id,
        position: c,
        ...translated(r, { title: both(`Категория ${c + 1}`, `Category ${c + 1}`) }),
      }));
      const productRows = Array.from({ length: options.productsPerRestaurant }, (_, p) => ({
        _id: randomUUID(),
        name: `Taom ${p + 1}`,
        description: "Mazali taom: go'sht, sabzavot va ziravorlar bilan",
        price: 10_000 + ((p * 1_500) % 90_000),
        category_id: categoryRows[Math.floor(p / perCategory)]!._id,
        position: p % perCategory,
        // Every tenth product sits on the stop-list, as on a real evening.
        is_active: p % 10 !== 9,
        ...translated(r, {
          name: both(`Блюдо ${p + 1}`, `Dish ${p + 1}`),
          description: both('Вкусное блюдо: мясо, овощи и специи', 'A tasty dish: meat, vegetables and spices'),
        }),
      }));
      // Every fourth product has two options with three rows each.
      const optionRowsOf = productRows
        .filter((_, p) => p % 4 === 0)
        .flatMap((product) => OPTIONS.map((option) => ({ _id: randomUUID(), product_id: product._id, ...option })));
      const rowValues = optionRowsOf.flatMap((option) =>
        option.rows.map((name, i) => ({
          product_option_id: option._id,
          name,
          price: i * 6_000,
          ...translated(r, { name: both(`${name} (ru)`, `${name} (en)`) }),
        })),
      );

      await tx.insert(categories).values(categoryRows);
      if (productRows.length > 0) await tx.insert(products).values(productRows);
      if (optionRowsOf.length > 0) {
        await tx.insert(productOptions).values(
          optionRowsOf.map(({ _id, product_id, name }) => ({
            _id,
            product_id,
            name,
            ...translated(r, { name: both(`${name} (ru)`, `${name} (en)`) }),
          })),
        );
        await tx.insert(optionRows).values(rowValues);
      }
      totals.categories += categoryRows.length;
      totals.products += productRows.length;
      totals.options += optionRowsOf.length;
      totals.rows += rowValues.length;

      if (r === sampleIndex && productRows.length > 0) {
        found = {
          slug: restaurant.slug,
          restaurantId: restaurant._id,
          categoryId: categoryRows[0]!._id,
          productId: productRows[0]!._id,
        };
      }
    }
    const multilingual = restaurantRows[multilingualIndex];
    return found && (multilingual ? { ...found, multilingualSlug: multilingual.slug } : found);
  });

  if (!sample) throw new Error('seedBenchData needs at least one restaurant with at least one product');
  // Measured requests must not meet a planner without statistics: analyze (and checkpoint) now.
  await maintenanceOf(db)?.settle();
  return { ...sample, totals };
}
