import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ALLERGENS,
  type Allergen,
  DISH_TAGS,
  type DishTag,
  type Portion,
  type PosFilledFact,
} from '../../lib/dish-facts';
import { DEFAULT_TIME_ZONE, type Schedule, type WorkingHours } from '../../lib/schedule-types';
import type { OrderPaymentView, OrderPosView, OrderPrintView } from '../schemas/table-orders';
import type { Language, Translations } from '../schemas/translations';

// TypeScript property names are the API's field names (spec section 3: `_id`, snake_case fields,
// camelCase timestamps), so a selected row is already in the shape the API answers with.

/**
 * timestamptz answered as ISO 8601 (`2026-11-23T12:03:41.550Z`) on both drivers: PostgreSQL's own text form
 * (`2026-11-23 12:03:41.55+00`) is what drizzle's string mode gives, and it is not what API clients expect.
 */
const isoTimestamp = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: (value) => new Date(value).toISOString(),
  toDriver: (value) => value,
});

/**
 * A timestamptz as isoTimestamp answers it, computed in SQL (for JSON built by a statement): milliseconds, UTC, `Z`.
 * Microseconds are cut, as JavaScript's Date cuts them when it reads the same value.
 */
export const isoText = (timestamp: SQL) =>
  sql<string>`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const timestamps = {
  createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  updatedAt: isoTimestamp('updated_at').notNull().default(sql`now()`),
};

/**
 * The other languages' texts of a row, `{ "ru": { "name": "Шурпа" } }` (the Uzbek Latin text is the row's
 * own columns). Which languages and fields may appear is the API's rule (server/schemas/translations.ts).
 */
const translations = () => jsonb('translations').$type<Translations>().notNull().default({});

/** Money in so'm: numeric keeps exact tiyin; drizzle hands it to us as a JS number. */
/** A fixed list as a SQL text array literal, for a check that a column holds only its words. */
const textArray = (words: readonly string[]) => `array[${words.map((w) => `'${w}'`).join(', ')}]::text[]`;

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

export const users = pgTable(
  'users',
  {
    _id: uuid('id').primaryKey().defaultRandom(),
    login: text('login').notNull(),
    password_hash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'manager'] }).notNull(),
    is_active: boolean('is_active').notNull().default(true),
    /** Seeded by DEMO=1 with a published password: such accounts can only log in while DEMO=1. */
    is_demo: boolean('is_demo').notNull().default(false),
    /** When the password last changed (shown for audit; sessions are ended by session_version). */
    password_changed_at: isoTimestamp('password_changed_at'),
    /**
     * Carried in every token as `sv`; raised by a new password and by deactivation, so every token issued before
     * stops working for good (a later reactivation does not revive them) — exact, unlike comparing whole-second `iat`.
     */
    session_version: integer('session_version').notNull().default(0),
    /**
     * A manager's working restaurant, as last chosen (on any device): the panel opens it at the next login. Read only
     * while the restaurant is still theirs; a deleted restaurant leaves nothing chosen.
     */
    working_restaurant_id: uuid('working_restaurant_id').references((): AnyPgColumn => restaurants._id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [
    // Logins are unique without regard to case, decided by the database (two concurrent creates cannot both win).
    uniqueIndex('users_login_lower_unique').on(sql`lower(${t.login})`),
    // The admin's managers list: role = 'manager' ordered by login, read a page at a time from the index.
    index('users_role_login_idx').on(t.role, t.login, t._id),
    // Its search (ILIKE '%…%' on the login) by trigrams (pg_trgm, migration 0006) instead of reading every row.
    index('users_login_trgm_idx').using('gin', t.login.op('gin_trgm_ops')).with({ fastupdate: false }),
    check('users_role_check', sql`${t.role} in ('admin', 'manager')`),
  ],
);

/**
 * The admin search's text of a restaurant: name, slug and phone in one string, between line breaks (which none of them
 * nor a search contains: all are single-line text), so that one trigram index answers a search in any of them (three indexes OR-ed cost the planner more than reading every row at a few thousand
 * restaurants). The index and the query both use this function, so their expressions are the same.
 */
export const restaurantSearchText = (t: { name: AnyPgColumn; slug: AnyPgColumn; phone_number: AnyPgColumn }) =>
  sql`(${t.name} || E'\\n' || ${t.slug} || E'\\n' || ${t.phone_number})`;

/** A phone's digits alone (`+998 90 123 45 67` → `998901234567`): "90-123" finds it. */
export const restaurantPhoneDigits = (t: { phone_number: AnyPgColumn }) =>
  sql`regexp_replace(${t.phone_number}, '\\D', '', 'g')`;

export const restaurants = pgTable(
  'restaurants',
  {
    _id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    address: text('address').notNull().default(''),
    phone_number: text('phone_number').notNull().default(''),
    work_time: text('work_time').notNull().default(''),
    manager_id: uuid('manager_id').references(() => users._id, { onDelete: 'restrict' }),
    type: text('type', { enum: ['manual', 'integration'] })
      .notNull()
      .default('manual'),
    is_active: boolean('is_active').notNull().default(true),
    bot_token: text('bot_token'),
    channel_id: text('channel_id'),
    image: text('image'),
    logotype: text('logotype'),
    /** Public menu setting: hide stop-listed products instead of showing them greyed. */
    hide_stopped: boolean('hide_stopped').notNull().default(false),
    /** Diners at a table may order and call the waiter from the public menu. */
    ordering_enabled: boolean('ordering_enabled').notNull().default(false),
    /**
     * Why Telegram last refused this restaurant's messages for good (a bad token, the bot not in the channel),
     * shown on the restaurant; cleared by the next delivered message and by a new token or channel.
     */
    telegram_error: text('telegram_error'),
    /** The webhook's `secret_token` (PUBLIC_URL set): Telegram sends it back in X-Telegram-Bot-Api-Secret-Token. */
    telegram_webhook_secret: text('telegram_webhook_secret'),
    /**
     * The Telegram users the restaurant counts as its staff besides the channel's administrators: each a user id
     * ("123456789") or a username ("@ali_ofitsiant"). Only they and the administrators may press a message's buttons.
     */
    telegram_staff: text('telegram_staff').array().notNull().default(sql`'{}'::text[]`),
    /** Integration source: provider name and the POS's organization id this restaurant mirrors. */
    integration_provider: text('integration_provider'),
    integration_id: text('integration_id'),
    /**
     * The POS terminal group (iiko: an iikoFront group) that receives the restaurant's table orders and whose tables
     * the sync mirrors; null: the POS's first terminal group.
     */
    pos_terminal_group_id: text('pos_terminal_group_id'),
    /** The menu's languages in display order (the first is the default); always contains 'uz'. */
    languages: text('languages').array().$type<Language[]>().notNull().default(sql`'{uz}'::text[]`),
    /**
     * "Xizmat haqi": a percent of every order added to it (shown on the menu before ordering, kept on each order as it
     * was when the order was made, charged with the bill as its own fiscal item). 0: none.
     */
    service_percent: integer('service_percent').notNull().default(0),
    /** The IANA time zone its schedules and working hours are read in. */
    time_zone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    /** When it is open, per weekday; null: always (orders and calls are taken at any hour). */
    working_hours: jsonb('working_hours').$type<WorkingHours | null>(),
    /** When the day's digest goes to its Telegram channel ("HH:MM" in `time_zone`); null: no digest. */
    digest_time: text('digest_time').default('23:00'),
    /** The restaurant's day (in `time_zone`) its last digest was queued on: one a day across processes. */
    digest_sent_on: date('digest_sent_on', { mode: 'string' }),
    translations: translations(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('restaurants_slug_unique').on(t.slug),
    index('restaurants_manager_idx').on(t.manager_id),
    uniqueIndex('restaurants_integration_unique').on(t.integration_provider, t.integration_id),
    check('restaurants_type_check', sql`${t.type} in ('manual', 'integration')`),
    check('restaurants_service_percent_check', sql`${t.service_percent} between 0 and 30`),
    // Slugs are stored lowercase and looked up lowercased, so the plain unique index is case-insensitive uniqueness.
    check('restaurants_slug_lowercase_check', sql`${t.slug} = lower(${t.slug})`),
    // The API refuses anything else with an Uzbek message; the database keeps the rule for every other writer.
    check(
      'restaurants_languages_check',
      sql`'uz' = any(${t.languages}) and ${t.languages} <@ array['uz', 'uz-Cyrl', 'ru', 'en']::text[]`,
    ),
    // The admin list's order (newest first, id breaking ties; NULLS FIRST is what ORDER BY … DESC means, and only an
    // index in exactly that order serves it): its first page is the index's first entries.
    index('restaurants_created_idx').on(t.createdAt.desc().nullsFirst(), t._id),
    // The admin search (ILIKE '%…%' on name, slug, phone; the phone's digits alone) by trigrams (pg_trgm, migration
    // 0006): a bitmap of the matches instead of reading every restaurant.
    // fastupdate off: PGlite never vacuums, and a GIN index's list of pending entries is read whole by every search
    // until a VACUUM merges it (at 2,500 restaurants that list made the index dearer than a sequential scan).
    index('restaurants_search_trgm_idx')
      .using('gin', sql`${restaurantSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('restaurants_phone_digits_trgm_idx')
      .using('gin', sql`${restaurantPhoneDigits(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export const categories = pgTable(
  'categories',
  {
    _id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    restaurant_id: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants._id, { onDelete: 'cascade' }),
    is_active: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    external_id: text('external_id'),
    /**
     * Set when the category is inactive because of the POS (its group left the POS menu, or every product of it
     * is stopped there): a later sync may reactivate it; a manager's own deactivation (false here) it never undoes.
     */
    pos_stopped: boolean('pos_stopped').notNull().default(false),
    /** The kitchen station that makes its dishes; null: the restaurant's first station (kitchen_stations). */
    station_id: uuid('station_id').references((): AnyPgColumn => kitchenStations._id, { onDelete: 'set null' }),
    /** The days and hours its dishes are served; null: whenever the restaurant is open. */
    schedule: jsonb('schedule').$type<Schedule | null>(),
    translations: translations(),
    ...timestamps,
  },
  (t) => [
    index('categories_restaurant_idx').on(t.restaurant_id, t.position),
    uniqueIndex('categories_external_unique').on(t.restaurant_id, t.external_id),
  ],
);

export type ProductImage = { file: string };

export const products = pgTable(
  'products',
  {
    _id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    category_id: uuid('category_id')
      .notNull()
      .references(() => categories._id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    price: money('price').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    images: jsonb('images').$type<ProductImage[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    external_id: text('external_id'),
    /** Set when the product is inactive because the POS stop-list says so (not by a manager). */
    pos_stopped: boolean('pos_stopped').notNull().default(false),
    /** The POS size its price is taken from (iiko: productSizeId), which an order sent to the till must name; null: none. */
    pos_size_id: text('pos_size_id'),
    /** Fiscal receipt data: the product's IKPU (MXIK) code, 17 digits, and the package code from its IKPU card. */
    ikpu: text('ikpu'),
    package_code: text('package_code'),
    /** Dish facts (lib/dish-facts.ts): what a diner asks the waiter before ordering. */
    portion: jsonb('portion').$type<Portion | null>(),
    calories: integer('calories'),
    spiciness: integer('spiciness').notNull().default(0),
    tags: text('tags').array().$type<DishTag[]>().notNull().default(sql`'{}'::text[]`),
    allergens: text('allergens').array().$type<Allergen[]>().notNull().default(sql`'{}'::text[]`),
    /** The facts a manager set by hand, which a POS sync then leaves as they are. */
    manual_facts: text('manual_facts').array().$type<PosFilledFact[]>().notNull().default(sql`'{}'::text[]`),
    /** The days and hours it is served (within its category's); null: whenever its category is. */
    schedule: jsonb('schedule').$type<Schedule | null>(),
    translations: translations(),
    ...timestamps,
  },
  (t) => [
    index('products_category_idx').on(t.category_id, t.position),
    uniqueIndex('products_external_unique').on(t.category_id, t.external_id),
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_spiciness_check', sql`${t.spiciness} between 0 and 3`),
    check('products_calories_check', sql`${t.calories} >= 0`),
    check('products_tags_check', sql`${t.tags} <@ ${sql.raw(textArray(DISH_TAGS))}`),
    check('products_allergens_check', sql`${t.allergens} <@ ${sql.raw(textArray(ALLERGENS))}`),
  ],
);

export const productOptions = pgTable(
  'product_options',
  {
    _id: uuid('id').primaryKey().defaultRandom(),
    product_id: uuid('product_id')
      .notNull()
      .references(() => products._id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /**
     * How many of its rows a diner chooses: at least `min_choices` (0: optional; 1 or more: required, a portion) and
     * at most `max_choices` (1: its rows are alternatives, a radio group; more: extras, checkboxes), each row once.
     * An option with fewer rows than its minimum asks for all of them (domain/orders/pricing.ts).
     */
    min_choices: integer('min_choices').notNull().default(0),
    max_choices: integer('max_choices').notNull().default(1),
    external_id: text('external_id'),
    /** Insertion order: options list in creation order even when created in the same millisecond or one INSERT. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    translations: translations(),
    ...timestamps,
  },
  (t) => [
    index('product_options_product_idx').on(t.product_id, t.seq),
    check(
      'product_options_choices_check',
      sql`${t.min_choices} >= 0 and ${t.max_choices} >= 1 and ${t.min_choices} <= ${t.max_choices}`,
    ),
  ],
);

export const optionRows = pgTable(
  'option_rows',
  {
    _id: uuid('id').primaryKey().defaultRandom(),
    product_option_id: uuid('product_option_id')
      .notNull()
      .references(() => productOptions._id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    price: money('price').notNull().default(0),
    external_id: text('external_id'),
    /** Insertion order (see product_options.seq). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    translations: translations(),
    ...timestamps,
  },
  (t) => [
    index('option_rows_option_idx').on(t.product_option_id, t.seq),
    check('option_rows_price_check', sql`${t.price} >= 0`),
  ],
);

/** One row per integration sync: when it ran, how it ended and what it changed (shown on the restaurant view). */
export const syncRuns = pgTable(
  'sync_runs',
  {
    _id: uuid('id').primaryKey().defaultRandom(),
    restaurant_id: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants._id, { onDelete: 'cascade' }),
    started_at: isoTimestamp('started_at').notNull().default(sql`now()`),
    finished_at: isoTimestamp('finished_at'),
    result: text('result', { enum: ['running', 'ok', 'error'] })
      .notNull()
      .default('running'),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    deactivated: integer('deactivated').notNull().default(0),
    error: text('error'),
  },
  (t) => [index('sync_runs_restaurant_idx').on(t.restaurant_id, t.started_at)],
);

/**
 * A restaurant's tables. Each has its own QR code (`/menu/{slug}?table={id}`); an inactive table takes no
 * orders. Names are unique per restaurant without regard to case ("Stol 1" and "stol 1" would be one table to staff).
 */
export const restaurantTables = pgTable(
  'restaurant_tables',
  {
    _id: uuid('id').primaryKey().defaultRandom(),
    restaurant_id: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants._id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    /**
     * What the table's QR code carries (`/menu/{slug}?table={token}`) and the diner's orders and calls name: 32 random
     * hex digits (122 bits of gen_random_uuid), never the id, so a list of ids lets nobody order. Staff only see it;
     * issuing a new one ("QR-kodni yangilash") makes the old printed code stop working at once. An existing row gets
     * its own on migration (the default is volatile: evaluated per row).
     */
    token: text('token').notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** Insertion order: a bulk create "1".."20" lists in that order. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /**
     * `manual`: made in the panel. `pos`: mirrored from the POS by the sync, which owns its name (the panel neither
     * renames nor deletes it); a table the POS deleted is deactivated, never deleted.
     */
    source: text('source', { enum: ['manual', 'pos'] })
      .notNull()
      .default('manual'),
    /** The POS's id of a `pos` table (iiko: the table's id, what an order's tableIds names); null for a manual one. */
    pos_table_id: text('pos_table_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('restaurant_tables_name_unique').on(t.restaurant_id, sql`lower(${t.name})`),
    uniqueIndex('restaurant_tables_pos_unique')
      .on(t.restaurant_id, t.pos_table_id)
      .where(sql`${t.pos_table_id} is not null`),
    check(
      'restaurant_tables_source_check',
      sql`(${t.source} = 'manual' and ${t.pos_table_id} is null) or (${t.source} = 'pos' and ${t.pos_table_id} is not null)`,
    ),
    index('restaurant_tables_restaurant_idx').on(t.restaurant_id, t.seq),
    uniqueIndex('restaurant_tables_token_unique').on(t.token),
  ],
);

export const ORDER_STATUSES = ['new', 'accepted', 'served', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** One line of an order as the diner got it: names and prices copied at ordering time (a later edit changes nothing). */
/** A line's way through the kitchen: new → cooking → ready → served (docs/kitchen.md). */
export const LINE_STATUSES = ['new', 'cooking', 'ready', 'served'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];
/** One change of a line's status: to what, when (ISO 8601) and by whom (a panel login or a kitchen device's name). */
export type LineMove = { to: LineStatus; at: string; by: string };

export type OrderLine = {
  product_id: string;
  name: string;
  quantity: number;
  rows: { _id: string; name: string; price: number }[];
  /** quantity × (price + Σ row prices), computed by the server. */
  line_total: number;
  /** The kitchen station that makes it (its category's, else the restaurant's first); null without stations. */
  station_id: string | null;
  status: LineStatus;
  /** Every change of `status`, oldest first (empty while new). */
  moves: LineMove[];
};

export const PAYMENT_STATUSES = ['unpaid', 'pending', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_PROVIDERS = ['payme', 'click', 'cash'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_STATES = ['pending', 'paid', 'cancelled', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const orders = pgTable(
  'orders',
  {
    _id: uuid('id').primaryKey().defaultRandom(),
    restaurant_id: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants._id, { onDelete: 'cascade' }),
    /** Kept when the table is deleted later (the order still names it through table_name). */
    table_id: uuid('table_id').references(() => restaurantTables._id, { onDelete: 'set null' }),
    table_name: text('table_name').notNull(),
    /** Counts per restaurant per day in Asia/Tashkent (order_counters), from 1. */
    number: integer('number').notNull(),
    business_date: date('business_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('new'),
    items: jsonb('items').$type<OrderLine[]>().notNull(),
    total: money('total').notNull(),
    comment: text('comment').notNull().default(''),
    /**
     * The diner's Idempotency-Key, scoped to the table and the device that sent it: the same key from the same table
     * and device answers the first order again (when the body is the same: `request_hash`), any other never sees it.
     */
    idempotency_key: text('idempotency_key').notNull(),
    /** The diner's device id (X-Device-Id, random per browser), '' when none was sent. */
    device_id: text('device_id').notNull().default(''),
    /** sha256 of the order's canonical body (items, rows, comment): a replay with another body is a 422. Null on older orders. */
    request_hash: text('request_hash'),
    /**
     * Made past its table's threshold (table-limits.ts): created, never refused, but it waits for staff to confirm it
     * ("Tasdiqlash kutilmoqda"); accepting it clears the flag.
     */
    needs_confirmation: boolean('needs_confirmation').notNull().default(false),
    /** Who made the last status change (a panel login, or a Telegram name); null while new. */
    status_changed_by: text('status_changed_by'),
    /** The Telegram message that shows it (edited on every status change), once sent. */
    telegram_chat_id: text('telegram_chat_id'),
    telegram_message_id: bigint('telegram_message_id', { mode: 'number' }),
    /** Why its message could not be delivered (shown in the panel as "Telegramga yuborilmadi: …"), or null. */
    telegram_error: text('telegram_error'),
    /** The restaurant's service charge when the order was made, and its amount in whole so'm (added to `total` on the bill). */
    service_percent: integer('service_percent').notNull().default(0),
    service: money('service').notNull().default(0),
    /**
     * Paying, apart from the kitchen's status: `pending` while a provider's transaction holds it (`payment_id`), `paid`
     * once one is performed (or the staff took cash), `refunded` when a paid transaction was cancelled.
     */
    payment_status: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('unpaid'),
    payment_id: uuid('payment_id').references((): AnyPgColumn => payments._id, { onDelete: 'set null' }),
    /**
     * That payment as the staff see it (method, amount, tip, when paid), written with `payment_status` by the same
     * statement: every staff answer and event presents an order from its own row, so a join could be forgotten.
     */
    payment: jsonb('payment').$type<OrderPaymentView>(),
    /**
     * The order on the restaurant's till (integration restaurants; null otherwise): written by the statements that
     * create the order and that record each sending's outcome (pos_outbox), so every staff answer presents it from the row.
     */
    pos: jsonb('pos').$type<OrderPosView>(),
    /**
     * Its kitchen tickets as the staff see them: null until a printer answered or failed, then written by the statement
     * that records each ticket's outcome (print_outbox).
     */
    print: jsonb('print').$type<OrderPrintView>(),
    /** When the staff accepted it, and when it was served (the owner's report measures the service by them). */
    accepted_at: isoTimestamp('accepted_at'),
    served_at: isoTimestamp('served_at'),
    ...timestamps,
  },
  (t) => [
    // The key first after the restaurant: a key's lookup reads it directly.
    uniqueIndex('orders_idempotency_unique').on(t.restaurant_id, t.idempotency_key, t.table_id, t.device_id),
    uniqueIndex('orders_number_unique').on(t.restaurant_id, t.business_date, t.number),
    // The staff's list: a restaurant's orders newest first, optionally of one status.
    index('orders_restaurant_created_idx').on(t.restaurant_id, t.createdAt.desc(), t._id),
    check('orders_status_check', sql`${t.status} in ('new', 'accepted', 'served', 'cancelled')`),
    check('orders_total_check', sql`${t.total} >= 0`),
    check('orders_payment_status_check', sql`${t.payment_status} in ('unpaid', 'pending', 'paid', 'refunded')`),
    // A table's orders of the last hour, counted at every order's turn (the per-table threshold): its own, whatever the
    // rest of the restaurant ordered meanwhile.
    index('orders_table_created_idx').on(t.table_id, t.createdAt),
    // A table's bill: its orders not yet paid.
    index('orders_table_unpaid_idx')
      .on(t.table_id, t.createdAt)
      .where(sql`${t.payment_status} in ('unpaid', 'pending')`),
  ],
);

/** The last order number given per restaurant and day: one atomic upsert numbers an order without races. */
export const orderCounters = pgTable(
  'order_counters',
  {
    restaurant_id: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants._id, { onDelete: 'cascade' }),
    business_date: date('business_date', { mode: 'string' }).notNull(),
    last_number: integer('last_number').notNull(),
  },
  (t) => [uniqueIndex('order_counters_pk').on(t.restaurant_id, t.business_date)],
);

export const CALL_TYPES = ['waiter', 'bill'] as const;
export type CallType = (typeof CALL_TYPES)[number];
export const CALL_STATUSES = ['new', 'done'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** A diner's call from a table: the waiter, or the bill. */
export const calls = pgTable(
  'calls',
  {
    _id: uuid('id').primaryKey().defaultRandom(),
    restaurant_id: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants._id, { onDelete: 'cascade' }),
    table_id: uuid('table_id').references(() => restaurantTables._id, { onDelete: 'set null' }),
    table_name: text('table_name').notNull(),
    type: text('type', { enum: CALL_TYPES }).notNull(),
    status: text('status', { enum: CALL_STATUSES }).notNull().default('new'),
    status_changed_by: text('status_changed_by'),
    /** The Telegram message that shows it (edited on every status change), once sent. */
    telegram_chat_id: text('telegram_chat_id'),
    telegram_message_id: bigint('telegram_message_id', { mode: 'number' }),
    /** Why its message could not be delivered (shown in the panel as "Telegramga yuborilmadi: …"), or null. */
    telegram_error: text('telegram_error'),
    /** When the staff marked it done (the owner's report measures the answer by it). */
    done_at: isoTimestamp('done_at'),
    ...timestamps,
  },
  (t) => [
    index('calls_restaurant_created_idx').on(t.restaurant_id, t.createdAt.desc(), t._id),
    // "The same table and type again within 60 s": the newest call of a table and type.
    index('calls_table_type_idx').on(t.table_id, t.type, t.createdAt.desc()),
    check('calls_type_check', sql`${t.type} in ('waiter', 'bill')`),
    check('calls_status_check', sql`${t.status} in ('new', 'done')`),
  ],
);

export const STAFF_EVENT_TYPES = ['order.created', 'order.updated', 'call.created', 'call.updated'] as const;
export type StaffEventType = (typeof STAFF_EVENT_TYPES)[number];

/**
 * What the staff's live screens receive (`GET /manager/events`, Server-Sent Events). Written in the same
 * transaction as the change it reports, so an event exists exactly when its change does; the id is the SSE event id,
 * and a reconnect with Last-Event-ID reads what it missed from here (old events are pruned).
 */
export const staffEvents = pgTable(
  'staff_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    restaurant_id: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants._id, { onDelete: 'cascade' }),
    type: text('type', { enum: STAFF_EVENT_TYPES }).notNull(),
    data: jsonb('data').notNull(),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('staff_events_restaurant_idx').on(t.restaurant_id, t.id)],
);

/**
 * The staff events tickets already used (`GET /manager/events`): a ticket opens one stream only, whichever process it
 * reaches (the id is the ticket's `jti`; the insert's primary key decides between two processes at once). A row is
 * needed only while its ticket could still be valid: older ones are pruned.
 */
export const usedEventTickets = pgTable(
  'used_event_tickets',
  {
    ticket_id: uuid('ticket_id').primaryKey(),
    usedAt: isoTimestamp('used_at').notNull().default(sql`now()`),
  },
  (t) => [index('used_event_tickets_used_idx').on(t.usedAt)],
);

export const TELEGRAM_ACTIONS = ['send', 'edit'] as const;
export type TelegramAction = (typeof TELEGRAM_ACTIONS)[number];
export const TELEGRAM_STATES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type TelegramState = (typeof TELEGRAM_STATES)[number];

/**
 * The Telegram messages to deliver, one row per order or call sent (`send`) or changed (`edit`). Written in
 * the transaction of the order or change itself, so a message exists exactly when its order does and survives
 * Telegram being down and restarts; server/telegram/sender.ts delivers it. The text is made at delivery from the
 * order as it is then. A sender claims a row by moving `next_attempt_at` past now (a lease): another process skips it
 * (FOR UPDATE SKIP LOCKED) and only takes it again if the lease runs out without an answer.
 */
export const telegramOutbox = pgTable(
  'telegram_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The request that queued it (its X-Request-Id or our own id, in the request's log lines); null for a job's. */
    request_id: text('request_id'),
    restaurant_id: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants._id, { onDelete: 'cascade' }),
    order_id: uuid('order_id').references(() => orders._id, { onDelete: 'cascade' }),
    call_id: uuid('call_id').references(() => calls._id, { onDelete: 'cascade' }),
    /** A message about neither (the daily digest): its text, made when queued (HTML); sent once, never edited. */
    body: text('body'),
    action: text('action', { enum: TELEGRAM_ACTIONS }).notNull(),
    state: text('state', { enum: TELEGRAM_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: isoTimestamp('next_attempt_at').notNull().default(sql`now()`),
    last_error: text('last_error'),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
    finishedAt: isoTimestamp('finished_at'),
  },
  (t) => [
    // The sender's question, "what is due?", reads only the pending rows.
    index('telegram_outbox_due_idx').on(t.next_attempt_at, t.id).where(sql`${t.state} = 'pending'`),
    index('telegram_outbox_order_idx').on(t.order_id),
    index('telegram_outbox_call_idx').on(t.call_id),
    // A restaurant's rows in order: "is an older one still pending?" (the claim) and the cascade of a deleted restaurant.
    index('telegram_outbox_restaurant_idx').on(t.restaurant_id, t.id),
    check('telegram_outbox_action_check', sql`${t.action} in ('send', 'edit')`),
    check('telegram_outbox_state_check', sql`${t.state} in ('pending', 'sent', 'failed', 'skipped')`),
    check('telegram_outbox_subject_check', sql`num_nonnulls(${t.order_id}, ${t.call_id}, ${t.body}) = 1`),
  ],
);

export const POS_OUTBOX_STATES = ['pending', 'sent', 'failed'] as const;
export type PosOutboxState = (typeof POS_OUTBOX_STATES)[number];

/** A command given to the till and not yet seen through: followed (commands/status) rather than given again. */
export type PosCommand = {
  kind: 'create' | 'add_items';
  /** The POS's id of the command (iiko: correlationId). */
  command_id: string;
};

/**
 * Each order of an integration restaurant to put on its till, written by the statement that creates the order and
 * sent by server/jobs/pos-orders (once across processes: a claim leases the row). A table's orders go in the order
 * they were made, so that a second round is added to the check the first one opened.
 */
export const posOutbox = pgTable(
  'pos_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The request that queued it (its X-Request-Id or our own id, in the request's log lines); null for a job's. */
    request_id: text('request_id'),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders._id, { onDelete: 'cascade' }),
    restaurant_id: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants._id, { onDelete: 'cascade' }),
    /** The order's table when it was made (no reference: a deleted table's rows still go, in order). */
    table_id: uuid('table_id'),
    state: text('state', { enum: POS_OUTBOX_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: isoTimestamp('next_attempt_at').notNull().default(sql`now()`),
    /** The till's order that holds (or is to hold) this order's lines: our order's id, or the table's open check. */
    pos_order_id: text('pos_order_id'),
    command: jsonb('command').$type<PosCommand>(),
    last_error: text('last_error'),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
    finishedAt: isoTimestamp('finished_at'),
  },
  (t) => [
    uniqueIndex('pos_outbox_order_unique').on(t.order_id),
    index('pos_outbox_due_idx').on(t.next_attempt_at, t.id).where(sql`${t.state} = 'pending'`),
    // "Is an older order of this table still on its way?" and "which check is this table's open one?"
    index('pos_outbox_table_idx').on(t.table_id, t.id),
    index('pos_outbox_restaurant_idx').on(t.restaurant_id),
    check('pos_outbox_state_check', sql`${t.state} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * Telegram's pace per chat (one restaurant, one channel), kept here so that every process keeps it: the claim of a
 * message (server/repositories/telegram-delivery.ts) takes a chat only when its last call is a second old and its
 * sends of the last minute are under Telegram's twenty, and records the call in the same transaction.
 */
export const telegramChats = pgTable('telegram_chats', {
  restaurant_id: uuid('restaurant_id')
    .primaryKey()
    .references(() => restaurants._id, { onDelete: 'cascade' }),
  last_call_at: isoTimestamp('last_call_at'),
  /** The times of the chat's recent sends (not edits), newest first; only the last window's are kept. */
  recent_sends: timestamp('recent_sends', { withTimezone: true, mode: 'string' })
    .array()
    .notNull()
    .default(sql`'{}'::timestamptz[]`),
});

/**
 * The Telegram updates already handled, per bot (the digits before the token's colon): a webhook retried by Telegram
 * or a getUpdates answered twice applies a button press once. Pruned after two days.
 */
export const telegramUpdates = pgTable(
  'telegram_updates',
  {
    bot_id: text('bot_id').notNull(),
    update_id: bigint('update_id', { mode: 'number' }).notNull(),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('telegram_updates_pk').on(t.bot_id, t.update_id)],
);

/**
 * Without PUBLIC_URL each bot's updates are read by long polling (getUpdates), by one process at a time: the process
 * holding the lease polls and keeps the offset here, so a restart or another process continues where it stopped.
 */
export const telegramPollers = pgTable('telegram_pollers', {
  bot_id: text('bot_id').primaryKey(),
  owner: text('owner').notNull(),
  lease_until: isoTimestamp('lease_until').notNull(),
  next_offset: bigint('next_offset', { mode: 'number' }).notNull().default(0),
});

/**
 * One row per background job (server/jobs/scheduler.ts), shared by every process on the database. A process runs a
 * round only after taking the lease: nobody holds it (`until` null or past, so a crashed owner's lease runs out) and
 * the last round, whoever ran it, started an interval ago. `until` is cleared when the round ends.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  /** The scheduler that took the lease last (a random id per process). */
  owner: text('owner').notNull(),
  until: isoTimestamp('until'),
  last_started: isoTimestamp('last_started').notNull(),
  last_finished: isoTimestamp('last_finished'),
  /** Why the last finished round failed; null when it succeeded. */
  last_error: text('last_error'),
});

