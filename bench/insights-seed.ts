import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import {
  calls,
  categories,
  insightRollups,
  type OrderLine,
  orders,
  products,
  restaurants,
  restaurantTables,
  users,
} from '../server/db/schema';
import { medianOf, slowestOf } from '../server/domain/insights/report';
import { INSIGHTS_ROLLUP } from '../server/jobs/upkeep';
import { hashPassword } from '../server/passwords';

/**
 * The owner's report's year (bench/insights.ts): a platform of restaurants with a year of hourly totals in
 * insight_hours, written by set-based INSERT … SELECT from generate_series, one statement per day, each day's rows in
 * the order of their hours (as a year of flushes and roll-ups leaves them in the table: a restaurant's rows spread over
 * the whole heap, one hour's together).
 *
 * One busy restaurant, the one measured: 4 languages, 60 dishes, 10 tables, open 10:00–24:00 in Tashkent (05–18 UTC),
 * every hour 4–8 orders with 10–25 different dishes, 4–8 acceptance and serving times, 2–4 answered calls and 1–2
 * tips; menu opens per language and per table, a quarter of the dishes opened, a refusal every third hour, two
 * searches that found nothing.
 * The other restaurants, 6 hours a day each: the menu opened in Uzbek, 1–3 orders of one dish.
 *
 * Rolled-up kinds stop where the roll-up's watermark stands in a deployment (the last settled hour, six hours back):
 * the busy restaurant's later orders and calls are real rows of `orders` and `calls`, which the report reads directly.
 * Every number comes from a formula of the hour's serial, and `expected` works out from the same formulas what the
 * busy restaurant's report must answer: the bench checks its answer against it before timing, the test
 * (tests/server/bench-insights.test.ts) at a tiny scale.
 */

export const INSIGHTS_MANAGER = { login: 'insights-manager', password: 'insights-manager-password' } as const;
export const BUSY_SLUG = 'insights-busy';
const OTHER_SLUG_PREFIX = 'insights-other-';
const TIME_ZONE = 'Asia/Tashkent';

const DISHES = 60;
const TABLES = 10;
/** The busy restaurant's hours: 10:00–23:00 starts in Tashkent (UTC+5, no daylight saving). */
const BUSY_FIRST_UTC_HOUR = 5;
const BUSY_HOURS = 14;
const OTHER_FIRST_UTC_HOUR = 6;
const OTHER_HOURS = 6;
/** Menu opens per hour in each language: this plus the hour's serial mod 7. */
const LANGUAGE_OPENS = [
  ['uz', 40],
  ['uz-Cyrl', 10],
  ['ru', 15],
  ['en', 5],
] as const;
const SEARCH_TEXTS = 25;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const priceOf = (dish: number) => 12_000 + dish * 1_500;

// ---- The formulas, per hour serial `s` (day × 14 + hour of the day); the SQL below writes the same ----

/** Orders in a busy hour. */
const ordersIn = (s: number) => 4 + (s % 5);
/** Different dishes ordered in a busy hour: dish `(s·7 + j) mod 60` for j below this. */
const dishesIn = (s: number) => 10 + (s % 16);
const dishOrders = (j: number) => 1 + (j % 3);
const dishPieces = (j: number) => 1 + (j % 3) + (j % 2);
const acceptSeconds = (s: number, i: number) => 30 + ((s * 13 + i * 17) % 240);
/** From placing to serving: 5–20 minutes, always after the acceptance. */
const serveSeconds = (s: number, i: number) => 300 + ((s * 19 + i * 37) % 900);
const callsIn = (s: number) => 2 + (s % 3);
const callSeconds = (s: number, i: number) => 20 + ((s * 11 + i * 29) % 120);
/** Bills paid with a tip in a busy hour, 5,000 so'm each. */
const tipsIn = (s: number) => 1 + (s % 2);

