import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, optionRows, productOptions, products, restaurants, users } from '../../server/db/schema';
import { storeImages } from '../../server/uploads/images';
import { createTestApp, type TestApp } from '../support/app';
import {
  createCategory,
  createOption,
  createProduct,
  createRestaurant,
  createRow,
  createUser,
  type TestUser,
} from '../support/fixtures';
import { pngImage, storedPath } from '../support/images';
import { suiteApp } from '../support/suite-app';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, t.db, 'admin');
  owner = await createUser(t.app, t.db, 'manager');
  other = await createUser(t.app, t.db, 'manager');
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const anonymous: Headers = {};
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** Everything a refused call could have touched, to prove it touched nothing. */
async function snapshot(): Promise<string> {
  const rows = await Promise.all([
    t.db.select().from(restaurants).orderBy(restaurants._id),
    t.db.select().from(categories).orderBy(categories._id),
    t.db.select().from(products).orderBy(products._id),
    t.db.select().from(users).orderBy(users._id),
  ]);
  return JSON.stringify(rows);
}

let slugCounter = 0;
const newSlug = () => `yangi-restoran-${++slugCounter}-${Date.now().toString(36)}`;
const validBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Yangi Restoran',
  slug: newSlug(),
  address: "Toshkent, Chilonzor ko'chasi 7",
  manager_id: owner._id,
  is_active: true,
  phone_number: '+998 90 111 22 33',
  work_time: '10:00 - 22:00',
  ...overrides,
});

async function restaurantRow(id: string) {
  const [row] = await t.db.select().from(restaurants).where(eq(restaurants._id, id));
  return row;
}