/**
 * The abuse limits' windows shared by the processes on one database (logins, pairing codes, diners' orders and calls):
 * each process counts in memory and adds its counts here about once a second (domain/shared-limits.ts), so N processes
 * do not allow N times a limit. `reset_at` ends the window its first attempt began; rows past it are pruned.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    /** Which limit (e.g. `login-address`, `order-device`). */
    name: text('name').notNull(),
    /** What it counts per (an address, a device id, an address and login). */
    key: text('key').notNull(),
    count: integer('count').notNull(),
    reset_at: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.name, table.key] }),
    index('rate_limit_windows_reset_at').on(table.reset_at),
  ],
);

/**
 * A restaurant's online payments: Payme and Click, each on or off, their merchant data and keys, and the VAT percent
 * of its fiscal items. One row per restaurant, made by its first save. The keys never leave the server: the API answers
 * only whether one is set.
 */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    restaurant_id: uuid('restaurant_id')
      .primaryKey()
      .references(() => restaurants._id, { onDelete: 'cascade' }),
    payme_enabled: boolean('payme_enabled').notNull().default(false),
    payme_merchant_id: text('payme_merchant_id').notNull().default(''),
    payme_key: text('payme_key'),
    payme_test_key: text('payme_test_key'),
    /** The sandbox's TEST_KEY is accepted (and the cashbox KEY refused) only while this is on. */
    payme_test_mode: boolean('payme_test_mode').notNull().default(false),
    /**
     * The IKPU (MXIK) code and package code Payme's receipt prints on the service charge's and the tip's items (a dish
     * carries its product's own); null when not set.
     */
    payme_service_ikpu: text('payme_service_ikpu'),
    payme_service_package_code: text('payme_service_package_code'),
    payme_tip_ikpu: text('payme_tip_ikpu'),
    payme_tip_package_code: text('payme_tip_package_code'),
    click_enabled: boolean('click_enabled').notNull().default(false),
    click_service_id: text('click_service_id').notNull().default(''),
    click_merchant_id: text('click_merchant_id').notNull().default(''),
    click_merchant_user_id: text('click_merchant_user_id').notNull().default(''),
    click_secret_key: text('click_secret_key'),
    vat_percent: integer('vat_percent').notNull().default(0),
    ...timestamps,
  },
  (t) => [check('payment_settings_vat_check', sql`${t.vat_percent} between 0 and 100`)],
);