export interface InsightsSeedShape {
  /** All restaurants, the busy one included (2,500). */
  restaurants: number;
  /** Days back from today, today included (365). */
  days: number;
  /** The seed's "now": hours after it are not written, the watermark stands six settled hours before it. */
  now?: Date;
  /** Called after each day's statement. */
  onDay?: (done: number, days: number) => void;
}

/** What the busy restaurant's report over the seeded days must answer (the parts the seed decides). */
export interface ExpectedReport {
  menu_opens: number;
  orders: number;
  items: number;
  revenue: number;
  unavailable_refusals: number;
  median_accept_seconds: number | null;
  median_serve_seconds: number | null;
  median_call_seconds: number | null;
  slowest_call_seconds: number | null;
  tips: number;
  by_day: { date: string; menu_opens: number; orders: number; revenue: number }[];
  by_hour: { hour: number; menu_opens: number; orders: number }[];
  /** By product id. */
  dishes: {
    product_id: string;
    orders: number;
    quantity: number;
    revenue: number;
    views: number;
    unavailable: number;
  }[];
  /** By table id. */
  tables: { table_id: string; orders: number; revenue: number; menu_opens: number }[];
}

export interface InsightsSeed {
  restaurantId: string;
  slug: string;
  /** The seeded days, the restaurant's dates. */
  firstDay: string;
  lastDay: string;
  /** insight_hours rows written, every restaurant's. */
  rows: number;
  liveOrders: number;
  liveCalls: number;
  expected: ExpectedReport;
}

/** A busy hour the seed writes. */
interface BusyHour {
  s: number;
  at: number;
  date: string;
  localHour: number;
  rolled: boolean;
}

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const localDate = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    ms,
  );

export async function seedInsights(db: Db, shape: InsightsSeedShape): Promise<InsightsSeed> {
  const now = (shape.now ?? new Date()).getTime();
  const nowHour = Math.floor(now / HOUR_MS) * HOUR_MS;
  // Where the upkeep job keeps it: the start of the last hour that has settled.
  const watermark = nowHour - INSIGHTS_ROLLUP.settleMs;
  const lastDay = localDate(now);
  const firstDayMs = Date.parse(lastDay) - (shape.days - 1) * DAY_MS;
  const firstDay = dayText(firstDayMs);

  const busy = await seedBusyRestaurant(db);
  await db.execute(sql`
    insert into ${restaurants} (name, slug, time_zone)
    select 'Restoran ' || i, ${OTHER_SLUG_PREFIX} || lpad(i::text, 4, '0'), ${TIME_ZONE}
    from generate_series(1, ${shape.restaurants - 1}::int) i`);
  // An upsert: the migration's row is gone from a test database whose tables were emptied for reuse.
  const rolled = { rolled_until: new Date(watermark).toISOString() };
  await db
    .insert(insightRollups)
    .values({ id: 1, ...rolled })
    .onConflictDoUpdate({ target: insightRollups.id, set: rolled });

  const hours: BusyHour[] = [];
  for (let d = 0; d < shape.days; d++) {
    for (let k = 0; k < BUSY_HOURS; k++) {
      const at = firstDayMs + d * DAY_MS + (BUSY_FIRST_UTC_HOUR + k) * HOUR_MS;
      if (at > nowHour) continue;
      hours.push({ s: d * BUSY_HOURS + k, at, date: localDate(at), localHour: 10 + k, rolled: at < watermark });
    }
  }
  let rows = 0;
  for (let d = 0; d < shape.days; d++) {
    rows += await insertDay(db, { day: d, firstDay, nowHour, watermark, busy });
    shape.onDay?.(d + 1, shape.days);
  }
  const live = liveOrders(hours, busy, now);
  if (live.orders.length > 0) await db.insert(orders).values(live.orders);
  if (live.calls.length > 0) await db.insert(calls).values(live.calls);

  return {
    restaurantId: busy.restaurantId,
    slug: BUSY_SLUG,
    firstDay,
    lastDay,
    rows,
    liveOrders: live.orders.length,
    liveCalls: live.calls.length,
    expected: expectedReport(hours, live, busy, firstDay, shape.days),
  };
}

