import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHTS_MANAGER, type InsightsSeed, seedInsights } from '../../bench/insights-seed';
import { rowsOf } from '../../server/db/client';
import { createTestApp, type TestApp } from '../support/app';

/**
 * The owner's report bench's year (bench/insights.ts runs only on PostgreSQL at 2,500 restaurants × 365 days, so it is
 * never run here), at 3 restaurants × 40 days (February whole among them): the report over what it seeds answers what
 * the seed says it put in, the hours after the watermark read from real orders and calls.
 */
let t: TestApp;
let seed: InsightsSeed;
let authorization: string;
beforeAll(async () => {
  t = await createTestApp();
  // 17:30 in Tashkent: the day's first hour rolled up, the next seven after the watermark.
  seed = await seedInsights(t.db, { restaurants: 3, days: 40, now: new Date('2026-03-10T12:30:00Z') });
  const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: INSIGHTS_MANAGER });
  authorization = `Bearer ${login.json().data.accessToken}`;
});
afterAll(() => t.close());

const report = async (from: string, to: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/manager/restaurants/${seed.restaurantId}/insights?from=${from}&to=${to}`,
    headers: { authorization },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('seedInsights', () => {
  it("writes every restaurant's hours, and the busy one's orders after the watermark as orders", async () => {
    const [table] = rowsOf<{ rows: number; restaurants: number }>(
      await t.db.execute(
        sql`select count(*)::int as rows, count(distinct restaurant_id)::int as restaurants from insight_hours`,
      ),
    );
    expect(table).toEqual({ rows: seed.rows, restaurants: 3 });
    expect([seed.firstDay, seed.lastDay]).toEqual(['2026-01-30', '2026-03-10']);
    expect(seed.liveOrders).toBeGreaterThan(0);
    expect(seed.liveCalls).toBeGreaterThan(0);
  });

  it("the busy restaurant's report over the seeded days answers what the seed put in", async () => {
    const answer = await report(seed.firstDay, seed.lastDay);
    const { dishes, tables, ...totals } = seed.expected;
    expect(answer).toMatchObject(totals);
    expect(answer.orders).toBeGreaterThan(seed.liveOrders);
    const byId = (a: { product_id?: string; table_id?: string }, b: typeof a) =>
      (a.product_id ?? a.table_id ?? '').localeCompare(b.product_id ?? b.table_id ?? '');
    expect(
      answer.dishes
        .map(({ product_id, orders, quantity, revenue, views, unavailable }: (typeof dishes)[number]) => ({
          product_id,
          orders,
          quantity,
          revenue,
          views,
          unavailable,
        }))
        .sort(byId),
    ).toEqual(dishes);
    expect(
      answer.tables
        .map(({ table_id, orders, revenue, menu_opens }: (typeof tables)[number]) => ({
          table_id,
          orders,
          revenue,
          menu_opens,
        }))
        .sort(byId),
    ).toEqual(tables);
  });

  it('one day of it answers that day alone', async () => {
    const answer = await report(seed.lastDay, seed.lastDay);
    const day = seed.expected.by_day.at(-1)!;
    expect(answer).toMatchObject({ menu_opens: day.menu_opens, orders: day.orders, revenue: day.revenue });
    expect(day.orders).toBeGreaterThan(0);
  });
});
