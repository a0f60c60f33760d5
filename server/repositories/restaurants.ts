import { and, asc, count, desc, eq, getTableColumns, inArray, like, ne, or, type SQL, sql } from 'drizzle-orm';
import { cyrillicToLatinPattern, latinToCyrillicPattern } from '../../lib/search';
import type { Db, Executor } from '../db/client';
import {
  categories,
  products,
  restaurantPhoneDigits,
  restaurantSearchText,
  restaurants,
  syncRuns,
  users,
} from '../db/schema';
import { conflict, PG_UNIQUE_VIOLATION, pgErrorCode } from '../errors';
import { messages } from '../messages';
import type { ManagedRestaurantView, RestaurantView } from '../schemas/restaurants';
import type { TranslationsPatch } from '../schemas/translations';
import { ownsRestaurant, type Viewer } from '../viewer';
import { unreferencedImages } from './categories';
import { answeredTranslations, mergedTranslations } from './translations';

/** Restaurant reads and writes shared by the admin, manager and public calls, and the shape they answer with. */

// The API tests compare answers with this name.
export const SLUG_TAKEN = messages.slugTaken;

export type RestaurantRecord = typeof restaurants.$inferSelect;
export type RestaurantRow = RestaurantRecord & { manager_login: string | null };
/** Columns a create or an update may set. */
export type RestaurantValues = typeof restaurants.$inferInsert;
/** What an update changes: columns, and translations as a patch merged into the stored ones. */
export type RestaurantChanges = Partial<Omit<RestaurantValues, 'translations'>> & { translations?: TranslationsPatch };

const withManager = { ...getTableColumns(restaurants), manager_login: users.login };

function selectRestaurants(db: Executor) {
  return db.select(withManager).from(restaurants).leftJoin(users, eq(users._id, restaurants.manager_id));
}

async function findRestaurant(db: Executor, where: SQL): Promise<RestaurantRow | undefined> {
  const [row] = await selectRestaurants(db).where(where).limit(1);
  return row;
}

/** A restaurant with its manager's login, as the answers show it. */
export function findRestaurantById(db: Executor, restaurantId: string): Promise<RestaurantRow | undefined> {
  return findRestaurant(db, eq(restaurants._id, restaurantId));
}

/**
 * Slugs are stored lowercase (a CHECK constraint holds it), so a slug asked in any case is the stored one lowercased:
 * `/menu/RAYHON` opens `rayhon`, and the plain unique index is a case-insensitive one.
 */
export const slugKey = (slug: string) => slug.toLowerCase();

export function findRestaurantBySlug(db: Executor, slug: string): Promise<RestaurantRow | undefined> {
  return findRestaurant(db, eq(restaurants.slug, slugKey(slug)));
}

/** The restaurant row alone (no join): ownership checks and the integration read it. */
export async function findRestaurantRecord(db: Executor, restaurantId: string): Promise<RestaurantRecord | undefined> {
  const [row] = await db.select().from(restaurants).where(eq(restaurants._id, restaurantId)).limit(1);
  return row;
}

/** Who may see a restaurant's public reads: whether it is active, and whose it is; and its menu languages. */
export async function findRestaurantAudience(db: Executor, restaurantId: string) {
  const [row] = await db
    .select({ is_active: restaurants.is_active, manager_id: restaurants.manager_id, languages: restaurants.languages })
    .from(restaurants)
    .where(eq(restaurants._id, restaurantId))
    .limit(1);
  return row;
}

export async function restaurantExists(db: Executor, restaurantId: string): Promise<boolean> {
  const [row] = await db
    .select({ _id: restaurants._id })
    .from(restaurants)
    .where(eq(restaurants._id, restaurantId))
    .limit(1);
  return row !== undefined;
}

/**
 * Locks the restaurant's row until the transaction ends (a sync holds it while it starts or applies a run); answers
 * false when the restaurant is gone.
 */
export async function lockRestaurant(tx: Executor, restaurantId: string): Promise<boolean> {
  const [row] = await tx
    .select({ _id: restaurants._id })
    .from(restaurants)
    .where(eq(restaurants._id, restaurantId))
    .for('update');
  return row !== undefined;
}

export async function createRestaurant(db: Executor, values: RestaurantValues): Promise<{ _id: string }> {
  const [created] = await db.insert(restaurants).values(values).returning({ _id: restaurants._id });
  return created!;
}

/**
 * Only the given fields change and updatedAt moves. With `onlyManagerId` the owner check is repeated in the WHERE, so
 * a restaurant reassigned meanwhile is not written by its old manager. Answers whether a row was written.
 */
