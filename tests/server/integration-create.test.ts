import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { categories, products, restaurants, syncRuns } from '../../server/db/schema';
import { SAMPLE_ORGANIZATIONS } from '../../server/dev/pos/sample-data';
import { type PosSimulator, startPosSimulator } from '../../server/dev/pos/server';
import {
  ALREADY_LINKED,
  CREATE_FAILED,
  LIST_FAILED,
  ORGANIZATION_NOT_FOUND,
  SELECT_BOTH,
} from '../../server/integrations/messages';
import { slugify } from '../../server/integrations/slug';
import { messages } from '../../server/messages';
import { UNKNOWN_MANAGER } from '../../server/repositories/users';
import { RESTAURANT_NAME_MAX } from '../../server/schemas/restaurants';
import { createTestApp, type TestApp } from '../support/app';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { suiteApp } from '../support/suite-app';

/** Listing the POS's restaurants and creating restaurants from them (spec section 7). */

let sim: PosSimulator;
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let chilonzor: { id: string; name: string; address: string | null };
let yunusobod: { id: string; name: string; address: string | null };

beforeAll(async () => {
  sim = await startPosSimulator();
  t = await createTestApp({ IIKO_API_URL: sim.url, IIKO_API_LOGIN: sim.apiLogin });
  admin = await createUser(t.app, t.db, 'admin');
  manager = await createUser(t.app, t.db, 'manager');
  [chilonzor, yunusobod] = sim.control.organizations() as [typeof chilonzor, typeof yunusobod];
});
afterAll(async () => {
  await t.close();
  await sim.close();
});
beforeEach(async () => {
  sim.control.reset();
  await t.db.delete(restaurants);
});
afterEach(() => sim.control.clearFaults());

const list = (headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'GET', url: '/admin/integration/restaurants', headers });
const create = (payload: object, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'POST', url: '/admin/integration/restaurants/create', headers, payload });
const restaurantCount = async () => (await t.db.select({ n: count() }).from(restaurants))[0]!.n;

describe('GET /admin/integration/restaurants', () => {
  it("answers the POS's organizations as { id, name }", async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { id: chilonzor.id, name: 'Choyxona Navroʻz — Chilonzor' },
        { id: yunusobod.id, name: 'Lavash Markazi — Yunusobod' },
      ],
    });
  });

  it('leaves out an organization a restaurant is already linked to', async () => {
    expect((await create({ id: chilonzor.id, manager_id: manager._id })).statusCode).toBe(201);
    expect((await list()).json()).toEqual({ data: [{ id: yunusobod.id, name: yunusobod.name }] });
  });

  it('answers 502 with the load-failure text when the POS fails', async () => {
    sim.control.fail('/api/1/organizations');
    const res = await list();
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ statusCode: 502, error: 'Bad Gateway', message: LIST_FAILED });
  });

  it('refuses a manager and an anonymous caller', async () => {
    expect((await list(manager.headers)).statusCode).toBe(403);
    expect((await list({})).statusCode).toBe(401);
    expect(sim.control.stats().calls['/api/1/organizations']).toBeUndefined();
  });
});