/**
 * What a diner (or the staff, for cash) pays at once: some of a table's orders, their service charge and a tip, the
 * amount fixed when it was made. `pending` until a provider performs it (`paid`) or it is cancelled; a performed one
 * cancelled by the provider is `refunded`.
 */
export const payments = pgTable(
  'payments',
  {
    _id: uuid('id').primaryKey().defaultRandom(),
    restaurant_id: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants._id, { onDelete: 'cascade' }),
    table_id: uuid('table_id').references(() => restaurantTables._id, { onDelete: 'set null' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    order_ids: uuid('order_ids').array().notNull(),
    /** Σ of the orders' totals, their service charges, the tip; `amount` is all three (so'm). */
    items_total: money('items_total').notNull(),
    service: money('service').notNull(),
    tip: money('tip').notNull(),
    amount: money('amount').notNull(),
    status: text('status', { enum: PAYMENT_STATES }).notNull().default('pending'),
    /** The diner's Idempotency-Key and device: the same tap again answers the same payment. */
    idempotency_key: text('idempotency_key').notNull(),
    device_id: text('device_id').notNull().default(''),
    /** Who took cash (a panel login); null for a provider's payment. */
    taken_by: text('taken_by'),
    paid_at: isoTimestamp('paid_at'),
    cancelled_at: isoTimestamp('cancelled_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_idempotency_unique').on(t.restaurant_id, t.idempotency_key, t.table_id, t.device_id),
    index('payments_restaurant_created_idx').on(t.restaurant_id, t.createdAt),
    check('payments_provider_check', sql`${t.provider} in ('payme', 'click', 'cash')`),
    check('payments_status_check', sql`${t.status} in ('pending', 'paid', 'cancelled', 'refunded')`),
    check('payments_amount_check', sql`${t.amount} >= 0 and ${t.tip} >= 0`),
  ],
);

/**
 * A provider's transaction on a payment, as the provider named it (Payme's 24-hex `id`, Click's `click_trans_id`):
 * its state in Payme's numbers (1 created or prepared, 2 performed or completed, -1 cancelled before, -2 after), its
 * times in Unix ms as Payme wants them answered again unchanged. Our `id` is Payme's `transaction` and Click's
 * `merchant_prepare_id`.
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    payment_id: uuid('payment_id')
      .notNull()
      .references(() => payments._id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['payme', 'click'] }).notNull(),
    provider_id: text('provider_id').notNull(),
    /** Payme's `time` of the transaction (its 12-hour timeout counts from it); null for Click. */
    provider_time: bigint('provider_time', { mode: 'number' }),
    amount_tiyin: bigint('amount_tiyin', { mode: 'number' }).notNull(),
    state: integer('state').notNull(),
    reason: integer('reason'),
    create_time: bigint('create_time', { mode: 'number' }).notNull(),
    perform_time: bigint('perform_time', { mode: 'number' }).notNull().default(0),
    cancel_time: bigint('cancel_time', { mode: 'number' }).notNull().default(0),
    /** Click's payment document number, shown to the payer. */
    paydoc_id: text('paydoc_id'),
  },
  (t) => [
    uniqueIndex('payment_transactions_provider_unique').on(t.provider, t.provider_id),
    index('payment_transactions_payment_idx').on(t.payment_id),
    // Payme's GetStatement: a period by its own `time`.
    index('payment_transactions_time_idx').on(t.provider, t.provider_time),
  ],
);

