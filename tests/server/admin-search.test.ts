import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cyrillicToLatinPattern, latinToCyrillicPattern } from '../../lib/search';
import { rowsOf } from '../../server/db/client';
import { restaurants, users } from '../../server/db/schema';
import { setupTenants } from '../support/tenants';

/**
 * The admin searches read trigram indexes (one over name, slug and phone together). Whatever the index, a
 * search must answer exactly what the plain search answered before it: the restaurants whose name, slug or phone
 * contains the text without regard to case (or whose phone's digits contain a number's digits), the managers whose
 * login does. The "before" is that SQL itself, run here next to the API.
 */
const t = setupTenants();

const NAMES = [
  'Rayhon Milliy Taomlar',
  'RAYHON 2',
  'Bahor kafe',
  "O'zbegim osh markazi",
  'Oshxona 100%',
  'Burger_Bar',
  'Чайхана Навруз',
  'чайхана ЛАЗЗАТ',
  'Evos',
  'Kafe Rayhon-oila',
];

async function seed() {
  await t.db.delete(restaurants);
  const base = Date.parse('2026-02-01T00:00:00Z');
  await t.db.insert(restaurants).values(
    Array.from({ length: 40 }, (_, i) => ({
      _id: randomUUID(),
      name: i < NAMES.length ? NAMES[i]! : `Restoran ${i}`,
      slug: i === 5 ? 'burger-bar' : `joy-${i}`,
      phone_number: `+998 ${90 + (i % 4)} ${String(100 + i).padStart(3, '0')} ${String(10 + i).padStart(2, '0')} 45`,
      manager_id: t.owner._id,
      is_active: i % 3 !== 0,
      // Two pairs share a creation time: the order falls back to the id, as the list's does.
      createdAt: new Date(base + Math.floor(i / 2) * 60_000).toISOString(),
    })),
  );
  await t.db.insert(users).values(
    ['kassir-Ali', 'KASSIR-vali', 'oshpaz_1', 'oshpaz%2', 'Дилшод', 'dilshod'].map((login) => ({
      login,
      password_hash: 'x',
      role: 'manager' as const,
    })),
  );
}

/**
 * The plain search, without the indexes: three ILIKEs, and the phone's digits for a number; also each field
 * matched by the query's other-script pattern (lib/search.ts, tested on its own), field by field.
 */
async function restaurantsBefore(q: string, isActive?: boolean): Promise<string[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = q.replace(/\D/g, '');
  const byDigits = digits.length >= 3 && /^[\d\s+()-]+$/.test(q);
  const other = otherScript(q);
  const result = await t.db.execute(sql`
    select slug from restaurants
    where (name ilike ${pattern} or slug ilike ${pattern} or phone_number ilike ${pattern}
           or (${byDigits} and regexp_replace(phone_number, '\\D', '', 'g') like ${`%${digits}%`})
           or (${other !== undefined} and (name ~* ${other ?? ''} or slug ~* ${other ?? ''} or phone_number ~* ${other ?? ''})))
      and (${isActive === undefined} or is_active = ${isActive ?? true})
    order by created_at desc, id`);
  return rowsOf<{ slug: string }>(result).map((row) => row.slug);
}

async function loginsBefore(q: string): Promise<string[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const other = otherScript(q);
  const result = await t.db.execute(
    sql`select login from users where role = 'manager'
          and (login ilike ${pattern} or (${other !== undefined} and login ~* ${other ?? ''})) order by login, id`,
  );
  return rowsOf<{ login: string }>(result).map((row) => row.login);
}

const otherScript = (q: string) => cyrillicToLatinPattern(q) ?? latinToCyrillicPattern(q);

const SEARCHES = [
  'rayhon',
  'RAYHON',
  'ayh',
  'Ra',
  'r',
  'osh',
  "o'zbeg",
  '100%',
  '%',
  '_',
  'r_b',
  'burger-bar',
  'JOY-1',
  'joy-3',
  'Чайхана',
  'ЧАЙХ',
  'навруз',
  '+998 91',
  '91 103',
  '9110313',
  '(91) 113-23',
  '45',
  // Three digits are a number (found across the phone's spaces), two are not, nor digits after a letter.
  '010',
  '04',
  'x010',
  'restoran 3',
  'nothing-like-this',
  // Spaces around a query are the phone keyboard's, not part of it.
  '  rayhon ',
];

describe('the admin restaurant search answers what the plain search answered', () => {
  beforeAll(seed);

  it.each(SEARCHES)('q=%j: the same restaurants, in the same order, and the same total', async (q) => {
    const before = await restaurantsBefore(q.trim());
    const res = await t.call('admin', {
      method: 'GET',
      url: `/admin/restaurants?q=${encodeURIComponent(q)}&limit=100`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.restaurants.map((r: { slug: string }) => r.slug)).toEqual(before);
    expect(body.total).toBe(before.length);
  });

  it('a search is one line: with a line break (which could match across two fields of the index) it is refused', async () => {
    for (const q of ['Evos\njoy-8', 'Evos\r\njoy']) {
      const res = await t.call('admin', { method: 'GET', url: `/admin/restaurants?q=${encodeURIComponent(q)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/noto'g'ri|qabul qilinmaydi/);
    }
  });

  it('a search with a status filter, a page at a time, counts every match', async () => {
    const before = await restaurantsBefore('o', true);
    expect(before.length).toBeGreaterThan(6);
    const page2 = (
      await t.call('admin', { method: 'GET', url: '/admin/restaurants?q=O&is_active=true&limit=3&page=2' })
    ).json();
    expect(page2.restaurants.map((r: { slug: string }) => r.slug)).toEqual(before.slice(3, 6));
    expect(page2.total).toBe(before.length);
    // A page past the last: no rows, and still the total.
    const past = (
      await t.call('admin', { method: 'GET', url: '/admin/restaurants?q=O&is_active=true&limit=3&page=40' })
    ).json();
    expect(past).toMatchObject({ restaurants: [], total: before.length, page: 40 });
  });

  it.each(['kassir', 'KASSIR-V', 'ali', ' ali  ', 'oshpaz_', '%', 'dilshod', 'nobody'])(
    'managers, q=%j: the same logins and total',
    async (q) => {
      const before = await loginsBefore(q.trim());
      const res = await t.call('admin', { method: 'GET', url: `/admin/managers?q=${encodeURIComponent(q)}&limit=100` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.map((m: { login: string }) => m.login)).toEqual(before);
      expect(body.total).toBe(before.length);
    },
  );

  it('managers, q="дилш": the Cyrillic login the plain search finds, and the Latin one it spells', async () => {
    const res = await t.call('admin', {
      method: 'GET',
      url: `/admin/managers?q=${encodeURIComponent('дилш')}&limit=100`,
    });
    const logins = res.json().data.map((m: { login: string }) => m.login);
    expect(logins).toEqual(expect.arrayContaining(await loginsBefore('дилш')));
    expect([...logins].sort()).toEqual(['dilshod', 'Дилшод']);
  });
});