export async function updateRestaurant(
  db: Executor,
  restaurantId: string,
  changes: RestaurantChanges,
  onlyManagerId?: string,
): Promise<boolean> {
  const ownerClause = onlyManagerId === undefined ? undefined : eq(restaurants.manager_id, onlyManagerId);
  const { translations, ...columns } = changes;
  const merged =
    translations === undefined ? {} : { translations: mergedTranslations(restaurants.translations, translations) };
  const updated = await db
    .update(restaurants)
    .set({ ...columns, ...merged, updatedAt: sql`now()` })
    .where(and(eq(restaurants._id, restaurantId), ownerClause))
    .returning({ _id: restaurants._id });
  return updated.length > 0;
}

/** The restaurant's two pictures and its manager, locked until the transaction ends (an upload replaces one). */
export async function lockRestaurantPictures(tx: Executor, restaurantId: string) {
  const [row] = await tx
    .select({ image: restaurants.image, logotype: restaurants.logotype, manager_id: restaurants.manager_id })
    .from(restaurants)
    .where(eq(restaurants._id, restaurantId))
    .for('update')
    .limit(1);
  return row;
}

export async function setRestaurantPicture(
  db: Executor,
  restaurantId: string,
  picture: 'image' | 'logotype',
  url: string,
): Promise<void> {
  const column = picture === 'image' ? { image: url } : { logotype: url };
  await db
    .update(restaurants)
    .set({ ...column, updatedAt: sql`now()` })
    .where(eq(restaurants._id, restaurantId));
}

// ---- Integration: restaurants linked to a POS organization. ----

/** The POS organizations of this provider that a restaurant already mirrors. */
export async function linkedOrganizationIds(db: Executor, provider: string): Promise<Set<string | null>> {
  const linked = await db
    .select({ id: restaurants.integration_id })
    .from(restaurants)
    .where(eq(restaurants.integration_provider, provider));
  return new Set(linked.map((row) => row.id));
}

export async function isOrganizationLinked(db: Executor, provider: string, organizationId: string): Promise<boolean> {
  const [linked] = await db
    .select({ _id: restaurants._id })
    .from(restaurants)
    .where(and(eq(restaurants.integration_provider, provider), eq(restaurants.integration_id, organizationId)))
    .limit(1);
  return linked !== undefined;
}

/**
 * Every integration restaurant of this provider in the order the scheduled sync visits them: least recently synced
 * first (never synced before all), then oldest. A round cut short (the server stopping, a slow POS) goes on where it
 * stopped next time instead of syncing the same first restaurants again while the last ones wait.
 */
export async function integrationRestaurantIds(db: Executor, provider: string): Promise<string[]> {
  // The index on (restaurant_id, started_at) answers each restaurant's latest run without reading its history.
  const lastSync = sql`(select max(${syncRuns.started_at}) from ${syncRuns} where ${syncRuns.restaurant_id} = ${restaurants._id})`;
  const linked = await db
    .select({ _id: restaurants._id })
    .from(restaurants)
    .where(and(eq(restaurants.type, 'integration'), eq(restaurants.integration_provider, provider)))
    .orderBy(sql`${lastSync} asc nulls first`, asc(restaurants.createdAt), asc(restaurants._id));
  return linked.map((row) => row._id);
}

/** Slugs taken among `base` and `base-…` (an imported restaurant gets the first free of base, base-2, base-3…). */
export async function slugsLike(db: Executor, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: restaurants.slug })
    .from(restaurants)
    .where(or(eq(restaurants.slug, base), like(restaurants.slug, `${base}-%`)));
  return new Set(rows.map((row) => row.slug));
}

/** Newest first for the admin list; a manager's own list oldest first, so "the first restaurant" stays the same. */
export function listRestaurants(db: Executor, managerId?: string): Promise<RestaurantRow[]> {
  if (managerId === undefined) return selectRestaurants(db).orderBy(desc(restaurants.createdAt), asc(restaurants._id));
  return selectRestaurants(db)
    .where(eq(restaurants.manager_id, managerId))
    .orderBy(asc(restaurants.createdAt), asc(restaurants._id));
}

/** What the admin list may be narrowed to. */
export interface RestaurantFilter {
  /** Part of the name, slug or phone number, without regard to case. */
  q?: string | undefined;
  is_active?: boolean | undefined;
  type?: 'manual' | 'integration' | undefined;
  /** One restaurant by its _id (the panel's lookup), instead of reading the whole list for one row. */
  id?: string | undefined;
}

