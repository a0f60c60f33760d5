import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { calls, insightHours, insightRollups, orders, payments } from '../../server/db/schema';
import { rollUpInsights } from '../../server/repositories/insights';
import { createCategory, createProduct, createRestaurant } from '../support/fixtures';
import { type Caller, setupTenants } from '../support/tenants';
import { createTable, line, orderingRestaurant, postCall, postOrder } from './orders-fixtures';

/**
 * The owner's report: what the menu and the order API count, read back exactly through
 * GET /manager/restaurants/{id}/insights; the same before and after the hourly roll-up; days in the restaurant's time
 * zone; who may read it; the CSV and Excel files.
 */

const t = setupTenants();

/**
 * A fixed-offset zone where it is now about noon: the evening's orders, made minutes to hours "ago", fall on the same
 * day as its menu opens whatever the hour the tests run at (in Tashkent, ten minutes after midnight they would not).
 */
function middayZone(now = new Date()): string {
  // UTC-11 to UTC+12, all zones that exist; Etc/GMT's sign is POSIX's: Etc/GMT-5 is UTC+5.
  const offset = 12 - now.getUTCHours();
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** Today in the zone, as the database's clock has it (the report's days are the restaurant's). */
async function today(timeZone = 'Asia/Tashkent'): Promise<string> {
  const result = await t.db.execute(sql`select to_char(now() at time zone ${timeZone}, 'YYYY-MM-DD') as day`);
  return rowsOf<{ day: string }>(result)[0]!.day;
}

const report = async (caller: Caller, restaurantId: string, from: string, to = from, suffix = '') =>
  t.call(caller, {
    method: 'GET',
    url: `/manager/restaurants/${restaurantId}/insights${suffix}?from=${from}&to=${to}`,
  });

/** Orders' and calls' times moved, as if made `seconds` ago with their answers `answeredAfter` seconds later. */
async function backdateOrder(id: string, seconds: number, acceptedAfter?: number) {
  await t.db
    .update(orders)
    .set({
      createdAt: sql`now() - make_interval(secs => ${seconds}::double precision)`,
      ...(acceptedAfter === undefined
        ? {}
        : { accepted_at: sql`now() - make_interval(secs => ${seconds - acceptedAfter}::double precision)` }),
    })
    .where(eq(orders._id, id));
}

/** Everything before the last three days counts as rolled up: the tests' orders are newer. */
async function resetWatermark() {
  const watermark = { rolled_until: sql`date_trunc('hour', now() - interval '3 days')` };
  // An upsert: a test database reused by another file had every table emptied, the migration's row too.
  await t.db
    .insert(insightRollups)
    .values({ id: 1, ...watermark })
    .onConflictDoUpdate({ target: insightRollups.id, set: watermark });
}

async function evening() {
  const timeZone = middayZone();
  const s = await orderingRestaurant(t, { time_zone: timeZone });
  const second = await createTable(t.db, s.restaurant._id, { name: '7' });
  const manti = await createProduct(t.db, s.category._id, { name: 'Manti', price: 30000 });
  const off = await createProduct(t.db, s.category._id, { name: 'Somsa', price: 8000, is_active: false });
  // Three menu opens: the plain page, the plain page in Russian, a table's ordering page.
  for (const url of [
    `/menu/${s.restaurant.slug}`,
    `/menu/${s.restaurant.slug}?lang=ru`,
    `/menu/${s.restaurant.slug}?table=${s.table.token}`,
  ]) {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  }
  const first = await postOrder(t, s.restaurant.slug, {
    table_id: s.table.token,
    items: [{ product_id: s.product._id, quantity: 2 }, line(manti._id)],
  });
  expect(first.statusCode).toBe(201);
  const other = await postOrder(t, s.restaurant.slug, { table_id: second.token, items: [line(manti._id)] });
  expect(other.statusCode).toBe(201);
  const refused = await postOrder(t, s.restaurant.slug, { table_id: second.token, items: [line(off._id)] });
  expect(refused.statusCode).toBe(409);
  const cancelled = await postOrder(t, s.restaurant.slug, { table_id: second.token, items: [line(manti._id)] });
  expect(
    (
      await t.call('owner', {
        method: 'PUT',
        url: `/manager/orders/${cancelled.json().data._id}`,
        payload: { status: 'cancelled' },
      })
    ).statusCode,
  ).toBe(200);
  // The first order accepted 90 s after it was placed, the second 30 s after.
  for (const id of [first.json().data._id, other.json().data._id]) {
    expect(
      (await t.call('owner', { method: 'PUT', url: `/manager/orders/${id}`, payload: { status: 'accepted' } }))
        .statusCode,
    ).toBe(200);
  }
  await backdateOrder(first.json().data._id, 600, 90);
  await backdateOrder(other.json().data._id, 500, 30);
  // The first served 5 minutes after it was placed.
  expect(
    (
      await t.call('owner', {
        method: 'PUT',
        url: `/manager/orders/${first.json().data._id}`,
        payload: { status: 'served' },
      })
    ).statusCode,
  ).toBe(200);
  await t.db
    .update(orders)
    .set({ served_at: sql`${orders.createdAt} + interval '300 seconds'` })
    .where(eq(orders._id, first.json().data._id));
  const call = await postCall(t, s.restaurant.slug, { table_id: s.table.token, type: 'waiter' });
  await t.call('owner', { method: 'PUT', url: `/manager/calls/${call.json().data._id}`, payload: { status: 'done' } });
  await t.db
    .update(calls)
    .set({ createdAt: sql`now() - interval '200 seconds'`, done_at: sql`now() - interval '155 seconds'` })
    .where(eq(calls._id, call.json().data._id));
  await t.app.insights.flush();
  return { ...s, second, manti, off, day: await today(timeZone) };
}

describe('the owner’s report', () => {
  it('counts the menu’s opens, the orders, the refusals and the service times, exactly', async () => {
    await resetWatermark();
    const s = await evening();
    const day = s.day;
    const res = await report('owner', s.restaurant._id, day);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      menu_opens: 3,
      orders: 2,
      items: 4,
      revenue: 2 * 25000 + 30000 + 30000,
      average_check: 55000,
      median_accept_seconds: 60,
      median_serve_seconds: 300,
      median_call_seconds: 45,
      unavailable_refusals: 1,
    });
    expect(data.by_day).toEqual([{ date: day, menu_opens: 3, orders: 2, revenue: 110000 }]);
    expect(data.by_hour).toHaveLength(24);
    expect(data.by_hour.reduce((sum: number, h: { orders: number }) => sum + h.orders, 0)).toBe(2);
    expect(data.dishes).toEqual([
      { product_id: s.manti._id, name: 'Manti', orders: 2, quantity: 2, revenue: 60000, views: 0, unavailable: 0 },
      {
        product_id: s.product._id,
        name: s.product.name,
        orders: 1,
        quantity: 2,
        revenue: 50000,
        views: 0,
        unavailable: 0,
      },
      { product_id: s.off._id, name: 'Somsa', orders: 0, quantity: 0, revenue: 0, views: 0, unavailable: 1 },
    ]);
    // Per category: its dishes' orders summed (the order with Manti and the other dish counts in it twice).
    expect(data.categories).toEqual([
      { category_id: s.category._id, name: s.category.title, orders: 3, quantity: 4, revenue: 110000 },
    ]);
    expect(data.tables).toEqual([
      { table_id: s.table._id, name: '5', orders: 1, revenue: 80000, menu_opens: 1 },
      { table_id: s.second._id, name: '7', orders: 1, revenue: 30000, menu_opens: 0 },
    ]);
    expect(data.empty_searches).toEqual([]);
  });

  it('answers the same before and after the hours are rolled up, and rolls each hour once', async () => {
    await resetWatermark();
    const s = await evening();
    // Placed two hours ago: an hour a roll-up with no settling time takes.
    await t.db
      .update(orders)
      .set({
        createdAt: sql`${orders.createdAt} - interval '2 hours'`,
        accepted_at: sql`${orders.accepted_at} - interval '2 hours'`,
      })
      .where(eq(orders.restaurant_id, s.restaurant._id));
    const day = s.day;
    const yesterday = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const before = (await report('owner', s.restaurant._id, yesterday, day)).json().data;
    expect(before.orders).toBe(2);
    const watermark = await t.db.select().from(insightRollups);
    expect(await rollUpInsights(t.db, { settleMs: 0, maxHours: 24 * 31 }), JSON.stringify(watermark)).toBeGreaterThan(
      0,
    );
    const rolled = await t.db.select().from(insightHours).where(eq(insightHours.restaurant_id, s.restaurant._id));
    expect(rolled.some((row) => row.kind === 'order')).toBe(true);
    expect((await report('owner', s.restaurant._id, yesterday, day)).json().data).toEqual(before);
    // Nothing is left to roll: a second round takes no hour, and the totals do not double.
    expect(await rollUpInsights(t.db, { settleMs: 0, maxHours: 24 * 31 })).toBe(0);
    expect((await report('owner', s.restaurant._id, yesterday, day)).json().data).toEqual(before);
  });

  it('rolls up from the oldest order when the watermark’s row is gone (tables emptied, a partial restore)', async () => {
    const s = await orderingRestaurant(t);
    await postOrder(t, s.restaurant.slug, { table_id: s.table.token, items: [line(s.product._id)] });
    await t.db
      .update(orders)
      .set({ createdAt: sql`${orders.createdAt} - interval '5 hours'` })
      .where(eq(orders.restaurant_id, s.restaurant._id));
    await t.db.delete(insightRollups);
    expect(await rollUpInsights(t.db, { settleMs: 0, maxHours: 24 * 31 })).toBeGreaterThan(0);
    const [watermark] = await t.db.select().from(insightRollups);
    expect(Date.parse(watermark!.rolled_until)).toBeGreaterThan(Date.now() - 3_600_000);
    const rolled = await t.db.select().from(insightHours).where(eq(insightHours.restaurant_id, s.restaurant._id));
    expect(rolled.filter((row) => row.kind === 'order').map((row) => row.count)).toEqual([1]);
    await resetWatermark();
  });

  it('reads the days in the restaurant’s time zone, at its midnight', async () => {
    await resetWatermark();
    const s = await orderingRestaurant(t, { time_zone: 'Asia/Tashkent' });
    const placed = [];
    for (let i = 0; i < 2; i++) {
      const res = await postOrder(t, s.restaurant.slug, { table_id: s.table.token, items: [line(s.product._id)] });
      placed.push(res.json().data._id as string);
    }
    // 23:59:59 and 00:00:00 in Tashkent (UTC+5): two days.
    await t.db.update(orders).set({ createdAt: '2026-11-30T18:59:59.000Z' }).where(eq(orders._id, placed[0]!));
    await t.db.update(orders).set({ createdAt: '2026-11-30T19:00:00.000Z' }).where(eq(orders._id, placed[1]!));
    await t.db
      .insert(insightRollups)
      .values({ id: 1, rolled_until: '2026-11-01T00:00:00.000Z' })
      .onConflictDoUpdate({ target: insightRollups.id, set: { rolled_until: '2026-11-01T00:00:00.000Z' } });
    const both = (await report('owner', s.restaurant._id, '2026-11-30', '2026-12-01')).json().data;
    expect(both.by_day).toEqual([
      { date: '2026-11-30', menu_opens: 0, orders: 1, revenue: 25000 },
      { date: '2026-12-01', menu_opens: 0, orders: 1, revenue: 25000 },
    ]);
    expect(both.by_hour.filter((h: { orders: number }) => h.orders > 0)).toEqual([
      { hour: 0, menu_opens: 0, orders: 1 },
      { hour: 23, menu_opens: 0, orders: 1 },
    ]);
    expect((await report('owner', s.restaurant._id, '2026-12-01')).json().data.orders).toBe(1);
    // Rolled up, the hours keep their days.
    await rollUpInsights(t.db, { settleMs: 0, maxHours: 24 * 31 });
    expect((await report('owner', s.restaurant._id, '2026-11-30', '2026-12-01')).json().data).toEqual(both);
    await resetWatermark();
  });

  it('is the owner’s and the admins’ only: nobody 401, another manager 404, a manager on the platform’s 403', async () => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id });
    const day = await today();
    const statuses = async (suffix: string) =>
      Promise.all(
        (['anonymous', 'other', 'admin', 'owner'] as const).map(
          async (caller) => (await report(caller, r._id, day, day, suffix)).statusCode,
        ),
      );
    for (const suffix of ['', '.csv', '.xlsx']) expect(await statuses(suffix)).toEqual([401, 404, 200, 200]);
    const platform = (caller: Caller) =>
      t.call(caller, { method: 'GET', url: `/admin/insights?from=${day}&to=${day}` });
    expect((await platform('anonymous')).statusCode).toBe(401);
    expect((await platform('owner')).statusCode).toBe(403);
    expect((await platform('admin')).statusCode).toBe(200);
  });

  it('refuses a period it cannot read, saying why', async () => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id });
    const asked = async (from: string, to: string) => {
      const res = await report('owner', r._id, from, to);
      return [res.statusCode, res.json().message];
    };
    expect(await asked('2026-12-05', '2026-12-01')).toEqual([400, "Davr oxiri boshidan oldin bo'lmasligi kerak."]);
    expect(await asked('2025-01-01', '2026-01-02')).toEqual([400, "Davr ko'pi bilan 366 kun bo'lishi mumkin."]);
    expect(await asked('2026-02-30', '2026-03-01')).toEqual([
      400,
      "from sanasi YYYY-MM-DD ko'rinishida bo'lishi kerak (masalan, 2026-12-01).",
    ]);
    expect((await report('owner', r._id, '2025-01-01', '2025-12-31')).statusCode).toBe(200);
  });

  it('gives the same report as CSV and as an Excel workbook', async () => {
    await resetWatermark();
    const s = await evening();
    const day = s.day;
    const csv = await report('owner', s.restaurant._id, day, day, '.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="hisobot-${s.restaurant.slug}-${day}-${day}.csv"`,
    );
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.slice(0, 4)).toEqual(['Umumiy', "Ko'rsatkich,Qiymat", `Davr,${day} — ${day}`, 'Menyu ochildi,3']);
    expect(lines).toContain("Tushum (so'm),110000");
    expect(lines).toContain('Manti,2,2,60000,0,0');
    expect(lines).toContain('Somsa,0,0,0,0,1');
    expect(lines).toContain(`${day},3,2,110000`);

    const xlsx = await report('owner', s.restaurant._id, day, day, '.xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const files = unzipSync(new Uint8Array(xlsx.rawPayload));
    const text = (name: string) => new TextDecoder().decode(files[name]);
    expect(text('xl/workbook.xml')).toContain('name="Taomlar"');
    const strings = text('xl/sharedStrings.xml');
    expect(strings).toContain('Manti');
    expect(strings).toContain('Menyu ochildi');
  });

  it('counts a dish’s detail opened and a search that found nothing, from the page’s beacon, and nothing else', async () => {
    const s = await orderingRestaurant(t, { languages: ['uz', 'ru'] });
    const manti = await createProduct(t.db, s.category._id, {
      name: 'Manti',
      price: 30000,
      translations: { ru: { name: 'Манты' } },
    });
    const page = (await t.app.inject({ method: 'GET', url: `/menu/${s.restaurant.slug}?lang=ru` })).body;
    const path = /<dialog id="sh"[^>]* data-e="([^"]+)"/.exec(page)![1]!;
    expect(path).toBe(`/menu/${s.restaurant.slug}/stats`);
    // The Russian page's key of the dish, as its article carries it.
    const key = /<article[^>]* data-k="([^"]*)"[^>]*><div><h3>Манты<\/h3>/.exec(page)![1]!;
    const beacon = (payload: string, type = 'text/plain;charset=UTF-8') =>
      t.app.inject({ method: 'POST', url: path, headers: { 'content-type': type }, payload });
    for (const payload of [
      JSON.stringify({ d: key }),
      JSON.stringify({ d: key }),
      JSON.stringify({ s: '  Pizza ' }),
      JSON.stringify({ s: 'PIZZA' }),
      JSON.stringify({ s: 'sushi' }),
      JSON.stringify({ d: 'no such dish' }),
      'not json',
      JSON.stringify({ s: '   ' }),
    ]) {
      expect((await beacon(payload)).statusCode).toBe(204);
    }
    expect((await beacon(JSON.stringify({ s: 'burger' }), 'application/json')).statusCode).toBe(204);
    // An unknown restaurant answers the same.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/menu/no-such-place/stats',
          headers: { 'content-type': 'text/plain' },
          payload: '{"s":"x"}',
        })
      ).statusCode,
    ).toBe(204);
    await t.app.insights.flush();
    const data = (await report('owner', s.restaurant._id, await today())).json().data;
    expect(data.dishes).toEqual([
      { product_id: manti._id, name: 'Manti', orders: 0, quantity: 0, revenue: 0, views: 2, unavailable: 0 },
    ]);
    expect(data.empty_searches).toEqual([
      { text: 'pizza', count: 2 },
      { text: 'burger', count: 1 },
      { text: 'sushi', count: 1 },
    ]);
  });

  it('counts the tips of bills paid, not of payments cancelled or pending, and the same once rolled up', async () => {
    await resetWatermark();
    const s = await orderingRestaurant(t);
    const placed = await postOrder(t, s.restaurant.slug, { table_id: s.table.token, items: [line(s.product._id)] });
    const orderId = placed.json().data._id as string;
    const payment = (status: 'paid' | 'cancelled' | 'pending', tip: number) => ({
      restaurant_id: s.restaurant._id,
      table_id: s.table._id,
      provider: 'payme' as const,
      order_ids: [orderId],
      items_total: 25000,
      service: 0,
      tip,
      amount: 25000 + tip,
      status,
      idempotency_key: `${status}-${tip}`,
      ...(status === 'paid' ? { paid_at: sql`now()` } : {}),
    });
    await t.db
      .insert(payments)
      .values([payment('paid', 5000), payment('paid', 3000), payment('cancelled', 9000), payment('pending', 7000)]);
    const day = await today();
    expect((await report('owner', s.restaurant._id, day)).json().data.tips).toBe(8000);
    await t.db
      .update(payments)
      .set({ createdAt: sql`${payments.createdAt} - interval '2 hours'` })
      .where(eq(payments.restaurant_id, s.restaurant._id));
    await t.db
      .update(orders)
      .set({ createdAt: sql`${orders.createdAt} - interval '2 hours'` })
      .where(eq(orders._id, orderId));
    const yesterday = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const before = (await report('owner', s.restaurant._id, yesterday, day)).json().data;
    expect(before.tips).toBe(8000);
    await rollUpInsights(t.db, { settleMs: 0, maxHours: 24 * 31 });
    expect((await report('owner', s.restaurant._id, yesterday, day)).json().data).toEqual(before);
  });

  it('names a dish and a table by their names now, and keeps the orders of deleted ones', async () => {
    await resetWatermark();
    const s = await orderingRestaurant(t);
    const category = await createCategory(t.db, s.restaurant._id);
    const plov = await createProduct(t.db, category._id, { name: 'Osh', price: 40000 });
    expect(
      (await postOrder(t, s.restaurant.slug, { table_id: s.table.token, items: [line(plov._id)] })).statusCode,
    ).toBe(201);
    await t.call('owner', { method: 'PUT', url: `/manager/products/${plov._id}`, payload: { name: 'Toshkent oshi' } });
    const data = (await report('owner', s.restaurant._id, await today())).json().data;
    expect(data.dishes.map((d: { name: string }) => d.name)).toEqual(['Toshkent oshi']);
    expect(data.tables.map((d: { name: string }) => d.name)).toEqual(['5']);
  });
});
