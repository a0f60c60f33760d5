import { asc } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { restaurantTables } from '../../server/db/schema';
import { createRestaurant, createUser } from '../support/fixtures';
import { type Caller, setupTenants } from '../support/tenants';

/**
 * The tables calls answer to the API's authorization matrix (docs/decisions-api.md): nobody is 401, another manager 404 as
 * if the restaurant or table did not exist, the admin and the owning manager are served; a refused call changes nothing.
 */

const t = setupTenants();

const tablesNow = async () =>
  JSON.stringify(await t.db.select().from(restaurantTables).orderBy(asc(restaurantTables.seq)));

async function ownersTable() {
  const r = await createRestaurant(t.db, { manager_id: t.owner._id });
  const [table] = await t.db.insert(restaurantTables).values({ restaurant_id: r._id, name: 'Stol 1' }).returning();
  return { restaurant: r, table: table! };
}

interface Case {
  name: string;
  ok: number;
  make: () => Promise<InjectOptions>;
}
const calls: Case[] = [
  {
    name: 'GET /manager/tables',
    ok: 200,
    make: async () => ({ method: 'GET', url: `/manager/tables?restaurant_id=${(await ownersTable()).restaurant._id}` }),
  },
  {
    name: 'POST /manager/tables',
    ok: 201,
    make: async () => ({
      method: 'POST',
      url: '/manager/tables',
      payload: { restaurant_id: (await ownersTable()).restaurant._id, name: 'Stol 2' },
    }),
  },
  {
    name: 'POST /manager/tables/bulk',
    ok: 201,
    make: async () => ({
      method: 'POST',
      url: '/manager/tables/bulk',
      payload: { restaurant_id: (await ownersTable()).restaurant._id, from: 1, to: 3 },
    }),
  },
  {
    name: 'PUT /manager/tables/:id',
    ok: 200,
    make: async () => ({
      method: 'PUT',
      url: `/manager/tables/${(await ownersTable()).table._id}`,
      payload: { is_active: false },
    }),
  },
  {
    name: 'DELETE /manager/tables/:id',
    ok: 200,
    make: async () => ({ method: 'DELETE', url: `/manager/tables/${(await ownersTable()).table._id}` }),
  },
];

describe('authorization matrix: table calls', () => {
  for (const { name, ok, make } of calls) {
    const matrix: [Caller, number][] = [
      ['anonymous', 401],
      ['other', 404],
      ['admin', ok],
      ['owner', ok],
    ];
    for (const [caller, status] of matrix) {
      it(`${name} as ${caller} answers ${status}${status >= 400 ? ' and changes nothing' : ''}`, async () => {
        const request = await make();
        const before = await tablesNow();
        const res = await t.call(caller, request);
        expect(res.statusCode).toBe(status);
        if (status >= 400) {
          expect(res.json()).toMatchObject({ statusCode: status, message: expect.any(String) });
          expect(await tablesNow()).toBe(before);
          expect(t.changed).toEqual([]);
        } else if (name.startsWith('GET')) {
          expect(res.json().data.map((row: { name: string }) => row.name)).toEqual(['Stol 1']);
        } else {
          // An accepted write really wrote.
          expect(await tablesNow()).not.toBe(before);
        }
      });
    }
  }

  it("refuses another manager reading or touching tables with the owner's own 404 messages", async () => {
    const { restaurant, table } = await ownersTable();
    const read = await t.call('other', { method: 'GET', url: `/manager/tables?restaurant_id=${restaurant._id}` });
    expect(read.json().message).toBe('Restoran topilmadi.');
    const write = await t.call('other', { method: 'PUT', url: `/manager/tables/${table._id}`, payload: { name: 'X' } });
    expect(write.json().message).toBe('Stol topilmadi.');
  });

  it('refuses a deactivated manager (401) even for their own restaurant, and changes nothing', async () => {
    const gone = await createUser(t.app, t.db, 'manager', { is_active: false });
    const r = await createRestaurant(t.db, { manager_id: gone._id });
    const before = await tablesNow();
    for (const request of [
      { method: 'GET', url: `/manager/tables?restaurant_id=${r._id}` },
      { method: 'POST', url: '/manager/tables', payload: { restaurant_id: r._id, name: '1' } },
      { method: 'POST', url: '/manager/tables/bulk', payload: { restaurant_id: r._id, from: 1, to: 2 } },
    ] as InjectOptions[]) {
      const res = await t.app.inject({ ...request, headers: gone.headers });
      expect(res.statusCode, request.url as string).toBe(401);
    }
    expect(await tablesNow()).toBe(before);
  });

  it('answers 401 for a token that is not valid, and authenticates before validating the body', async () => {
    const { restaurant } = await ownersTable();
    const forged = await t.app.inject({
      method: 'POST',
      url: '/manager/tables',
      headers: { authorization: 'Bearer not.a.token' },
      payload: { restaurant_id: restaurant._id, name: '9' },
    });
    expect(forged.statusCode).toBe(401);
    const invalid = await t.call('anonymous', { method: 'POST', url: '/manager/tables/bulk', payload: { from: 'x' } });
    expect(invalid.statusCode).toBe(401);
  });

  it('lets a manager see only what the admin sees of their own restaurant', async () => {
    const { restaurant } = await ownersTable();
    const url = `/manager/tables?restaurant_id=${restaurant._id}`;
    const asOwner = await t.call('owner', { method: 'GET', url });
    const asAdmin = await t.call('admin', { method: 'GET', url });
    // The print pass is issued per call (its time in it): each gets one; the tables are the same.
    expect(asOwner.json().data).toEqual(asAdmin.json().data);
    expect(Object.keys(asOwner.json().print_pass).sort()).toEqual(Object.keys(asAdmin.json().print_pass).sort());
    expect(asOwner.json().data.map((row: { name: string }) => row.name)).toEqual(['Stol 1']);
  });
});
