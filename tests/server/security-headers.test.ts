import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';

let t: TestApp;
let admin: TestUser;
let slug: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, t.db, 'admin');
  const restaurant = await createRestaurant(t.db, { bot_token: '123456:secret-bot-token' });
  slug = restaurant.slug;
  await createProduct(t.db, (await createCategory(t.db, restaurant._id))._id, { name: 'Osh' });
});
afterAll(() => t.close());

describe('API answers are never stored by a browser or a proxy, nor sniffed', () => {
  it('the admin restaurant list (it holds bot tokens) is no-store', async () => {
    const res = await t.app.inject({ url: '/admin/restaurants', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('secret-bot-token');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each<[what: string, method: 'GET' | 'HEAD' | 'POST', url: string, signedIn: boolean, status: number]>([
    ['the profile', 'GET', '/auth/profile', true, 200],
    ['a public read', 'GET', '/user/restaurants/view?slug={slug}', false, 200],
    ['the health check', 'GET', '/health', false, 200],
    ['the health check (HEAD)', 'HEAD', '/health', false, 200],
    ['a call without a token', 'GET', '/admin/restaurants', false, 401],
    ['an invalid call', 'GET', '/user/restaurants/view', false, 400],
    ['an unknown path', 'GET', '/nope', false, 404],
    ['a failed login', 'POST', '/auth/login', false, 401],
  ])('%s: no-store and nosniff', async (_what, method, url, signedIn, status) => {
    const res = await t.app.inject({
      method,
      url: url.replace('{slug}', slug),
      headers: signedIn ? admin.headers : {},
      ...(method === 'POST' ? { payload: { login: 'nobody', password: 'wrong-password-1' } } : {}),
    });
    expect(res.statusCode).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('answers that choose their own caching keep it', () => {
  it('the menu page stays no-cache with an ETag, and still answers 304', async () => {
    const first = await t.app.inject({ url: `/menu?slug=${slug}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    const again = await t.app.inject({
      url: `/menu?slug=${slug}`,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
  });

  it('the menu data stays no-cache with an ETag', async () => {
    const res = await t.app.inject({ url: `/menu/data?slug=${slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeDefined();
  });

  it('QR codes keep no-cache and the table card too', async () => {
    for (const url of [`/menu/qr.svg?slug=${slug}`, `/menu/qr.png?slug=${slug}`, `/menu/card?slug=${slug}`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});
