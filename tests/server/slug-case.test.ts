import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from '../../server/db/client';
import { createPglite } from '../../server/db/pglite';
import { restaurants } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';

/** Slugs are stored lowercase and looked up whatever the case a diner or an admin types. */

let t: TestApp;
let admin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, t.db, 'admin');
  manager = await createUser(t.app, t.db, 'manager');
  const restaurant = await createRestaurant(t.db, { slug: 'rayhon', name: 'Rayhon', manager_id: manager._id });
  const category = await createCategory(t.db, restaurant._id, { title: 'Suyuq taomlar' });
  await createProduct(t.db, category._id, { name: 'Mastava', price: 28000 });
});
afterAll(() => t.close());

const body = (slug: string) => ({
  name: 'Katta Restoran',
  slug,
  address: "Toshkent, Navoiy ko'chasi 1",
  manager_id: manager._id,
  is_active: true,
  phone_number: '+998 90 123 45 67',
  work_time: '09:00 - 23:00',
});

describe('the public menu ignores the case of the slug', () => {
  it.each(['/menu/RAYHON', '/menu?slug=Rayhon', '/menu/data?slug=RAYHON'])('%s opens the rayhon menu', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Mastava');
  });

  it('the restaurant read, the QR code and the card ignore the case too', async () => {
    const view = await t.app.inject({ method: 'GET', url: '/user/restaurants/view?slug=RAYHON' });
    expect(view.statusCode).toBe(200);
    expect(view.json().data.slug).toBe('rayhon');
    const qr = await t.app.inject({ method: 'GET', url: '/menu/qr.svg?slug=RAYHON&download=1' });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-disposition']).toContain('menyu-rayhon-qr.svg');
    const card = await t.app.inject({ method: 'GET', url: '/menu/card?slug=RayHon' });
    expect(card.statusCode).toBe(200);
    expect(card.body).toContain('/menu?slug=rayhon');
  });
});

describe('slugs are stored lowercase', () => {
  it('an admin creating "KATTA-Restoran" gets katta-restoran', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/restaurants/create',
      headers: admin.headers,
      payload: body('KATTA-Restoran'),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.slug).toBe('katta-restoran');
    const [row] = await t.db.select().from(restaurants).where(eq(restaurants._id, res.json().data._id));
    expect(row!.slug).toBe('katta-restoran');
  });

  it('a slug that differs only in case from a taken one is refused with 409', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/restaurants/create',
      headers: admin.headers,
      payload: body('RAYHON'),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Bu slug bilan restoran allaqachon mavjud.');
  });

  it('an update with an uppercase slug stores it lowercase and the old case-variant lookup follows', async () => {
    const own = await createRestaurant(t.db, { slug: 'bahor-eski', manager_id: manager._id });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/manager/restaurants/update?slug=BAHOR-ESKI',
      headers: admin.headers,
      payload: { slug: 'Bahor-Yangi' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.slug).toBe('bahor-yangi');
    const taken = await t.app.inject({
      method: 'PUT',
      url: `/manager/restaurants/update?slug=bahor-yangi`,
      headers: admin.headers,
      payload: { slug: 'RAYHON' },
    });
    expect(taken.statusCode).toBe(409);
    const [row] = await t.db.select().from(restaurants).where(eq(restaurants._id, own._id));
    expect(row!.slug).toBe('bahor-yangi');
  });

  it('the database itself refuses an uppercase slug (so the unique index is case-insensitive)', async () => {
    await expect(createRestaurant(t.db, { slug: 'Rayhon' })).rejects.toThrow();
  });
});

describe('migration 0005 lowercases the slugs already stored', () => {
  it('keeps the lowercase (or oldest) one and suffixes the other case-variants with their id', async () => {
    // The migrations up to 0004 only, in a folder of their own: the database as it was before this change.
    const before = mkdtempSync(join(tmpdir(), 'menyu-migrations-'));
    const pglite = await createPglite();
    try {
      cpSync(migrationsFolder, before, { recursive: true });
      const journalPath = join(before, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
      journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag < '0005');
      writeFileSync(journalPath, JSON.stringify(journal));
      const old = await openDatabase({ pglite, migrate: false });
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(old.db as never, { migrationsFolder: before });
      await pglite.exec(`
        INSERT INTO restaurants (id, name, slug) VALUES
          ('1a000000-0000-4000-8000-000000000001', 'A', 'Choyxona'),
          ('2b000000-0000-4000-8000-000000000002', 'B', 'CHOYXONA'),
          ('3c000000-0000-4000-8000-000000000003', 'C', 'Bahor'),
          ('4d000000-0000-4000-8000-000000000004', 'D', 'bahor'),
          ('5e000000-0000-4000-8000-000000000005', 'E', 'Osh-Markazi');
      `);
      await migrate(old.db as never, { migrationsFolder });
      const rows = await old.db
        .select({ name: restaurants.name, slug: restaurants.slug })
        .from(restaurants)
        .orderBy(asc(restaurants.name));
      expect(rows).toEqual([
        { name: 'A', slug: 'choyxona' },
        { name: 'B', slug: 'choyxona-2b000000' },
        { name: 'C', slug: 'bahor-3c000000' },
        { name: 'D', slug: 'bahor' },
        { name: 'E', slug: 'osh-markazi' },
      ]);
    } finally {
      await pglite.close();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