interface Busy {
  restaurantId: string;
  dishIds: string[];
  tableIds: string[];
}

/** The busy restaurant, its manager, its 60 dishes in 6 categories and 10 tables. */
async function seedBusyRestaurant(db: Db): Promise<Busy> {
  const [manager] = await db
    .insert(users)
    .values({
      login: INSIGHTS_MANAGER.login,
      password_hash: await hashPassword(INSIGHTS_MANAGER.password),
      role: 'manager',
    })
    .returning({ _id: users._id });
  const [restaurant] = await db
    .insert(restaurants)
    .values({
      name: 'Band restoran',
      slug: BUSY_SLUG,
      address: 'Toshkent',
      work_time: '10:00 - 24:00',
      ordering_enabled: true,
      manager_id: manager!._id,
      time_zone: TIME_ZONE,
      languages: LANGUAGE_OPENS.map(([language]) => language),
    })
    .returning({ _id: restaurants._id });
  const restaurantId = restaurant!._id;
  const categoryIds = Array.from({ length: DISHES / 10 }, () => randomUUID());
  const dishIds = Array.from({ length: DISHES }, () => randomUUID());
  const tableIds = Array.from({ length: TABLES }, () => randomUUID());
  await db.transaction(async (tx) => {
    await tx
      .insert(categories)
      .values(
        categoryIds.map((_id, c) => ({ _id, title: `Kategoriya ${c + 1}`, restaurant_id: restaurantId, position: c })),
      );
    await tx.insert(products).values(
      dishIds.map((_id, p) => ({
        _id,
        name: `Taom ${p + 1}`,
        price: priceOf(p),
        category_id: categoryIds[Math.floor(p / 10)]!,
        position: p % 10,
      })),
    );
    await tx
      .insert(restaurantTables)
      .values(tableIds.map((_id, t) => ({ _id, restaurant_id: restaurantId, name: String(t + 1) })));
  });
  return { restaurantId, dishIds, tableIds };
}