/**
 * Every call a provider made to us, with its parameters as received and what we answered: append-only, so a
 * restaurant can reconcile with the provider's statement. Never holds a key (Payme's comes in a header, not logged).
 */
export const paymentCalls = pgTable(
  'payment_calls',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    restaurant_id: uuid('restaurant_id').references(() => restaurants._id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['payme', 'click'] }).notNull(),
    method: text('method').notNull(),
    params: jsonb('params').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('payment_calls_restaurant_idx').on(t.restaurant_id, t.id)],
);

/** Where a station's tickets go: a network thermal printer speaking ESC/POS on raw TCP (port 9100 usually). */
export type StationPrinter = { host: string; port: number; width: 58 | 80 };
export const PRINT_ON = ['placed', 'accepted'] as const;
export type PrintOn = (typeof PRINT_ON)[number];

/**
 * A restaurant's kitchen stations ("Oshxona", "Bar", "Mangal"): each category's dishes are made at one, whose display
 * shows them and whose printer (if any) prints their tickets. `print_on`: an order reaches the station (ticket and
 * display) when placed, or only once the staff accepted it.
 */
export const kitchenStations = pgTable(
  'kitchen_stations',
  {
    _id: uuid('id').primaryKey().defaultRandom(),
    restaurant_id: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants._id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    printer: jsonb('printer').$type<StationPrinter>(),
    print_on: text('print_on', { enum: PRINT_ON }).notNull().default('placed'),
    /** The display's card turns amber, then red, this many minutes after the order. */
    amber_minutes: integer('amber_minutes').notNull().default(10),
    red_minutes: integer('red_minutes').notNull().default(20),
    ...timestamps,
  },
  (t) => [
    index('kitchen_stations_restaurant_idx').on(t.restaurant_id, t.position),
    uniqueIndex('kitchen_stations_name_unique').on(t.restaurant_id, sql`lower(${t.name})`),
    check('kitchen_stations_print_on_check', sql`${t.print_on} in ('placed', 'accepted')`),
  ],
);

