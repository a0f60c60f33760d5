import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, rowsOf } from '../db/client';
import { categories, insightHours, insightRollups, products, restaurantTables } from '../db/schema';

/**
 * The owner's report's hourly totals (insight_hours). Two sources fill it:
 * - what the menu counts in memory (COUNTED_KINDS), added in batches by `addCounts`;
 * - what orders and calls make (ROLLED_KINDS), rolled up from them by `rollUpInsights` once their hour has settled
 *   (an order is accepted, served or cancelled within hours of being placed). Hours not rolled up yet are read from
 *   orders and calls directly, by the same statement (`derivedRows`), so a report is the same before and after.
 */

export const COUNTED_KINDS = ['open', 'table_open', 'detail_open', 'unavailable', 'empty_search'] as const;
export type CountedKind = (typeof COUNTED_KINDS)[number];
export const ROLLED_KINDS = [
  'order',
  'dish',
  'table',
  'accept_seconds',
  'serve_seconds',
  'call_seconds',
  'tip',
] as const;
export type RolledKind = (typeof ROLLED_KINDS)[number];
export type InsightKind = CountedKind | RolledKind;

export interface CountRow {
  restaurant_id: string;
  /** The hour's start, ISO (UTC, whole hour). */
  hour: string;
  kind: CountedKind;
  subject: string;
  count: number;
}

/**
 * Adds a batch of counts in one statement. A restaurant deleted since its counts were taken is left out (its rows
 * would break the foreign key and lose the whole batch).
 */