/** One day's rows of every restaurant, in the order of their hours; answers how many. */
async function insertDay(
  db: Db,
  at: { day: number; firstDay: string; nowHour: number; watermark: number; busy: Busy },
): Promise<number> {
  const { day, busy } = at;
  const nowHour = new Date(at.nowHour).toISOString();
  const watermark = new Date(at.watermark).toISOString();
  const dishes = JSON.stringify(busy.dishIds);
  const tables = JSON.stringify(busy.tableIds);
  const languages = sql.join(
    LANGUAGE_OPENS.map(([language, base]) => sql`(${language}::text, ${base}::int)`),
    sql`, `,
  );
  const hourOf = (first: number) =>
    sql`((${at.firstDay}::date + ${day}::int)::timestamp + make_interval(hours => ${first}::int + k)) at time zone 'UTC'`;
  const result = await db.execute(sql`
    insert into insight_hours (restaurant_id, hour, kind, subject, count, quantity, amount, label)
    with busy as (
      select ${day}::int * ${BUSY_HOURS}::int + k as s, ${hourOf(BUSY_FIRST_UTC_HOUR)} as hour
      from generate_series(0, ${BUSY_HOURS - 1}::int) k
    ), busy_open as (
      select * from busy where hour <= ${nowHour}::timestamptz
    ), rolled as (
      select s, hour, 4 + s % 5 as n from busy_open where hour < ${watermark}::timestamptz
    ), dish as (
      select hour, (s * 7 + j) % ${DISHES}::int as p, 1 + j % 3 as count, 1 + j % 3 + j % 2 as quantity
      from rolled cross join lateral generate_series(0, 9 + s % 16) j
    ), hour_total as (
      select r.hour, r.s, r.n, sum(d.quantity)::bigint as quantity,
        sum(d.quantity * (12000 + d.p * 1500))::bigint as amount
      from rolled r join dish d on d.hour = r.hour group by r.hour, r.s, r.n
    ), busy_rows as (
      select hour, 'open'::text as kind, l.language as subject, (l.base + s % 7)::bigint as count,
        0::bigint as quantity, 0::bigint as amount, null::text as label
      from busy_open cross join (values ${languages}) l(language, base)
      union all
      select hour, 'table_open', ${tables}::jsonb ->> t, 2 + (s + t) % 4, 0, 0, null
      from busy_open cross join generate_series(0, ${TABLES - 1}::int) t
      union all
      select hour, 'detail_open', ${dishes}::jsonb ->> p, 1 + p % 3, 0, 0, null
      from busy_open cross join generate_series(0, ${DISHES - 1}::int) p where (p + s) % 4 = 0
      union all
      select hour, 'unavailable', ${dishes}::jsonb ->> (s % ${DISHES}::int), 1, 0, 0, null from busy_open where s % 3 = 0
      union all
      select hour, 'empty_search', 'qidiruv ' || ((s + e) % ${SEARCH_TEXTS}::int), 1, 0, 0, null
      from busy_open cross join (values (0), (12)) x(e)
      union all
      select hour, 'dish', ${dishes}::jsonb ->> p, count, quantity, quantity * (12000 + p * 1500), 'Taom ' || (p + 1)
      from dish
      union all
      select hour, 'order', '', n, quantity, amount, null from hour_total
      union all
      select hour, 'table', ${tables}::jsonb ->> t, 1, 0, amount / n, (t + 1)::text
      from hour_total cross join lateral generate_series(0, n - 1) t
      union all
      select hour, 'accept_seconds', (30 + (s * 13 + i * 17) % 240)::text, 1, 0, 0, null
      from rolled cross join lateral generate_series(0, n - 1) i
      union all
      select hour, 'serve_seconds', (300 + (s * 19 + i * 37) % 900)::text, 1, 0, 0, null
      from rolled cross join lateral generate_series(0, n - 1) i
      union all
      select hour, 'call_seconds', (20 + (s * 11 + i * 29) % 120)::text, 1, 0, 0, null
      from rolled cross join lateral generate_series(0, 1 + s % 3) i
      union all
      select hour, 'tip', '', 1 + s % 2, 0, 5000 * (1 + s % 2), null from rolled
    ), others as (
      select id, row_number() over (order by slug) as rn from ${restaurants}
      where slug like ${`${OTHER_SLUG_PREFIX}%`}
    ), other_hours as (
      select ${day}::int * ${OTHER_HOURS}::int + k as s, ${hourOf(OTHER_FIRST_UTC_HOUR)} as hour
      from generate_series(0, ${OTHER_HOURS - 1}::int) k
    ), other_open as (
      select o.id, h.hour, h.hour < ${watermark}::timestamptz as rolled, 1 + (h.s + o.rn) % 3 as n, (h.s + o.rn) as v
      from other_hours h cross join others o where h.hour <= ${nowHour}::timestamptz
    ), all_rows as (
      select ${busy.restaurantId}::uuid as restaurant_id, * from busy_rows
      union all
      select id, hour, 'open', 'uz', 5 + v % 10, 0, 0, null from other_open
      union all
      select id, hour, 'order', '', n, 2 * n, 50000 * n, null from other_open where rolled
      union all
      select id, hour, 'dish', md5(id::text || (v % 20))::uuid::text, n, 2 * n, 50000 * n, 'Taom' from other_open where rolled
    )
    select restaurant_id, hour, kind, subject, count, quantity, amount, label from all_rows
    order by hour, restaurant_id, kind, subject`);
  return (
    (result as { rowCount?: number | null; affectedRows?: number }).rowCount ??
    (result as { affectedRows?: number }).affectedRows ??
    0
  );
}

interface Live {
  orders: (typeof orders.$inferInsert)[];
  calls: (typeof calls.$inferInsert)[];
  /** Per order: its hour, table and acceptance seconds. */
  placed: {
    hour: BusyHour;
    table: number;
    lines: OrderLine[];
    total: number;
    acceptSeconds: number;
    /** Null while not served yet. */
    serveSeconds: number | null;
  }[];
  answered: { hour: BusyHour; seconds: number }[];
}

