import { randomUUID } from 'node:crypto';
import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
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
import { currentRequestId } from '../request-context';
import { type DinerOrderRecord, presentStaffOrder, SENDING_TO_POS, tashkentDate } from './orders';
import { queueingTickets } from './print-queue';
import { recordingStaffEvents } from './staff-events';
import { queueingOrderSends } from './telegram-outbox';

/**
 * A diner's order as the database takes it: what it reads before it is priced (`readForOrders`, one statement for
 * several orders) and the one statement that writes them with its commit (`createOrders`). The rest of an order's
 * life (its status, lists, the staff's and the diner's views) is repositories/orders.ts.
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
  /** null: not looked for (the table was remembered, nothing read: domain/orders/ordering-reads.ts). */
  keyUsed: boolean | null;
}

/** What an order reads before it writes: its table (null when no table of the restaurant has the token), dishes, rows. */
export interface OrderReads {
  table: TableForOrder | null;
  products: Map<string, PricedProduct>;
  rows: Map<string, PricedRow>;
}

/** What one order's read names: the restaurant (already found), the table's token, the device, key, dishes and rows. */
export interface OrderReadRequest {
  restaurantId: string;
  token: string;
  deviceId: string;
  key: string;
  productIds: string[];
  rowIds: string[];
}

/**
 * Everything an order reads, for several orders in one statement (one row each, in their order): the table by its
 * token (its key's order looked for there; the order itself is read only when there is one), and the products and
 * option rows it names, with what decides whether they can be ordered: of this restaurant, active, in an active
 * category, and the schedules of the dish and its category. Another restaurant's product is not returned at all (to
 * the diner it is just unavailable). Prices as PostgreSQL's text, for exact sums (domain/orders/pricing.ts). Nothing is
 * locked: the order's own statement takes its table's turn.
 */
export async function readForOrders(db: Executor, requests: readonly OrderReadRequest[]): Promise<OrderReads[]> {
  const found = await orderReads(db, {
    requests: JSON.stringify(
      requests.map((request, ord) => ({
        ord,
        restaurant_id: request.restaurantId,
        token: request.token,
        device_id: request.deviceId,
        key: request.key,
        product_ids: request.productIds,
        row_ids: request.rowIds,
      })),
    ),
  });
  const byOrd = new Map(found.map((row) => [row.ord, row]));
  return requests.map((_, ord) => {
    const row = byOrd.get(ord)!;
    return {
      table: row.table,
      products: new Map(row.products.map((product) => [product._id, product])),
      rows: new Map(row.rows.map((optionRow) => [optionRow._id, optionRow])),
    };
  });
}

