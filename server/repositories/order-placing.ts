import { randomUUID } from 'node:crypto';
import { eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Schedule } from '../../lib/schedule-types';
import type { Executor } from '../db/client';
import { reusableSelect } from '../db/reusable-select';
import {
  categories,
  isoText,
  kitchenStations,
  type OrderLine,
  optionRows,
  orderCounters,
  orders,
  posOutbox,
  productOptions,
  products,
  restaurants,
  restaurantTables,
} from '../db/schema';
import { pgErrorCode } from '../errors';
import { currentRequestId } from '../request-context';
import { type OrderRecord, presentStaffOrder, SENDING_TO_POS, tashkentDate } from './orders';
import { queueingTickets } from './print-queue';
import { recordingStaffEvents } from './staff-events';
import { queueingOrderSends } from './telegram-outbox';

/**
 * A diner's order as the database takes it: what it reads before it is priced (`readForOrder`, one statement) and
 * the one statement that writes it with its commit (`createOrder`). The rest of an order's life (its status, lists,
 * the staff's and the diner's views) is repositories/orders.ts.
 */

/** A product as ordering sees it: `available` is false when stop-listed or in an inactive category. */
export interface PricedProduct {
  _id: string;
  name: string;
  /** numeric as PostgreSQL writes it (`25000.00`). */
  price: string;
  available: boolean;
  /** Its own schedule and its category's: outside either it cannot be ordered (domain/orders/pricing.ts). */
  schedule: Schedule | null;
  category_schedule: Schedule | null;
  /** The kitchen station that makes it: its category's, else the restaurant's first; null without stations. */
  station_id: string | null;
  /** How many rows of each of its options (those with rows) an order chooses. */
  option_rules: OptionRule[];
}
/** An option's rule for an order: `min` is already at most its row count (optionRulesOf below). */
export interface OptionRule {
  _id: string;
  name: string;
  min: number;
  max: number;
}
export interface PricedRow {
  _id: string;
  name: string;
  price: string;
  option_id: string;
  product_id: string;
}

/** The table an order names, as its read finds it: whether its Idempotency-Key already made an order there. */
export interface TableForOrder {
  _id: string;
  name: string;
  is_active: boolean;
  keyUsed: boolean;
}

/** What an order reads before it writes: its table (null when no table of the restaurant has the token), dishes, rows. */
export interface OrderReads {
  table: TableForOrder | null;
  products: Map<string, PricedProduct>;
  rows: Map<string, PricedRow>;
}

/**
 * Everything an order reads, in one statement: the table by its token (its key's order looked for there; the order
 * itself is read only when there is one), and the products and option rows it names, with what decides whether they
 * can be ordered: of this restaurant, active, in an active category, and the schedules of the dish and its category.
 * Another restaurant's product is not returned at all (to the diner it is just unavailable). Prices as PostgreSQL's
 * text, for exact sums (domain/orders/pricing.ts). Nothing is locked: the order's own statement takes its table's turn.
 */
export async function readForOrder(
  db: Executor,
  values: {
    restaurantId: string;
    token: string;
    deviceId: string;
    key: string;
    productIds: string[];
    rowIds: string[];
  },
): Promise<OrderReads> {
  const [row] = await orderReads(db, values);
  return {
    table: row!.table,
    products: new Map(row!.products.map((product) => [product._id, product])),
    rows: new Map(row!.rows.map((optionRow) => [optionRow._id, optionRow])),
  };
}

