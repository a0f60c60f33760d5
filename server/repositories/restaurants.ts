import { and, asc, desc, eq, getTableColumns, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { ownsRestaurant } from '../access';
import type { Db, Executor } from '../db/client';
import { categories, products, restaurants, users } from '../db/schema';
import { badRequest, conflict, PG_UNIQUE_VIOLATION, pgErrorCode } from '../errors';
import type { Viewer } from '../plugins/auth';
import type { RestaurantView } from '../schemas/restaurants';
import { unreferencedImages } from './categories';

/** Restaurant reads and writes shared by the admin, manager and public calls, and the shape they answer with. */

export const SLUG_TAKEN = 'Bu slug bilan restoran allaqachon mavjud.';
export const RESTAURANT_DELETED = "Restoran o'chirildi.";
export const UNKNOWN_MANAGER = '"manager_id" maydoni noto\'g\'ri: bunday menejer topilmadi.';

export type RestaurantRow = typeof restaurants.$inferSelect & { manager_login: string | null };

const withManager = { ...getTableColumns(restaurants), manager_login: users.login };

function selectRestaurants(db: Executor) {
  return db.select(withManager).from(restaurants).leftJoin(users, eq(users._id, restaurants.manager_id));
}

export async function findRestaurant(db: Executor, where: SQL): Promise<RestaurantRow | undefined> {
  const [row] = await selectRestaurants(db).where(where).limit(1);
  return row;
}

/** Newest first for the admin list; a manager's own list oldest first, so "the first restaurant" stays the same. */
export function listRestaurants(db: Executor, managerId?: string): Promise<RestaurantRow[]> {
  if (managerId === undefined) return selectRestaurants(db).orderBy(desc(restaurants.createdAt), asc(restaurants._id));
  return selectRestaurants(db)
    .where(eq(restaurants.manager_id, managerId))
    .orderBy(asc(restaurants.createdAt), asc(restaurants._id));
}

/** Counted by the database in one pass, never by loading the rows. */
export async function restaurantCounts(db: Executor) {
  const [row] = await db
    .select({
      all_count: sql<number>`count(*)::int`,
      active_count: sql<number>`(count(*) filter (where ${restaurants.is_active}))::int`,
      inactive_count: sql<number>`(count(*) filter (where not ${restaurants.is_active}))::int`,
    })
    .from(restaurants);
  return row ?? { all_count: 0, active_count: 0, inactive_count: 0 };
}

/** PostgreSQL prints `2024-05-01 10:00:00.12+00`; the API answers ISO 8601. */
export function toIso(timestamp: string): string {
  return new Date(timestamp).toISOString();
}

/** What a viewer may see: bot_token only admins; the manager and channel only admins and the owning manager. */
export function presentRestaurant(row: RestaurantRow, viewer: Viewer | null): RestaurantView {
  const view: RestaurantView = {
    _id: row._id,
    name: row.name,
    slug: row.slug,
    address: row.address,
    phone_number: row.phone_number,
    work_time: row.work_time,
    type: row.type,
    is_active: row.is_active,
    image: row.image,
    logotype: row.logotype,
    hide_stopped: row.hide_stopped,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
  if (!ownsRestaurant(viewer, row)) return view;
  view.manager_id = row.manager_id;
  view.manager = row.manager_id ? { _id: row.manager_id, login: row.manager_login ?? '' } : null;
  view.channel_id = row.channel_id;
  if (viewer?.role === 'admin') view.bot_token = row.bot_token;
  return view;
}

/** manager_id must name an existing manager (not an admin): 400 naming the field otherwise. */
export async function assertManagerExists(db: Executor, managerId: string): Promise<void> {
  const [row] = await db
    .select({ _id: users._id })
    .from(users)
    .where(and(eq(users._id, managerId), eq(users.role, 'manager')))
    .limit(1);
  if (!row) throw badRequest(UNKNOWN_MANAGER);
}

/** A friendly 409 before the insert; the unique index still decides a race (the error handler answers 409 too). */
export async function assertSlugFree(db: Executor, slug: string, exceptId?: string): Promise<void> {
  const where = exceptId ? and(eq(restaurants.slug, slug), ne(restaurants._id, exceptId)) : eq(restaurants.slug, slug);
  const [row] = await db.select({ _id: restaurants._id }).from(restaurants).where(where).limit(1);
  if (row) throw conflict(SLUG_TAKEN);
}

/** A slug race lost at the unique index answers the same 409 as the pre-check. */
export function rethrowSlugTaken(error: unknown): never {
  throw pgErrorCode(error) === PG_UNIQUE_VIOLATION ? conflict(SLUG_TAKEN) : error;
}

/** Optional text fields: an empty string clears them, like null. */
export function blankToNull(value: string | null | undefined): string | null | undefined {
  return value === '' ? null : value;
}

/**
 * Deletes a restaurant in one transaction: the foreign keys cascade to its categories, products, options, rows and
 * sync runs. Answers the image URLs that belonged to it (its pictures and its products' images) so the caller removes
 * the files after the commit, or undefined when no such restaurant exists.
 */
export async function deleteRestaurant(db: Db, where: SQL): Promise<{ _id: string; files: string[] } | undefined> {
  return db.transaction(async (tx) => {
    const [restaurant] = await tx
      .select({ _id: restaurants._id, image: restaurants.image, logotype: restaurants.logotype })
      .from(restaurants)
      .where(where)
      .for('update')
      .limit(1);
    if (!restaurant) return undefined;
    const productImages = await tx
      .select({ images: products.images })
      .from(products)
      .where(
        inArray(
          products.category_id,
          tx.select({ _id: categories._id }).from(categories).where(eq(categories.restaurant_id, restaurant._id)),
        ),
      );
    await tx.delete(restaurants).where(eq(restaurants._id, restaurant._id));
    const files = [
      restaurant.image,
      restaurant.logotype,
      ...productImages.flatMap((p) => (Array.isArray(p.images) ? p.images : []).map((i) => i?.file)),
    ].filter((f): f is string => typeof f === 'string');
    // A URL may also be used elsewhere (a client can send any stored URL in a product's images): keep those files.
    return { _id: restaurant._id, files: await unreferencedImages(tx, [...new Set(files)]) };
  });
}

/**
 * Required text is trimmed and must not be blank ("   " passes minLength but is no name): answers the trimmed values,
 * or throws 400 naming the first blank field.
 */
export function trimmedText<T extends Record<string, unknown>, K extends keyof T & string>(
  body: T,
  fields: readonly K[],
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const field of fields) {
    const value = body[field];
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (trimmed === '') throw badRequest(`"${field}" maydoni noto'g'ri: bo'sh bo'lmasligi kerak.`);
    out[field] = trimmed;
  }
  return out;
}
