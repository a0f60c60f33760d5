import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { restaurants, users } from '../../server/db/schema';
import { restaurantMatchCountQuery, restaurantSearchPageQuery } from '../../server/repositories/restaurants';
import { setupTenants } from '../support/tenants';
import { planOf, restaurantsAtScale } from './query-plan-fixtures';

/**
 * The reverse of admin-search-scripts: a Latin q on GET /admin/restaurants and /admin/managers also finds
 * names and logins written in Cyrillic ("shurpa" finds "Шурпа уйи", "rayhon" finds "Райҳон"), and still reads the
 * trigram index at 2,500 restaurants.
 */
const t = setupTenants();

const NAMES = ['Шурпа уйи', 'Райҳон', 'Ғиждувон ошхонаси', 'Қовоқ сомса', 'Чайхана Навруз', 'Rayhon', 'Баҳор'];

beforeAll(async () => {
  await t.db.delete(restaurants);
  const base = Date.parse('2026-02-01T00:00:00Z');
  await t.db.insert(restaurants).values(
    NAMES.map((name, i) => ({
      _id: randomUUID(),
      name,
      slug: `joy-${i}`,
      phone_number: '+998 90 000 00 00',
      manager_id: t.owner._id,
      createdAt: new Date(base + i * 60_000).toISOString(),
    })),
  );
  await t.db
    .insert(users)
    .values(['райҳон-касса', 'баҳор'].map((login) => ({ login, password_hash: 'x', role: 'manager' as const })));
});

async function found(q: string): Promise<string[]> {
  const res = await t.call('admin', { method: 'GET', url: `/admin/restaurants?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return (res.json().restaurants as { name: string }[]).map((r) => r.name).sort();
}

describe('the admin search, a Latin query on Cyrillic names', () => {
  it.each([
    ['shurpa', ['Шурпа уйи']],
    ['Shurpa uyi', ['Шурпа уйи']],
    ['rayhon', ['Rayhon', 'Райҳон'].sort()],
    // x for ҳ, as a keyboard types it (Latin names are still matched as typed: RAYXON is not Rayhon).
    ['RAYXON', ['Райҳон']],
    ["g'ijduvon", ['Ғиждувон ошхонаси']],
    ['gijduvon', ['Ғиждувон ошхонаси']],
    ['qovoq', ['Қовоқ сомса']],
    ['kovok', ['Қовоқ сомса']],
    ['chayxana', ['Чайхана Навруз']],
    ['oshxona', ['Ғиждувон ошхонаси']],
    ['shashlik', []],
  ])('q=%j finds %j', async (q, names) => {
    expect(await found(q)).toEqual(names);
  });

  it('a Latin query finds a Cyrillic login among the managers', async () => {
    const res = await t.call('admin', { method: 'GET', url: `/admin/managers?q=${encodeURIComponent('rayhon')}` });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as { login: string }[]).map((m) => m.login)).toEqual(['райҳон-касса']);
  });
});

describe('a Latin search of Cyrillic names at 2,500 restaurants', () => {
  const scale = restaurantsAtScale('Шурпа уйи');

  it('"shurpa" finds the ten Шурпа уйи from the trigram index, reading no restaurant it does not need', async () => {
    const page = restaurantSearchPageQuery(scale.db(), { q: 'shurpa' }, { page: 1, limit: 20 });
    const rows = (await page) as unknown as { name: string }[];
    expect(rows.map((r) => r.name).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `Шурпа уйи ${(i + 1) * 250}`).sort(),
    );
    for (const query of [page, restaurantMatchCountQuery(scale.db(), { q: 'shurpa' })]) {
      const plan = await planOf(scale.db(), query);
      expect(plan.indexes).toContain('restaurants_search_trgm_idx');
      expect(plan.seqScans).toBe(0);
    }
  });
});