/**
 * The busy restaurant's orders and calls in the hours after the watermark, as the diners' requests and the staff's
 * answers leave them (accepted, served once their time came, the calls done), none answered after `now`.
 */
function liveOrders(hours: BusyHour[], busy: Busy, now: number): Live {
  const live: Live = { orders: [], calls: [], placed: [], answered: [] };
  for (const hour of hours.filter((h) => !h.rolled)) {
    const { s } = hour;
    for (let i = 0; i < ordersIn(s); i++) {
      const createdAt = hour.at + (i * 7 + 1) * 60_000;
      const seconds = acceptSeconds(s, i);
      if (createdAt + seconds * 1000 > now) continue;
      const lines = [0, 1].map((j): OrderLine => {
        const dish = (s * 7 + i * 2 + j) % DISHES;
        return {
          product_id: busy.dishIds[dish]!,
          name: `Taom ${dish + 1}`,
          quantity: 1 + j,
          rows: [],
          line_total: (1 + j) * priceOf(dish),
          station_id: null,
          status: 'served',
          moves: [],
        };
      });
      const total = lines.reduce((sum, line) => sum + line.line_total, 0);
      const table = i % TABLES;
      const served = createdAt + serveSeconds(s, i) * 1000 <= now;
      const answeredAt = createdAt + (served ? serveSeconds(s, i) : seconds) * 1000;
      live.orders.push({
        restaurant_id: busy.restaurantId,
        table_id: busy.tableIds[table]!,
        table_name: String(table + 1),
        number: 1000 + live.orders.length,
        business_date: localDate(createdAt),
        status: served ? 'served' : 'accepted',
        items: lines,
        total,
        idempotency_key: `insights-${s}-${i}`,
        createdAt: new Date(createdAt).toISOString(),
        updatedAt: new Date(answeredAt).toISOString(),
        accepted_at: new Date(createdAt + seconds * 1000).toISOString(),
        served_at: served ? new Date(answeredAt).toISOString() : null,
      });
      live.placed.push({
        hour,
        table,
        lines,
        total,
        acceptSeconds: seconds,
        serveSeconds: served ? serveSeconds(s, i) : null,
      });
    }
    for (let i = 0; i < callsIn(s); i++) {
      const createdAt = hour.at + (i * 11 + 3) * 60_000;
      const seconds = callSeconds(s, i);
      if (createdAt + seconds * 1000 > now) continue;
      const table = (i + 3) % TABLES;
      live.calls.push({
        restaurant_id: busy.restaurantId,
        table_id: busy.tableIds[table]!,
        table_name: String(table + 1),
        type: 'waiter',
        status: 'done',
        createdAt: new Date(createdAt).toISOString(),
        updatedAt: new Date(createdAt + seconds * 1000).toISOString(),
        done_at: new Date(createdAt + seconds * 1000).toISOString(),
      });
      live.answered.push({ hour, seconds });
    }
  }
  return live;
}

