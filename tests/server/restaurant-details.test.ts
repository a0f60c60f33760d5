import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants } from '../../server/db/schema';
import { type PosSimulator, startPosSimulator } from '../../server/dev/pos/server';
import { createTestApp, type TestApp } from '../support/app';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';

/**
 * A restaurant created from the POS starts with the address the POS gives and can be saved with what it has; the phone
 * is an Uzbek number, stored and shown as `+998 90 123 45 67`.
 */

let sim: PosSimulator;
let t: TestApp;
let admin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  sim = await startPosSimulator();
  t = await createTestApp({ IIKO_API_URL: sim.url, IIKO_API_LOGIN: sim.apiLogin });
  admin = await createUser(t.app, t.db, 'admin');
  manager = await createUser(t.app, t.db, 'manager');
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

type Headers = Record<string, string>;
const update = (slug: string, payload: object, headers: Headers = manager.headers) =>
  t.app.inject({ method: 'PUT', url: `/manager/restaurants/update?slug=${slug}`, headers, payload });
const row = async (id: string) => (await t.db.select().from(restaurants).where(eq(restaurants._id, id)))[0]!;

let counter = 0;
const createBody = (overrides: Record<string, unknown>) => ({
  name: 'Telefon Restoran',
  slug: `telefon-${++counter}`,
  address: "Toshkent, Navoiy ko'chasi 1",
  manager_id: manager._id,
  is_active: true,
  phone_number: '+998 90 123 45 67',
  work_time: '09:00 - 23:00',
  ...overrides,
});
const create = (overrides: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/restaurants/create',
    headers: admin.headers,
    payload: createBody(overrides),
  });

describe('a restaurant created from the POS', () => {
  it('starts with the address iiko gives, and empty where iiko gives nothing', async () => {
    const [chilonzor, yunusobod] = sim.control.organizations();
    for (const org of [chilonzor!, yunusobod!]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/integration/restaurants/create',
        headers: admin.headers,
        payload: { id: org.id, manager_id: manager._id },
      });
      expect(res.statusCode).toBe(201);
    }
    const created = await t.db.select().from(restaurants).where(eq(restaurants.type, 'integration'));
    const byName = Object.fromEntries(created.map((r) => [r.name, r]));
    expect(byName['Choyxona Navroʻz — Chilonzor']).toMatchObject({
      address: "Toshkent, Chilonzor tumani, Bunyodkor ko'chasi 12",
      phone_number: '',
      work_time: '',
    });
    expect(byName['Lavash Markazi — Yunusobod']).toMatchObject({ address: '', phone_number: '', work_time: '' });
  });

  it('can be switched to Nofaol and edited while address, phone and work time stay empty', async () => {
    const pos = await createRestaurant(t.db, {
      type: 'integration',
      manager_id: manager._id,
      address: '',
      phone_number: '',
      work_time: '',
    });
    const off = await update(pos.slug, { is_active: false }, admin.headers);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.is_active).toBe(false);
    // What a manager's form sends when they fill the phone and leave the rest as the POS gave it.
    const phone = await update(pos.slug, {
      name: 'Navroʻz',
      address: '',
      phone_number: '+998712001010',
      work_time: '',
    });
    expect(phone.statusCode).toBe(200);
    expect(await row(pos._id)).toMatchObject({
      name: 'Navroʻz',
      address: '',
      phone_number: '+998 71 200 10 10',
      work_time: '',
    });
    // And emptied again: the POS restaurant may have none.
    const cleared = await update(pos.slug, { phone_number: '  ', work_time: '' });
    expect(cleared.statusCode).toBe(200);
    expect(await row(pos._id)).toMatchObject({ phone_number: '', work_time: '' });
  });

  it('a manual restaurant still needs its address, phone and work time', async () => {
    const manual = await createRestaurant(t.db, { manager_id: manager._id });
    for (const field of ['address', 'phone_number', 'work_time']) {
      const res = await update(manual.slug, { [field]: ' ' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(`"${field}"`);
    }
    expect((await row(manual._id)).address).toBe(manual.address);
    const trimmed = await update(manual.slug, { address: '  Chilonzor 5 ', work_time: ' 10:00 - 22:00  ' });
    expect(trimmed.statusCode).toBe(200);
    expect(await row(manual._id)).toMatchObject({ address: 'Chilonzor 5', work_time: '10:00 - 22:00' });
  });
});

