import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { restaurantTables } from '../../server/db/schema';
import { createRestaurant } from '../support/fixtures';
import { setupTenants } from '../support/tenants';

/** A restaurant's tables, as the owning manager manages them (who may is tables-authorization.test.ts). */

const t = setupTenants();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const ownRestaurant = () => createRestaurant(t.db, { manager_id: t.owner._id });
const list = async (restaurantId: string) => {
  const res = await t.call('owner', { method: 'GET', url: `/manager/tables?restaurant_id=${restaurantId}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { _id: string; name: string; is_active: boolean }[];
};
const create = (restaurantId: string, name: unknown) =>
  t.call('owner', { method: 'POST', url: '/manager/tables', payload: { restaurant_id: restaurantId, name } });
const bulk = (restaurantId: string, from: unknown, to: unknown) =>
  t.call('owner', { method: 'POST', url: '/manager/tables/bulk', payload: { restaurant_id: restaurantId, from, to } });
const update = (id: string, payload: object) =>
  t.call('owner', { method: 'PUT', url: `/manager/tables/${id}`, payload });
const tableRows = () => t.db.select().from(restaurantTables).orderBy(asc(restaurantTables.seq));

describe('POST /manager/tables and GET /manager/tables', () => {
  it('creates a table (trimmed, active) and lists the tables in creation order', async () => {
    const r = await ownRestaurant();
    const first = await create(r._id, '  Terrasa 2 ');
    expect(first.statusCode).toBe(201);
    const table = first.json().data;
    expect(table).toEqual({
      _id: expect.stringMatching(UUID),
      restaurant_id: r._id,
      name: 'Terrasa 2',
      is_active: true,
      token: expect.stringMatching(/^[0-9a-f]{32}$/),
      source: 'manual',
      pos_table_id: null,
      createdAt: expect.any(String),
    });
    expect(new Date(table.createdAt).toISOString()).toBe(table.createdAt);
    expect((await create(r._id, 'B')).statusCode).toBe(201);
    expect((await create(r._id, 'A')).statusCode).toBe(201);
    expect((await list(r._id)).map((row) => row.name)).toEqual(['Terrasa 2', 'B', 'A']);
    expect(t.changed).toContain(r._id);
  });

  it("lists only that restaurant's tables", async () => {
    const r = await ownRestaurant();
    const elsewhere = await ownRestaurant();
    await create(r._id, '1');
    await create(elsewhere._id, '2');
    expect((await list(r._id)).map((row) => row.name)).toEqual(['1']);
  });

  it('refuses a name the restaurant already has, whatever its case, with 409 naming it, and creates nothing', async () => {
    const r = await ownRestaurant();
    expect((await create(r._id, 'Zal 3')).statusCode).toBe(201);
    const before = await tableRows();
    for (const name of ['Zal 3', 'zal 3', ' ZAL 3 ']) {
      const res = await create(r._id, name);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        statusCode: 409,
        message: `"${name.trim()}" nomli stol bu restoranda allaqachon bor.`,
      });
    }
    expect(await tableRows()).toEqual(before);
    // Another restaurant may have the same name.
    expect((await create((await ownRestaurant())._id, 'Zal 3')).statusCode).toBe(201);
  });

  it('accepts 1 and 40 characters, refuses 0, 41, blank and control characters with 400', async () => {
    const r = await ownRestaurant();
    expect((await create(r._id, '7')).statusCode).toBe(201);
    expect((await create(r._id, 'x'.repeat(40))).statusCode).toBe(201);
    const before = await tableRows();
    for (const name of ['', 'y'.repeat(41), '   ', 'Stol\u00001', 'Stol\n1', 12]) {
      const res = await create(r._id, name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().message).toContain('"name"');
    }
    expect(await tableRows()).toEqual(before);
  });

  it('answers 400 for a missing or malformed restaurant_id and 404 for an unknown restaurant', async () => {
    const missing = await t.call('owner', { method: 'POST', url: '/manager/tables', payload: { name: '1' } });
    expect(missing.statusCode).toBe(400);
    expect((await create('nope', '1')).statusCode).toBe(400);
    const unknown = await create('7c9e6679-7425-40de-944b-e07fc1f90ae7', '1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Restoran topilmadi.');
    expect((await t.call('owner', { method: 'GET', url: '/manager/tables' })).statusCode).toBe(400);
  });
});

describe('POST /manager/tables/bulk', () => {
  it('creates "from".."to" in order and lists them so', async () => {
    const r = await ownRestaurant();
    const res = await bulk(r._id, 1, 12);
    expect(res.statusCode).toBe(201);
    const names = Array.from({ length: 12 }, (_, i) => String(i + 1));
    expect(res.json().data.map((row: { name: string }) => row.name)).toEqual(names);
    expect(res.json().data.every((row: { is_active: boolean }) => row.is_active)).toBe(true);
    expect((await list(r._id)).map((row) => row.name)).toEqual(names);
  });

  it('skips the names that already exist and answers only the tables it created', async () => {
    const r = await ownRestaurant();
    await create(r._id, '3');
    await create(r._id, 'Bar');
    t.changed = [];
    const res = await bulk(r._id, 2, 5);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.map((row: { name: string }) => row.name)).toEqual(['2', '4', '5']);
    expect((await list(r._id)).map((row) => row.name)).toEqual(['3', 'Bar', '2', '4', '5']);
    // The menu's table pages are read again; a bulk call that adds nothing changes nothing.
    expect(t.changed).toEqual([r._id]);
    const again = await bulk(r._id, 2, 5);
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toEqual([]);
    expect(t.changed).toEqual([r._id]);
    const one = await bulk(r._id, 6, 6);
    expect(one.statusCode).toBe(201);
    expect(one.json().data.map((row: { name: string }) => row.name)).toEqual(['6']);
  });

  it('makes at most 100 tables; from above to, below 1 or not whole is a 400 that creates nothing', async () => {
    const r = await ownRestaurant();
    const hundred = await bulk(r._id, 101, 200);
    expect(hundred.statusCode).toBe(201);
    expect(hundred.json().data).toHaveLength(100);
    const before = await tableRows();
    const tooMany = await bulk(r._id, 1, 101);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe("Bir martada ko'pi bilan 100 ta stol qo'shish mumkin.");
    const reversed = await bulk(r._id, 5, 4);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('"to" qiymati "from" qiymatidan kichik bo\'lmasligi kerak.');
    for (const [from, to] of [
      [0, 3],
      [1.5, 3],
      ['1', 3],
      [1, null],
    ]) {
      const res = await bulk(r._id, from, to);
      expect(res.statusCode, JSON.stringify([from, to])).toBe(400);
    }
    expect(await tableRows()).toEqual(before);
  });
});

describe('PUT /manager/tables/:id', () => {
  it('renames (trimmed) and turns a table off and on again, changing only what was sent', async () => {
    const r = await ownRestaurant();
    const table = (await create(r._id, '5')).json().data;
    t.changed = [];
    const renamed = await update(table._id, { name: ' Deraza 5 ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toEqual({ ...table, name: 'Deraza 5' });
    // The menu's page for this table is read again.
    expect(t.changed).toEqual([r._id]);
    const off = await update(table._id, { is_active: false });
    expect(off.json().data).toEqual({ ...table, name: 'Deraza 5', is_active: false });
    expect((await list(r._id)).find((row) => row._id === table._id)?.is_active).toBe(false);
    const on = await update(table._id, { is_active: true });
    expect(on.json().data.is_active).toBe(true);
    // Changing only the case of its own name is no clash with itself.
    expect((await update(table._id, { name: 'DERAZA 5' })).json().data.name).toBe('DERAZA 5');
  });

  it('answers 409 for a name another table has (any case), 400 for an empty body or a bad name', async () => {
    const r = await ownRestaurant();
    await create(r._id, 'Bar');
    const table = (await create(r._id, '6')).json().data;
    const before = await tableRows();
    const clash = await update(table._id, { name: 'bAR' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('"bAR" nomli stol bu restoranda allaqachon bor.');
    const empty = await update(table._id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('kamida bitta maydon yuborilishi kerak');
    for (const body of [{ name: '' }, { name: 'z'.repeat(41) }, { is_active: 'yes' }, { color: 'red' }]) {
      expect((await update(table._id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await tableRows()).toEqual(before);
  });

  it('answers 404 for an unknown table and 400 for a malformed id', async () => {
    const unknown = await update('7c9e6679-7425-40de-944b-e07fc1f90ae7', { name: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Stol topilmadi.');
    expect((await update('12', { name: 'x' })).statusCode).toBe(400);
  });
});

describe('DELETE /manager/tables/:id', () => {
  it('deletes the table with the usual answer, and only it', async () => {
    const r = await ownRestaurant();
    const doomed = (await create(r._id, '1')).json().data;
    const kept = (await create(r._id, '2')).json().data;
    t.changed = [];
    const res = await t.call('owner', { method: 'DELETE', url: `/manager/tables/${doomed._id}` });
    expect(res.statusCode).toBe(200);
    expect(t.changed).toEqual([r._id]);
    expect(res.json()).toEqual({ success: true, message: "Stol muvaffaqiyatli o'chirildi!" });
    expect((await list(r._id)).map((row) => row._id)).toEqual([kept._id]);
    const again = await t.call('owner', { method: 'DELETE', url: `/manager/tables/${doomed._id}` });
    expect(again.statusCode).toBe(404);
    // The name is free again.
    expect((await create(r._id, '1')).statusCode).toBe(201);
  });
});

describe('/docs', () => {
  it('documents every table call with its body and answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(doc.paths['/manager/tables']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/manager/tables/{id}']).sort()).toEqual(['delete', 'put']);
    expect(doc.paths['/manager/tables/bulk'].post.responses).toHaveProperty('201');
    expect(doc.paths['/manager/tables'].post.responses).toHaveProperty('409');
  });
});
