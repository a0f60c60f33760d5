import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, restaurants } from '../../server/db/schema';
import { DEMO_ADMIN, DEMO_MANAGERS, DEMO_POS_RESTAURANT } from '../../server/dev/demo/data';
import { seedDemo } from '../../server/dev/demo/seed';
import type { TillState } from '../../server/dev/pos/dev-view';
import { DEMO_POS_ORGANIZATION, SAMPLE_ORGANIZATIONS } from '../../server/dev/pos/sample-data';
import { createTestApp, type TestApp } from '../support/app';

/**
 * The demo integration restaurant (`npm start`): in demo mode with the POS simulator the seed puts the demo's own
 * organization on the simulator and imports Kamalak Kafe from it, with the till's nine tables as POS tables and
 * ordering on, so a diner orders from a POS table's QR code and the order reaches the till the demo's /dev/iiko page
 * shows. The admin's "Integratsiyadan qo'shish" still offers the simulator's two sample organizations.
 */

let t: TestApp;
let admin: { authorization: string };
let manager: { authorization: string };

const control = async <T>(action: string, args: object = {}): Promise<T> => {
  const simulator = t.app.integration.simulator!;
  const response = await fetch(`${simulator.url}/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiLogin: simulator.apiLogin, action, ...args }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};

const bearer = async (account: { login: string; password: string }) => {
  const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: account });
  expect(login.statusCode).toBe(200);
  return { authorization: `Bearer ${login.json().data.accessToken as string}` };
};

async function posRestaurant() {
  const rows = await t.db.select().from(restaurants).where(eq(restaurants.type, 'integration'));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function tablesOf(restaurantId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/manager/tables?restaurant_id=${restaurantId}`,
    headers: manager,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    _id: string;
    name: string;
    is_active: boolean;
    token: string;
    source: string;
    pos_table_id: string | null;
  }[];
}

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  await seedDemo(t.db, { dataDir: t.config.dataDir, integration: t.app.integration });
  admin = await bearer(DEMO_ADMIN);
  manager = await bearer(DEMO_MANAGERS[DEMO_POS_RESTAURANT.manager]!);
});
afterAll(() => t.close());

describe('the demo integration restaurant', () => {
  it("is imported from the simulator's demo organization, with ordering on and the manager's phone and hours", async () => {
    const restaurant = await posRestaurant();
    const { organizations } = await control<{ organizations: { id: string; name: string }[] }>('state');
    const organization = organizations.find((org) => org.name === DEMO_POS_ORGANIZATION.name)!;
    expect(restaurant).toMatchObject({
      name: DEMO_POS_ORGANIZATION.name,
      integration_provider: 'iiko',
      integration_id: organization.id,
      ordering_enabled: true,
      is_active: true,
      phone_number: DEMO_POS_RESTAURANT.phone_number,
      work_time: DEMO_POS_RESTAURANT.work_time,
    });
    const own = await t.app.inject({ method: 'GET', url: '/manager/restaurants/me', headers: manager });
    expect((own.json().data as { _id: string }[]).map((r) => r._id)).toContain(restaurant._id);
  });

  it("has the till's nine tables as active POS tables, named as the till names them", async () => {
    const restaurant = await posRestaurant();
    const tables = await tablesOf(restaurant._id);
    expect(tables.map((table) => table.name)).toEqual(['1', '2', '3', '4', '5', '6', 'Ayvon 7', 'Ayvon 8', 'VIP xona']);
    expect(tables.every((table) => table.source === 'pos' && table.is_active)).toBe(true);
    const [group] = await control<{ id: string }[]>('terminalGroups', { organizationId: restaurant.integration_id });
    const till = await control<{ id: string }[]>('tables', { terminalGroupId: group!.id });
    expect(tables.map((table) => table.pos_table_id).sort()).toEqual(till.map((table) => table.id).sort());
  });

  it("takes a diner's order from a POS table's QR code, and the order reaches the till (/dev/iiko)", async () => {
    const restaurant = await posRestaurant();
    const [table] = await tablesOf(restaurant._id);
    const menu = await t.app.inject({ method: 'GET', url: `/menu/${restaurant.slug}?table=${table!.token}` });
    expect(menu.statusCode).toBe(200);
    const [bread] = await t.db
      .select({ _id: products._id })
      .from(products)
      .innerJoin(categories, eq(products.category_id, categories._id))
      .where(and(eq(categories.restaurant_id, restaurant._id), eq(products.name, 'Tandir non')));
    const order = await t.app.inject({
      method: 'POST',
      url: `/menu/${restaurant.slug}/orders`,
      headers: { 'idempotency-key': 'demo-pos-restaurant-1' },
      payload: { table_id: table!.token, items: [{ product_id: bread!._id, quantity: 3 }] },
    });
    expect(order.statusCode).toBe(201);
    expect(order.json().data).toMatchObject({ status: 'new', table: { name: '1' }, total: 15000 });

    // The till sender puts it on the till: the demo's till page lists it under the table, with our number.
    const checks = async () => {
      const state = await t.app.inject({ method: 'GET', url: '/dev/iiko/state' });
      const group = (state.json() as TillState).groups.find((g) => g.organization === DEMO_POS_ORGANIZATION.name);
      return group?.checks ?? [];
    };
    // Listed as soon as it is on its way ("Sending"); on the till once the command succeeded ("New").
    await expect.poll(async () => (await checks()).map((check) => check.status), { timeout: 10_000 }).toEqual(['New']);
    expect((await checks())[0]).toMatchObject({
      table: 'Stol 1',
      external_number: String(order.json().data.number),
      status: 'New',
      sum: 15000,
      lines: [{ name: 'Tandir non', amount: 3, price: 5000, sum: 15000 }],
    });
  });

  it('leaves the two sample organizations to the admin, and a sync from the till changes nothing', async () => {
    const unlinked = await t.app.inject({ method: 'GET', url: '/admin/integration/restaurants', headers: admin });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().data.map((org: { name: string }) => org.name)).toEqual(
      SAMPLE_ORGANIZATIONS.map((org) => org.name),
    );
    const restaurant = await posRestaurant();
    const sync = await t.app.inject({
      method: 'PUT',
      url: `/admin/integration/restaurants/${restaurant._id}/sync`,
      headers: admin,
    });
    expect(sync.statusCode).toBe(200);
    expect(sync.json().data).toEqual({ created: 0, updated: 0, deactivated: 0 });
  });

  it('a second start seeds no second one, and the simulator keeps the demo organization once', async () => {
    await seedDemo(t.db, { dataDir: t.config.dataDir, integration: t.app.integration });
    await posRestaurant();
    const { organizations } = await control<{ organizations: { name: string }[] }>('state');
    expect(organizations.map((org) => org.name)).toEqual([
      ...SAMPLE_ORGANIZATIONS.map((org) => org.name),
      DEMO_POS_ORGANIZATION.name,
    ]);
  });
});
