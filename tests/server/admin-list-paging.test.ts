import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { restaurants, users } from '../../server/db/schema';
import { setupTenants } from '../support/tenants';

/**
 * The admin lists page and filter on the server. Without parameters they answer as the spec shows (the
 * whole list); with any of page, limit, q, is_active, type: the page, `total`, and for restaurants the spec's counts.
 */
const t = setupTenants();

/** 30 restaurants of the owner, created a minute apart (newest is n = 30), every third inactive, every fifth POS. */
async function seedRestaurants() {
  await t.db.delete(restaurants);
  const base = Date.parse('2026-01-01T00:00:00Z');
  await t.db.insert(restaurants).values(
    Array.from({ length: 30 }, (_, i) => {
      const n = i + 1;
      return {
        _id: randomUUID(),
        name: n === 7 ? 'Rayhon Milliy Taomlar' : `Oshxona ${n}`,
        slug: `oshxona-${n}`,
        address: 'Toshkent',
        phone_number: `+998 90 123 45 ${String(n).padStart(2, '0')}`,
        work_time: '09:00 - 23:00',
        manager_id: t.owner._id,
        is_active: n % 3 !== 0,
        type: n % 5 === 0 ? ('integration' as const) : ('manual' as const),
        createdAt: new Date(base + n * 60_000).toISOString(),
      };
    }),
  );
}

const get = (url: string, caller: 'admin' | 'owner' | 'other' | 'anonymous' = 'admin') =>
  t.call(caller, { method: 'GET', url });
const slugs = (body: { restaurants: { slug: string }[] }) => body.restaurants.map((r) => r.slug);

