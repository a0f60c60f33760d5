import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import {
  insightDays,
  insightHours,
  insightMonths,
  insightRollups,
  insightSummaries,
  restaurants,
} from '../../server/db/schema';
import { addCounts, rollUpInsights, summarizeInsights } from '../../server/repositories/insights';
import { createCategory, createProduct, createRestaurant } from '../support/fixtures';
import { setupTenants } from '../support/tenants';
import { createTable } from './orders-fixtures';

/**
 * The owner's report over days and months summed beside the hours (insight_days, insight_months): the same report,
 * to the so'm, the count and the median, before, during and after the summing; the restaurant's local days and months
 * in its own zone, made again when the zone changes; summed once however many rounds run at once; a count written
 * late for a summed day is neither lost nor doubled.
 */

const t = setupTenants();
const HOUR_MS = 3_600_000;
/** Rounds as small as a test can make them: summing catches up over several. */
const SMALL_ROUNDS = { maxDays: 20, maxRestaurants: 10_000 };

async function setWatermark(rolledUntil: string) {
  await t.db
    .insert(insightRollups)
    .values({ id: 1, rolled_until: rolledUntil })
    .onConflictDoUpdate({ target: insightRollups.id, set: { rolled_until: rolledUntil } });
}

async function summarizeAll(bounds = SMALL_ROUNDS): Promise<number> {
  let rounds = 0;
  while ((await summarizeInsights(t.db, bounds)) > 0) rounds++;
  return rounds;
}