/**
 * A kitchen tablet paired to a restaurant (and one station, or all when null): created with a 6-digit code good for
 * ten minutes and for one pairing (only its hash is kept); pairing gives the device a random token (only its hash is
 * kept). Deleting the row ends the device's session at once.
 */
export const kitchenDevices = pgTable(
  'kitchen_devices',
  {
    _id: uuid('id').primaryKey().defaultRandom(),
    restaurant_id: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants._id, { onDelete: 'cascade' }),
    station_id: uuid('station_id').references(() => kitchenStations._id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    code_hash: text('code_hash'),
    code_expires_at: isoTimestamp('code_expires_at').notNull(),
    token_hash: text('token_hash'),
    paired_at: isoTimestamp('paired_at'),
    last_seen_at: isoTimestamp('last_seen_at'),
    created_by: text('created_by').notNull(),
    ...timestamps,
  },
  (t) => [
    index('kitchen_devices_restaurant_idx').on(t.restaurant_id, t.createdAt),
    uniqueIndex('kitchen_devices_code_unique').on(t.code_hash),
    uniqueIndex('kitchen_devices_token_unique').on(t.token_hash),
  ],
);

export const PRINT_STATES = ['pending', 'printed', 'failed'] as const;
export type PrintState = (typeof PRINT_STATES)[number];

