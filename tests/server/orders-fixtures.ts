import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { type Db, rowsOf } from '../../server/db/client';
import { type OrderLine, restaurantTables } from '../../server/db/schema';
import type { NewOrder, PlacingOutcome } from '../../server/repositories/order-placing';
import { createCategory, createProduct, createRestaurant } from '../support/fixtures';
import type { Tenants } from '../support/tenants';

/** Rows and calls the orders-*, calls-* tests share: a restaurant taking orders, its tables, the diner's requests. */

export async function createTable(
  db: Db,
  restaurantId: string,
  values: Partial<typeof restaurantTables.$inferInsert> = {},
) {
  const [row] = await db
    .insert(restaurantTables)
    .values({ restaurant_id: restaurantId, name: `Stol ${randomUUID().slice(0, 6)}`, ...values })
    .returning();
  return row!;
}

/** The owner's restaurant with ordering on, a table, and one active product of 25 000 so'm in an active category. */
export async function orderingRestaurant(t: Tenants, values: Parameters<typeof createRestaurant>[1] = {}) {
  const restaurant = await createRestaurant(t.db, { manager_id: t.owner._id, ordering_enabled: true, ...values });
  const table = await createTable(t.db, restaurant._id, { name: '5' });
  const category = await createCategory(t.db, restaurant._id);
  const product = await createProduct(t.db, category._id, { price: 25000 });
  return { restaurant, table, category, product };
}

let address = 0;
/** A client address no other request of the file used: the per-address limits stay out of tests that are not about them. */
/** One Osh of 25 000 so'm as pricing writes a line: for a test that writes an order without the order API. */
export const pricedLine = (productId: string): OrderLine => ({
  product_id: productId,
  name: 'Osh',
  quantity: 1,
  rows: [],
  line_total: 25000,
  station_id: null,
  status: 'new',
  moves: [],
});

/** One of a product: the smallest order line. */
export const line = (productId: string) => ({ product_id: productId, quantity: 1 });

/** A restaurant with `count` tables, used in turn by `body()`, so that no table reaches its threshold. */
export async function manyTables(t: Tenants, count: number) {
  const s = await orderingRestaurant(t);
  const tables = [s.table];
  while (tables.length < count) tables.push(await createTable(t.db, s.restaurant._id));
  let next = 0;
  return { ...s, tables, body: () => ({ table_id: tables[next++ % count]!.token, items: [line(s.product._id)] }) };
}

export const freshAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

export interface DinerRequest {
  key?: string | null;
  remoteAddress?: string;
  /** X-Device-Id, as the diner's browser sends it; none unless given. */
  device?: string;
}

/** POST /menu/{slug}/orders as a diner (no token), with a fresh Idempotency-Key and address unless given. */
export function postOrder(
  t: Tenants,
  slug: string,
  body: unknown,
  { key = randomUUID(), remoteAddress = freshAddress(), device }: DinerRequest = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/menu/${slug}/orders`,
    headers: {
      ...(key === null ? {} : { 'idempotency-key': key }),
      ...(device === undefined ? {} : { 'x-device-id': device }),
    },
    payload: body as object,
    remoteAddress,
  });
}

export function postCall(
  t: Tenants,
  slug: string,
  body: unknown,
  remoteAddress = freshAddress(),
  device?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/menu/${slug}/calls`,
    payload: body as object,
    remoteAddress,
    headers: device === undefined ? {} : { 'x-device-id': device },
  });
}

type OrderingSetup = Awaited<ReturnType<typeof orderingRestaurant>>;

/** An order as its write takes it (repositories/order-placing.ts): one Osh from the setup's table unless told. */
export const placingOrder = (
  s: OrderingSetup,
  values: { table?: OrderingSetup['table']; key?: string; perTable?: number; request_id?: string | null } = {},
): NewOrder => ({
  restaurant_id: s.restaurant._id,
  table: values.table ?? s.table,
  items: [pricedLine(s.product._id)],
  total: 25000,
  comment: '',
  idempotency_key: values.key ?? randomUUID(),
  device_id: 'phone',
  request_hash: 'hash',
  threshold: { perTable: values.perTable ?? 30, windowSeconds: 3600 },
  request_id: values.request_id ?? null,
});

/** Each outcome as a diner would hear of it: the order's number, waiting for the staff (`?`), or why nothing was made. */
export const heard = (outcomes: PlacingOutcome[]) =>
  outcomes.map((outcome) =>
    outcome.kind === 'created'
      ? `№${outcome.order.number}${outcome.order.needs_confirmation ? '?' : ''}`
      : outcome.reason,
  );

/** PostgreSQL: until a statement of another connection waits for a lock (a row's is waited for as its holder's transaction). */
export async function untilLockWaited(db: Db): Promise<void> {
  for (;;) {
    const [row] = rowsOf<{ waiting: number }>(
      await db.execute(sql`select count(*)::int as waiting from pg_locks where not granted`),
    );
    if (row!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
