import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { categories, optionRows, productOptions, products, restaurants } from '../db/schema';
import { slugKey } from './restaurants';

/** SQL for the public menu page and its JSON: what diners see, filtered and ordered by the database. */

/** An active restaurant by its slug (the page and the card only show active ones). */
export async function findActiveRestaurantBySlug(db: Executor, slug: string) {
  const [row] = await db
    .select({
      _id: restaurants._id,
      name: restaurants.name,
      slug: restaurants.slug,
      address: restaurants.address,
      phone_number: restaurants.phone_number,
      work_time: restaurants.work_time,
      image: restaurants.image,
      logotype: restaurants.logotype,
      hide_stopped: restaurants.hide_stopped,
      ordering_enabled: restaurants.ordering_enabled,
      service_percent: restaurants.service_percent,
      languages: restaurants.languages,
      time_zone: restaurants.time_zone,
      working_hours: restaurants.working_hours,
      translations: restaurants.translations,
    })
    .from(restaurants)
    .where(and(eq(restaurants.slug, slugKey(slug)), eq(restaurants.is_active, true)))
    .limit(1);
  return row;
}

/**
 * The rows of a restaurant's public menu, in three queries run together, each ordered by the database: its active
 * categories and their products by `position` (ties by creation), options with their rows in insertion order (`seq`).
 * `hideStopped` leaves stop-listed products out. Categories and products come with their schedules, products with
 * their facts (portion, calories, spiciness, tags, allergens); which of them the page shows at an hour is decided when
 * it is rendered, not here, so the rows stay the same all day.
 */
export async function publicMenuRows(db: Executor, restaurantId: string, hideStopped: boolean) {
  const activeCategory = and(eq(categories.restaurant_id, restaurantId), eq(categories.is_active, true));
  const [categoryRows, productRows, rowRows] = await Promise.all([
    db
      .select({
        _id: categories._id,
        title: categories.title,
        schedule: categories.schedule,
        translations: categories.translations,
      })
      .from(categories)
      .where(activeCategory)
      .orderBy(asc(categories.position), asc(categories.createdAt), asc(categories._id)),
    db
      .select({
        _id: products._id,
        category_id: products.category_id,
        name: products.name,
        description: products.description,
        price: products.price,
        is_active: products.is_active,
        images: products.images,
        portion: products.portion,
        calories: products.calories,
        spiciness: products.spiciness,
        tags: products.tags,
        allergens: products.allergens,
        schedule: products.schedule,
        translations: products.translations,
      })
      .from(products)
      .innerJoin(categories, eq(products.category_id, categories._id))
      .where(hideStopped ? and(activeCategory, eq(products.is_active, true)) : activeCategory)
      .orderBy(asc(products.position), asc(products.createdAt), asc(products._id)),
    // Options with their rows in one left join: an option without rows still shows its name.
    db
      .select({
        option_id: productOptions._id,
        product_id: productOptions.product_id,
        option_name: productOptions.name,
        option_min: productOptions.min_choices,
        option_max: productOptions.max_choices,
        option_translations: productOptions.translations,
        row_id: optionRows._id,
        row_name: optionRows.name,
        row_price: optionRows.price,
        row_translations: optionRows.translations,
      })
      .from(productOptions)
      .innerJoin(products, eq(productOptions.product_id, products._id))
      .innerJoin(categories, eq(products.category_id, categories._id))
      .leftJoin(optionRows, eq(optionRows.product_option_id, productOptions._id))
      .where(activeCategory)
      .orderBy(asc(productOptions.seq), asc(optionRows.seq)),
  ]);

  return { categoryRows, productRows, rowRows };
}

/** Whether any restaurant (active or not) has this slug: the QR codes are served for all of them. */
export async function restaurantSlugExists(db: Executor, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ _id: restaurants._id })
    .from(restaurants)
    .where(eq(restaurants.slug, slugKey(slug)))
    .limit(1);
  return row !== undefined;
}