/**
 * A ticket to print: one per order and station with a printer, written in the transaction that places (or accepts)
 * the order, or by a reprint; sent by the print job (server/jobs/print-sender.ts), which claims rows with SKIP LOCKED
 * and a lease (`attempts` is the lease's token), so each ticket is printed by one process.
 */
export const printOutbox = pgTable(
  'print_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The request that queued it (its X-Request-Id or our own id, in the request's log lines); null for a job's. */
    request_id: text('request_id'),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders._id, { onDelete: 'cascade' }),
    station_id: uuid('station_id')
      .notNull()
      .references(() => kitchenStations._id, { onDelete: 'cascade' }),
    reprint: boolean('reprint').notNull().default(false),
    state: text('state', { enum: PRINT_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: isoTimestamp('next_attempt_at').notNull().default(sql`now()`),
    last_error: text('last_error'),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
    finishedAt: isoTimestamp('finished_at'),
  },
  (t) => [
    index('print_outbox_due_idx').on(t.next_attempt_at, t.id).where(sql`${t.state} = 'pending'`),
    // An order's first ticket per station is queued once, whether by its placing or its acceptance; reprints add rows.
    uniqueIndex('print_outbox_first_unique').on(t.order_id, t.station_id).where(sql`not ${t.reprint}`),
    index('print_outbox_order_idx').on(t.order_id),
    check('print_outbox_state_check', sql`${t.state} in ('pending', 'printed', 'failed')`),
  ],
);

