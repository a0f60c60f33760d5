import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../server/db/client';
import { type OrderLine, orders } from '../../server/db/schema';
import { type RunWork, unitOfWork } from '../../server/domain/unit-of-work';
import { createCategory, createProduct } from '../support/fixtures';

/** What the jobs-* tests share: orders written straight into the database, a log that keeps what it was told. */

let nextNumber = 0;

/** An order of the restaurant, as createOrder would have written it, with one line per product given. */
export async function insertOrder(
  db: Db,
  restaurantId: string,
  lines: { product_id: string; name: string; station_id?: string | null }[],
  values: Partial<typeof orders.$inferInsert> = {},
) {
  const items: OrderLine[] = lines.map((line) => ({
    product_id: line.product_id,
    name: line.name,
    quantity: 1,
    rows: [],
    line_total: 25000,
    station_id: line.station_id ?? null,
    status: 'new',
    moves: [],
  }));
  const [order] = await db
    .insert(orders)
    .values({
      restaurant_id: restaurantId,
      table_name: 'Stol 1',
      number: ++nextNumber,
      business_date: '2030-01-01',
      items,
      total: 25000 * items.length,
      idempotency_key: randomUUID(),
      ...values,
    })
    .returning();
  return order!;
}

/** A dish of the restaurant, in a category of its own (`external_id`: its id in the POS). */
export async function dishOf(db: Db, restaurantId: string, values: { external_id?: string; station_id?: string } = {}) {
  const category = await createCategory(db, restaurantId, values.station_id ? { station_id: values.station_id } : {});
  return createProduct(db, category._id, values.external_id ? { external_id: values.external_id } : {});
}

/** The unit of work a job's use cases write through, with nobody to hear its after-commit effects. */
export const quietWork = (db: Db): RunWork => unitOfWork(db, { menuChanged: () => {}, outboxWritten: () => {} });

export interface Logged {
  details: object;
  message: string;
}
export function keptLog() {
  const warned: Logged[] = [];
  return { warned, log: { warn: (details: object, message: string) => warned.push({ details, message }) } };
}

/**
 * The database as a sender's claim sees it, counting its transactions (a sender's only transaction outside its unit of
 * work is its claim): when a claim started, without waiting for time to pass.
 */
export function countingClaims(db: Db): { db: Db; claims: () => number; ended: () => number } {
  let claims = 0;
  let ended = 0;
  const counted = new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        return (...args: Parameters<Db['transaction']>) => {
          claims += 1;
          return target.transaction(...args).finally(() => {
            ended += 1;
          });
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: counted, claims: () => claims, ended: () => ended };
}

/**
 * Waits until `done` holds, checking after every turn of the event loop (setImmediate, which tests that fake
 * setTimeout leave real): the database's work goes on meanwhile, fake time does not.
 */
export async function until(done: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const giveUpAt = performance.now() + timeoutMs;
  while (!(await done())) {
    if (performance.now() > giveUpAt) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Seconds from the database's now to a row's `next_attempt_at` (its lease, or its next try). */
export async function secondsUntil(db: Db, table: 'pos_outbox' | 'print_outbox', id: number): Promise<number> {
  const result = await db.execute(
    sql`select extract(epoch from next_attempt_at - now())::float8 as seconds from ${sql.identifier(table)} where id = ${id}`,
  );
  return Number(rowsOf<{ seconds: number }>(result)[0]!.seconds);
}

/** The order's row as it is now. */
export async function orderRow(db: Db, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders._id, id));
  return row!;
}