/** `%` and `_` in a search are the characters themselves, not LIKE's wildcards. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Part of the name, slug or phone: one ILIKE on the three joined by a line break (the expression of the trigram index
 * restaurants_search_trgm_idx, so a search reads the index, not every restaurant). The search is single-line text (the
 * API refuses control characters in q), so it cannot match across two fields: it finds exactly what three separate
 * ILIKEs found.
 */
function searchCondition(q: string): SQL | undefined {
  const digits = q.replace(/\D/g, '');
  // A query in one script finds the names in the other too ("Райҳон" or "райхон" finds Rayhon, "shurpa" finds
  // "Шурпа уйи"): a regular expression the same trigram index answers (pg_trgm indexes ~*). At most one is defined.
  const other = cyrillicToLatinPattern(q) ?? latinToCyrillicPattern(q);
  return or(
    sql`${restaurantSearchText(restaurants)} ilike ${likePattern(q)}`,
    other === undefined ? undefined : sql`${restaurantSearchText(restaurants)} ~* ${other}`,
    // Phones are stored as `+998 90 123 45 67`: "901234567" or "90-123" find it too (its own trigram index).
    digits.length >= 3 && /^[\d\s+()-]+$/.test(q)
      ? sql`${restaurantPhoneDigits(restaurants)} like ${likePattern(digits)}`
      : undefined,
  );
}

function restaurantFilter(filter: RestaurantFilter): SQL | undefined {
  const q = filter.q?.trim();
  const search = q ? searchCondition(q) : undefined;
  return and(
    search,
    filter.is_active === undefined ? undefined : eq(restaurants.is_active, filter.is_active),
    filter.type === undefined ? undefined : eq(restaurants.type, filter.type),
    filter.id === undefined ? undefined : eq(restaurants._id, filter.id),
  );
}

/**
 * The rows of one page of the admin list without a search, newest first as the whole list: restaurants_created_idx is
 * in this order, so the page's rows are the index's first entries.
 */