describe('GET /admin/restaurants', () => {
  it('answers every restaurant with its manager and database counts', async () => {
    const a = await createRestaurant(t.db, { manager_id: owner._id, bot_token: 'tok-1' });
    await createRestaurant(t.db, { manager_id: other._id, is_active: false });
    const res = await inject('GET', '/admin/restaurants', admin.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['counts', 'restaurants']);
    const all = await t.db.select().from(restaurants);
    expect(body.counts).toEqual({
      all_count: all.length,
      active_count: all.filter((r) => r.is_active).length,
      inactive_count: all.filter((r) => !r.is_active).length,
    });
    expect(body.counts.inactive_count).toBeGreaterThan(0);
    expect(body.restaurants).toHaveLength(all.length);
    const listed = body.restaurants.find((r: { _id: string }) => r._id === a._id);
    expect(listed).toMatchObject({
      _id: a._id,
      name: a.name,
      slug: a.slug,
      address: a.address,
      phone_number: a.phone_number,
      work_time: a.work_time,
      manager_id: owner._id,
      manager: { _id: owner._id, login: owner.login },
      type: 'manual',
      is_active: true,
      bot_token: 'tok-1',
      channel_id: null,
      image: null,
      logotype: null,
    });
  });

  describe('on an app of its own', () => {
    const fresh = suiteApp();

    it('counts on an empty table are zeros, not missing', async () => {
      const boss = await createUser(fresh.app, fresh.db, 'admin');
      const res = await fresh.app.inject({ method: 'GET', url: '/admin/restaurants', headers: boss.headers });
      expect(res.json()).toEqual({ restaurants: [], counts: { all_count: 0, active_count: 0, inactive_count: 0 } });
    });
  });

  it('answers 401 without a token or with a bad one, 403 for a manager', async () => {
    expect((await inject('GET', '/admin/restaurants', anonymous)).statusCode).toBe(401);
    const bad = await inject('GET', '/admin/restaurants', { authorization: 'Bearer not-a-token' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe('Unauthorized');
    const manager = await inject('GET', '/admin/restaurants', owner.headers);
    expect(manager.statusCode).toBe(403);
    expect(manager.json().error).toBe('Forbidden');
  });
});

describe('POST /admin/restaurants/create', () => {
  it('creates a manual restaurant and answers 201 with { data }', async () => {
    // A bot token is checked with Telegram before it is saved: tests/server/telegram-setup.test.ts.
    const body = validBody({ channel_id: '' });
    const res = await inject('POST', '/admin/restaurants/create', admin.headers, body);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: body.name,
      slug: body.slug,
      address: body.address,
      phone_number: body.phone_number,
      work_time: body.work_time,
      manager_id: owner._id,
      manager: { _id: owner._id, login: owner.login },
      is_active: true,
      type: 'manual',
      bot_token: null,
      channel_id: null,
      telegram_configured: false,
      telegram_error: null,
      image: null,
      logotype: null,
    });
    const row = await restaurantRow(data._id);
    expect(row).toMatchObject({ slug: body.slug, type: 'manual', manager_id: owner._id, channel_id: null });
  });

  it('takes hide_stopped (the admin form sets it on create); without it the menu greys, not hides', async () => {
    const hiding = await inject('POST', '/admin/restaurants/create', admin.headers, validBody({ hide_stopped: true }));
    expect(hiding.statusCode).toBe(201);
    expect(hiding.json().data.hide_stopped).toBe(true);
    expect(await restaurantRow(hiding.json().data._id)).toMatchObject({ hide_stopped: true });
    const plain = await inject('POST', '/admin/restaurants/create', admin.headers, validBody());
    expect(plain.json().data.hide_stopped).toBe(false);
    const wrong = await inject('POST', '/admin/restaurants/create', admin.headers, validBody({ hide_stopped: 'ha' }));
    expect(wrong.statusCode).toBe(400);
  });

  it('trims the text fields', async () => {
    const res = await inject('POST', '/admin/restaurants/create', admin.headers, validBody({ name: '  Bahor  ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.name).toBe('Bahor');
  });

  it.each(['name', 'slug', 'address', 'manager_id', 'is_active', 'phone_number', 'work_time'])(
    'answers 400 naming %s when it is missing, and creates nothing',
    async (field) => {
      const before = await snapshot();
      const body: Record<string, unknown> = validBody();
      delete body[field];
      const res = await inject('POST', '/admin/restaurants/create', admin.headers, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`"${field}" maydoni majburiy.`);
      expect(await snapshot()).toBe(before);
    },
  );

  it.each([
    ['name', { name: '   ' }],
    ['name', { name: 'x'.repeat(121) }],
    ['slug', { slug: 'Katta Harflar' }],
    ['slug', { slug: 'oxiri-' }],
    ['slug', { slug: 'ikki--chiziq' }],
    ['manager_id', { manager_id: 'not-a-uuid' }],
    ['is_active', { is_active: 'true' }],
    ['phone_number', { phone_number: 998901112233 }],
    ['bot_token', { bot_token: 5 }],
    ['extra', { extra: 'x' }],
  ])('answers 400 naming %s for %o', async (field, overrides) => {
    const before = await snapshot();
    const res = await inject('POST', '/admin/restaurants/create', admin.headers, validBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`"${field}"`);
    expect(await snapshot()).toBe(before);
  });

  it('answers 400 when manager_id is not an existing manager (unknown id or an admin)', async () => {
    const before = await snapshot();
    for (const managerId of ['00000000-0000-4000-8000-000000000000', admin._id]) {
      const res = await inject(
        'POST',
        '/admin/restaurants/create',
        admin.headers,
        validBody({ manager_id: managerId }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('"manager_id" maydoni noto\'g\'ri: bunday menedjer topilmadi.');
    }
    expect(await snapshot()).toBe(before);
  });

  it('answers 409 with an Uzbek message for a duplicate slug', async () => {
    const existing = await createRestaurant(t.db, { manager_id: owner._id });
    const before = await snapshot();
    const res = await inject('POST', '/admin/restaurants/create', admin.headers, validBody({ slug: existing.slug }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Bu slug bilan restoran allaqachon mavjud.',
    });
    expect(await snapshot()).toBe(before);
  });

  it('refuses managers (403) and anonymous callers (401) without creating anything', async () => {
    const before = await snapshot();
    expect((await inject('POST', '/admin/restaurants/create', owner.headers, validBody())).statusCode).toBe(403);
    expect((await inject('POST', '/admin/restaurants/create', anonymous, validBody())).statusCode).toBe(401);
    expect(await snapshot()).toBe(before);
  });
});

/** A restaurant with a whole menu below it and real image files for its pictures and products. */
async function restaurantWithMenu(managerId: string) {
  const [image, logotype, photo1, photo2] = await storeImages(
    t.config.dataDir,
    await Promise.all([1, 2, 3, 4].map(async (i) => ({ filename: `${i}.png`, data: await pngImage() }))),
  );
  const restaurant = await createRestaurant(t.db, { manager_id: managerId, image, logotype });
  const category = await createCategory(t.db, restaurant._id);
  const product = await createProduct(t.db, category._id, { images: [{ file: photo1! }, { file: photo2! }] });
  const option = await createOption(t.db, product._id);
  const row = await createRow(t.db, option._id);
  return { restaurant, category, product, option, row, files: [image!, logotype!, photo1!, photo2!] };
}

async function expectMenuGone(menu: Awaited<ReturnType<typeof restaurantWithMenu>>) {
  expect(await restaurantRow(menu.restaurant._id)).toBeUndefined();
  expect(await t.db.select().from(categories).where(eq(categories._id, menu.category._id))).toEqual([]);
  expect(await t.db.select().from(products).where(eq(products._id, menu.product._id))).toEqual([]);
  expect(await t.db.select().from(productOptions).where(eq(productOptions._id, menu.option._id))).toEqual([]);
  expect(await t.db.select().from(optionRows).where(eq(optionRows._id, menu.row._id))).toEqual([]);
  for (const file of menu.files) {
    expect(existsSync(storedPath(t.config.dataDir, file))).toBe(false);
    expect(existsSync(storedPath(t.config.dataDir, file, true))).toBe(false);
  }
}

async function expectMenuKept(menu: Awaited<ReturnType<typeof restaurantWithMenu>>) {
  expect(await restaurantRow(menu.restaurant._id)).toBeDefined();
  expect(await t.db.select().from(optionRows).where(eq(optionRows._id, menu.row._id))).toHaveLength(1);
  for (const file of menu.files) expect(existsSync(storedPath(t.config.dataDir, file))).toBe(true);
}

describe('DELETE /admin/restaurants/delete', () => {
  it('deletes the restaurant, its whole menu and its image files, and nothing else', async () => {
    const doomed = await restaurantWithMenu(owner._id);
    const kept = await restaurantWithMenu(owner._id);
    for (const file of doomed.files) expect(existsSync(storedPath(t.config.dataDir, file))).toBe(true);
    const res = await inject('DELETE', `/admin/restaurants/delete?slug=${doomed.restaurant.slug}`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Restoran o'chirildi." });
    await expectMenuGone(doomed);
    await expectMenuKept(kept);
  });

  it('keeps a file that another restaurant still uses', async () => {
    const doomed = await restaurantWithMenu(owner._id);
    const shared = doomed.files[2]!;
    const keeper = await createRestaurant(t.db, { manager_id: other._id });
    const keeperCategory = await createCategory(t.db, keeper._id);
    await createProduct(t.db, keeperCategory._id, { images: [{ file: shared }] });
    const res = await inject('DELETE', `/admin/restaurants/delete?slug=${doomed.restaurant.slug}`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(existsSync(storedPath(t.config.dataDir, shared))).toBe(true);
    expect(existsSync(storedPath(t.config.dataDir, doomed.files[3]!))).toBe(false);
  });

  it('answers 404 for an unknown slug and 400 without one', async () => {
    const res = await inject('DELETE', '/admin/restaurants/delete?slug=yoq-restoran', admin.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Restoran topilmadi.');
    const missing = await inject('DELETE', '/admin/restaurants/delete', admin.headers);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('"slug"');
  });

  it('refuses the owning manager (403) and anonymous callers (401), deleting nothing', async () => {
    const menu = await restaurantWithMenu(owner._id);
    const before = await snapshot();
    const url = `/admin/restaurants/delete?slug=${menu.restaurant.slug}`;
    expect((await inject('DELETE', url, owner.headers)).statusCode).toBe(403);
    expect((await inject('DELETE', url, anonymous)).statusCode).toBe(401);
    expect(await snapshot()).toBe(before);
    await expectMenuKept(menu);
  });
});

describe('GET /manager/restaurants/me', () => {
  describe('on an app of its own', () => {
    const mine = suiteApp();

    it("answers a manager's own restaurants only, oldest first, without bot_token", async () => {
      const boss = await createUser(mine.app, mine.db, 'admin');
      const a = await createUser(mine.app, mine.db, 'manager');
      const b = await createUser(mine.app, mine.db, 'manager');
      const first = await createRestaurant(mine.db, { manager_id: a._id, bot_token: 'SECRET-1' });
      const second = await createRestaurant(mine.db, { manager_id: a._id, is_active: false });
      const theirs = await createRestaurant(mine.db, { manager_id: b._id });
      const res = await mine.app.inject({ method: 'GET', url: '/manager/restaurants/me', headers: a.headers });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.map((r: { _id: string }) => r._id)).toEqual([first._id, second._id]);
      expect(data[0]).toMatchObject({ manager: { _id: a._id, login: a.login }, is_active: true });
      expect(data[0]).not.toHaveProperty('bot_token');
      expect(res.body).not.toContain('SECRET');

      const bRes = await mine.app.inject({ method: 'GET', url: '/manager/restaurants/me', headers: b.headers });
      expect(bRes.json().data.map((r: { _id: string }) => r._id)).toEqual([theirs._id]);

      const all = await mine.app.inject({ method: 'GET', url: '/manager/restaurants/me', headers: boss.headers });
      expect(
        all
          .json()
          .data.map((r: { _id: string }) => r._id)
          .sort(),
      ).toEqual([first._id, second._id, theirs._id].sort());
      expect(all.json().data.find((r: { _id: string }) => r._id === first._id).bot_token).toBe('SECRET-1');
    });
  });

  it('answers an empty array to a manager without restaurants, 401 without a token', async () => {
    const lonely = await createUser(t.app, t.db, 'manager');
    const res = await inject('GET', '/manager/restaurants/me', lonely.headers);
    expect(res.json()).toEqual({ data: [] });
    expect((await inject('GET', '/manager/restaurants/me', anonymous)).statusCode).toBe(401);
  });
});

describe('PUT /manager/restaurants/update', () => {
  const update = (slug: string, headers: Headers, body: object) =>
    inject('PUT', `/manager/restaurants/update?slug=${slug}`, headers, body);

  it('changes only the sent field and moves updatedAt', async () => {
    const r = await createRestaurant(t.db, { manager_id: owner._id, bot_token: 'keep-me' });
    const before = await restaurantRow(r._id);
    const res = await update(r.slug, owner.headers, { name: 'Yangi nom' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: r._id, name: 'Yangi nom', address: r.address });
    const after = await restaurantRow(r._id);
    const { name: _n, updatedAt: beforeUpdated, ...restBefore } = before!;
    const { name, updatedAt: afterUpdated, ...restAfter } = after!;
    expect(name).toBe('Yangi nom');
    expect(restAfter).toEqual(restBefore);
    expect(new Date(afterUpdated).getTime()).toBeGreaterThan(new Date(beforeUpdated).getTime());
  });

  it('lets a manager change the four fields of the Update Restaurant modal together', async () => {
    const r = await createRestaurant(t.db, { manager_id: owner._id });
    const body = { name: 'A', address: 'B', phone_number: '+998 99 000 00 00', work_time: '24/7' };
    const res = await update(r.slug, owner.headers, body);
    expect(res.statusCode).toBe(200);
    expect(await restaurantRow(r._id)).toMatchObject(body);
  });

  it('lets an admin change the admin fields; an empty bot_token clears it', async () => {
    const r = await createRestaurant(t.db, { manager_id: owner._id, bot_token: 'old' });
    const slug = newSlug();
    const res = await update(r.slug, admin.headers, {
      slug,
      manager_id: other._id,
      is_active: false,
      bot_token: '',
      channel_id: '@kanal',
      hide_stopped: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ slug, manager: { _id: other._id, login: other.login }, bot_token: null });
    expect(await restaurantRow(r._id)).toMatchObject({
      slug,
      manager_id: other._id,
      is_active: false,
      bot_token: null,
      channel_id: '@kanal',
      hide_stopped: true,
    });
  });

  it.each([
    { is_active: false },
    { slug: 'boshqa' },
    { manager_id: '00000000-0000-4000-8000-000000000000' },
    { bot_token: 'x' },
    { channel_id: 'x' },
    { hide_stopped: true },
  ])('refuses a manager changing an admin field (403, %o) and changes nothing', async (body) => {
    const r = await createRestaurant(t.db, { manager_id: owner._id });
    const before = await snapshot();
    const res = await update(r.slug, owner.headers, { name: 'Yangi', ...body });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(`"${Object.keys(body)[0]}" maydonini faqat administrator o'zgartira oladi.`);
    expect(await snapshot()).toBe(before);
  });

  it("answers 404 to a manager for another manager's restaurant and changes nothing", async () => {
    const r = await createRestaurant(t.db, { manager_id: other._id });
    const before = await snapshot();
    const res = await update(r.slug, owner.headers, { name: 'Bosqinchi' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Restoran topilmadi.');
    expect(await snapshot()).toBe(before);
  });

  it.each([
    [{}, 'kamida bitta maydon yuborilishi kerak'],
    [{ name: '' }, '"name"'],
    [{ name: '  ' }, '"name"'],
    [{ work_time: 9 }, '"work_time"'],
    [{ color: 'red' }, '"color"'],
  ])('answers 400 for %o, naming the problem', async (body, named) => {
    const r = await createRestaurant(t.db, { manager_id: owner._id });
    const before = await snapshot();
    const res = await update(r.slug, owner.headers, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(named);
    expect(await snapshot()).toBe(before);
  });

  it('answers 404 for an unknown slug, 409 for a taken slug, 400 for an unknown manager', async () => {
    const r = await createRestaurant(t.db, { manager_id: owner._id });
    const taken = await createRestaurant(t.db, { manager_id: owner._id });
    const before = await snapshot();
    expect((await update('yoq-restoran', admin.headers, { name: 'x' })).statusCode).toBe(404);
    const dup = await update(r.slug, admin.headers, { slug: taken.slug });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Bu slug bilan restoran allaqachon mavjud.');
    const unknown = await update(r.slug, admin.headers, { manager_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('"manager_id"');
    expect(await snapshot()).toBe(before);
  });

  it('keeps a slug sent unchanged (not a conflict with itself)', async () => {
    const r = await createRestaurant(t.db, { manager_id: owner._id });
    expect((await update(r.slug, admin.headers, { slug: r.slug, name: 'Same' })).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const r = await createRestaurant(t.db, { manager_id: owner._id });
    const before = await snapshot();
    expect((await update(r.slug, anonymous, { name: 'x' })).statusCode).toBe(401);
    expect(await snapshot()).toBe(before);
  });
});

describe('DELETE /manager/restaurants/delete', () => {
  it('lets an admin delete by id, with the whole menu and its files', async () => {
    const menu = await restaurantWithMenu(owner._id);
    const res = await inject(
      'DELETE',
      `/manager/restaurants/delete?restaurantId=${menu.restaurant._id}`,
      admin.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Restoran o'chirildi." });
    await expectMenuGone(menu);
  });

  it('is admin only: the owning manager gets 403 and nothing is deleted', async () => {
    const menu = await restaurantWithMenu(owner._id);
    const before = await snapshot();
    const res = await inject(
      'DELETE',
      `/manager/restaurants/delete?restaurantId=${menu.restaurant._id}`,
      owner.headers,
    );
    expect(res.statusCode).toBe(403);
    expect(await snapshot()).toBe(before);
    await expectMenuKept(menu);
  });

  it('answers 400 naming restaurantId for a bad id and 404 for an unknown one', async () => {
    const bad = await inject('DELETE', '/manager/restaurants/delete?restaurantId=12', admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('"restaurantId"');
    const unknown = await inject(
      'DELETE',
      '/manager/restaurants/delete?restaurantId=00000000-0000-4000-8000-000000000000',
      admin.headers,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('authorization matrix of the restaurant calls', () => {
  type Who = 'anonymous' | 'admin' | 'owner' | 'other';
  const who: Who[] = ['anonymous', 'admin', 'owner', 'other'];
  const headersOf = (w: Who) => ({ anonymous, admin: admin.headers, owner: owner.headers, other: other.headers })[w];
  type Target = Awaited<ReturnType<typeof createRestaurant>>;
  const calls: {
    name: string;
    run: (target: Target, headers: Headers) => ReturnType<typeof inject>;
    expected: Record<Who, number>;
  }[] = [
    {
      name: 'GET /admin/restaurants',
      run: (_r, h) => inject('GET', '/admin/restaurants', h),
      expected: { anonymous: 401, admin: 200, owner: 403, other: 403 },
    },
    {
      name: 'POST /admin/restaurants/create',
      run: (_r, h) => inject('POST', '/admin/restaurants/create', h, validBody()),
      expected: { anonymous: 401, admin: 201, owner: 403, other: 403 },
    },
    {
      name: 'DELETE /admin/restaurants/delete',
      run: (r, h) => inject('DELETE', `/admin/restaurants/delete?slug=${r.slug}`, h),
      expected: { anonymous: 401, admin: 200, owner: 403, other: 403 },
    },
    {
      name: 'GET /manager/restaurants/me',
      run: (_r, h) => inject('GET', '/manager/restaurants/me', h),
      expected: { anonymous: 401, admin: 200, owner: 200, other: 200 },
    },
    {
      name: 'PUT /manager/restaurants/update',
      run: (r, h) => inject('PUT', `/manager/restaurants/update?slug=${r.slug}`, h, { work_time: '00:00 - 24:00' }),
      expected: { anonymous: 401, admin: 200, owner: 200, other: 404 },
    },
    {
      name: 'DELETE /manager/restaurants/delete',
      run: (r, h) => inject('DELETE', `/manager/restaurants/delete?restaurantId=${r._id}`, h),
      expected: { anonymous: 401, admin: 200, owner: 403, other: 403 },
    },
    {
      name: 'GET /user/restaurants/view (inactive restaurant)',
      run: (r, h) => inject('GET', `/user/restaurants/view?slug=${r.slug}`, h),
      expected: { anonymous: 404, admin: 200, owner: 200, other: 404 },
    },
  ];

  for (const call of calls) {
    for (const w of who) {
      it(`${call.name} as ${w} answers ${call.expected[w]}`, async () => {
        const target = await createRestaurant(t.db, { manager_id: owner._id, is_active: false });
        const before = await snapshot();
        const res = await call.run(target, headersOf(w));
        expect(res.statusCode).toBe(call.expected[w]);
        if (res.statusCode >= 400) {
          expect(await snapshot()).toBe(before);
        } else if (call.name.startsWith('DELETE')) {
          expect(await restaurantRow(target._id)).toBeUndefined();
        } else if (call.name.startsWith('PUT')) {
          expect((await restaurantRow(target._id))?.work_time).toBe('00:00 - 24:00');
        }
        if (call.name === 'GET /manager/restaurants/me' && w === 'other') {
          expect(res.json().data.map((r: { _id: string }) => r._id)).not.toContain(target._id);
        }
      });
    }
  }
});

describe('menu change notifications', () => {
  it('announces the restaurant after create, update and both deletes, so the public menu drops its cache', async () => {
    const seen: (string | null)[] = [];
    t.app.onMenuChanged((id) => seen.push(id));
    const created = await inject('POST', '/admin/restaurants/create', admin.headers, validBody());
    const id = created.json().data._id as string;
    expect(seen).toContain(id);
    seen.length = 0;
    await inject('PUT', `/manager/restaurants/update?slug=${created.json().data.slug}`, owner.headers, { name: 'Z' });
    expect(seen).toEqual([id]);
    seen.length = 0;
    await inject('DELETE', `/admin/restaurants/delete?slug=${created.json().data.slug}`, admin.headers);
    expect(seen).toEqual([id]);
    const other = await createRestaurant(t.db, { manager_id: owner._id });
    seen.length = 0;
    await inject('DELETE', `/manager/restaurants/delete?restaurantId=${other._id}`, admin.headers);
    expect(seen).toEqual([other._id]);
    seen.length = 0;
    await inject('PUT', `/manager/restaurants/update?slug=${other.slug}`, owner.headers, { name: 'gone' });
    expect(seen).toEqual([]);
  });
});

describe('/docs', () => {
  it('documents every restaurant and manager call with its schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const op = (path: string, method: string) => doc.paths[path]?.[method];
    expect(op('/admin/restaurants', 'get').responses['200']).toBeDefined();
    expect(op('/admin/restaurants/create', 'post').requestBody).toBeDefined();
    expect(op('/admin/restaurants/delete', 'delete').parameters.map((p: { name: string }) => p.name)).toEqual(['slug']);
    expect(op('/manager/restaurants/me', 'get')).toBeDefined();
    expect(op('/manager/restaurants/update', 'put').requestBody).toBeDefined();
    expect(op('/manager/restaurants/delete', 'delete').description).toContain('admin');
    expect(op('/user/restaurants/view', 'get')).toBeDefined();
    expect(op('/admin/managers', 'get')).toBeDefined();
    expect(op('/admin/managers', 'post').requestBody).toBeDefined();
    expect(op('/admin/managers/{id}', 'put').requestBody).toBeDefined();
    expect(op('/admin/managers/{id}', 'delete')).toBeDefined();
    expect(Object.keys(op('/manager/upload', 'post').requestBody.content)).toEqual(['multipart/form-data']);
  });
});
