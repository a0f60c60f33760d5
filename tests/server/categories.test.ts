import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { uploadsDir } from '../../server/uploads/storage';
import {
  createCategory,
  createOption,
  createProduct,
  createRestaurant,
  createRow,
  createUser,
} from '../support/fixtures';
import {
  type Caller,
  itAnswersTheAuthorizationMatrix,
  type MatrixCall,
  menuSnapshot,
  setupTenants,
} from '../support/tenants';

const TITLE_REQUIRED = 'Kategoriya nomi bo‘sh bo‘lishi mumkin emas!';
const OLD = '2020-01-01T00:00:00.000Z';

const t = setupTenants();

describe('authorization matrix: category calls', () => {
  const calls: MatrixCall[] = [
    {
      name: 'GET /manager/category?restaurant_id',
      ok: 200,
      make: async () => {
        const r = await createRestaurant(t.db, { manager_id: t.owner._id });
        return { method: 'GET', url: `/manager/category?restaurant_id=${r._id}` };
      },
    },
    {
      name: 'POST /manager/category/create',
      ok: 201,
      make: async () => {
        const r = await createRestaurant(t.db, { manager_id: t.owner._id });
        return {
          method: 'POST',
          url: '/manager/category/create',
          payload: { title: 'Ichimliklar', restaurant_id: r._id },
        };
      },
    },
    {
      name: 'PUT /manager/category/update/:id',
      ok: 200,
      make: async () => {
        const r = await createRestaurant(t.db, { manager_id: t.owner._id });
        const c = await createCategory(t.db, r._id);
        return { method: 'PUT', url: `/manager/category/update/${c._id}`, payload: { is_active: false } };
      },
    },
    {
      name: 'DELETE /manager/category/delete/:id',
      ok: 200,
      make: async () => {
        const r = await createRestaurant(t.db, { manager_id: t.owner._id });
        const c = await createCategory(t.db, r._id);
        await createProduct(t.db, c._id);
        return { method: 'DELETE', url: `/manager/category/delete/${c._id}` };
      },
    },
  ];
  itAnswersTheAuthorizationMatrix(t, calls);

  it('answers 401 for a token that is not valid', async () => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id });
    const res = await t.app.inject({
      method: 'POST',
      url: '/manager/category/create',
      headers: { authorization: 'Bearer not.a.token' },
      payload: { title: 'X', restaurant_id: r._id },
    });
    expect(res.statusCode).toBe(401);
  });

  it('authenticates before validating: an anonymous invalid body is a 401, not a 400', async () => {
    const res = await t.call('anonymous', { method: 'POST', url: '/manager/category/create', payload: { title: '' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /manager/category', () => {
  it("answers a manager's categories of all their restaurants in order, with counts from the database", async () => {
    const m = await createUser(t.app, t.db, 'manager');
    // Restaurants come in creation order: two made in the same instant would tie (and fall back to their random ids).
    const r1 = await createRestaurant(t.db, { manager_id: m._id, createdAt: '2026-01-01T00:00:00Z' });
    const r2 = await createRestaurant(t.db, {
      manager_id: m._id,
      is_active: false,
      createdAt: '2026-01-02T00:00:00Z',
    });
    const foreign = await createRestaurant(t.db, { manager_id: t.other._id });
    const b = await createCategory(t.db, r1._id, { position: 1 });
    const a = await createCategory(t.db, r1._id, { position: 0 });
    const c = await createCategory(t.db, r2._id, { is_active: false });
    await createCategory(t.db, foreign._id);
    const res = await t.app.inject({ url: '/manager/category', headers: m.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.categories.map((x: { _id: string }) => x._id)).toEqual([a._id, b._id, c._id]);
    expect(body.count).toEqual({ all_count: 3, active_count: 2, inactive_count: 1 });
    expect(body.categories[0]).toEqual({
      _id: a._id,
      title: a.title,
      restaurant_id: r1._id,
      is_active: true,
      position: 0,
      pos_stopped: false,
      station_id: null,
      schedule: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('narrows to one restaurant with restaurant_id', async () => {
    const r1 = await createRestaurant(t.db, { manager_id: t.owner._id });
    const r2 = await createRestaurant(t.db, { manager_id: t.owner._id });
    const c = await createCategory(t.db, r1._id);
    await createCategory(t.db, r2._id);
    const res = await t.call('owner', { url: `/manager/category?restaurant_id=${r1._id}` });
    expect(res.json()).toMatchObject({ categories: [{ _id: c._id }], count: { all_count: 1 } });
  });

  it('answers empty categories and zero counts for a manager without restaurants', async () => {
    const m = await createUser(t.app, t.db, 'manager');
    const res = await t.app.inject({ url: '/manager/category', headers: m.headers });
    expect(res.json()).toEqual({ categories: [], count: { all_count: 0, active_count: 0, inactive_count: 0 } });
  });

  it('requires restaurant_id from an admin (400 naming it)', async () => {
    const res = await t.call('admin', { url: '/manager/category' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('"restaurant_id"');
  });

  it.each([
    ['a bad uuid', '?restaurant_id=123', 400],
    ['an unknown restaurant', '?restaurant_id=7c9e6679-7425-40de-944b-e07fc1f90ae7', 404],
    ['an unknown query field', '?foo=1', 400],
  ])('answers %s with %i', async (_name, query, status) => {
    const res = await t.call('owner', { url: `/manager/category${query}` });
    expect(res.statusCode).toBe(status);
    if (status === 400) expect(res.json().message).toMatch(/"(restaurant_id|foo)"/);
  });
});

describe('POST /manager/category/create', () => {
  it('creates an active category last in order and answers 201 { data }', async () => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id });
    await createCategory(t.db, r._id, { position: 4 });
    const res = await t.call('owner', {
      method: 'POST',
      url: '/manager/category/create',
      payload: { title: '  Salatlar  ', restaurant_id: r._id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      _id: expect.any(String),
      title: 'Salatlar',
      restaurant_id: r._id,
      is_active: true,
      position: 5,
      pos_stopped: false,
      station_id: null,
      schedule: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(t.changed).toEqual([r._id]);
  });

  it('honours is_active false', async () => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id });
    const res = await t.call('owner', {
      method: 'POST',
      url: '/manager/category/create',
      payload: { title: 'Desertlar', restaurant_id: r._id, is_active: false },
    });
    expect(res.json().data).toMatchObject({ is_active: false, position: 0 });
  });

  it.each([
    ['an empty title', { title: '' }],
    ['a blank title', { title: '   ' }],
    ['a missing title', {}],
  ])('answers %s with the spec text', async (_name, fields) => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id });
    const before = await menuSnapshot(t.db);
    const res = await t.call('owner', {
      method: 'POST',
      url: '/manager/category/create',
      payload: { restaurant_id: r._id, ...fields },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(TITLE_REQUIRED);
    expect(await menuSnapshot(t.db)).toBe(before);
  });

  it.each([
    ['an over-long title', { title: 'x'.repeat(101) }, 'title'],
    ['a numeric title', { title: 5 }, 'title'],
    ['a missing restaurant_id', { restaurant_id: undefined }, 'restaurant_id'],
    ['a bad restaurant_id', { restaurant_id: 'abc' }, 'restaurant_id'],
    ['a non-boolean is_active', { is_active: 'yes' }, 'is_active'],
    ['an unknown field', { position: 3 }, 'position'],
  ])('answers %s with 400 naming the field', async (_name, fields, field) => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id });
    const before = await menuSnapshot(t.db);
    const res = await t.call('owner', {
      method: 'POST',
      url: '/manager/category/create',
      payload: { title: 'Taomlar', restaurant_id: r._id, ...fields },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.json().message).toContain(`"${field}"`);
    expect(await menuSnapshot(t.db)).toBe(before);
  });

  it("refuses another manager's restaurant and an unknown one with 404", async () => {
    const foreign = await createRestaurant(t.db, { manager_id: t.other._id });
    const before = await menuSnapshot(t.db);
    for (const restaurant_id of [foreign._id, '7c9e6679-7425-40de-944b-e07fc1f90ae7']) {
      const res = await t.call('owner', {
        method: 'POST',
        url: '/manager/category/create',
        payload: { title: 'Taomlar', restaurant_id },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Restoran topilmadi.');
    }
    expect(await menuSnapshot(t.db)).toBe(before);
  });
});

describe('PUT /manager/category/update/:id', () => {
  const update = (caller: Caller, id: string, payload: unknown) =>
    t.call(caller, { method: 'PUT', url: `/manager/category/update/${id}`, payload: payload as object });

  it('changes only the title when only the title is sent, and bumps updatedAt', async () => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id });
    const c = await createCategory(t.db, r._id, { is_active: false, position: 3, updatedAt: OLD });
    const res = await update('owner', c._id, { title: '  Yangi nom ' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      _id: c._id,
      title: 'Yangi nom',
      is_active: false,
      position: 3,
      createdAt: c.createdAt,
    });
    expect(data.updatedAt).not.toBe(OLD);
    expect(t.changed).toEqual([r._id]);
  });

  it('changes only is_active when only is_active is sent, and takes the category over from the POS', async () => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id });
    const c = await createCategory(t.db, r._id, { is_active: false, pos_stopped: true });
    const res = await update('admin', c._id, { is_active: true });
    expect(res.json().data).toMatchObject({ title: c.title, is_active: true, pos_stopped: false });
  });

  it.each([
    ['an empty body', {}, 'kamida bitta maydon'],
    ['a blank title', { title: '  ' }, TITLE_REQUIRED],
    ['an over-long title', { title: 'y'.repeat(101) }, '"title"'],
    ['a string is_active', { is_active: 'false' }, '"is_active"'],
    ['a foreign field', { restaurant_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' }, '"restaurant_id"'],
  ])('answers %s with 400 and changes nothing', async (_name, payload, text) => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id });
    const c = await createCategory(t.db, r._id);
    const before = await menuSnapshot(t.db);
    const res = await update('owner', c._id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(text);
    expect(await menuSnapshot(t.db)).toBe(before);
  });

  it('answers 400 for a bad id and 404 for an unknown one', async () => {
    expect((await update('owner', 'nope', { title: 'a' })).json().message).toContain('"id"');
    const res = await update('owner', '7c9e6679-7425-40de-944b-e07fc1f90ae7', { title: 'a' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Kategoriya topilmadi.');
  });
});

describe('DELETE /manager/category/delete/:id', () => {
  it('deletes its products, options and rows, and their image files, and nothing else', async () => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id });
    const doomed = await createCategory(t.db, r._id);
    const kept = await createCategory(t.db, r._id);
    const dir = uploadsDir(t.config.dataDir);
    mkdirSync(dir, { recursive: true });
    for (const name of ['gone-1.webp', 'gone-1-thumb.webp', 'shared-1.webp', 'shared-1-thumb.webp']) {
      writeFileSync(join(dir, name), 'x');
    }
    const p = await createProduct(t.db, doomed._id, {
      images: [{ file: '/uploads/gone-1.webp' }, { file: '/uploads/shared-1.webp' }],
    });
    const o = await createOption(t.db, p._id);
    await createRow(t.db, o._id);
    // Another product still shows shared-1.webp: that file must stay.
    const survivor = await createProduct(t.db, kept._id, { images: [{ file: '/uploads/shared-1.webp' }] });
    const survivorOption = await createOption(t.db, survivor._id);

    const res = await t.call('owner', { method: 'DELETE', url: `/manager/category/delete/${doomed._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Kategoriya muvaffaqiyatli o'chirildi!" });
    const left = JSON.parse(await menuSnapshot(t.db)) as { _id: string }[][];
    const ids = left.flat().map((row) => row._id);
    expect(ids).not.toContain(doomed._id);
    expect(ids).not.toContain(p._id);
    expect(ids).not.toContain(o._id);
    expect(ids).toEqual(expect.arrayContaining([kept._id, survivor._id, survivorOption._id]));
    expect(existsSync(join(dir, 'gone-1.webp'))).toBe(false);
    expect(existsSync(join(dir, 'gone-1-thumb.webp'))).toBe(false);
    expect(existsSync(join(dir, 'shared-1.webp'))).toBe(true);
    expect(t.changed).toEqual([r._id]);
  });

  it('answers 404 for an unknown category and 400 for a bad id', async () => {
    const unknown = await t.call('admin', {
      method: 'DELETE',
      url: '/manager/category/delete/7c9e6679-7425-40de-944b-e07fc1f90ae7',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.call('admin', { method: 'DELETE', url: '/manager/category/delete/1' })).statusCode).toBe(400);
  });
});

describe('GET /user/category', () => {
  const read = (caller: Caller, restaurantId: string) =>
    t.call(caller, { url: `/user/category?restaurant_id=${restaurantId}` });

  it('answers anonymous callers the active categories of an active restaurant, counted over those', async () => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id });
    const second = await createCategory(t.db, r._id, { position: 2 });
    const first = await createCategory(t.db, r._id, { position: 1 });
    await createCategory(t.db, r._id, { position: 0, is_active: false });
    for (const caller of ['anonymous', 'other'] as Caller[]) {
      const res = await read(caller, r._id);
      expect(res.statusCode).toBe(200);
      expect(res.json().categories.map((c: { _id: string }) => c._id)).toEqual([first._id, second._id]);
      expect(res.json().count).toEqual({ all_count: 2, active_count: 2, inactive_count: 0 });
    }
  });

  it('answers the owner and an admin every category, inactive ones too', async () => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id });
    await createCategory(t.db, r._id);
    await createCategory(t.db, r._id, { is_active: false });
    for (const caller of ['owner', 'admin'] as Caller[]) {
      const res = await read(caller, r._id);
      expect(res.json().count).toEqual({ all_count: 2, active_count: 1, inactive_count: 1 });
    }
  });

  it('hides an inactive restaurant from anonymous callers and other managers (404), not from its owner', async () => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id, is_active: false });
    await createCategory(t.db, r._id);
    expect((await read('anonymous', r._id)).statusCode).toBe(404);
    expect((await read('other', r._id)).statusCode).toBe(404);
    expect((await read('owner', r._id)).statusCode).toBe(200);
    expect((await read('admin', r._id)).statusCode).toBe(200);
  });

  it('answers 400 without or with a bad restaurant_id and 404 for an unknown one', async () => {
    const missing = await t.call('anonymous', { url: '/user/category' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('"restaurant_id"');
    expect((await read('anonymous', 'x')).statusCode).toBe(400);
    for (const caller of ['anonymous', 'owner', 'admin'] as Caller[]) {
      const unknown = await read(caller, '7c9e6679-7425-40de-944b-e07fc1f90ae7');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Restoran topilmadi.');
    }
  });
});

describe('/docs', () => {
  it('documents every category call with its schemas', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json();
    expect(doc.paths['/manager/category'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'restaurant_id', in: 'query' })]),
    );
    expect(doc.paths['/manager/category/create'].post.requestBody).toBeDefined();
    expect(doc.paths['/manager/category/update/{id}'].put.responses['200']).toBeDefined();
    expect(doc.paths['/manager/category/delete/{id}'].delete).toBeDefined();
    expect(doc.paths['/manager/category/order'].put.requestBody).toBeDefined();
    expect(doc.paths['/user/category'].get.responses['200']).toBeDefined();
  });
});
