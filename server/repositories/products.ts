import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { POS_FILLED_FACTS, type PosFilledFact } from '../../lib/dish-facts';
import type { Executor } from '../db/client';
import { rowsOf } from '../db/client';
import { categories, type ProductImage, products, restaurants } from '../db/schema';
import type { ProductWithOptionsView } from '../schemas/products';
import type { Translations, TranslationsPatch } from '../schemas/translations';
import { applyPositions, type Counts, ownerColumns, sameSet } from './categories';
import { insertInChunks } from './chunks';
import { optionsJson } from './options';
import { mergedTranslations } from './translations';

/** SQL for products: manager lists and writes, the public menu reads, ordering and the stop-list cascade. */

export type ProductRecord = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;

export interface ProductScope {
  categoryId?: string;
  restaurantId?: string;
  /** Every restaurant of this manager. */
  managerId?: string;
}

/** A product with its restaurant and manager, or undefined when unknown. */
export async function findProductWithOwner(db: Executor, productId: string) {
  const [row] = await db
    .select({ product: products, ...ownerColumns })
    .from(products)
    .innerJoin(categories, eq(categories._id, products.category_id))
    .innerJoin(restaurants, eq(restaurants._id, categories.restaurant_id))
    .where(eq(products._id, productId))
    .limit(1);
  return row;
}

/** Products in menu order: by restaurant, category position, then product position. */
export async function listProducts(db: Executor, scope: ProductScope): Promise<ProductRecord[]> {
  const conditions: SQL[] = [];
  if (scope.categoryId) conditions.push(eq(products.category_id, scope.categoryId));
  if (scope.restaurantId) conditions.push(eq(categories.restaurant_id, scope.restaurantId));
  if (scope.managerId) conditions.push(eq(restaurants.manager_id, scope.managerId));
  return db
    .select(getTableColumns(products))
    .from(products)
    .innerJoin(categories, eq(categories._id, products.category_id))
    .innerJoin(restaurants, eq(restaurants._id, categories.restaurant_id))
    .where(and(...conditions))
    .orderBy(
      asc(restaurants.createdAt),
      asc(restaurants._id),
      asc(categories.position),
      asc(categories.createdAt),
      asc(categories._id),
      asc(products.position),
      asc(products.createdAt),
      asc(products._id),
    );
}

/** A dish's facts and schedule as written by the panel (absent: the column's default, or unchanged on update). */
export type DishFactColumns = Partial<
  Pick<NewProduct, 'portion' | 'calories' | 'spiciness' | 'tags' | 'allergens' | 'schedule'>
>;

const lastPositionIn = (categoryId: string) =>
  sql<number>`(select coalesce(max(${products.position}) + 1, 0) from ${products} where ${products.category_id} = ${categoryId})`;

/** New products go last in their category. */
export async function createProduct(
  db: Executor,
  values: {
    name: string;
    category_id: string;
    price: number;
    description: string;
    /** Absent: available (the column's default). */
    is_active?: boolean;
    images: ProductImage[];
    translations?: Translations;
    ikpu?: string | null;
    package_code?: string | null;
    /** The facts the POS sync must leave alone from now on. */
    manual_facts?: PosFilledFact[];
  } & DishFactColumns,
): Promise<ProductRecord> {
  const [row] = await db
    .insert(products)
    .values({ ...values, position: lastPositionIn(values.category_id) })
    .returning();
  return row!;
}