describe('POST /admin/integration/restaurants/create', () => {
  it('creates an integration restaurant with a slug from the name, links it and imports its menu', async () => {
    const res = await create({ id: yunusobod.id, manager_id: manager._id });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.data).toMatchObject({
      name: 'Lavash Markazi — Yunusobod',
      slug: 'lavash-markazi-yunusobod',
      type: 'integration',
      is_active: true,
      manager_id: manager._id,
      manager: { _id: manager._id, login: manager.login },
    });
    const [row] = await t.db.select().from(restaurants).where(eq(restaurants._id, body.data._id));
    expect(row).toMatchObject({ integration_provider: 'iiko', integration_id: yunusobod.id, type: 'integration' });

    const cats = await t.db.select().from(categories).where(eq(categories.restaurant_id, body.data._id));
    const prods = await t.db
      .select({ n: count() })
      .from(products)
      .innerJoin(categories, eq(categories._id, products.category_id))
      .where(eq(categories.restaurant_id, body.data._id));
    expect(cats).toHaveLength(8);
    // In the POS's order, numbered from the top.
    expect(cats.map((c) => c.position).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(prods[0]!.n).toBe(41);
    expect(body.sync.created).toBeGreaterThan(8 + 41);
    expect(body.sync).toMatchObject({ updated: 0, deactivated: 0 });
    const runs = await t.db.select().from(syncRuns).where(eq(syncRuns.restaurant_id, body.data._id));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ result: 'ok', created: body.sync.created });
  });

  it('transliterates Uzbek apostrophes and adds -2, -3 when the slug is taken', async () => {
    await createRestaurant(t.db, { slug: 'choyxona-navroz-chilonzor' });
    await createRestaurant(t.db, { slug: 'choyxona-navroz-chilonzor-2' });
    const res = await create({ id: chilonzor.id, manager_id: manager._id });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.slug).toBe('choyxona-navroz-chilonzor-3');
  });

  it('answers 409 for an organization that is already linked, creating nothing more', async () => {
    expect((await create({ id: chilonzor.id, manager_id: manager._id })).statusCode).toBe(201);
    const res = await create({ id: chilonzor.id, manager_id: manager._id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ALREADY_LINKED);
    expect(await restaurantCount()).toBe(1);
  });

  it('answers 409 to the second of two simultaneous creations of one organization', async () => {
    sim.control.slow('/api/1/nomenclature', 300);
    const [a, b] = await Promise.all([
      create({ id: chilonzor.id, manager_id: manager._id }),
      create({ id: chilonzor.id, manager_id: manager._id }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    // Refused at once, in this process, without asking the POS a second time.
    expect([a, b].find((res) => res.statusCode === 409)!.json().message).toBe(messages.createRunning);
    expect(sim.control.stats().calls['/api/1/nomenclature']).toBe(1);
    expect(await restaurantCount()).toBe(1);
  });

  it('creates two organizations asked for at once, each waiting for nothing but its POS', async () => {
    sim.control.slow('/api/1/nomenclature', 300);
    const [a, b] = await Promise.all([
      create({ id: chilonzor.id, manager_id: manager._id }),
      create({ id: yunusobod.id, manager_id: manager._id }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(await restaurantCount()).toBe(2);
  });

  it("cuts a long organization name to the restaurant name's limit", async () => {
    const long = sim.control.addSampleOrganization({
      ...SAMPLE_ORGANIZATIONS[0]!,
      name: `Choyxona ${'Navroʻz '.repeat(40)}`,
    });
    const res = await create({ id: long.id, manager_id: manager._id });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.name).toBe(long.name.slice(0, RESTAURANT_NAME_MAX));
  });

  it.each([
    [{}],
    [{ id: 'x' }],
    [{ manager_id: 'x' }],
    [{ id: '', manager_id: '' }],
    [{ id: '  ', manager_id: 'x' }],
    [{ id: 'x', manager_id: '  ' }],
  ])("answers 400 'Iltimos, restoran va menedjer tanlang!' for %o", async (payload) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: SELECT_BOTH });
    expect(await restaurantCount()).toBe(0);
  });

  it('requires an existing manager (not an admin, not a malformed id)', async () => {
    for (const managerId of ['00000000-0000-4000-8000-000000000000', admin._id, 'not-a-uuid']) {
      const res = await create({ id: chilonzor.id, manager_id: managerId });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(UNKNOWN_MANAGER);
    }
    expect(await restaurantCount()).toBe(0);
  });

  it('answers 404 for an organization the POS does not have', async () => {
    const res = await create({ id: '11111111-1111-4111-8111-111111111111', manager_id: manager._id });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ORGANIZATION_NOT_FOUND);
    expect(await restaurantCount()).toBe(0);
  });

  it('creates nothing when the POS fails during the import', async () => {
    sim.control.fail('/api/1/stop_lists');
    const res = await create({ id: chilonzor.id, manager_id: manager._id });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ statusCode: 502, error: 'Bad Gateway', message: CREATE_FAILED });
    expect(await restaurantCount()).toBe(0);
    expect((await t.db.select({ n: count() }).from(categories))[0]!.n).toBe(0);
  });

  it('refuses a manager (403) and an anonymous caller (401), creating nothing', async () => {
    expect((await create({ id: chilonzor.id, manager_id: manager._id }, manager.headers)).statusCode).toBe(403);
    expect((await create({ id: chilonzor.id, manager_id: manager._id }, {})).statusCode).toBe(401);
    expect(await restaurantCount()).toBe(0);
  });

  it('rejects unknown body fields', async () => {
    const res = await create({ id: chilonzor.id, manager_id: manager._id, slug: 'mine' });
    expect(res.statusCode).toBe(400);
    expect(await restaurantCount()).toBe(0);
  });
});

describe('slugify', () => {
  it.each([
    ['Choyxona Navroʻz — Chilonzor', 'choyxona-navroz-chilonzor'],
    ["G'ijduvon O‘zbek Kabob", 'gijduvon-ozbek-kabob'],
    ['Ош маркази №1', 'osh-markazi-no1'],
    ['Café Crème', 'cafe-creme'],
    ['!!!', 'restoran'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe('without an integration source', () => {
  describe('on an app of its own', () => {
    const bare = suiteApp();

    it("answers 503 'Integratsiya manbasi sozlanmagan' and changes nothing", async () => {
      const boss = await createUser(bare.app, bare.db, 'admin');
      const boss2 = await createUser(bare.app, bare.db, 'manager');
      const linked = await createRestaurant(bare.db, {
        type: 'integration',
        integration_provider: 'iiko',
        integration_id: chilonzor.id,
      });
      const calls = [
        { method: 'GET' as const, url: '/admin/integration/restaurants' },
        {
          method: 'POST' as const,
          url: '/admin/integration/restaurants/create',
          payload: { id: chilonzor.id, manager_id: boss2._id },
        },
        { method: 'PUT' as const, url: `/admin/integration/restaurants/${linked._id}/sync` },
      ];
      for (const call of calls) {
        const res = await bare.app.inject({ ...call, headers: boss.headers });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'Integratsiya manbasi sozlanmagan',
        });
      }
      expect((await bare.db.select({ n: count() }).from(restaurants))[0]!.n).toBe(1);
    });
  });
});

describe('demo mode (DEMO=1, no IIKO_API_URL)', () => {
  const demo = suiteApp({ DEMO: '1' });

  it('starts the built-in simulator with the app and stops it with the app', async () => {
    const simulator = demo.app.integration.simulator!;
    const url = simulator.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const boss = await createUser(demo.app, demo.db, 'admin');
    const res = await demo.app.inject({
      method: 'GET',
      url: '/admin/integration/restaurants',
      headers: boss.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((o: { name: string }) => o.name)).toEqual([chilonzor.name, yunusobod.name]);
    // The simulator's ids are stable, so a restaurant linked in demo mode stays linked after a restart.
    expect(res.json().data.map((o: { id: string }) => o.id)).toEqual([chilonzor.id, yunusobod.id]);
    await demo.close();
    await expect(fetch(`${url}/control`, { method: 'POST' })).rejects.toThrow();
  });
});
