import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, rowsOf } from '../db/client';
import {
  categories,
  insightDays,
  insightHours,
  insightMonths,
  insightRollups,
  insightSummaries,
  products,
  restaurants,
  restaurantTables,
} from '../db/schema';

/**
 * The owner's report's hourly totals (insight_hours). Two sources fill it:
 * - what the menu counts in memory (COUNTED_KINDS), added in batches by `addCounts`;
 * - what orders and calls make (ROLLED_KINDS), rolled up from them by `rollUpInsights` once their hour has settled
 *   (an order is accepted, served or cancelled within hours of being placed). Hours not rolled up yet are read from
 *   orders and calls directly, by the same statement (`derivedRows`), so a report is the same before and after.
 * Once a restaurant's local day is whole and rolled up, its hours are summed into insight_days, and a whole month's days
 * into insight_months (`summarizeInsights`): a year's report reads a dozen months, the days at its edges and the hours
 * of the last day or two, not the ~330k hours a busy restaurant's year holds.
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

/** The kinds the report charts by day and by hour of the day (menu opens and orders): only they get such rows. */
const charted = (kind: SQL) => sql`${kind} in ('open', 'order')`;
/** The kinds measured in whole seconds (subject: the seconds): days and months keep each as one distribution. */
const perSecond = (kind: SQL) => sql`${kind} in ('accept_seconds', 'serve_seconds', 'call_seconds')`;

/**
 * Adds a batch of counts in one statement. A restaurant deleted since its counts were taken is left out (its rows
 * would break the foreign key and lose the whole batch). A count for a day already summarized (a batch held up for
 * hours) is added to that day and to its month (kept to date), so it is neither lost nor doubled:
 * the statement waits on the restaurant's insight_summaries row, which the summarizing round holds from before it reads
 * the hours until it commits (a round that read the hours without this batch has moved the row by the time it is read).
 */
