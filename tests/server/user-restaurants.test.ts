import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let other: TestUser;
let active: Awaited<ReturnType<typeof createRestaurant>>;
let inactive: Awaited<ReturnType<typeof createRestaurant>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, t.db, 'admin');
  owner = await createUser(t.app, t.db, 'manager');
  other = await createUser(t.app, t.db, 'manager');
  active = await createRestaurant(t.db, {
    manager_id: owner._id,
    bot_token: '123456:SECRET-BOT-TOKEN',
    channel_id: '-100123',
    image: '/uploads/aaaa.webp',
  });
  inactive = await createRestaurant(t.db, { manager_id: owner._id, is_active: false, bot_token: '999:SECRET' });
});
afterAll(() => t.close());

const view = (slug: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/user/restaurants/view?slug=${encodeURIComponent(slug)}`, headers });

const PUBLIC_FIELDS = [
  '_id',
  'address',
  'createdAt',
  'hide_stopped',
  'image',
  'is_active',
  'logotype',
  'name',
  'phone_number',
  'slug',
  'time_zone',
  'type',
  'updatedAt',
  'work_time',
  'working_hours',
];

describe('GET /user/restaurants/view', () => {
  it('answers an active restaurant to anonymous callers, with the public fields only', async () => {
    const res = await view(active.slug);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(PUBLIC_FIELDS);
    expect(data).toMatchObject({
      _id: active._id,
      name: active.name,
      slug: active.slug,
      address: active.address,
      phone_number: active.phone_number,
      work_time: active.work_time,
      type: 'manual',
      is_active: true,
      image: '/uploads/aaaa.webp',
      logotype: null,
      hide_stopped: false,
    });
    expect(data.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(res.body).not.toContain('SECRET');
  });

  it('answers 404 for an inactive restaurant to anonymous callers', async () => {
    const res = await view(inactive.slug);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Restoran topilmadi.' });
  });

  it('treats a bad token as no token', async () => {
    expect((await view(active.slug, { authorization: 'Bearer nonsense' })).statusCode).toBe(200);
    expect((await view(inactive.slug, { authorization: 'Bearer nonsense' })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown slug', async () => {
    expect((await view('no-such-restaurant')).statusCode).toBe(404);
  });

  it('answers 400 naming slug when it is missing or too long', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/user/restaurants/view' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('"slug"');
    const long = await view('x'.repeat(65));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('"slug"');
  });

  it('shows an inactive restaurant to an admin, with its manager and bot_token', async () => {
    const res = await view(inactive.slug, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: inactive._id,
      is_active: false,
      manager_id: owner._id,
      manager: { _id: owner._id, login: owner.login },
      bot_token: '999:SECRET',
    });
  });

  it('shows an inactive restaurant to its own manager, with the manager but without bot_token', async () => {
    const res = await view(inactive.slug, owner.headers);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ is_active: false, manager: { _id: owner._id, login: owner.login } });
    expect(data).not.toHaveProperty('bot_token');
    expect(res.body).not.toContain('SECRET');
  });

  it("hides another manager's inactive restaurant and shows only public fields of an active one", async () => {
    expect((await view(inactive.slug, other.headers)).statusCode).toBe(404);
    const res = await view(active.slug, other.headers);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data).sort()).toEqual(PUBLIC_FIELDS);
  });
});