async function report(restaurantId: string, from: string, to: string) {
  const res = await t.call('owner', {
    method: 'GET',
    url: `/manager/restaurants/${restaurantId}/insights?from=${from}&to=${to}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** A restaurant of the owner's with three dishes (a fourth ordered once and deleted since) and two tables. */
async function restaurantWithMenu(timeZone: string) {
  const restaurant = await createRestaurant(t.db, { manager_id: t.owner._id, time_zone: timeZone });
  const category = await createCategory(t.db, restaurant._id);
  const dishes = [];
  for (const name of ['Osh', 'Manti', 'Lagmon']) dishes.push((await createProduct(t.db, category._id, { name }))._id);
  const tables = [];
  for (const name of ['1', '2']) tables.push((await createTable(t.db, restaurant._id, { name }))._id);
  return { restaurant, dishes: [...dishes, randomUUID()], tables };
}

type Menu = Awaited<ReturnType<typeof restaurantWithMenu>>;

/** The deleted dish's name as its orders gave it: a report names it by the greatest its period saw. */
const deletedDishLabel = (at: number) =>
  at < Date.parse('2026-09-03T19:00:00Z') ? 'Zzz somsa' : at < Date.parse('2026-10-15') ? 'Eski somsa' : 'Yangi somsa';

/** Every kind of hourly row, numbers from the hour's serial, one hour in `every` from `from` to `to` (UTC). */
async function writeHours(menu: Menu, from: string, to: string, every = 5) {
  const rows: (typeof insightHours.$inferInsert)[] = [];
  const restaurant_id = menu.restaurant._id;
  const row = (hour: string, kind: string, subject: string, count: number, rest: object = {}) =>
    rows.push({ restaurant_id, hour, kind, subject, count, ...rest });
  for (let at = Date.parse(from), i = 0; at < Date.parse(to); at += every * HOUR_MS, i++) {
    const hour = new Date(at).toISOString();
    const dish = menu.dishes[i % 4]!;
    row(hour, 'open', i % 2 === 0 ? 'uz' : 'ru', 1 + (i % 4));
    row(hour, 'table_open', menu.tables[i % 2]!, 1 + (i % 3));
    row(hour, 'detail_open', menu.dishes[i % 3]!, 1);
    if (i % 4 === 0) row(hour, 'unavailable', menu.dishes[(i + 1) % 3]!, 1);
    row(hour, 'empty_search', `osh ${i % 3}`, 1 + (i % 2));
    row(hour, 'order', '', 1 + (i % 3), { quantity: 2 + (i % 5), amount: 10_000 * (1 + (i % 7)) });
    // The deleted dish is named by its orders' label, its name changing over the months.
    const label = i % 4 === 3 ? deletedDishLabel(at) : `Taom ${i % 4}`;
    row(hour, 'dish', dish, 1 + (i % 3), { quantity: 1 + (i % 4), amount: 5_000 * (1 + (i % 5)), label });
    row(hour, 'table', menu.tables[i % 2]!, 1, { amount: 10_000 * (1 + (i % 7)), label: String((i % 2) + 1) });
    row(hour, 'accept_seconds', String(30 + ((i * 7) % 50)), 1 + (i % 2));
    row(hour, 'serve_seconds', String(300 + ((i * 13) % 200)), 1);
    row(hour, 'call_seconds', String(20 + ((i * 11) % 90)), 1);
    row(hour, 'tip', '', 1, { amount: 2_000 * (1 + (i % 3)) });
  }
  for (let i = 0; i < rows.length; i += 1000) await t.db.insert(insightHours).values(rows.slice(i, i + 1000));
}

async function summaryOf(restaurantId: string) {
  const [row] = await t.db.select().from(insightSummaries).where(eq(insightSummaries.restaurant_id, restaurantId));
  return row;
}

/** A kind's totals per local month, as insight_months keeps them. */
async function monthTotals(restaurantId: string, kind: string) {
  const rows = await t.db
    .select({ month: insightMonths.month, count: sql<number>`sum(${insightMonths.count})::int` })
    .from(insightMonths)
    .where(and(eq(insightMonths.restaurant_id, restaurantId), eq(insightMonths.kind, kind)))
    .groupBy(insightMonths.month)
    .orderBy(asc(insightMonths.month));
  return rows;
}

describe("the owner's report over summed days and months", () => {
  it('answers the same before, during and after the summing, and needs no hour of a summed day', async () => {
    const menu = await restaurantWithMenu('Asia/Tashkent');
    await writeHours(menu, '2026-08-20T00:00:00Z', '2026-11-13T00:00:00Z');
    await setWatermark('2026-11-12T00:00:00.000Z');
    const periods = [
      ['2026-08-01', '2026-11-30'], // the whole of it
      ['2026-08-25', '2026-10-14'], // starting and ending mid-month
      ['2026-09-01', '2026-09-30'], // a month exactly
      ['2026-10-31', '2026-10-31'], // one day
      ['2026-11-05', '2026-11-20'], // summed days, then hours
      ['2026-09-04', '2026-11-20'], // September less its first three days, October, November to date, then hours
      ['2026-11-01', '2026-11-30'], // November to date, then hours
    ] as const;
    // A search only in September's first days: not in a period that reads September less them.
    await t.db.insert(insightHours).values({
      restaurant_id: menu.restaurant._id,
      hour: '2026-09-02T10:00:00.000Z',
      kind: 'empty_search',
      subject: 'sentabr boshi',
      count: 4,
    });
    const before = [];
    for (const [from, to] of periods) before.push(await report(menu.restaurant._id, from, to));
    expect(before[0].orders).toBeGreaterThan(400);
    expect(before[0].median_accept_seconds).not.toBeNull();
    const names = (data: { dishes: { name: string }[] }) => data.dishes.map((dish) => dish.name).sort();
    expect(names(before[0])).toEqual(['Lagmon', 'Manti', 'Osh', 'Zzz somsa']);
    expect(names(before[1])).toContain('Zzz somsa');
    expect(names(before[5])).toEqual(['Lagmon', 'Manti', 'Osh', 'Yangi somsa']);
    expect(before[0].empty_searches.map((search: { text: string }) => search.text)).toContain('sentabr boshi');
    expect(before[5].empty_searches.map((search: { text: string }) => search.text)).not.toContain('sentabr boshi');

    // Round by round (20 days each), the report never changes.
    let rounds = 0;
    while ((await summarizeInsights(t.db, SMALL_ROUNDS)) > 0) {
      rounds++;
      for (const [i, [from, to]] of periods.entries()) {
        expect(await report(menu.restaurant._id, from, to), `${from}–${to} after round ${rounds}`).toEqual(before[i]);
      }
    }
    expect(rounds).toBeGreaterThanOrEqual(5);
    // Up to the last local midnight before the watermark: 2026-11-12 00:00 in Tashkent (UTC+5).
    expect(await summaryOf(menu.restaurant._id)).toMatchObject({
      time_zone: 'Asia/Tashkent',
      summarized_until: '2026-11-11T19:00:00.000Z',
    });
    // November to date (its first eleven days) too.
    expect((await monthTotals(menu.restaurant._id, 'order')).map((row) => row.month)).toEqual([
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
    ]);

    // The summed days' hours gone, the report reads the days and months alone.
    await t.db
      .delete(insightHours)
      .where(
        and(eq(insightHours.restaurant_id, menu.restaurant._id), lt(insightHours.hour, '2026-11-11T19:00:00.000Z')),
      );
    for (const [i, [from, to]] of periods.entries()) {
      expect(await report(menu.restaurant._id, from, to), `${from}–${to} from the summaries`).toEqual(before[i]);
    }
    // A period taking every summed day of November reads November to date, not its days.
    await t.db
      .delete(insightDays)
      .where(and(eq(insightDays.restaurant_id, menu.restaurant._id), gte(insightDays.day, '2026-11-01')));
    for (const i of [0, 6]) {
      const [from, to] = periods[i]!;
      expect(await report(menu.restaurant._id, from, to), `${from}–${to} from November to date`).toEqual(before[i]);
    }
  });

  it("keeps a restaurant's days and months in its own zone, across its midnight and its month's end", async () => {
    const menu = await restaurantWithMenu('America/New_York');
    const at = ['2026-10-15T12:00:00Z', '2026-11-01T03:00:00Z', '2026-11-01T04:00:00Z', '2026-11-20T12:00:00Z'];
    for (const hour of at) {
      await t.db.insert(insightHours).values([
        { restaurant_id: menu.restaurant._id, hour, kind: 'order', count: 1, quantity: 1, amount: 10_000 },
        { restaurant_id: menu.restaurant._id, hour, kind: 'open', subject: 'uz', count: 2 },
      ]);
    }
    await setWatermark('2026-12-02T00:00:00.000Z');
    const before = await report(menu.restaurant._id, '2026-10-01', '2026-11-30');
    // 03:00 UTC is 23:00 of October 31 in New York (daylight time), 04:00 UTC its November's first midnight.
    const ordered = before.by_day.filter((day: { orders: number }) => day.orders > 0);
    expect(ordered.map((day: { date: string }) => day.date)).toEqual([
      '2026-10-15',
      '2026-10-31',
      '2026-11-01',
      '2026-11-20',
    ]);
    expect(before.by_hour.filter((hour: { orders: number }) => hour.orders > 0)).toEqual([
      { hour: 0, menu_opens: 2, orders: 1 },
      { hour: 7, menu_opens: 2, orders: 1 },
      { hour: 8, menu_opens: 2, orders: 1 },
      { hour: 23, menu_opens: 2, orders: 1 },
    ]);
    await summarizeAll();
    expect(await monthTotals(menu.restaurant._id, 'order')).toEqual([
      { month: '2026-10-01', count: 2 },
      { month: '2026-11-01', count: 2 },
    ]);
    expect(await report(menu.restaurant._id, '2026-10-01', '2026-11-30')).toEqual(before);
    expect(await report(menu.restaurant._id, '2026-10-31', '2026-11-01')).toMatchObject({ orders: 2, revenue: 20_000 });

    // The zone changed to Tashkent: the New York summaries are not read, then made again in Tashkent's days.
    await t.db.update(restaurants).set({ time_zone: 'Asia/Tashkent' }).where(eq(restaurants._id, menu.restaurant._id));
    const inTashkent = await report(menu.restaurant._id, '2026-10-01', '2026-11-30');
    expect(inTashkent.by_day.filter((day: { orders: number }) => day.orders > 0)).toEqual([
      { date: '2026-10-15', menu_opens: 2, orders: 1, revenue: 10_000 },
      { date: '2026-11-01', menu_opens: 4, orders: 2, revenue: 20_000 },
      { date: '2026-11-20', menu_opens: 2, orders: 1, revenue: 10_000 },
    ]);
    expect(inTashkent.by_hour.filter((hour: { orders: number }) => hour.orders > 0)).toEqual([
      { hour: 8, menu_opens: 2, orders: 1 },
      { hour: 9, menu_opens: 2, orders: 1 },
      { hour: 17, menu_opens: 4, orders: 2 },
    ]);
    expect(await report(menu.restaurant._id, '2026-10-31', '2026-10-31')).toMatchObject({ orders: 0 });
    await summarizeAll();
    expect(await summaryOf(menu.restaurant._id)).toMatchObject({
      time_zone: 'Asia/Tashkent',
      summarized_until: '2026-12-01T19:00:00.000Z',
    });
    expect(await monthTotals(menu.restaurant._id, 'order')).toEqual([
      { month: '2026-10-01', count: 1 },
      { month: '2026-11-01', count: 3 },
    ]);
    expect(await report(menu.restaurant._id, '2026-10-01', '2026-11-30')).toEqual(inTashkent);
  });

  it('sums each day once when two rounds run at once, and a round after them sums nothing', async () => {
    const menu = await restaurantWithMenu('Asia/Tashkent');
    // September and October in Tashkent (UTC+5), whole.
    await writeHours(menu, '2026-08-31T19:00:00Z', '2026-10-31T19:00:00Z', 7);
    await setWatermark('2026-11-02T00:00:00.000Z');
    const before = await report(menu.restaurant._id, '2026-09-01', '2026-10-31');
    const round = { settleMs: 0, maxHours: 0, summaries: { maxDays: 100, maxRestaurants: 10_000 } };
    await Promise.all([rollUpInsights(t.db, round), rollUpInsights(t.db, round)]);
    expect(await summarizeInsights(t.db, round.summaries)).toBe(0);
    const [sums] = rowsOf<{ hours: number; days: number; months: number }>(
      await t.db.execute(sql`
        select
          (select sum(count) from ${insightHours} where restaurant_id = ${menu.restaurant._id} and kind = 'order')::int
            as hours,
          (select sum(count) from ${insightDays} where restaurant_id = ${menu.restaurant._id} and kind = 'order')::int
            as days,
          (select sum(count) from ${insightMonths} where restaurant_id = ${menu.restaurant._id} and kind = 'order')::int
            as months`),
    );
    expect(sums!.days).toBe(sums!.hours);
    expect(sums!.months).toBe(sums!.hours);
    expect(await report(menu.restaurant._id, '2026-09-01', '2026-10-31')).toEqual(before);
  });

  it('adds a count written late for a summed day to its day and month, once', async () => {
    const menu = await restaurantWithMenu('Asia/Tashkent');
    await writeHours(menu, '2026-09-01T00:00:00Z', '2026-11-12T00:00:00Z', 6);
    await setWatermark('2026-11-12T00:00:00.000Z');
    await summarizeAll();
    const before = await report(menu.restaurant._id, '2026-09-01', '2026-11-30');
    const late = (hour: string, count: number, kind: 'open' | 'detail_open' = 'open') => ({
      restaurant_id: menu.restaurant._id,
      hour,
      kind,
      subject: kind === 'open' ? 'en' : menu.dishes[0]!,
      count,
    });
    await addCounts(t.db, [
      // September is summed whole, November 5 in November to date, November 12 not at all.
      late('2026-09-10T08:00:00.000Z', 5),
      late('2026-09-10T08:00:00.000Z', 2, 'detail_open'),
      late('2026-11-05T10:00:00.000Z', 3),
      late('2026-11-11T20:00:00.000Z', 7),
    ]);
    const expected = (data: typeof before) => ({
      ...data,
      menu_opens: data.menu_opens + 15,
      by_day: data.by_day.map((day: { date: string; menu_opens: number }) => ({
        ...day,
        menu_opens: day.menu_opens + ({ '2026-09-10': 5, '2026-11-05': 3, '2026-11-12': 7 }[day.date] ?? 0),
      })),
      by_hour: data.by_hour.map((hour: { hour: number; menu_opens: number }) => ({
        ...hour,
        menu_opens: hour.menu_opens + ({ 13: 5, 15: 3, 1: 7 }[hour.hour] ?? 0),
      })),
      dishes: data.dishes.map((dish: { product_id: string; views: number }) =>
        dish.product_id === menu.dishes[0] ? { ...dish, views: dish.views + 2 } : dish,
      ),
    });
    const after = await report(menu.restaurant._id, '2026-09-01', '2026-11-30');
    expect(after).toEqual(expected(before));
    const opens = await monthTotals(menu.restaurant._id, 'open@day');
    expect(opens.map((row) => row.month)).toEqual(['2026-09-01', '2026-10-01', '2026-11-01']);
    // November summed whole later, again from its days: the late count in it once.
    expect(opens[2]!.count).toBe(
      after.by_day
        .filter((day: { date: string }) => day.date >= '2026-11-01' && day.date < '2026-11-12')
        .reduce((sum: number, day: { menu_opens: number }) => sum + day.menu_opens, 0),
    );
    await setWatermark('2026-12-02T00:00:00.000Z');
    await summarizeAll();
    expect(await report(menu.restaurant._id, '2026-09-01', '2026-11-30')).toEqual(after);
    // The same as the hours say: the summaries dropped and made again from them.
    await t.db.delete(insightSummaries).where(eq(insightSummaries.restaurant_id, menu.restaurant._id));
    await t.db.delete(insightDays).where(eq(insightDays.restaurant_id, menu.restaurant._id));
    await t.db.delete(insightMonths).where(eq(insightMonths.restaurant_id, menu.restaurant._id));
    await summarizeAll();
    expect(await report(menu.restaurant._id, '2026-09-01', '2026-11-30')).toEqual(after);
  });
});