export async function addCounts(db: Executor, rows: readonly CountRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    with u as (
      select u.restaurant_id, u.hour, u.kind, u.subject, u.count
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as u(restaurant_id uuid, hour timestamptz, kind text, subject text, count bigint)
      where exists (select 1 from restaurants r where r.id = u.restaurant_id)
    ), hours as (
      insert into ${insightHours} (restaurant_id, hour, kind, subject, count)
      select restaurant_id, hour, kind, subject, count from u
      on conflict (restaurant_id, hour, kind, subject) do update set count = ${insightHours.count} + excluded.count
    ), s as (
      select restaurant_id, time_zone, (summarized_until at time zone time_zone)::date as until_day
      from ${insightSummaries}
      where restaurant_id in (select restaurant_id from u)
      order by restaurant_id
      for share
    ), late as (
      select u.restaurant_id, (u.hour at time zone s.time_zone) as at, u.kind, u.subject, u.count
      from u join s on s.restaurant_id = u.restaurant_id
      where (u.hour at time zone s.time_zone)::date < s.until_day
    ), x as (
      select restaurant_id, at::date as day, kind, subject, count from late
      union all
      select restaurant_id, at::date, kind || '@hour', extract(hour from at)::int::text, count
      from late where ${charted(sql`kind`)}
    ), days as (
      insert into ${insightDays} (restaurant_id, day, kind, subject, count)
      select restaurant_id, day, kind, subject, sum(count)::bigint from x group by 1, 2, 3, 4
      on conflict (restaurant_id, day, kind, subject) do update set count = ${insightDays.count} + excluded.count
    )
    insert into ${insightMonths} (restaurant_id, month, kind, subject, count)
    select restaurant_id, month, kind, subject, sum(count)::bigint
    from (
      select restaurant_id, date_trunc('month', day::timestamp)::date as month, kind, subject, count from x
      union all
      select restaurant_id, date_trunc('month', day::timestamp)::date, kind || '@day',
        to_char(day, 'YYYY-MM-DD'), count
      from x where ${charted(sql`kind`)}
    ) y
    group by 1, 2, 3, 4
    on conflict (restaurant_id, month, kind, subject) do update set count = ${insightMonths.count} + excluded.count`);
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

/** How much of the summarizing one round does: days per restaurant, restaurants (the ones furthest behind first). */
export interface SummaryBounds {
  maxDays: number;
  maxRestaurants: number;
}

/**
 * Rolls up the settled hours not rolled up yet, up to `maxHours` of them (a first round after a long pause catches up
 * over several rounds): an hour is settled `settleMs` after it ended. Then, in the same transaction, sums the days the
 * watermark has passed (`summarizeInsights`, `summaries` bounding it). One transaction holds the watermark's row, so
 * two processes never roll up the same hours. Answers how many hours it rolled up.
 */
export async function rollUpInsights(
  db: Db,
  { settleMs, maxHours, summaries }: { settleMs: number; maxHours: number; summaries?: SummaryBounds },
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
    if (!watermark) return 0;
    if (watermark.hours > 0) {
      const from = sql`${watermark.rolled_until}::timestamptz`;
      const to = sql`${watermark.until}::timestamptz`;
      await tx.execute(sql`
        insert into ${insightHours} (restaurant_id, hour, kind, subject, count, quantity, amount, label)
        ${derivedRows(from, to, undefined)}
        on conflict (restaurant_id, hour, kind, subject) do update set count = excluded.count,
          quantity = excluded.quantity, amount = excluded.amount, label = excluded.label`);
      await tx.execute(sql`update ${insightRollups} set rolled_until = ${to} where id = 1`);
    }
    await summarizeInsights(tx, summaries ?? DEFAULT_SUMMARY_BOUNDS);
    return Math.max(0, watermark.hours);
  });
}

/** A round's summarizing: a month of days for up to 500 restaurants (the steady state is a day each a day). */
export const DEFAULT_SUMMARY_BOUNDS: SummaryBounds = { maxDays: 31, maxRestaurants: 500 };

/**
 * Sums the hours of each restaurant's local days that the roll-up's watermark has passed into insight_days, and the
 * days of each month that has ended by then into insight_months; answers how many restaurant-days it summed and
 * restaurants it started (`startSummaries`: 0 when there is nothing left to do). A day is
 * summed once its every hour is before the watermark (rolled up, and hours old: the menu's counts were written by then;
 * a late one is added by `addCounts`). Holds the watermark's row (once across processes, whether called alone or by
 * `rollUpInsights`) and the rows of the restaurants it sums (`addCounts` waits on them).
 *
 * A restaurant whose time_zone changed has its summaries dropped and made again from its hours, over as many rounds as
 * it takes; its report reads the hours meanwhile (the report uses only summaries made in the zone it is asked in).
 */
export async function summarizeInsights(db: Executor, { maxDays, maxRestaurants }: SummaryBounds): Promise<number> {
  const run = async (tx: Executor) => {
    const [watermark] = rowsOf<{ rolled_until: string }>(
      await tx.execute(sql`select rolled_until from ${insightRollups} where id = 1 for update`),
    );
    if (!watermark) return 0;
    const rolled = sql`${watermark.rolled_until}::timestamptz`;
    const next = sql`date_trunc('day', least(${rolled}, s.summarized_until + make_interval(days => ${maxDays}::int))
      at time zone s.time_zone) at time zone s.time_zone`;
    const due = rowsOf<{ restaurant_id: string; time_zone: string; from_at: string; to_at: string }>(
      await tx.execute(sql`
        select s.restaurant_id, s.time_zone, s.summarized_until as from_at, ${next} as to_at
        from ${insightSummaries} s
        where s.restaurant_id in (
          select s.restaurant_id from ${insightSummaries} s join ${restaurants} r on r.id = s.restaurant_id
          where ${next} > s.summarized_until and r.time_zone = s.time_zone
          order by s.summarized_until, s.restaurant_id limit ${maxRestaurants}
        )
        order by s.restaurant_id
        for update of s`),
    );
    if (due.length === 0) return startSummaries(tx, rolled);
    const picked = sql`(
      select restaurant_id, time_zone, from_at, to_at,
        (from_at at time zone time_zone)::date as from_day, (to_at at time zone time_zone)::date as to_day
      from jsonb_to_recordset(${JSON.stringify(due)}::jsonb)
        as d(restaurant_id uuid, time_zone text, from_at timestamptz, to_at timestamptz)
    )`;
    // A per-second kind's seconds summed per value, then kept as one distribution. Rows are written in the order of
    // the restaurant and day: a restaurant's year is read from a few pages of each round's writes.
    await tx.execute(sql`
      with h as (
        select h.restaurant_id, (h.hour at time zone d.time_zone) as at, h.kind, h.subject, h.count, h.quantity,
          h.amount, h.label
        from ${picked} d
        join ${insightHours} h on h.restaurant_id = d.restaurant_id and h.hour >= d.from_at and h.hour < d.to_at
      ), grouped as (
        select h.restaurant_id, h.at::date as day, x.kind, x.subject, sum(h.count)::bigint as count,
          sum(h.quantity)::bigint as quantity, sum(h.amount)::bigint as amount, max(h.label) as label
        from h cross join lateral (
          select h.kind, h.subject
          union all
          select h.kind || '@hour', extract(hour from h.at)::int::text where ${charted(sql`h.kind`)}
        ) x
        group by 1, 2, 3, 4
      )
      insert into ${insightDays} (restaurant_id, day, kind, subject, count, quantity, amount, label, seconds, counts)
      select restaurant_id, day, kind, subject, count, quantity, amount, label, null::int[], null::int[]
      from grouped where not ${perSecond(sql`kind`)}
      union all
      select restaurant_id, day, kind, '', sum(count)::bigint, 0, 0, null,
        array_agg(subject::int order by subject::int), array_agg(count::int order by subject::int)
      from grouped where ${perSecond(sql`kind`)}
      group by restaurant_id, day, kind
      order by 1, 2, 3, 4
      on conflict (restaurant_id, day, kind, subject) do update set count = ${insightDays.count} + excluded.count,
        quantity = ${insightDays.quantity} + excluded.quantity, amount = ${insightDays.amount} + excluded.amount,
        label = greatest(${insightDays.label}, excluded.label),
        seconds = ${insightDays.seconds} || excluded.seconds, counts = ${insightDays.counts} || excluded.counts`);
    // The months the days just summed are in, summed again from all their summed days (those of this round
    // included): a month's row is its month to date, so a period ending in the current month reads it too.
    const touched = sql`(
      select d.restaurant_id, m.month::date as month, least((m.month + interval '1 month')::date, d.to_day) as until
      from ${picked} d cross join lateral generate_series(date_trunc('month', d.from_day::timestamp),
        date_trunc('month', (d.to_day - 1)::timestamp), interval '1 month') as m(month)
    )`;
    await tx.execute(sql`
      delete from ${insightMonths} m using ${touched} t where m.restaurant_id = t.restaurant_id and m.month = t.month`);
    await tx.execute(sql`
      with dd as (
        select dd.restaurant_id, dd.day, t.month, dd.kind, dd.subject, dd.count, dd.quantity, dd.amount, dd.label,
          dd.seconds, dd.counts
        from ${touched} t
        join ${insightDays} dd on dd.restaurant_id = t.restaurant_id and dd.day >= t.month and dd.day < t.until
      ), plain as (
        select dd.restaurant_id, dd.month, x.kind, x.subject, sum(dd.count)::bigint as count,
          sum(dd.quantity)::bigint as quantity, sum(dd.amount)::bigint as amount, max(dd.label) as label
        from dd cross join lateral (
          select dd.kind, dd.subject
          union all
          select dd.kind || '@day', to_char(dd.day, 'YYYY-MM-DD') where ${charted(sql`dd.kind`)}
        ) x
        where dd.seconds is null
        group by 1, 2, 3, 4
      ), measured as (
        select dd.restaurant_id, dd.month, dd.kind, u.s, sum(u.c)::int as c
        from dd cross join lateral unnest(dd.seconds, dd.counts) as u(s, c)
        where dd.seconds is not null
        group by 1, 2, 3, 4
      )
      insert into ${insightMonths} (restaurant_id, month, kind, subject, count, quantity, amount, label, seconds, counts)
      select restaurant_id, month, kind, subject, count, quantity, amount, label, null::int[], null::int[] from plain
      union all
      select restaurant_id, month, kind, '', sum(c)::bigint, 0, 0, null, array_agg(s order by s), array_agg(c order by s)
      from measured group by restaurant_id, month, kind
      order by 1, 2, 3, 4
      on conflict (restaurant_id, month, kind, subject) do update set count = ${insightMonths.count} + excluded.count,
        quantity = ${insightMonths.quantity} + excluded.quantity, amount = ${insightMonths.amount} + excluded.amount,
        label = greatest(${insightMonths.label}, excluded.label),
        seconds = ${insightMonths.seconds} || excluded.seconds, counts = ${insightMonths.counts} || excluded.counts`);
    const [moved] = rowsOf<{ days: number }>(
      await tx.execute(sql`
        with moved as (
          update ${insightSummaries} s set summarized_until = d.to_at
          from ${picked} d where s.restaurant_id = d.restaurant_id
          returning d.to_day - d.from_day as days
        )
        select coalesce(sum(days), 0)::int as days from moved`),
    );
    return (moved?.days ?? 0) + (await startSummaries(tx, rolled));
  };
  return db.transaction(run);
}

/**
 * Gives each restaurant without one its insight_summaries row (nothing summed yet), and drops the summaries of those
 * whose zone changed to start them again; answers how many it started. Run after the round's summing: a row is
 * summed from the next round on, long after it was committed, so a batch of counts that could not see the row (its
 * statement began before) has been written by then and is in the hours the round reads.
 */
async function startSummaries(tx: Executor, rolled: SQL): Promise<number> {
  // A zone changed: the old zone's days are not the restaurant's days any more.
  await tx.execute(sql`
      with changed as (
        select s.restaurant_id from ${insightSummaries} s join ${restaurants} r on r.id = s.restaurant_id
        where r.time_zone <> s.time_zone
        order by s.restaurant_id
        for update of s
      ), days as (
        delete from ${insightDays} d using changed c where d.restaurant_id = c.restaurant_id
      ), months as (
        delete from ${insightMonths} m using changed c where m.restaurant_id = c.restaurant_id
      )
      delete from ${insightSummaries} s using changed c where s.restaurant_id = c.restaurant_id`);
  // A restaurant starts at the local midnight before its oldest hour, or before the watermark when it has none yet
  // (nothing before the watermark is missing from the hours).
  const started = await tx.execute(sql`
      insert into ${insightSummaries} (restaurant_id, time_zone, summarized_until)
      select r.id, r.time_zone, date_trunc('day', least(
        (select min(h.hour) from ${insightHours} h where h.restaurant_id = r.id), ${rolled}
      ) at time zone r.time_zone) at time zone r.time_zone
      from ${restaurants} r
      where not exists (select 1 from ${insightSummaries} s where s.restaurant_id = r.id)
      on conflict (restaurant_id) do nothing`);
  return (
    (started as { rowCount?: number | null; affectedRows?: number }).rowCount ??
    (started as { affectedRows?: number }).affectedRows ??
    0
  );
}

/**
 * One group of a report's rows: a kind's total, or by day, by hour of the day (menu opens and orders only: the
 * report's charts), or by subject.
 */
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
 * A period's totals, grouped by kind, by (kind, subject), and for the charted kinds by (kind, day) and (kind, hour of
 * the day), in one statement. `from` and `to` are the restaurant's dates (inclusive), read in `timeZone`. A
 * restaurant's period is read from what is kept for it in that zone: its whole months summarized (insight_months), the
 * summarized days at the period's edges (insight_days), and for the days not summarized yet the hours (insight_hours:
 * the counted kinds, the rolled-up hours) and after the roll-up's watermark the orders and calls themselves. The
 * platform's (`restaurantId` undefined, every restaurant in one zone) reads the hours.
 */
export async function insightGroups(
  db: Executor,
  query: { restaurantId: string | undefined; from: string; to: string; timeZone: string },
): Promise<InsightGroup[]> {
  const { restaurantId, timeZone } = query;
  const rolled = sql`(select rolled_until from ${insightRollups} where id = 1)`;
  const ofRestaurant = restaurantId ? sql`and restaurant_id = ${restaurantId}` : sql``;
  // The first day not summarized, when the summaries were made in the zone asked.
  const summarizedUntil = restaurantId
    ? sql`(select (summarized_until at time zone ${timeZone})::date from ${insightSummaries}
        where restaurant_id = ${restaurantId} and time_zone = ${timeZone})`
    : sql`null::date`;
  // [f, s): the summarized days of the period; [mf, mt): its months among them (whole, or the last month to date
  // when the period takes every summarized day of it), the days [f, mf) and [mt, s) at its edges; the hours from s to
  // the period's end. A first month p the period takes most of (a year from the 3rd)
  // is read as its month less the days [p, f) before the period (`sub`), but for the dishes and tables, whose names
  // (labels) are the period's: those are read from its days [f, mf).
  const bounds = sql`
    b0 as (
      select f, e, u, least(greatest(u, f), e) as s, date_trunc('month', f::timestamp)::date as p
      from (
        select f, e, coalesce(${summarizedUntil}, f) as u
        from (select ${query.from}::date as f, ${query.to}::date + 1 as e) p0
      ) p1
    ), b1 as (
      -- The summarized days' last month read as its month to date when the period takes all of them.
      select f, e, s, p,
        case when u <= e then (date_trunc('month', (s - 1)::timestamp) + interval '1 month')::date
          else date_trunc('month', s::timestamp)::date end as mt,
        least(s, case when p = f then f else (p + interval '1 month')::date end) as mf,
        p <> f and (p + interval '1 month')::date <= s and f - p < (p + interval '1 month')::date - f as sub
      from b0
    ), b as materialized (
      select f, s, p, sub, mf, greatest(mt, mf) as mt, (s::timestamp at time zone ${timeZone}) as hours_from,
        (e::timestamp at time zone ${timeZone}) as hours_to
      from b1
    )`;
  // The summaries' rows (`sign` -1: the days subtracted), the per-second distributions summed per value first (a year
  // of them is ~15k values).
  const summarized = restaurantId
    ? sql`
      union all
      select kind, subject, sign * count, sign * quantity, sign * amount, label from summed where seconds is null
      union all
      select kind || '@day', to_char(day, 'YYYY-MM-DD'), count, quantity, amount, label from days
      where ${charted(sql`kind`)} and sign = 1
      union all
      select kind, s::text, sum(sign * c)::bigint, 0::bigint, 0::bigint, null
      from summed cross join lateral unnest(seconds, counts) as u(s, c)
      where seconds is not null
      group by kind, s
      having sum(sign * c) <> 0`
    : sql``;
  const labelled = sql`('dish', 'table')`;
  const columns = sql`kind, subject, count, quantity, amount, label, seconds, counts`;
  const days = restaurantId
    ? sql`, days as (
      select day, ${columns}, 1 as sign from ${insightDays}
      where restaurant_id = ${restaurantId} and day >= (select f from b) and day < (select mf from b)
        and (not (select sub from b) or kind in ${labelled})
      union all
      select day, ${columns}, -1 from ${insightDays}
      where restaurant_id = ${restaurantId} and (select sub from b) and day >= (select p from b)
        and day < (select f from b) and kind not in ${labelled}
      union all
      select day, ${columns}, 1 from ${insightDays}
      where restaurant_id = ${restaurantId} and day >= (select mt from b) and day < (select s from b)
    ), summed as (
      select ${columns}, 1 as sign from ${insightMonths}
      where restaurant_id = ${restaurantId} and month >= (select mf from b) and month < (select mt from b)
      union all
      select ${columns}, 1 from ${insightMonths}
      where restaurant_id = ${restaurantId} and (select sub from b) and month = (select p from b)
        and kind not in ${labelled}
        and (kind not in ('open@day', 'order@day') or subject >= to_char((select f from b), 'YYYY-MM-DD'))
      union all
      select ${columns}, sign from days
    )`
    : sql``;
  const hoursFrom = sql`(select hours_from from b)`;
  const hoursTo = sql`(select hours_to from b)`;
  const result = await db.execute(sql`
    with ${bounds}${days}, hours as (
      select hour, kind, subject, count, quantity, amount, label from ${insightHours}
      where hour >= ${hoursFrom} and hour < ${hoursTo} ${ofRestaurant}
        and (kind in ('open', 'table_open', 'detail_open', 'unavailable', 'empty_search') or hour < ${rolled})
      union all
      select hour, kind, subject, count, quantity, amount, label
      from (${derivedRows(sql`greatest(${hoursFrom}, ${rolled})`, hoursTo, restaurantId)}) derived
    ), local as (
      select (hour at time zone ${timeZone}) as at, kind, subject, count, quantity, amount, label from hours
    ), rows as (
      select kind, subject, count, quantity, amount, label from local
      union all
      select kind || '@day', to_char(at, 'YYYY-MM-DD'), count, quantity, amount, label from local
      where ${charted(sql`kind`)}
      union all
      select kind || '@hour', extract(hour from at)::int::text, count, quantity, amount, label from local
      where ${charted(sql`kind`)}
      ${summarized}
    )
    select kind, case when grouping(subject) = 0 then subject end as subject,
      sum(count)::bigint as count, sum(quantity)::bigint as quantity, sum(amount)::bigint as amount, max(label) as label
    from rows
    group by grouping sets ((kind), (kind, subject))
    having grouping(subject) = 1 or sum(count) <> 0 or sum(quantity) <> 0 or sum(amount) <> 0`);
  const groups: InsightGroup[] = [];
  for (const row of rowsOf<Record<string, unknown>>(result)) {
    const [kind, by] = String(row.kind).split('@') as [InsightKind, 'day' | 'hour' | undefined];
    const subject = (row.subject as string | null) ?? null;
    // A charted kind's total over its days or hours is its total again: kept once.
    if (by && subject === null) continue;
    groups.push({
      kind,
      day: by === 'day' ? subject : null,
      hour: by === 'hour' ? Number(subject) : null,
      subject: by ? null : subject,
      count: Number(row.count),
      quantity: Number(row.quantity),
      amount: Number(row.amount),
      label: (row.label as string | null) ?? null,
    });
  }
  return groups;
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