export async function addCounts(db: Executor, rows: readonly CountRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into ${insightHours} (restaurant_id, hour, kind, subject, count)
    select u.restaurant_id, u.hour, u.kind, u.subject, u.count
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as u(restaurant_id uuid, hour timestamptz, kind text, subject text, count bigint)
    where exists (select 1 from restaurants r where r.id = u.restaurant_id)
    on conflict (restaurant_id, hour, kind, subject) do update set count = ${insightHours.count} + excluded.count`);
}

/**
 * What orders and calls made in [from, to) as insight_hours rows (one restaurant's, or every one's): orders that were
 * not cancelled, their revenue the total with the service charge; per dish the orders it is in, its pieces and its
 * lines' totals; per table; the seconds from placing to acceptance and to serving, and from a call to its answer; the tips of paid
 * bills (by when the payment was made).
 */
function derivedRows(from: SQL, to: SQL, restaurantId: string | undefined): SQL {
  const ofRestaurant = restaurantId ? sql`and restaurant_id = ${restaurantId}` : sql``;
  return sql`
    with o as (
      select id, restaurant_id, date_trunc('hour', created_at, 'UTC') as hour, created_at, accepted_at, served_at,
        table_id, table_name, items, total + service as revenue
      from orders
      where created_at >= ${from} and created_at < ${to} and status <> 'cancelled' ${ofRestaurant}
    ), c as (
      select restaurant_id, date_trunc('hour', created_at, 'UTC') as hour, created_at, done_at
      from calls
      where created_at >= ${from} and created_at < ${to} and done_at is not null ${ofRestaurant}
    ), p as (
      select restaurant_id, date_trunc('hour', created_at, 'UTC') as hour, tip
      from payments
      where created_at >= ${from} and created_at < ${to} and status = 'paid' and tip > 0 ${ofRestaurant}
    ), line as (
      select o.id, o.restaurant_id, o.hour, l->>'product_id' as product_id, l->>'name' as name,
        (l->>'quantity')::bigint as quantity, (l->>'line_total')::bigint as line_total
      from o cross join lateral jsonb_array_elements(o.items) l
    )
    select restaurant_id, hour, 'order' as kind, '' as subject, count(*)::bigint as count,
      coalesce((select sum(line.quantity) from line where line.restaurant_id = o.restaurant_id and line.hour = o.hour), 0)::bigint as quantity,
      sum(revenue)::bigint as amount, null::text as label
    from o group by restaurant_id, hour
    union all
    select restaurant_id, hour, 'dish', product_id, count(distinct id)::bigint, sum(quantity)::bigint,
      sum(line_total)::bigint, max(name)
    from line group by restaurant_id, hour, product_id
    union all
    select restaurant_id, hour, 'table', coalesce(table_id::text, ''), count(*)::bigint, 0::bigint, sum(revenue)::bigint,
      max(table_name)
    from o group by restaurant_id, hour, table_id
    union all
    select restaurant_id, hour, 'accept_seconds', floor(extract(epoch from accepted_at - created_at))::bigint::text,
      count(*)::bigint, 0::bigint, 0::bigint, null
    from o where accepted_at is not null group by 1, 2, 4
    union all
    select restaurant_id, hour, 'serve_seconds', floor(extract(epoch from served_at - created_at))::bigint::text,
      count(*)::bigint, 0::bigint, 0::bigint, null
    from o where served_at is not null group by 1, 2, 4
    union all
    select restaurant_id, hour, 'call_seconds', floor(extract(epoch from done_at - created_at))::bigint::text,
      count(*)::bigint, 0::bigint, 0::bigint, null
    from c group by 1, 2, 4
    union all
    select restaurant_id, hour, 'tip', '', count(*)::bigint, 0::bigint, sum(tip)::bigint, null
    from p group by restaurant_id, hour`;
}

/**
 * Rolls up the settled hours not rolled up yet, up to `maxHours` of them (a first round after a long pause catches up
 * over several rounds): an hour is settled `settleMs` after it ended. One transaction holds the watermark's row, so
 * two processes never roll up the same hours. Answers how many hours it rolled up.
 */
export async function rollUpInsights(
  db: Db,
  { settleMs, maxHours }: { settleMs: number; maxHours: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    // The migration writes the watermark's row; a database emptied since (a restore of some tables) gets it again,
    // from its oldest order, call or payment, so no hour is left out.
    await tx.execute(sql`
      insert into ${insightRollups} (id, rolled_until)
      select 1, date_trunc('hour', coalesce(least(
        (select min(created_at) from orders), (select min(created_at) from calls), (select min(created_at) from payments)
      ), now()), 'UTC')
      on conflict (id) do nothing`);
    const [watermark] = rowsOf<{ rolled_until: string; until: string; hours: number }>(
      await tx.execute(sql`
        select rolled_until, until, extract(epoch from until - rolled_until)::int / 3600 as hours
        from (
          select rolled_until, greatest(rolled_until, least(
            rolled_until + make_interval(hours => ${maxHours}::int),
            date_trunc('hour', now() - make_interval(secs => ${settleMs / 1000}::double precision), 'UTC')
          )) as until
          from ${insightRollups} where id = 1 for update
        ) w`),
    );
    if (!watermark || watermark.hours <= 0) return 0;
    const from = sql`${watermark.rolled_until}::timestamptz`;
    const to = sql`${watermark.until}::timestamptz`;
    await tx.execute(sql`
      insert into ${insightHours} (restaurant_id, hour, kind, subject, count, quantity, amount, label)
      ${derivedRows(from, to, undefined)}
      on conflict (restaurant_id, hour, kind, subject) do update set count = excluded.count,
        quantity = excluded.quantity, amount = excluded.amount, label = excluded.label`);
    await tx.execute(sql`update ${insightRollups} set rolled_until = ${to} where id = 1`);
    return watermark.hours;
  });
}

/** One group of a report's rows: a kind's total, or by day, by hour of the day, or by subject. */
export interface InsightGroup {
  kind: InsightKind;
  /** Set for the by-day groups: the restaurant's date, YYYY-MM-DD. */
  day: string | null;
  /** Set for the by-hour groups: 0–23 in the restaurant's time zone. */
  hour: number | null;
  /** Set for the by-subject groups. */
  subject: string | null;
  count: number;
  quantity: number;
  amount: number;
  label: string | null;
}

/**
 * A period's totals, grouped by kind, by (kind, day), by (kind, hour of the day) and by (kind, subject), in one
 * statement: the counted kinds and the rolled-up hours from insight_hours, the hours after the watermark from orders
 * and calls themselves. `from` and `to` are the restaurant's dates (inclusive), read in `timeZone`.
 */
export async function insightGroups(
  db: Executor,
  query: { restaurantId: string | undefined; from: string; to: string; timeZone: string },
): Promise<InsightGroup[]> {
  const { restaurantId, timeZone } = query;
  const start = sql`(${query.from}::date::timestamp at time zone ${timeZone})`;
  const end = sql`((${query.to}::date + 1)::timestamp at time zone ${timeZone})`;
  const rolled = sql`(select rolled_until from ${insightRollups} where id = 1)`;
  const ofRestaurant = restaurantId ? sql`and restaurant_id = ${restaurantId}` : sql``;
  const result = await db.execute(sql`
    with rows as (
      select hour, kind, subject, count, quantity, amount, label from ${insightHours}
      where hour >= ${start} and hour < ${end} ${ofRestaurant}
        and (kind in ('open', 'table_open', 'detail_open', 'unavailable', 'empty_search') or hour < ${rolled})
      union all
      select hour, kind, subject, count, quantity, amount, label
      from (${derivedRows(sql`greatest(${start}, ${rolled})`, end, restaurantId)}) derived
    ), local as (
      select (hour at time zone ${timeZone}) as at, kind, subject, count, quantity, amount, label from rows
    )
    select kind,
      case when grouping(day) = 0 then to_char(day, 'YYYY-MM-DD') end as day,
      case when grouping(hour_of_day) = 0 then hour_of_day end as hour,
      case when grouping(subject) = 0 then subject end as subject,
      sum(count)::bigint as count, sum(quantity)::bigint as quantity, sum(amount)::bigint as amount, max(label) as label
    from (select at::date as day, extract(hour from at)::int as hour_of_day, kind, subject, count, quantity, amount, label
      from local) l
    group by grouping sets ((kind), (kind, day), (kind, hour_of_day), (kind, subject))`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    kind: row.kind as InsightKind,
    day: (row.day as string | null) ?? null,
    hour: row.hour === null || row.hour === undefined ? null : Number(row.hour),
    subject: (row.subject as string | null) ?? null,
    count: Number(row.count),
    quantity: Number(row.quantity),
    amount: Number(row.amount),
    label: (row.label as string | null) ?? null,
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The names products and tables have now (renamed since: the new name), and each product's category, by id. Subjects that are not ids (a diner's
 * order naming something that never existed) are skipped.
 */
export async function currentNames(db: Executor, productIds: string[], tableIds: string[]) {
  const dishIds = productIds.filter((id) => UUID.test(id));
  const ids = tableIds.filter((id) => UUID.test(id));
  const [dishes, tables] = await Promise.all([
    dishIds.length > 0
      ? db
          .select({ id: products._id, name: products.name, category_id: categories._id, category: categories.title })
          .from(products)
          .innerJoin(categories, eq(categories._id, products.category_id))
          .where(inArray(products._id, dishIds))
      : [],
    ids.length > 0
      ? db
          .select({ id: restaurantTables._id, name: restaurantTables.name })
          .from(restaurantTables)
          .where(inArray(restaurantTables._id, ids))
      : [],
  ]);
  return {
    dish: new Map(dishes.map((row) => [row.id, row.name])),
    category: new Map(dishes.map((row) => [row.id, { _id: row.category_id, title: row.category }])),
    table: new Map(tables.map((row) => [row.id, row.name])),
  };
}
