import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { restaurants } from '../../server/db/schema';
import { createRestaurant } from '../support/fixtures';
import { type Caller, setupTenants } from '../support/tenants';
import { line, orderingRestaurant, postCall, postOrder } from './orders-fixtures';

/** `ordering_enabled` on a restaurant, set by the admin and the owning manager like its other fields. */

const t = setupTenants();

let slugs = 0;
const createBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Buyurtma Restoran',
  slug: `buyurtma-${++slugs}-${Date.now().toString(36)}`,
  address: "Toshkent, Amir Temur ko'chasi 3",
  manager_id: t.owner._id,
  is_active: true,
  phone_number: '+998 90 111 22 33',
  work_time: '10:00 - 22:00',
  ...overrides,
});
const adminCreate = (body: object) =>
  t.call('admin', { method: 'POST', url: '/admin/restaurants/create', payload: body });
const update = (caller: Caller, slug: string, payload: object) =>
  t.call(caller, { method: 'PUT', url: `/manager/restaurants/update?slug=${slug}`, payload });
const stored = async (id: string) =>
  (await t.db.select().from(restaurants).where(eq(restaurants._id, id)))[0]?.ordering_enabled;

describe('ordering_enabled on create', () => {
  it('is false unless the admin sets it, and answered as a boolean', async () => {
    const plain = await adminCreate(createBody());
    expect(plain.statusCode).toBe(201);
    expect(plain.json().data.ordering_enabled).toBe(false);
    expect(await stored(plain.json().data._id)).toBe(false);
    const on = await adminCreate(createBody({ ordering_enabled: true }));
    expect(on.statusCode).toBe(201);
    expect(on.json().data.ordering_enabled).toBe(true);
    expect(await stored(on.json().data._id)).toBe(true);
  });

  it.each(['yes', 1, null])('answers 400 naming the field for %o and creates nothing', async (value) => {
    const body = createBody({ ordering_enabled: value });
    const res = await adminCreate(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('"ordering_enabled"');
    expect(await t.db.select().from(restaurants).where(eq(restaurants.slug, body.slug))).toEqual([]);
  });
});

describe('ordering_enabled on update', () => {
  it('round-trips for the admin and for the owning manager, and drops the cached menu', async () => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id });
    const byOwner = await update('owner', r.slug, { ordering_enabled: true });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json().data.ordering_enabled).toBe(true);
    expect(await stored(r._id)).toBe(true);
    expect(t.changed).toContain(r._id);
    const byAdmin = await update('admin', r.slug, { ordering_enabled: false });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data.ordering_enabled).toBe(false);
    expect(await stored(r._id)).toBe(false);
    // Another field's change leaves it as it is.
    await update('owner', r.slug, { ordering_enabled: true });
    expect((await update('owner', r.slug, { name: 'Boshqa nom' })).json().data.ordering_enabled).toBe(true);
  });

  it.each(['true', 0, null])('answers 400 naming the field for %o and changes nothing', async (value) => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id });
    const res = await update('owner', r.slug, { ordering_enabled: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('"ordering_enabled"');
    expect(await stored(r._id)).toBe(false);
  });

  it("answers 404 to a manager setting it on another manager's restaurant, and changes nothing", async () => {
    const r = await createRestaurant(t.db, { manager_id: t.other._id });
    const res = await update('owner', r.slug, { ordering_enabled: true });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Restoran topilmadi.');
    expect(await stored(r._id)).toBe(false);
    expect(t.changed).toEqual([]);
    expect((await update('anonymous', r.slug, { ordering_enabled: true })).statusCode).toBe(401);
    expect(await stored(r._id)).toBe(false);
  });
});

describe('ordering_enabled in the admin and manager reads', () => {
  it('is on every restaurant of GET /admin/restaurants and GET /manager/restaurants/me', async () => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id, ordering_enabled: true });
    const adminList = (await t.call('admin', { method: 'GET', url: '/admin/restaurants' })).json().restaurants as {
      _id: string;
      ordering_enabled: unknown;
    }[];
    expect(adminList.every((row) => typeof row.ordering_enabled === 'boolean')).toBe(true);
    expect(adminList.find((row) => row._id === r._id)?.ordering_enabled).toBe(true);
    const mine = (await t.call('owner', { method: 'GET', url: '/manager/restaurants/me' })).json().data as {
      _id: string;
      ordering_enabled: unknown;
    }[];
    expect(mine.find((row) => row._id === r._id)?.ordering_enabled).toBe(true);
    expect(mine.every((row) => typeof row.ordering_enabled === 'boolean')).toBe(true);
  });
});

describe("the diner's writes follow the restaurant's changes at once (what they know of it is kept in memory)", () => {
  it('ordering switched off, the slug changed, the restaurant switched off: each is answered from the next order on', async () => {
    const s = await orderingRestaurant(t);
    const order = () => postOrder(t, slug, { table_id: s.table.token, items: [line(s.product._id)] });
    let slug = s.restaurant.slug;
    expect((await order()).statusCode).toBe(201);
    expect((await update('owner', slug, { ordering_enabled: false })).statusCode).toBe(200);
    expect((await order()).statusCode).toBe(403);
    expect((await postCall(t, slug, { table_id: s.table.token, type: 'waiter' })).statusCode).toBe(403);
    expect((await update('owner', slug, { ordering_enabled: true })).statusCode).toBe(200);
    expect((await order()).statusCode).toBe(201);

    const renamed = `${slug}-yangi`;
    expect((await update('admin', slug, { slug: renamed })).statusCode).toBe(200);
    expect((await order()).statusCode).toBe(404);
    slug = renamed;
    expect((await order()).statusCode).toBe(201);

    expect((await update('admin', slug, { is_active: false })).statusCode).toBe(200);
    expect((await order()).statusCode).toBe(404);
  });
});