export interface ProductPatch extends DishFactColumns {
  name?: string;
  description?: string;
  price?: number;
  is_active?: boolean;
  category_id?: string;
  images?: ProductImage[];
  /** Merged into the stored translations (the languages it names). */
  translations?: TranslationsPatch;
  /** Fiscal codes; null removes one. */
  ikpu?: string | null;
  package_code?: string | null;
  /** Added to manual_facts (each once): facts set by hand, which the POS sync no longer fills. */
  setByHand?: PosFilledFact[];
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/**
 * manual_facts with `facts` added, each once and in POS_FILLED_FACTS's order, as one SQL expression (no
 * read-modify-write, like the translations).
 */
function withManualFacts(facts: PosFilledFact[]): SQL {
  return sql`array(select listed.fact from unnest(${textArray(POS_FILLED_FACTS)}) with ordinality as listed(fact, n)
    where listed.fact = any(${products.manual_facts} || ${textArray(facts)}) order by listed.n)`;
}

/**
 * Only the given fields change. A manager setting is_active takes the product over from the POS (pos_stopped false);
 * a product moved to another category goes last there.
 */
export async function updateProduct(
  db: Executor,
  productId: string,
  patch: ProductPatch,
): Promise<ProductRecord | undefined> {
  const { translations, setByHand, ...columns } = patch;
  const [row] = await db
    .update(products)
    .set({
      ...columns,
      ...(translations === undefined ? {} : { translations: mergedTranslations(products.translations, translations) }),
      ...(setByHand === undefined || setByHand.length === 0 ? {} : { manual_facts: withManualFacts(setByHand) }),
      ...(patch.is_active === undefined ? {} : { pos_stopped: false }),
      ...(patch.category_id === undefined ? {} : { position: lastPositionIn(patch.category_id) }),
      updatedAt: sql`now()`,
    })
    .where(eq(products._id, productId))
    .returning();
  return row;
}

/** Its options and rows go by ON DELETE CASCADE. Answers its image URLs (remove the files after the commit). */
export async function deleteProduct(db: Executor, productId: string): Promise<string[]> {
  const [row] = await db.delete(products).where(eq(products._id, productId)).returning({ images: products.images });
  return row?.images.map((image) => image.file) ?? [];
}

/**
 * Appends images in one statement (no read-modify-write), unless the product would then have more than `maxImages`.
 * Answers false when nothing was appended: the product is unknown or full.
 */
export async function appendProductImages(
  db: Executor,
  productId: string,
  urls: string[],
  maxImages: number,
): Promise<boolean> {
  const added = JSON.stringify(urls.map((file) => ({ file })));
  const updated = await db
    .update(products)
    .set({ images: sql`${products.images} || ${added}::jsonb`, updatedAt: sql`now()` })
    .where(
      and(eq(products._id, productId), sql`jsonb_array_length(${products.images}) + ${urls.length} <= ${maxImages}`),
    )
    .returning({ _id: products._id });
  return updated.length > 0;
}

export async function productExists(db: Executor, productId: string): Promise<boolean> {
  const [exists] = await db.select({ _id: products._id }).from(products).where(eq(products._id, productId)).limit(1);
  return exists !== undefined;
}

/**
 * Saves the products' positions (their display order); `ids` must be exactly the category's products, otherwise
 * nothing changes (false).
 */
export async function saveProductPositions(db: Executor, categoryId: string, ids: string[]): Promise<boolean> {
  const current = await db
    .select({ _id: products._id })
    .from(products)
    .where(eq(products.category_id, categoryId))
    .for('update');
  if (
    !sameSet(
      current.map((row) => row._id),
      ids,
    )
  )
    return false;
  if (ids.length > 0) await applyPositions(db, 'products', ids);
  return true;
}

/** Who owns each listed product (for the bulk calls' ownership check). Unknown ids are simply absent. */
export async function productOwners(db: Executor, ids: string[]) {
  return db
    .select({ _id: products._id, restaurant_id: restaurants._id, manager_id: restaurants.manager_id })
    .from(products)
    .innerJoin(categories, eq(categories._id, products.category_id))
    .innerJoin(restaurants, eq(restaurants._id, categories.restaurant_id))
    .where(inArray(products._id, ids));
}

// ---- Integration sync: the POS's products. ----

/** The products of these categories, locked in id order (as the stop-list move locks them). */
export async function lockProductsOf(tx: Executor, categoryIds: string[]): Promise<ProductRecord[]> {
  return tx
    .select()
    .from(products)
    .where(inArray(products.category_id, categoryIds))
    .orderBy(asc(products._id))
    .for('update');
}

export async function insertProducts(tx: Executor, rows: NewProduct[]): Promise<void> {
  await insertInChunks(rows, (chunk) => tx.insert(products).values(chunk));
}

/**
 * Writes what the POS changed as given: unlike updateProduct, no takeover of the stop mark, and a moved product gets
 * the position the sync chose (it numbers a whole menu's new places at once).
 */
export async function updateProductFromPos(tx: Executor, productId: string, patch: Partial<NewProduct>): Promise<void> {
  await tx
    .update(products)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(products._id, productId));
}

// ---- Public menu reads: one query each, the database nests options and rows as JSON. ----

/**
 * One product as a JSON object with its options (each with rows); `p` is the products alias of the query. With the
 * translations of every text: the public reads answer them in the diner's language (`?lang=`); without
 * `lang` the route leaves them out, so the answer is the spec's.
 */
const productJson = sql`json_build_object(
  '_id', p.id,
  'name', p.name,
  'category_id', p.category_id,
  'description', p.description,
  'price', p.price,
  'is_active', p.is_active,
  'images', p.images,
  'position', p.position,
  'pos_stopped', p.pos_stopped,
  'portion', p.portion,
  'calories', p.calories,
  'spiciness', p.spiciness,
  'tags', p.tags,
  'allergens', p.allergens,
  'schedule', p.schedule,
  'createdAt', to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'updatedAt', to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'translations', p.translations,
  'options', ${optionsJson(sql`p.id`)}
)`;

/** Where a menu item sits: who may see it is decided from these (restaurant active, category active, manager). */
export interface MenuPlace {
  restaurant_id: string;
  /** The restaurant's menu languages in its order. */
  languages: string[];
  category_active: boolean;
  restaurant_active: boolean;
  manager_id: string | null;
}

/**
 * A product as the public reads load it: options with their rows. Spec 3's flat `rows` is added when it is answered
 * (server/routes/user/languages.ts localizes the rows first, so the flat list is built from the localized ones).
 */
export type ProductWithOptionsRecord = Omit<ProductWithOptionsView, 'rows'>;

/**
 * A category's products in display order, with options and rows, and the counts — in one round trip. Answers
 * undefined for an unknown category.
 */