/**
 * The owner's report, kept as hourly totals so a year answers at once (server/domain/insights): one row per
 * restaurant, hour (UTC, truncated), kind and subject. What the menu counts in memory (`open` per language,
 * `table_open` per table, `detail_open` and `unavailable` per product, `empty_search` per folded text) is added here in
 * batches; what orders, calls and payments make (`order`, `dish` per product, `table` per table, `accept_seconds` and
 * `call_seconds` per whole second, `tip`) is rolled up from them once their hour has settled (insight_rollups).
 */
export const insightHours = pgTable(
  'insight_hours',
  {
    restaurant_id: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants._id, { onDelete: 'cascade' }),
    hour: isoTimestamp('hour').notNull(),
    kind: text('kind').notNull(),
    /** The product, table, language, text or number of seconds counted; '' for the restaurant as a whole. */
    subject: text('subject').notNull().default(''),
    /** How many times (opens, orders, refusals, searches, measurements). */
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    /** Pieces: a dish's quantity, an hour's items. */
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    /** Whole so'm. */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    /** A dish's or table's name as its latest order gave it (kept when the product or table is deleted). */
    label: text('label'),
  },
  (t) => [primaryKey({ columns: [t.restaurant_id, t.hour, t.kind, t.subject] })],
);

/** Up to when orders and calls are rolled up into insight_hours (one row): later hours are read from them directly. */
export const insightRollups = pgTable('insight_rollups', {
  id: integer('id').primaryKey().default(1),
  rolled_until: isoTimestamp('rolled_until').notNull(),
});