/** The busy restaurant's report over the seeded days, from the same formulas as the SQL and the live orders. */
function expectedReport(hours: BusyHour[], live: Live, busy: Busy, firstDay: string, days: number): ExpectedReport {
  const byDay = new Map<string, { menu_opens: number; orders: number; revenue: number }>();
  const byHour = Array.from({ length: 24 }, (_, hour) => ({ hour, menu_opens: 0, orders: 0 }));
  const dishes = busy.dishIds.map((product_id) => ({
    product_id,
    orders: 0,
    quantity: 0,
    revenue: 0,
    views: 0,
    unavailable: 0,
  }));
  const tables = busy.tableIds.map((table_id) => ({ table_id, orders: 0, revenue: 0, menu_opens: 0 }));
  const accepts: number[] = [];
  const serves: number[] = [];
  const answers: number[] = [];
  const total = { menu_opens: 0, orders: 0, items: 0, revenue: 0, unavailable_refusals: 0, tips: 0 };
  for (let d = 0; d < days; d++)
    byDay.set(dayText(Date.parse(firstDay) + d * DAY_MS), { menu_opens: 0, orders: 0, revenue: 0 });
  const ordered = (hour: BusyHour, orders: number, items: number, revenue: number) => {
    total.orders += orders;
    total.items += items;
    total.revenue += revenue;
    byDay.get(hour.date)!.orders += orders;
    byDay.get(hour.date)!.revenue += revenue;
    byHour[hour.localHour]!.orders += orders;
  };

  for (const hour of hours) {
    const { s } = hour;
    const opens = LANGUAGE_OPENS.reduce((sum, [, base]) => sum + base + (s % 7), 0);
    total.menu_opens += opens;
    byDay.get(hour.date)!.menu_opens += opens;
    byHour[hour.localHour]!.menu_opens += opens;
    for (let t = 0; t < TABLES; t++) tables[t]!.menu_opens += 2 + ((s + t) % 4);
    for (let p = 0; p < DISHES; p++) if ((p + s) % 4 === 0) dishes[p]!.views += 1 + (p % 3);
    if (s % 3 === 0) {
      dishes[s % DISHES]!.unavailable += 1;
      total.unavailable_refusals += 1;
    }
    if (!hour.rolled) continue;
    let items = 0;
    let revenue = 0;
    for (let j = 0; j < dishesIn(s); j++) {
      const dish = dishes[(s * 7 + j) % DISHES]!;
      const pieces = dishPieces(j);
      const amount = pieces * priceOf((s * 7 + j) % DISHES);
      dish.orders += dishOrders(j);
      dish.quantity += pieces;
      dish.revenue += amount;
      items += pieces;
      revenue += amount;
    }
    const n = ordersIn(s);
    ordered(hour, n, items, revenue);
    for (let t = 0; t < n; t++) {
      tables[t]!.orders += 1;
      tables[t]!.revenue += Math.floor(revenue / n);
    }
    for (let i = 0; i < n; i++) accepts.push(acceptSeconds(s, i));
    for (let i = 0; i < n; i++) serves.push(serveSeconds(s, i));
    for (let i = 0; i < callsIn(s); i++) answers.push(callSeconds(s, i));
    total.tips += 5000 * tipsIn(s);
  }
  for (const order of live.placed) {
    const items = order.lines.reduce((sum, line) => sum + line.quantity, 0);
    ordered(order.hour, 1, items, order.total);
    for (const line of order.lines) {
      const dish = dishes.find((d) => d.product_id === line.product_id)!;
      dish.orders += 1;
      dish.quantity += line.quantity;
      dish.revenue += line.line_total;
    }
    tables[order.table]!.orders += 1;
    tables[order.table]!.revenue += order.total;
    accepts.push(order.acceptSeconds);
    if (order.serveSeconds !== null) serves.push(order.serveSeconds);
  }
  for (const call of live.answered) answers.push(call.seconds);

  const distribution = (seconds: number[]) => {
    const counts = new Map<number, number>();
    for (const value of seconds) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts];
  };
  return {
    ...total,
    median_accept_seconds: medianOf(distribution(accepts)),
    median_serve_seconds: medianOf(distribution(serves)),
    median_call_seconds: medianOf(distribution(answers)),
    slowest_call_seconds: slowestOf(distribution(answers)),
    by_day: [...byDay].map(([date, day]) => ({ date, ...day })),
    by_hour: byHour,
    dishes: dishes
      .filter((dish) => dish.orders + dish.views + dish.unavailable > 0)
      .sort((a, b) => a.product_id.localeCompare(b.product_id)),
    tables: tables
      .filter((table) => table.orders + table.menu_opens > 0)
      .sort((a, b) => a.table_id.localeCompare(b.table_id)),
  };
}