const PHONE_REFUSED =
  `"phone_number" maydoni noto'g'ri: 9 ta raqamdan iborat O'zbekiston raqami bo'lishi kerak (oldida +998 bo'lishi ` +
  `mumkin), masalan 90 123 45 67 yoki +998 90 123 45 67.`;

describe('the restaurant phone is an Uzbek number', () => {
  it.each(['abc', '+998 90 123 45', '90 123 45', '+998 90 123 45 678', '+7 999 123 45 67', '+901234567'])(
    'refuses %j on create and on update with a clear Uzbek message',
    async (phone) => {
      const created = await create({ phone_number: phone });
      expect(created.statusCode).toBe(400);
      expect(created.json().message).toBe(PHONE_REFUSED);
      const own = await createRestaurant(t.db, { manager_id: manager._id });
      const updated = await update(own.slug, { phone_number: phone });
      expect(updated.statusCode).toBe(400);
      expect(updated.json().message).toBe(PHONE_REFUSED);
      expect((await row(own._id)).phone_number).toBe(own.phone_number);
    },
  );

  it.each([
    ['+998901234567', '+998 90 123 45 67'],
    ['+998 90 123 45 67', '+998 90 123 45 67'],
    [' +998 71 2001010 ', '+998 71 200 10 10'],
    ['90 123 45 67', '+998 90 123 45 67'],
    ['901234567', '+998 90 123 45 67'],
    ['(90) 123-45-67', '+998 90 123 45 67'],
    ['998901234567', '+998 90 123 45 67'],
    ['+998-90-123-45-67', '+998 90 123 45 67'],
    ['8 90 123 45 67', '+998 90 123 45 67'],
  ])('accepts %j and stores it as %j', async (typed, stored) => {
    const res = await create({ phone_number: typed });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.phone_number).toBe(stored);
    expect((await row(res.json().data._id)).phone_number).toBe(stored);
  });

  it("a manager's update takes the local form too and stores it the one way", async () => {
    const own = await createRestaurant(t.db, { manager_id: manager._id });
    const res = await update(own.slug, { phone_number: '71 200-10-10' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.phone_number).toBe('+998 71 200 10 10');
    expect((await row(own._id)).phone_number).toBe('+998 71 200 10 10');
  });

  it("a number typed the local way is found by the admin's search, by its digits however they are typed", async () => {
    const res = await create({ name: 'Raqamli Restoran', phone_number: '93 555 12 34' });
    expect(res.statusCode).toBe(201);
    for (const q of ['935551234', '93 555 12 34', '+998 93 555', '555-12-34']) {
      const found = await t.app.inject({
        method: 'GET',
        url: `/admin/restaurants?q=${encodeURIComponent(q)}`,
        headers: admin.headers,
      });
      expect(found.statusCode).toBe(200);
      expect(
        found.json().restaurants.map((r: { name: string }) => r.name),
        q,
      ).toEqual(['Raqamli Restoran']);
    }
  });
});

describe('the public menu', () => {
  it('omits the address, phone and work time a restaurant does not have', async () => {
    const bare = await createRestaurant(t.db, { type: 'integration', address: '', phone_number: '', work_time: '' });
    const page = await t.app.inject({ method: 'GET', url: `/menu/${bare.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Manzil');
    expect(page.body).not.toContain('Telefon raqam');
    expect(page.body).not.toContain('Ish vaqti');
    expect(page.body).not.toContain('class="if"');
  });

  it('shows the phone written +998 90 123 45 67 whatever way it was stored', async () => {
    const typed = await createRestaurant(t.db, { phone_number: '+998901234567' });
    const page = await t.app.inject({ method: 'GET', url: `/menu/${typed.slug}` });
    expect(page.body).toContain('<a href="tel:+998901234567">+998 90 123 45 67</a>');
  });
});