/** A column named with its table: the combined read's subqueries name several tables' columns of the same names. */
const q = (column: AnyPgColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

/** Read at every order: made once (db/reusable-select.ts); the ids are array parameters, whatever their number. */
const orderReads = reusableSelect<
  { restaurantId: string; token: string; deviceId: string; key: string; productIds: string[]; rowIds: string[] },
  { table: TableForOrder | null; products: PricedProduct[]; rows: PricedRow[] }
>('order_reads', (db) => {
  const restaurantId = sql.placeholder('restaurantId');
  const table = sql<TableForOrder | null>`(select json_build_object(
      '_id', ${q(restaurantTables._id)}, 'name', ${q(restaurantTables.name)}, 'is_active', ${q(restaurantTables.is_active)},
      'keyUsed', exists (select 1 from ${orders} where ${q(orders.restaurant_id)} = ${q(restaurantTables.restaurant_id)}
        and ${q(orders.table_id)} = ${q(restaurantTables._id)} and ${q(orders.device_id)} = ${sql.placeholder('deviceId')}
        and ${q(orders.idempotency_key)} = ${sql.placeholder('key')}))
    from ${restaurantTables}
    where ${q(restaurantTables.token)} = ${sql.placeholder('token')} and ${q(restaurantTables.restaurant_id)} = ${restaurantId})`;
  const named = sql<PricedProduct[]>`coalesce((select json_agg(json_build_object(
      '_id', ${q(products._id)}, 'name', ${q(products.name)}, 'price', ${q(products.price)}::text,
      'available', ${q(products.is_active)} and ${q(categories.is_active)},
      'schedule', ${q(products.schedule)}, 'category_schedule', ${q(categories.schedule)},
      'station_id', coalesce(${q(categories.station_id)}, (
        select ${q(kitchenStations._id)} from ${kitchenStations} where ${q(kitchenStations.restaurant_id)} = ${restaurantId}
        order by ${q(kitchenStations.position)}, ${q(kitchenStations.createdAt)}, ${q(kitchenStations._id)} limit 1
      )),
      'option_rules', ${optionRulesOf(q(products._id))}))
    from ${products} inner join ${categories} on ${q(categories._id)} = ${q(products.category_id)}
    where ${q(products._id)} = any(${sql.placeholder('productIds')}::uuid[])
      and ${q(categories.restaurant_id)} = ${restaurantId}), '[]'::json)`;
  const chosen = sql<PricedRow[]>`coalesce((select json_agg(json_build_object(
      '_id', ${q(optionRows._id)}, 'name', ${q(optionRows.name)}, 'price', ${q(optionRows.price)}::text,
      'option_id', ${q(productOptions._id)}, 'product_id', ${q(productOptions.product_id)}))
    from ${optionRows} inner join ${productOptions} on ${q(productOptions._id)} = ${q(optionRows.product_option_id)}
    where ${q(optionRows._id)} = any(${sql.placeholder('rowIds')}::uuid[])), '[]'::json)`;
  return db.select({ table, products: named, rows: chosen }).from(restaurants).where(eq(restaurants._id, restaurantId));
});

/**
 * How many rows an order chooses of each of a product's options that has rows (an option without any offers nothing to
 * choose), in creation order: its minimum, at most its row count (an option asking for more than it offers asks for all
 * of them), and its maximum.
 */
function optionRulesOf(productId: SQL) {
  return sql<OptionRule[]>`coalesce((
    select json_agg(json_build_object(
      '_id', o.id, 'name', o.name, 'min', least(o.min_choices, counted.rows), 'max', o.max_choices
    ) order by o.seq)
    from ${productOptions} o
    cross join lateral (select count(*)::int as rows from ${optionRows} r where r.product_option_id = o.id) counted
    where o.product_id = ${productId} and counted.rows > 0
  ), '[]'::json)`;
}

export interface NewOrder {
  restaurant_id: string;
  /** The table as the order read it: its token is checked again when its turn is taken. */
  table: { _id: string; name: string; token: string };
  items: OrderLine[];
  total: number;
  comment: string;
  idempotency_key: string;
  device_id: string;
  /** sha256 of the canonical body (routes/menu/order-body.ts). */
  request_hash: string;
  /** Past `perTable` orders of its table within `windowSeconds`, it is created waiting for staff to confirm it. */
  threshold: { perTable: number; windowSeconds: number };
}

/** Why the order's statement wrote nothing: its table is gone (404), or its Idempotency-Key made an order meanwhile. */
export class OrderNotPlaced extends Error {
  constructor(readonly reason: 'table gone' | 'key taken') {
    super(reason);
  }
}

/** SQLSTATEs of order_table_turn (migration 0027). */
const TABLE_GONE = 'MN404';
const KEY_TAKEN = 'MN409';

/**
 * Creates an order in one statement, run on its own (its commit is the statement's: no lock outlives it by a round
 * trip). It first takes its table's turn (order_table_turn, migration 0027: the table's row locked, the key and the
 * table's orders of the window read after the lock), then its number (the day's counter, one atomic upsert: concurrent
 * orders of a restaurant queue on the counter's row for this statement only and each gets the next number), the row
 * (waiting for the staff past the table's threshold), Telegram's outbox row when the restaurant delivers there
 * (`telegramQueued`), the till's (pos_outbox) for an integration restaurant (`posQueued`), the kitchen's tickets and the
 * staff event. Throws OrderNotPlaced, having written nothing, when the table is gone or the key was used meanwhile.
 */
export async function createOrder(
  db: Executor,
  order: NewOrder,
): Promise<{ order: OrderRecord; telegramQueued: boolean; posQueued: boolean; ticketsQueued: boolean }> {
  // What the caller gives, as the row holds it: inserted as is, and the event's template below.
  const given = {
    _id: randomUUID(),
    restaurant_id: order.restaurant_id,
    table_id: order.table._id,
    table_name: order.table.name,
    items: order.items,
    total: order.total,
    comment: order.comment,
    idempotency_key: order.idempotency_key,
    device_id: order.device_id,
    request_hash: order.request_hash,
  };
  // The event as presentStaffOrder would make it from the row: what only the statement knows is set in SQL.
  const known = presentStaffOrder({
    ...given,
    needs_confirmation: false,
    number: 0,
    business_date: '',
    status: 'new',
    status_changed_by: null,
    accepted_at: null,
    served_at: null,
    telegram_chat_id: null,
    telegram_message_id: null,
    telegram_error: null,
    service_percent: 0,
    service: 0,
    payment_status: 'unpaid',
    payment_id: null,
    payment: null,
    pos: null,
    print: null,
    createdAt: '',
    updatedAt: '',
  });
  let row: PlacedRow | undefined;
  try {
    [row] = await placingOrder(db, {
      ...given,
      table_token: order.table.token,
      per_table: order.threshold.perTable,
      window_seconds: order.threshold.windowSeconds,
      request_id: currentRequestId(),
      event: JSON.stringify(known),
    });
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === TABLE_GONE) throw new OrderNotPlaced('table gone');
    if (code === KEY_TAKEN) throw new OrderNotPlaced('key taken');
    throw error;
  }
  // The key's unique index answers nothing for an order that committed between the turn and the row.
  if (!row) throw new OrderNotPlaced('key taken');
  return {
    order: row.created as OrderRecord,
    telegramQueued: row.outbox_id != null,
    posQueued: row.pos_outbox_id != null,
    ticketsQueued: Number(row.tickets) > 0,
  };
}