export async function categoryMenu(
  db: Executor,
  categoryId: string,
): Promise<(MenuPlace & { products: ProductWithOptionsRecord[]; count: Counts }) | undefined> {
  const result = await db.execute(sql`
    select r.id as restaurant_id, r.languages, c.is_active as category_active, r.is_active as restaurant_active,
      r.manager_id,
      (select count(*)::int from products where category_id = c.id) as all_count,
      (select count(*)::int from products where category_id = c.id and is_active) as active_count,
      coalesce((
        select json_agg(${productJson} order by p.position, p.created_at, p.id)
        from products p where p.category_id = c.id
      ), '[]'::json) as products
    from categories c join restaurants r on r.id = c.restaurant_id
    where c.id = ${categoryId}::uuid`);
  const row = rowsOf<MenuPlace & { all_count: number; active_count: number; products: ProductWithOptionsRecord[] }>(
    result,
  )[0];
  if (!row) return undefined;
  return {
    restaurant_id: row.restaurant_id,
    languages: row.languages,
    category_active: row.category_active,
    restaurant_active: row.restaurant_active,
    manager_id: row.manager_id,
    products: row.products,
    count: {
      all_count: row.all_count,
      active_count: row.active_count,
      inactive_count: row.all_count - row.active_count,
    },
  };
}

/** One product with options and rows, and where it sits; undefined when unknown. One round trip. */
export async function productMenu(
  db: Executor,
  productId: string,
): Promise<(MenuPlace & { product: ProductWithOptionsRecord }) | undefined> {
  const result = await db.execute(sql`
    select r.id as restaurant_id, r.languages, c.is_active as category_active, r.is_active as restaurant_active,
      r.manager_id,
      ${productJson} as product
    from products p
      join categories c on c.id = p.category_id
      join restaurants r on r.id = c.restaurant_id
    where p.id = ${productId}::uuid`);
  const row = rowsOf<MenuPlace & { product: ProductWithOptionsRecord }>(result)[0];
  if (!row) return undefined;
  return {
    restaurant_id: row.restaurant_id,
    languages: row.languages,
    category_active: row.category_active,
    restaurant_active: row.restaurant_active,
    manager_id: row.manager_id,
    product: row.product,
  };
}

// ---- Stop-list: bulk availability with the category cascade of spec section 4. ----

export interface AvailabilityChange {
  /** Products whose is_active changed. */
  products: string[];
  /** Categories the cascade changed, with their new is_active. */
  categories: { _id: string; is_active: boolean }[];
}

export interface AvailabilityOptions {
  /**
   * `manual` (a manager; default): the products and categories become the manager's (pos_stopped false).
   * `pos` (the integration sync): stopped products and cascaded categories are marked pos_stopped, and taking out only
   * reactivates categories the POS had stopped, never one a manager deactivated.
   */
  source?: 'manual' | 'pos';
}

const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Moves products to (is_active false) or out of (true) the stop-list, then cascades to their categories (spec 4):
 * - to the stop-list: every active category of those products whose products are now all inactive becomes inactive;
 * - out of it: the inactive categories of those products become active.
 * Run it inside a transaction (all or nothing). The categories are locked first, in id order, so two concurrent moves
 * in one category cannot both miss that it just became empty. Unknown ids are ignored: check ownership before.
 */
export async function setProductsAvailability(
  db: Executor,
  productIds: string[],
  isActive: boolean,
  options: AvailabilityOptions = {},
): Promise<AvailabilityChange> {
  if (productIds.length === 0) return { products: [], categories: [] };
  const fromPos = options.source === 'pos';
  const posStopped = fromPos && !isActive;
  const ids = uuidList(productIds);

  const categoryRows = rowsOf<{ id: string }>(
    await db.execute(sql`select distinct category_id as id from products where id in (${ids})`),
  );
  if (categoryRows.length === 0) return { products: [], categories: [] };
  const categoryIds = uuidList(categoryRows.map((row) => row.id));
  await db.execute(sql`select id from categories where id in (${categoryIds}) order by id for update`);

  const changedProducts = rowsOf<{ id: string; was_active: boolean }>(
    await db.execute(sql`
      with old as (select id, is_active from products where id in (${ids}) order by id for update)
      update products p set is_active = ${isActive}, pos_stopped = ${posStopped}, updated_at = now()
      from old
      where p.id = old.id and (p.is_active <> ${isActive} or p.pos_stopped <> ${posStopped})
      returning p.id, old.is_active as was_active`),
  );

  const cascade = isActive
    ? sql`update categories set is_active = true, pos_stopped = false, updated_at = now()
          where id in (${categoryIds}) and not is_active ${fromPos ? sql`and pos_stopped` : sql``}
          returning id`
    : sql`update categories c set is_active = false, pos_stopped = ${fromPos}, updated_at = now()
          where c.id in (${categoryIds}) and c.is_active
            and not exists (select 1 from products p where p.category_id = c.id and p.is_active)
          returning id`;
  const changedCategories = rowsOf<{ id: string }>(await db.execute(cascade));

  return {
    products: changedProducts.filter((row) => row.was_active !== isActive).map((row) => row.id),
    categories: changedCategories.map((row) => ({ _id: row.id, is_active: isActive })),
  };
}