/** A column named with its table: the combined read's subqueries name several tables' columns of the same names. */
const q = (column: AnyPgColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

/** The orders' requests, one row each (`r`): their values are one JSON parameter, whatever their number. */
const readRequests = sql`jsonb_to_recordset(${sql.placeholder('requests')}::jsonb) as r(
  ord integer, restaurant_id uuid, token text, device_id text, key text, product_ids uuid[], row_ids uuid[])`;

/** Read at every order: made once (db/reusable-select.ts). */
const orderReads = reusableSelect<
  { requests: string },
  { ord: number; table: TableForOrder | null; products: PricedProduct[]; rows: PricedRow[] }
>('order_reads', (db) => {
  const table = sql<TableForOrder | null>`(select json_build_object(
      '_id', ${q(restaurantTables._id)}, 'name', ${q(restaurantTables.name)}, 'is_active', ${q(restaurantTables.is_active)},
      'keyUsed', exists (select 1 from ${orders} where ${q(orders.restaurant_id)} = ${q(restaurantTables.restaurant_id)}
        and ${q(orders.table_id)} = ${q(restaurantTables._id)} and ${q(orders.device_id)} = r.device_id
        and ${q(orders.idempotency_key)} = r.key))
    from ${restaurantTables}
    where ${q(restaurantTables.token)} = r.token and ${q(restaurantTables.restaurant_id)} = r.restaurant_id)`;
  const named = sql<PricedProduct[]>`coalesce((select json_agg(json_build_object(
      '_id', ${q(products._id)}, 'name', ${q(products.name)}, 'price', ${q(products.price)}::text,
      'available', ${q(products.is_active)} and ${q(categories.is_active)},
      'schedule', ${q(products.schedule)}, 'category_schedule', ${q(categories.schedule)},
      'station_id', coalesce(${q(categories.station_id)}, (
        select ${q(kitchenStations._id)} from ${kitchenStations} where ${q(kitchenStations.restaurant_id)} = r.restaurant_id
        order by ${q(kitchenStations.position)}, ${q(kitchenStations.createdAt)}, ${q(kitchenStations._id)} limit 1
      )),
      'option_rules', ${optionRulesOf(q(products._id))}))
    from ${products} inner join ${categories} on ${q(categories._id)} = ${q(products.category_id)}
    where ${q(products._id)} = any(r.product_ids) and ${q(categories.restaurant_id)} = r.restaurant_id), '[]'::json)`;
  const chosen = sql<PricedRow[]>`coalesce((select json_agg(json_build_object(
      '_id', ${q(optionRows._id)}, 'name', ${q(optionRows.name)}, 'price', ${q(optionRows.price)}::text,
      'option_id', ${q(productOptions._id)}, 'product_id', ${q(productOptions.product_id)}))
    from ${optionRows} inner join ${productOptions} on ${q(productOptions._id)} = ${q(optionRows.product_option_id)}
    where ${q(optionRows._id)} = any(r.row_ids)), '[]'::json)`;
  return db.select({ ord: sql<number>`r.ord`, table, products: named, rows: chosen }).from(readRequests);
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
  /** The request that made it, recorded on its outbox rows: the running request's when not given. */
  request_id?: string | null;
}

/** Why an order's statement wrote nothing for it: its table is gone (404), or its Idempotency-Key made an order meanwhile. */
export type NotPlacedReason = 'table gone' | 'key taken';

export class OrderNotPlaced extends Error {
  constructor(readonly reason: NotPlacedReason) {
    super(reason);
  }
}

/** What the statement did with one order: created it (and which outboxes it queued), or wrote nothing for it. */
export type PlacingOutcome =
  | { kind: 'created'; order: DinerOrderRecord; telegramQueued: boolean; posQueued: boolean; ticketsQueued: boolean }
  | { kind: 'not placed'; reason: NotPlacedReason };

/** createOrders of one, its refusal thrown as OrderNotPlaced. */
export async function createOrder(
  db: Executor,
  order: NewOrder,
): Promise<Extract<PlacingOutcome, { kind: 'created' }>> {
  const [outcome] = await createOrders(db, [order]);
  if (outcome!.kind === 'not placed') throw new OrderNotPlaced(outcome!.reason);
  return outcome!;
}

/**
 * Creates several orders in one statement, run on its own (its commit is the statement's: no lock outlives it by a
 * round trip), and answers each one's outcome in their order. Each first takes its table's turn (order_table_turns,
 * migration 0028: the batch's tables locked in the order of their ids, then each order's key and its table's orders of
 * the window read after the locks, those before it in the batch counted). An order refused there (its table gone, its
 * key used meanwhile or earlier in the batch) is left out, having written nothing, not even a number. The others take
 * their numbers: each restaurant's day counter moves once by its count of orders (one atomic upsert, in the order of
 * the restaurants' ids; concurrent statements queue on a counter's row for this statement only), and its orders take
 * the numbers in their order in the batch. Then the rows (waiting for the staff past their table's threshold),
 * Telegram's outbox rows where the restaurant delivers there, the till's (pos_outbox) for an integration restaurant,
 * the kitchen's tickets and the staff events.
 */
export async function createOrders(db: Executor, batch: readonly NewOrder[]): Promise<PlacingOutcome[]> {
  // Each order's values written out, not spread from one object into the next: V8 makes slow objects of a spread
  // followed by more properties (tens of microseconds an order, measured in bench/orders.ts's profile).
  const input = batch.map((order, ord) => {
    const _id = randomUUID();
    return {
      _id,
      restaurant_id: order.restaurant_id,
      table_id: order.table._id,
      table_name: order.table.name,
      items: order.items,
      total: order.total,
      comment: order.comment,
      idempotency_key: order.idempotency_key,
      device_id: order.device_id,
      request_hash: order.request_hash,
      ord,
      table_token: order.table.token,
      per_table: order.threshold.perTable,
      window_seconds: order.threshold.windowSeconds,
      request_id: order.request_id === undefined ? currentRequestId() : order.request_id,
      event: eventTemplate(_id, order),
    };
  });
  const placed = await placingOrders(db, { orders: JSON.stringify(input) });
  const byOrd = new Map(placed.map((row) => [row.ord, row]));
  return input.map(({ ord }): PlacingOutcome => {
    const row = byOrd.get(ord)!;
    if (row.outcome === 'table gone') return { kind: 'not placed', reason: 'table gone' };
    // Refused at its turn, or (the key's unique index) an order of its key committed between the turn and the row.
    const made = row.created;
    if (row.outcome === 'key taken' || !made) return { kind: 'not placed', reason: 'key taken' };
    const order = batch[ord]!;
    return {
      kind: 'created',
      // What the diner sees of the row: the statement answers what only it knows, the rest is what was written.
      order: {
        _id: made._id,
        number: made.number,
        status: made.status,
        table_id: order.table._id,
        table_name: order.table.name,
        items: order.items,
        total: order.total,
        comment: order.comment,
        needs_confirmation: made.needs_confirmation,
        service_percent: made.service_percent,
        service: made.service,
        payment_status: made.payment_status,
        createdAt: made.createdAt,
      },
      telegramQueued: row.telegram,
      posQueued: row.pos_queued,
      ticketsQueued: row.tickets > 0,
    };
  });
}

/** The staff event as presentStaffOrder would make it from the row: what only the statement knows is set in SQL. */
function eventTemplate(_id: string, order: NewOrder) {
  return presentStaffOrder({
    _id,
    restaurant_id: order.restaurant_id,
    table_id: order.table._id,
    table_name: order.table.name,
    items: order.items,
    total: order.total,
    comment: order.comment,
    idempotency_key: order.idempotency_key,
    device_id: order.device_id,
    request_hash: order.request_hash,
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
}

/**
 * The batch's orders, one row each (`o`): their values are one JSON parameter, whatever their number, sent and parsed
 * once (`payload`) for the rows and the tables' turns alike.
 */
const batchOrders = sql`jsonb_to_recordset((select orders from payload)) as o(
  ord integer, _id uuid, restaurant_id uuid, table_id uuid, table_name text, items jsonb, total numeric, comment text,
  idempotency_key text, device_id text, request_hash text, per_table integer, request_id text, event jsonb)`;

/**
 * createOrders' one statement, made once (db/reusable-select.ts). The tables' turns come first: the counters' rows are
 * written from them, so tables are always locked before counters (as every other writer of a table's orders takes
 * them), and the counters stay locked only for what follows the numbers in this statement and its commit.
 */
const placingOrders = reusableSelect<{ orders: string }, PlacedRow>('place_orders', (tx) => {
  const payload = tx
    .$with('payload', { orders: sql<unknown>`orders`.as('orders') })
    .as(sql`select ${sql.placeholder('orders')}::jsonb as orders`);
  const input = tx.$with('input', { ord: sql<number>`ord`.as('ord') }).as(sql`select * from ${batchOrders}`);
  const turns = tx
    .$with('turns', {
      ord: sql<number>`turn_ord`.as('turn_ord'),
      outcome: sql<'turn' | NotPlacedReason>`turn_outcome`.as('turn_outcome'),
    })
    .as(sql`select turn_ord, turn_outcome, turn_recent from order_table_turns((select orders from payload))`);
  // Each order let through, whether it waits for the staff, and its place among its restaurant's orders of the batch.
  const taking = tx
    .$with('taking', { ord: sql<number>`ord`.as('ord') })
    .as(sql`select input.*, turns.turn_recent >= input.per_table as needs_confirmation,
      row_number() over (partition by input.restaurant_id order by input.ord)::int as nth,
      count(*) over (partition by input.restaurant_id)::int as taken
    from input join turns on turns.turn_ord = input.ord where turns.turn_outcome = 'turn'`);
  const counter = tx
    .$with('counter', { last_number: sql<number>`last_number`.as('last_number') })
    .as(sql`insert into ${orderCounters} (restaurant_id, business_date, last_number)
      select restaurant_id, ${tashkentDate()}, count(*)::int from taking group by restaurant_id order by restaurant_id
      on conflict (restaurant_id, business_date)
        do update set last_number = ${orderCounters}.last_number + excluded.last_number
      returning restaurant_id, last_number, business_date`);
  const created = tx.$with('created', getTableColumns(orders)).as(sql`insert into ${orders} (id, restaurant_id,
      table_id, table_name, items, total, comment, idempotency_key, device_id, request_hash, needs_confirmation, number,
      business_date, service_percent, service, pos)
    select taking._id, taking.restaurant_id, taking.table_id, taking.table_name, taking.items, taking.total,
      taking.comment, taking.idempotency_key, taking.device_id, taking.request_hash, taking.needs_confirmation,
      counter.last_number - taking.taken + taking.nth, counter.business_date, r.service_percent,
      -- Whole so'm, half up: what the bill charges for it.
      round(taking.total * r.service_percent / 100),
      -- An integration restaurant's order goes to its till: it starts "sending", and its pos_outbox row is written
      -- below. One waiting for the staff's confirmation goes once they accept it (changeOrderStatus).
      case when r.type = 'integration' and not taking.needs_confirmation then ${JSON.stringify(SENDING_TO_POS)}::jsonb end
    from taking join counter on counter.restaurant_id = taking.restaurant_id
      join ${restaurants} r on r.id = taking.restaurant_id
    order by taking.ord
    on conflict (restaurant_id, idempotency_key, table_id, device_id) do nothing
    returning *`);
  // The rows made, with what the batch gave of each beside the row: the request that made it, its event's template.
  // The outboxes and the staff events take their ids in the orders' numbers' order, so №2 is never sent before №1.
  const made = sql`select created.*, input.request_id, input.event from created join input on input._id = created.id`;
  const queued = tx.$with('queued', { order_id: sql<string>`order_id`.as('order_id') }).as(queueingOrderSends(made));
  const posQueued = tx.$with('pos_queued', { order_id: sql<string>`order_id`.as('order_id') }).as(
    sql`insert into ${posOutbox} (order_id, restaurant_id, table_id, request_id)
      select id, restaurant_id, table_id, request_id from (${made}) made where pos is not null order by number
      returning ${posOutbox.order_id}`,
  );
  const printQueued = tx
    .$with('print_queued', { order_id: sql<string>`order_id`.as('order_id') })
    .as(queueingTickets(made, 'placed', sql`o.request_id`));
  const recording = recordingStaffEvents(
    tx,
    sql`select made.restaurant_id, 'order.created' as type,
      made.event || jsonb_build_object(
        'number', made.number, 'needs_confirmation', made.needs_confirmation, 'service_percent', made.service_percent, 'service', made.service, 'pos', made.pos, 'createdAt', ${isoText(sql`made.created_at`)}, 'updatedAt', ${isoText(sql`made.updated_at`)}
      ) as data
    from (${made}) made order by made.number`,
  );
  // What only the statement knows of the row, mapped by drizzle as the orders table's columns.
  const row = {
    _id: created._id,
    number: created.number,
    status: created.status,
    needs_confirmation: created.needs_confirmation,
    service_percent: created.service_percent,
    service: created.service,
    payment_status: created.payment_status,
    createdAt: created.createdAt,
  };
  return tx
    .with(payload, input, turns, taking, counter, created, queued, posQueued, printQueued, ...recording)
    .select({
      ord: turns.ord,
      outcome: turns.outcome,
      created: row,
      telegram: sql<boolean>`exists (select 1 from ${queued} where ${queued.order_id} = ${created._id})`,
      pos_queued: sql<boolean>`exists (select 1 from ${posQueued} where ${posQueued.order_id} = ${created._id})`,
      tickets: sql<number>`(select count(*)::int from ${printQueued} where ${printQueued.order_id} = ${created._id})`,
    })
    .from(turns)
    .leftJoin(created, sql`${created._id} = (select input._id from input where input.ord = ${turns.ord})`);
});

/** A row of createOrders' statement: one per order of the batch. */
interface PlacedRow {
  ord: number;
  outcome: 'turn' | NotPlacedReason;
  created: Pick<
    DinerOrderRecord,
    '_id' | 'number' | 'status' | 'needs_confirmation' | 'service_percent' | 'service' | 'payment_status' | 'createdAt'
  > | null;
  telegram: boolean;
  pos_queued: boolean;
  tickets: number;
}