describe('GET /admin/restaurants with paging and filters', () => {
  it('without parameters answers the whole list as the spec shows, and no paging fields', async () => {
    await seedRestaurants();
    const res = await get('/admin/restaurants');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['counts', 'restaurants']);
    expect(body.restaurants).toHaveLength(30);
    expect(body.counts).toEqual({ all_count: 30, active_count: 20, inactive_count: 10 });
  });

  it('answers one page, newest first, with total, page, limit and the counts over every restaurant', async () => {
    await seedRestaurants();
    const first = (await get('/admin/restaurants?page=1&limit=12')).json();
    expect(slugs(first)).toEqual(Array.from({ length: 12 }, (_, i) => `oshxona-${30 - i}`));
    expect(first).toMatchObject({ total: 30, page: 1, limit: 12 });
    expect(first.counts).toEqual({ all_count: 30, active_count: 20, inactive_count: 10 });
    const last = (await get('/admin/restaurants?page=3&limit=12')).json();
    expect(slugs(last)).toEqual(Array.from({ length: 6 }, (_, i) => `oshxona-${6 - i}`));
    expect((await get('/admin/restaurants?page=4&limit=12')).json()).toMatchObject({ restaurants: [], total: 30 });
    // Only page: 20 rows by default.
    expect((await get('/admin/restaurants?page=1')).json()).toMatchObject({ total: 30, page: 1, limit: 20 });
    expect((await get('/admin/restaurants?page=1')).json().restaurants).toHaveLength(20);
  });

  it('q finds by name, slug and phone without regard to case; digits find the phone whatever its spaces', async () => {
    await seedRestaurants();
    expect(slugs((await get('/admin/restaurants?q=rAYHON')).json())).toEqual(['oshxona-7']);
    expect(slugs((await get('/admin/restaurants?q=OSHXONA-2')).json())).toEqual(
      ['oshxona-29', 'oshxona-28', 'oshxona-27', 'oshxona-26', 'oshxona-25', 'oshxona-24', 'oshxona-23'].concat(
        'oshxona-22',
        'oshxona-21',
        'oshxona-20',
        'oshxona-2',
      ),
    );
    expect(slugs((await get('/admin/restaurants?q=901234513')).json())).toEqual(['oshxona-13']);
    expect(slugs((await get(`/admin/restaurants?q=${encodeURIComponent('45 13')}`)).json())).toEqual(['oshxona-13']);
    // LIKE's wildcards are plain characters in a search.
    expect((await get('/admin/restaurants?q=%25')).json()).toMatchObject({ restaurants: [], total: 0 });
    expect((await get('/admin/restaurants?q=_')).json()).toMatchObject({ restaurants: [], total: 0 });
  });

  it('is_active and type narrow the list, and total counts what matches', async () => {
    await seedRestaurants();
    const inactive = (await get('/admin/restaurants?is_active=false&limit=100')).json();
    expect(inactive.total).toBe(10);
    expect(inactive.restaurants.every((r: { is_active: boolean }) => !r.is_active)).toBe(true);
    const pos = (await get('/admin/restaurants?type=integration')).json();
    expect(slugs(pos)).toEqual(['oshxona-30', 'oshxona-25', 'oshxona-20', 'oshxona-15', 'oshxona-10', 'oshxona-5']);
    const both = (await get('/admin/restaurants?type=integration&is_active=false')).json();
    expect(slugs(both)).toEqual(['oshxona-30', 'oshxona-15']);
    expect(both.total).toBe(2);
    // The spec's counters stay those of every restaurant.
    expect(both.counts).toEqual({ all_count: 30, active_count: 20, inactive_count: 10 });
  });

  it.each([
    'page=0',
    'page=-1',
    'page=x',
    'limit=0',
    'limit=101',
    'limit=1.5',
    'is_active=yes',
    'type=pos',
    'sort=name',
    `q=${'a'.repeat(101)}`,
    'id=oshxona-7',
  ])('refuses %s with 400 and an Uzbek message', async (query) => {
    const res = await get(`/admin/restaurants?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: expect.stringMatching(/noto'g'ri|qabul qilinmaydi/) });
  });

  it('looks one restaurant up by id: a page of that row, or of none (the panel reads no whole list for one name)', async () => {
    await seedRestaurants();
    const all = (await get('/admin/restaurants')).json();
    const seventh = all.restaurants.find((r: { slug: string }) => r.slug === 'oshxona-7');
    const found = (await get(`/admin/restaurants?id=${seventh._id}`)).json();
    expect(slugs(found)).toEqual(['oshxona-7']);
    expect(found).toMatchObject({ total: 1, page: 1, limit: 20 });
    expect(found.restaurants[0]).toMatchObject({
      _id: seventh._id,
      name: 'Rayhon Milliy Taomlar',
      manager_id: t.owner._id,
    });
    expect(found.counts).toEqual({ all_count: 30, active_count: 20, inactive_count: 10 });
    const none = (await get(`/admin/restaurants?id=${randomUUID()}`)).json();
    expect(none).toMatchObject({ restaurants: [], total: 0 });
  });

  it('refuses managers (403) and anonymous callers (401), with or without parameters', async () => {
    for (const url of [
      '/admin/restaurants',
      '/admin/restaurants?page=1&q=osh',
      `/admin/restaurants?id=${randomUUID()}`,
    ]) {
      expect((await get(url, 'anonymous')).statusCode).toBe(401);
      expect((await get(url, 'owner')).statusCode).toBe(403);
      expect((await get(url, 'other')).statusCode).toBe(403);
    }
  });
});

describe('GET /admin/managers with paging and filters', () => {
  async function seedManagers() {
    await t.db.delete(restaurants);
    await t.db.insert(users).values(
      Array.from({ length: 12 }, (_, i) => ({
        login: `kassir-${String(i + 1).padStart(2, '0')}`,
        password_hash: 'x',
        role: 'manager' as const,
        is_active: i % 4 !== 0,
      })),
    );
  }
  const logins = (body: { data: { login: string }[] }) => body.data.map((m) => m.login);

  it('without parameters answers every manager as before; with them a page by login, and total', async () => {
    await seedManagers();
    const whole = (await get('/admin/managers')).json();
    expect(Object.keys(whole)).toEqual(['data']);
    expect(whole.data.length).toBeGreaterThanOrEqual(14);

    const page = (await get('/admin/managers?q=KASSIR&limit=5&page=2')).json();
    expect(logins(page)).toEqual(['kassir-06', 'kassir-07', 'kassir-08', 'kassir-09', 'kassir-10']);
    expect(page).toMatchObject({ total: 12, page: 2, limit: 5 });
    expect(page.data[0]).toEqual({
      _id: expect.any(String),
      login: 'kassir-06',
      is_active: true,
      restaurants_count: 0,
      createdAt: expect.any(String),
    });
    const inactive = (await get('/admin/managers?q=kassir&is_active=false')).json();
    expect(logins(inactive)).toEqual(['kassir-01', 'kassir-05', 'kassir-09']);
    expect(inactive.total).toBe(3);
    const active = (await get('/admin/managers?q=kassir&is_active=true&limit=3')).json();
    expect(logins(active)).toEqual(['kassir-02', 'kassir-03', 'kassir-04']);
    expect(active.total).toBe(9);
  });

  it('counts each manager’s restaurants in a page too', async () => {
    await seedRestaurants();
    const res = (await get(`/admin/managers?q=${encodeURIComponent(t.owner.login)}`)).json();
    expect(res.data).toEqual([expect.objectContaining({ login: t.owner.login, restaurants_count: 30 })]);
  });

  it.each(['page=0', 'limit=101', 'is_active=1', 'type=manual'])('refuses %s with 400', async (query) => {
    const res = await get(`/admin/managers?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
  });

  it('refuses managers (403) and anonymous callers (401), with or without parameters', async () => {
    for (const url of ['/admin/managers', '/admin/managers?page=1&q=k']) {
      expect((await get(url, 'anonymous')).statusCode).toBe(401);
      expect((await get(url, 'owner')).statusCode).toBe(403);
    }
  });
});