/**
 * The hours summed per day of the restaurant (its local date in `time_zone`, as insight_summaries recorded it), so a
 * long period reads days and months instead of every hour. The kinds of insight_hours per subject, plus `open@hour` and
 * `order@hour` per hour of the local day ('0'–'23'): the report's by-hour chart over a year needs no hour. The
 * per-second kinds (`accept_seconds`, `serve_seconds`, `call_seconds`) are one row per kind (subject ''), their
 * distribution in `seconds` and `counts` (how many measured each of those whole seconds): a month of a busy restaurant
 * is over a thousand distinct seconds, which as rows would be most of what a year's report reads.
 */
export const insightDays = pgTable(
  'insight_days',
  {
    restaurant_id: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants._id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    label: text('label'),
    /** The per-second kinds' whole seconds (a value may repeat: readers sum by value), `counts` beside. */
    seconds: integer('seconds').array(),
    counts: integer('counts').array(),
  },
  (t) => [primaryKey({ columns: [t.restaurant_id, t.day, t.kind, t.subject] })],
);

/**
 * The days summed per local month (`month` its first day), the current month's to date (summed again from its days as
 * each round adds some): the kinds of
 * insight_days (the per-second kinds as one distribution each), plus `open@day` and `order@day` per date
 * ('YYYY-MM-DD') for the report's by-day chart.
 */
export const insightMonths = pgTable(
  'insight_months',
  {
    restaurant_id: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants._id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    label: text('label'),
    seconds: integer('seconds').array(),
    counts: integer('counts').array(),
  },
  (t) => [primaryKey({ columns: [t.restaurant_id, t.month, t.kind, t.subject] })],
);

/**
 * Per restaurant, how far its hours are summarized into insight_days (and the months that ended by then):
 * `summarized_until` is a local midnight in `time_zone`, the zone the summaries were made in. A restaurant whose
 * time_zone differs from it has its summaries dropped and made again; until then its report reads the hours.
 */
export const insightSummaries = pgTable('insight_summaries', {
  restaurant_id: uuid('restaurant_id')
    .primaryKey()
    .references(() => restaurants._id, { onDelete: 'cascade' }),
  time_zone: text('time_zone').notNull(),
  summarized_until: isoTimestamp('summarized_until').notNull(),
});

/**
 * Stored image files to remove (`/uploads/<name>.webp` keys; the thumbnail goes with its image), written in the same
 * transaction as the change that stopped showing them: a crash or a failing store between the commit and the removal
 * leaves the row, and the `storage-deletions` job tries again (server/uploads/deletion-queue.ts).
 */
export const storageDeletions = pgTable(
  'storage_deletions',
  {
    key: text('key').primaryKey(),
    queued_at: isoTimestamp('queued_at').notNull().default(sql`now()`),
    /** Failed removals so far: each one puts the next try further off. */
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
    last_error: text('last_error'),
  },
  (table) => [index('storage_deletions_next_attempt_at').on(table.next_attempt_at)],
);