export function restaurantPageQuery(db: Executor, filter: RestaurantFilter, page: { page: number; limit: number }) {
  return selectRestaurants(db)
    .where(restaurantFilter(filter))
    .orderBy(desc(restaurants.createdAt), asc(restaurants._id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
}

/**
 * One page of a search, each row carrying the total: the matches are found once (the trigram index), then sorted and
 * counted. Written as one query for the plan, not only for the round trip: asked as "newest first, LIMIT 20, WHERE
 * matches", the planner walks restaurants_created_idx and filters every restaurant whenever it expects more matches
 * than there are (at 2,500 bench restaurants it expected 278 for 'r1-5', found 11, and read all 2,500: 48 ms). The CTE
 * `matches` is used twice (page and count), so PostgreSQL computes it once by itself, never merged into the ordered walk.
 */
export function restaurantSearchPageQuery(
  db: Executor,
  filter: RestaurantFilter,
  page: { page: number; limit: number },
) {
  const matches = db
    .$with('matches')
    .as(
      db
        .select({ id: restaurants._id, createdAt: restaurants.createdAt })
        .from(restaurants)
        .where(restaurantFilter(filter)),
    );
  const pageIds = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(desc(matches.createdAt), asc(matches.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .as('page_ids');
  return db
    .with(matches)
    .select({ ...withManager, total: sql<number>`(select count(*) from ${matches})::int` })
    .from(pageIds)
    .innerJoin(restaurants, eq(restaurants._id, pageIds.id))
    .leftJoin(users, eq(users._id, restaurants.manager_id))
    .orderBy(desc(restaurants.createdAt), asc(restaurants._id));
}

/** How many restaurants match the filter in all (no join: the manager's login is not needed to count). */
export function restaurantMatchCountQuery(db: Executor, filter: RestaurantFilter) {
  return db.select({ n: count() }).from(restaurants).where(restaurantFilter(filter));
}

/** One page of the admin list (newest first, as the whole list), how many rows match in all, and the spec's counters. */
export async function pageRestaurants(
  db: Executor,
  filter: RestaurantFilter,
  page: { page: number; limit: number },
): Promise<{ rows: RestaurantRow[]; total: number; counts: RestaurantCounts }> {
  if (filter.q?.trim()) {
    const found = await restaurantSearchPageQuery(db, filter, page);
    const { matching: _, ...counts } = await restaurantCounts(db);
    const rows = found.map(({ total: _, ...row }) => row);
    // A page past the last has no row to carry the total: counted apart (page 1 without rows means none match).
    if (found.length > 0 || page.page === 1) return { rows, total: found[0]?.total ?? 0, counts };
    const [counted] = await restaurantMatchCountQuery(db, filter);
    return { rows, total: counted!.n, counts };
  }
  // Two queries, not a window count: `count(*) over ()` made the database join and sort every match before the LIMIT
  // (the first page at 2,500 restaurants went from 83 to 42 requests/s); the count needs no join, and it is read in
  // the same pass over the table as the spec's counters (one scan per request, not two).
  const rows = await restaurantPageQuery(db, filter, page);
  const { matching, ...counts } = await restaurantCounts(db, filter);
  return { rows, total: matching, counts };
}

export interface RestaurantCounts {
  all_count: number;
  active_count: number;
  inactive_count: number;
}

/**
 * Counted by the database in one pass, never by loading the rows; `matching` counts the rows a page's filter keeps in
 * the same pass (every restaurant without one).
 */
export async function restaurantCounts(
  db: Executor,
  filter: RestaurantFilter = {},
): Promise<RestaurantCounts & { matching: number }> {
  const condition = restaurantFilter(filter);
  const [row] = await db
    .select({
      all_count: sql<number>`count(*)::int`,
      active_count: sql<number>`(count(*) filter (where ${restaurants.is_active}))::int`,
      inactive_count: sql<number>`(count(*) filter (where not ${restaurants.is_active}))::int`,
      matching: condition ? sql<number>`(count(*) filter (where ${condition}))::int` : sql<number>`count(*)::int`,
    })
    .from(restaurants);
  return row!; // an aggregate without GROUP BY answers exactly one row
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
    time_zone: row.time_zone,
    working_hours: row.working_hours,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
  if (!ownsRestaurant(viewer, row)) return view;
  view.manager_id = row.manager_id;
  view.digest_time = row.digest_time;
  // The foreign key keeps the user a manager_id names, so the joined login is there whenever the id is.
  view.manager = row.manager_id ? { _id: row.manager_id, login: row.manager_login! } : null;
  view.channel_id = row.channel_id;
  if (viewer?.role === 'admin') view.bot_token = row.bot_token;
  return view;
}

/**
 * What the admin and manager calls answer (`presentRestaurant` plus the menu languages and the translations, issue
 * 18): only for a viewer who owns the restaurant (they are its unpublished texts).
 */
export function presentManagedRestaurant(row: RestaurantRow, viewer: Viewer | null): ManagedRestaurantView {
  return answeredTranslations({
    ...presentRestaurant(row, viewer),
    languages: row.languages,
    translations: row.translations,
    ordering_enabled: row.ordering_enabled,
    telegram_configured: row.bot_token !== null && row.channel_id !== null,
    telegram_error: row.telegram_error,
    pos_terminal_group_id: row.pos_terminal_group_id,
  });
}

/** A friendly 409 before the insert; the unique index still decides a race (the error handler answers 409 too). */
export async function assertSlugFree(db: Executor, slug: string, exceptId?: string): Promise<void> {
  const key = eq(restaurants.slug, slugKey(slug));
  const where = exceptId ? and(key, ne(restaurants._id, exceptId)) : key;
  const [row] = await db.select({ _id: restaurants._id }).from(restaurants).where(where).limit(1);
  if (row) throw conflict(messages.slugTaken);
}

/** A slug race lost at the unique index answers the same 409 as the pre-check. */
export function rethrowSlugTaken(error: unknown): never {
  throw pgErrorCode(error) === PG_UNIQUE_VIOLATION ? conflict(messages.slugTaken) : error;
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
export async function deleteRestaurant(
  db: Db,
  which: { slug: string } | { _id: string },
): Promise<{ restaurantId: string; files: string[] } | undefined> {
  const where = 'slug' in which ? eq(restaurants.slug, slugKey(which.slug)) : eq(restaurants._id, which._id);
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
      ...productImages.flatMap((p) => p.images.map((image) => image.file)),
    ].filter((f): f is string => typeof f === 'string');
    // A URL may also be used elsewhere (a client can send any stored URL in a product's images): keep those files.
    return { restaurantId: restaurant._id, files: await unreferencedImages(tx, [...new Set(files)]) };
  });
}

/**
 * Required text, trimmed. A blank one never gets here: the schemas' `notBlank` rule (VisibleText, the phone rule)
 * has answered 400 naming the field already.
 */
export function trimmedText<T extends Record<string, unknown>, K extends keyof T & string>(
  body: T,
  fields: readonly K[],
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const field of fields) {
    const value = body[field];
    if (typeof value !== 'string') continue;
    out[field] = value.trim();
  }
  return out;
}