/** createOrder's values: the row's own, its table's token and threshold, the request's id and the event's template. */
type PlacingValues = {
  [K in
    | '_id'
    | 'restaurant_id'
    | 'table_id'
    | 'table_token'
    | 'table_name'
    | 'comment'
    | 'idempotency_key'
    | 'device_id'
    | 'request_hash']: string;
} & {
  items: OrderLine[];
  total: number;
  per_table: number;
  window_seconds: number;
  request_id: string | null;
  event: string;
};

/**
 * createOrder's one statement, made once (db/reusable-select.ts: it was the largest query the server built at every
 * order), its values placeholders. The table's turn comes first: the counter's value reads it, so the table's lock is
 * always taken before the counter's (as every other writer of a table's orders takes them), and the counter's row stays
 * locked only for what follows the number in this statement and its commit.
 */
const placingOrder = reusableSelect<PlacingValues, PlacedRow>('place_order', (tx) => {
  const value = (name: keyof PlacingValues) => sql.placeholder(name);
  const restaurantId = value('restaurant_id');
  const turn = tx.$with('turn', { recent: sql<number>`recent`.as('recent') }).as(
    sql`select order_table_turn(${restaurantId}::uuid, ${value('table_id')}::uuid, ${value('table_token')}::text,
      ${value('device_id')}::text, ${value('idempotency_key')}::text, ${value('window_seconds')}::float8) as recent`,
  );
  const needsConfirmation = sql`((select recent from turn) >= ${value('per_table')}::int)`;
  const servicePercent = sql`select ${restaurants.service_percent} from ${restaurants} where ${restaurants._id} = ${restaurantId}`;
  // An integration restaurant's order goes to its till: it starts "sending", and its pos_outbox row is written below.
  // One waiting for the staff's confirmation (past its table's threshold) goes once they accept it (changeOrderStatus).
  const posState = sql`select case when ${restaurants.type} = 'integration' and not ${needsConfirmation}
      then ${JSON.stringify(SENDING_TO_POS)}::jsonb end
    from ${restaurants} where ${restaurants._id} = ${restaurantId}`;
  const counter = tx.$with('counter').as(
    tx
      .insert(orderCounters)
      // 1, once the table's turn is taken.
      .values({ restaurant_id: restaurantId, business_date: tashkentDate(), last_number: sql`(select 1 from turn)` })
      .onConflictDoUpdate({
        target: [orderCounters.restaurant_id, orderCounters.business_date],
        set: { last_number: sql`${orderCounters.last_number} + 1` },
      })
      .returning({ last_number: orderCounters.last_number, business_date: orderCounters.business_date }),
  );
  const created = tx.$with('created').as(
    tx
      .insert(orders)
      .values({
        _id: value('_id'),
        restaurant_id: restaurantId,
        table_id: value('table_id'),
        table_name: value('table_name'),
        items: value('items'),
        total: value('total'),
        comment: value('comment'),
        idempotency_key: value('idempotency_key'),
        device_id: value('device_id'),
        request_hash: value('request_hash'),
        needs_confirmation: needsConfirmation,
        number: sql`(select ${counter.last_number} from ${counter})`,
        business_date: sql`(select ${counter.business_date} from ${counter})`,
        service_percent: sql`(${servicePercent})`,
        // Whole so'm, half up: what the bill charges for it.
        service: sql`round(${value('total')}::numeric * (${servicePercent}) / 100)`,
        pos: sql`(${posState})`,
      })
      .onConflictDoNothing({
        target: [orders.restaurant_id, orders.idempotency_key, orders.table_id, orders.device_id],
      })
      .returning(),
  );
  const requestId = value('request_id');
  const queued = tx
    .$with('queued', { outbox_id: sql<number>`outbox_id`.as('outbox_id') })
    .as(queueingOrderSends(restaurantId, sql`select id from ${created}`, requestId));
  const posQueued = tx.$with('pos_queued', { pos_outbox_id: sql<number>`pos_outbox_id`.as('pos_outbox_id') }).as(
    sql`insert into ${posOutbox} (order_id, restaurant_id, table_id, request_id)
      select id, restaurant_id, table_id, ${requestId}::text from ${created} where pos is not null
      returning ${posOutbox.id} as pos_outbox_id`,
  );
  const printQueued = tx
    .$with('print_queued', { print_id: sql<number>`print_id`.as('print_id') })
    .as(queueingTickets(sql`select * from ${created}`, 'placed', requestId));
  const recording = recordingStaffEvents(
    tx,
    sql`select created.restaurant_id, 'order.created' as type,
      ${value('event')}::jsonb || jsonb_build_object(
        'number', created.number, 'needs_confirmation', created.needs_confirmation, 'service_percent', created.service_percent, 'service', created.service, 'pos', created.pos, 'createdAt', ${isoText(sql`created.created_at`)}, 'updatedAt', ${isoText(sql`created.updated_at`)}
      ) as data
    from ${created}`,
  );
  return tx
    .with(turn, counter, created, queued, posQueued, printQueued, ...recording)
    .select({
      created: created._.selectedFields,
      outbox_id: queued.outbox_id,
      pos_outbox_id: posQueued.pos_outbox_id,
      tickets: sql<number>`(select count(*)::int from ${printQueued})`,
    })
    .from(created)
    .leftJoin(queued, sql`true`)
    .leftJoin(posQueued, sql`true`);
});

/** A row of createOrder's statement. */
interface PlacedRow {
  created: unknown;
  outbox_id: number | null;
  pos_outbox_id: number | null;
  tickets: number;
}
