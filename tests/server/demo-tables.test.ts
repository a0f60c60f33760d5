import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../../server/db/schema';
import { DEMO_MANAGERS, DEMO_RESTAURANTS } from '../../server/dev/demo/data';
import { seedDemo } from '../../server/dev/demo/seed';
import { createTestApp, type TestApp } from '../support/app';

/**
 * Ordering in the demo data: `npm start` shows the whole ordering loop. Samarqand Darvozasi (rayhon's second
 * restaurant) takes orders from its active tables "1" to "8"; Rayhon Milliy Taomlari and Bahor Kafe have ordering
 * off and no tables, so their menus and the end-to-end tests that read them stay as they were.
 */

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  await seedDemo(t.db, { dataDir: t.config.dataDir });
  const login = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { login: 'admin', password: 'admin12345' },
  });
  admin = { authorization: `Bearer ${login.json().data.accessToken as string}` };
});
afterAll(() => t.close());

interface Listed {
  _id: string;
  slug: string;
  ordering_enabled: boolean;
}

async function restaurantsBySlug(): Promise<Map<string, Listed>> {
  const res = await t.app.inject({ method: 'GET', url: '/admin/restaurants', headers: admin });
  expect(res.statusCode).toBe(200);
  return new Map((res.json().restaurants as Listed[]).map((r) => [r.slug, r]));
}

const tablesOf = async (restaurantId: string, headers: { authorization: string }) => {
  const res = await t.app.inject({ method: 'GET', url: `/manager/tables?restaurant_id=${restaurantId}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as Array<{
    _id: string;
    name: string;
    is_active: boolean;
    restaurant_id: string;
    token: string;
  }>;
};
const printPassOf = async (restaurantId: string, headers: { authorization: string }) => {
  const res = await t.app.inject({ method: 'GET', url: `/manager/tables?restaurant_id=${restaurantId}`, headers });
  return res.json().print_pass.pass as string;
};

describe('demo tables and ordering', () => {
  it('the demo data names one restaurant with ordering on and tables "1" to "8"', () => {
    const ordering = DEMO_RESTAURANTS.filter((r) => r.ordering_enabled === true);
    expect(ordering.map((r) => r.slug)).toEqual(['samarqand-darvozasi']);
    expect(ordering[0]!.tables).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(DEMO_RESTAURANTS.filter((r) => r.tables && r.tables.length > 0).map((r) => r.slug)).toEqual([
      'samarqand-darvozasi',
    ]);
  });

  it('Samarqand Darvozasi has ordering on and its eight active tables in order; the others ordering off, no tables', async () => {
    const bySlug = await restaurantsBySlug();
    const samarqand = bySlug.get('samarqand-darvozasi')!;
    expect(samarqand.ordering_enabled).toBe(true);
    const tables = await tablesOf(samarqand._id, admin);
    expect(tables.map((table) => table.name)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(tables.every((table) => table.is_active && table.restaurant_id === samarqand._id)).toBe(true);
    for (const slug of ['rayhon', 'bahor-kafe']) {
      const other = bySlug.get(slug)!;
      expect(other.ordering_enabled, slug).toBe(false);
      expect(await tablesOf(other._id, admin), slug).toEqual([]);
    }
  });

  it("the demo manager rayhon sees the tables (their restaurant), and a table's menu page and QR code answer", async () => {
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: DEMO_MANAGERS[0]! });
    const manager = { authorization: `Bearer ${login.json().data.accessToken as string}` };
    const samarqand = (await restaurantsBySlug()).get('samarqand-darvozasi')!;
    const tables = await tablesOf(samarqand._id, manager);
    expect(tables).toHaveLength(8);
    const first = tables[0]!;
    const page = await t.app.inject({ method: 'GET', url: `/menu/samarqand-darvozasi?table=${first.token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('class="tn"');
    const pass = await printPassOf(samarqand._id, manager);
    const qr = await t.app.inject({
      method: 'GET',
      url: `/menu/qr.svg?slug=samarqand-darvozasi&table=${first._id}&pass=${pass}`,
    });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toMatch(/svg/);
    const card = await t.app.inject({
      method: 'GET',
      url: `/menu/card?slug=samarqand-darvozasi&table=${first._id}&pass=${pass}`,
    });
    expect(card.statusCode).toBe(200);
    expect(card.body).toContain('Samarqand Darvozasi');
  });

  it('the whole loop: a diner orders from table 1 and rayhon sees the order; Rayhon Milliy Taomlari refuses orders', async () => {
    const bySlug = await restaurantsBySlug();
    const samarqand = bySlug.get('samarqand-darvozasi')!;
    const [table] = await tablesOf(samarqand._id, admin);
    const [product] = await t.db
      .select({ _id: products._id, name: products.name })
      .from(products)
      .innerJoin(categories, eq(products.category_id, categories._id))
      .where(and(eq(categories.restaurant_id, samarqand._id), eq(products.name, 'Tandir somsa')));
    const order = await t.app.inject({
      method: 'POST',
      url: '/menu/samarqand-darvozasi/orders',
      headers: { 'idempotency-key': 'demo-loop-1' },
      payload: { table_id: table!.token, items: [{ product_id: product!._id, quantity: 2 }] },
    });
    expect(order.statusCode).toBe(201);
    expect(order.json().data).toMatchObject({ status: 'new', table: { name: '1' }, total: 18000 });

    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: DEMO_MANAGERS[0]! });
    const manager = { authorization: `Bearer ${login.json().data.accessToken as string}` };
    const listed = await t.app.inject({
      method: 'GET',
      url: `/manager/orders?restaurant_id=${samarqand._id}`,
      headers: manager,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((o: { _id: string }) => o._id)).toEqual([order.json().data._id]);

    // Ordering is off at Rayhon Milliy Taomlari: refused before any table is looked at (403, in Uzbek).
    const refused = await t.app.inject({
      method: 'POST',
      url: '/menu/rayhon/orders',
      headers: { 'idempotency-key': 'demo-loop-2' },
      payload: { table_id: table!.token, items: [{ product_id: product!._id, quantity: 1 }] },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/buyurtma/i);
  });
});
