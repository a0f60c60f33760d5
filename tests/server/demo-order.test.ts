import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants } from '../../server/db/schema';
import { DEMO_MANAGERS, DEMO_RESTAURANTS } from '../../server/dev/demo/data';
import { seedDemo } from '../../server/dev/demo/seed';
import { createTestApp, type TestApp } from '../support/app';

/**
 * The demo data keeps its order: restaurants seeded in one transaction used to share one now() and so were ordered
 * by their random ids, which made "the manager's first restaurant" (spec 3: restaurantId, the screen the stop-list
 * opens) change from one fresh start to the next.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  await seedDemo(t.db, { dataDir: t.config.dataDir });
});
afterAll(() => t.close());

describe('demo seed order', () => {
  it('gives the restaurants increasing creation times in the order of the demo data', async () => {
    const rows = await t.db
      .select({ slug: restaurants.slug, createdAt: restaurants.createdAt })
      .from(restaurants)
      .orderBy(asc(restaurants.createdAt));
    expect(rows.map((r) => r.slug)).toEqual(DEMO_RESTAURANTS.map((r) => r.slug));
    const times = rows.map((r) => Date.parse(r.createdAt));
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]!);
  });

  it("a demo manager's first restaurant is the first of theirs in the demo data", async () => {
    const manager = DEMO_MANAGERS[0]!;
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: manager });
    expect(login.statusCode).toBe(200);
    const token = login.json().data.accessToken as string;
    const res = await t.app.inject({
      method: 'GET',
      url: '/manager/restaurants/me',
      headers: { authorization: `Bearer ${token}` },
    });
    const own = DEMO_RESTAURANTS.filter((r) => r.manager === 0).map((r) => r.slug);
    expect((res.json().data as Array<{ slug: string }>).map((r) => r.slug)).toEqual(own);
  });
});
