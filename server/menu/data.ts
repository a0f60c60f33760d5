import type { DishFacts } from '../../lib/dish-facts';
import type { Schedule, WorkingHours } from '../../lib/schedule-types';
import type { Executor } from '../db/client';
import type { ProductImage } from '../db/schema';
import { findActiveRestaurantBySlug, publicMenuRows, restaurantSlugExists } from '../repositories/public-menu';
import type { Translations } from '../schemas/translations';
import { menuImageUrls } from './images';

/**
 * Everything the public menu shows, already filtered and ordered: the page and the JSON render it as is. As loaded,
 * each text carries its `translations`; `menuIn` (localized.ts) turns that into one language's menu.
 */
interface Translated {
  translations?: Translations | null;
}
export interface MenuRow extends Translated {
  _id: string;
  name: string;
  price: number;
}
export interface MenuOption extends Translated {
  _id: string;
  name: string;
  /** The diner must choose at least one of its rows (min_choices ≥ 1; the order API insists). */
  required: boolean;
  /** The fewest and the most of its rows an order chooses, each once (the ordering sheet and the order API). */
  min_choices: number;
  max_choices: number;
  rows: MenuRow[];
}
export interface MenuProduct extends Translated {
  _id: string;
  name: string;
  description: string;
  price: number;
  /** false: on the stop-list (shown greyed at the end of its category unless the restaurant hides them). */
  is_active: boolean;
  images: ProductImage[];
  options: MenuOption[];
  /** What a diner asks before ordering (portion, calories, spiciness, tags, allergens); absent: nothing is known. */
  facts?: DishFacts;
  /** When it is served (within its category's hours); absent or null: whenever its category is. */
  schedule?: Schedule | null;
}
export interface MenuCategory extends Translated {
  _id: string;
  title: string;
  products: MenuProduct[];
  /** When its dishes are served; absent or null: whenever the restaurant is open. */
  schedule?: Schedule | null;
}
export interface MenuRestaurant extends Translated {
  _id: string;
  name: string;
  slug: string;
  address: string;
  phone_number: string;
  work_time: string;
  image: string | null;
  logotype: string | null;
  hide_stopped: boolean;
  /** The languages the menu offers, in the restaurant's order (only as loaded: a localized menu has none). */
  languages?: string[];
  /** The IANA zone its schedules and working hours are read in; absent: Asia/Tashkent. */
  time_zone?: string;
  /** When it is open; absent or null: always. */
  working_hours?: WorkingHours | null;
}
export interface MenuData {
  restaurant: MenuRestaurant;
  categories: MenuCategory[];
  /**
   * Ordering from the table is on. Beside the restaurant, not in it: the JSON the spec describes is built
   * from `restaurant` and `categories` and must not change.
   */
  orderingEnabled?: boolean;
  /** The service charge ("Xizmat haqi", percent) a table's page shows with the cart's total: beside it for the same reason. */
  servicePercent?: number;
}

/** Slugs are short ([a-z0-9-], at most 64 by the API): anything longer is not looked up at all. */
export const MAX_SLUG_LENGTH = 100;

/**
 * An active restaurant by its slug (the page and the card only show active ones), with its ordering switch; its
 * pictures at the addresses browsers fetch them from (images.ts).
 */
export async function findActiveRestaurant(
  db: Executor,
  slug: string,
): Promise<(MenuRestaurant & { ordering_enabled?: boolean; service_percent?: number }) | undefined> {
  if (slug.length === 0 || slug.length > MAX_SLUG_LENGTH) return undefined;
  const found = await findActiveRestaurantBySlug(db, slug);
  if (!found) return undefined;
  const shown = menuImageUrls(db);
  return { ...found, image: found.image && shown(found.image), logotype: found.logotype && shown(found.logotype) };
}

/**
 * The menu of an active restaurant, or undefined for an unknown or inactive slug. Four queries (restaurant, then
 * categories, products, options+rows of that restaurant's active categories), each already ordered by the database:
 * categories and products by `position` (ties by creation), options and rows in insertion order (`seq`).
 */
export async function loadMenu(db: Executor, slug: string): Promise<MenuData | undefined> {
  const found = await findActiveRestaurant(db, slug);
  if (!found) return undefined;
  const { ordering_enabled: orderingEnabled, service_percent: servicePercent, ...restaurant } = found;

  const { categoryRows, productRows, rowRows } = await publicMenuRows(db, restaurant._id, restaurant.hide_stopped);
  const shownImage = menuImageUrls(db);

  const optionsByProduct = new Map<string, MenuOption[]>();
  const optionById = new Map<string, MenuOption>();
  for (const row of rowRows) {
    let option = optionById.get(row.option_id);
    if (!option) {
      option = {
        _id: row.option_id,
        name: row.option_name,
        required: row.option_min > 0,
        min_choices: row.option_min,
        max_choices: row.option_max,
        rows: [],
        translations: row.option_translations,
      };
      optionById.set(row.option_id, option);
      const list = optionsByProduct.get(row.product_id) ?? [];
      list.push(option);
      optionsByProduct.set(row.product_id, list);
    }
    if (row.row_id !== null && row.row_name !== null && row.row_price !== null) {
      option.rows.push({
        _id: row.row_id,
        name: row.row_name,
        price: row.row_price,
        translations: row.row_translations,
      });
    }
  }

  const productsByCategory = new Map<string, MenuProduct[]>();
  for (const p of productRows) {
    const list = productsByCategory.get(p.category_id) ?? [];
    const facts = dishFacts(p);
    list.push({
      _id: p._id,
      name: p.name,
      description: p.description,
      price: p.price,
      is_active: p.is_active,
      images: p.images.map((image) => ({ ...image, file: shownImage(image.file) })),
      options: optionsByProduct.get(p._id) ?? [],
      // Only what is there: a menu without facts or schedules holds (and is counted as) what it always did.
      ...(facts && { facts }),
      ...(p.schedule && { schedule: p.schedule }),
      translations: p.translations,
    });
    productsByCategory.set(p.category_id, list);
  }

  const menuCategories: MenuCategory[] = [];
  for (const category of categoryRows) {
    const list = productsByCategory.get(category._id) ?? [];
    // Available first, stop-listed last; each group keeps the manager's order.
    const ordered = [...list.filter((p) => p.is_active), ...list.filter((p) => !p.is_active)];
    // A category with nothing to show (empty, or all hidden by hide_stopped) would be an empty jump link.
    if (ordered.length > 0)
      menuCategories.push({
        _id: category._id,
        title: category.title,
        products: ordered,
        ...(category.schedule && { schedule: category.schedule }),
        translations: category.translations,
      });
  }
  return {
    restaurant,
    categories: menuCategories,
    orderingEnabled: orderingEnabled === true,
    servicePercent: servicePercent ?? 0,
  };
}

/** A product's facts, or undefined when it has none (no portion, calories, spiciness, tags or allergens). */
function dishFacts(row: DishFacts): DishFacts | undefined {
  const { portion, calories, spiciness, tags, allergens } = row;
  if (!portion && calories === null && spiciness === 0 && tags.length === 0 && allergens.length === 0) return undefined;
  return { portion, calories, spiciness, tags, allergens };
}

/** Whether any restaurant (active or not) has this slug: the QR codes are served for all of them. */
export async function slugExists(db: Executor, slug: string): Promise<boolean> {
  if (slug.length === 0 || slug.length > MAX_SLUG_LENGTH) return false;
  return restaurantSlugExists(db, slug);
}
