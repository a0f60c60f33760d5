import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { restaurants, users } from '../../server/db/schema';
import { restaurantMatchCountQuery, restaurantSearchPageQuery } from '../../server/repositories/restaurants';
import { setupTenants } from '../support/tenants';
import { planOf, restaurantsAtScale } from './query-plan-fixtures';

/**
 * The admin's search finds Latin names for a Cyrillic query, as a Russian or Cyrillic Uzbek keyboard types them
 * ("Райҳон" or "райхон" finds Rayhon, "шурва" finds Sho'rva), and still reads the trigram index at 2,500 restaurants.
 */
const t = setupTenants();

const NAMES = ['Rayhon', "G'ijduvon oshxonasi", "Sho'rvaxona", 'Qovoq somsa', 'Чайхана Навруз', 'Evos', 'Xiva'];

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
    .values(['rayhon-kassa', 'bahor'].map((login) => ({ login, password_hash: 'x', role: 'manager' as const })));
});

async function found(q: string): Promise<string[]> {
  const res = await t.call('admin', { method: 'GET', url: `/admin/restaurants?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return (res.json().restaurants as { name: string }[]).map((r) => r.name).sort();
}

describe('the admin search across scripts', () => {
  it.each([
    ['Райҳон', ['Rayhon']],
    ['райхон', ['Rayhon']],
    ['РАЙХОН', ['Rayhon']],
    ['ғиждувон', ["G'ijduvon oshxonasi"]],
    ['гиждувон', ["G'ijduvon oshxonasi"]],
    ['шўрва', ["Sho'rvaxona"]],
    ['шурва', ["Sho'rvaxona"]],
    ['ковок', ['Qovoq somsa']],
    ['хива', ['Xiva']],
    ['ошхона', ["G'ijduvon oshxonasi"]],
    // Cyrillic names are still found as typed, and Latin queries as before.
    ['чайхана', ['Чайхана Навруз']],
    ['rayhon', ['Rayhon']],
    ['Шашлик', []],
  ])('q=%j finds %j', async (q, names) => {
    expect(await found(q)).toEqual(names);
  });

  it('a Cyrillic query finds a Latin login among the managers', async () => {
    const res = await t.call('admin', { method: 'GET', url: `/admin/managers?q=${encodeURIComponent('райхон')}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const logins = body.data as { login: string }[];
    expect(logins.map((m) => m.login)).toEqual(['rayhon-kassa']);
  });
});

describe('a Cyrillic search at 2,500 restaurants', () => {
  const scale = restaurantsAtScale('Rayhon');

  it('"райхон" finds the ten Rayhons from the trigram index, reading no restaurant it does not need', async () => {
    const page = restaurantSearchPageQuery(scale.db(), { q: 'райхон' }, { page: 1, limit: 20 });
    const rows = (await page) as unknown as { name: string }[];
    expect(rows.map((r) => r.name).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `Rayhon ${(i + 1) * 250}`).sort(),
    );
    for (const query of [page, restaurantMatchCountQuery(scale.db(), { q: 'райхон' })]) {
      const plan = await planOf(scale.db(), query);
      expect(plan.indexes).toContain('restaurants_search_trgm_idx');
      expect(plan.seqScans).toBe(0);
    }
  });
});
