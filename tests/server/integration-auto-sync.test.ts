import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { jobLeases, products, syncRuns } from '../../server/db/schema';
import { SAMPLE_ORGANIZATIONS } from '../../server/dev/pos/sample-data';
import { type PosSimulator, startPosSimulator } from '../../server/dev/pos/server';
import { scheduleAutoSync } from '../../server/integrations/auto-sync';
import { createTestApp, type TestApp } from '../support/app';
import { createUser } from '../support/fixtures';

/** Scheduled syncs: the POS's changes arrive without anyone pressing 'sync'. */

let sim: PosSimulator;
let t: TestApp;
let restaurantId: string;
const sample = SAMPLE_ORGANIZATIONS[0]!;

beforeAll(async () => {
  sim = await startPosSimulator();
  t = await createTestApp({ IIKO_API_URL: sim.url, IIKO_API_LOGIN: sim.apiLogin });
  const admin = await createUser(t.app, t.db, 'admin');
  const manager = await createUser(t.app, t.db, 'manager');
  const orgId = sim.control.organizations().find((org) => org.name === sample.name)!.id;
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/integration/restaurants/create',
    headers: admin.headers,
    payload: { id: orgId, manager_id: manager._id },
  });
  expect(res.statusCode).toBe(201);
  restaurantId = res.json().data._id;
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

/** The server as `npm start` runs it, on the same database, with its schedule of `minutes`. */
async function scheduledServer(minutes: number, config = t.config): Promise<FastifyInstance> {
  const app = await buildApp(config, { database: t.database, logger: false, distDir: t.config.dataDir });
  scheduleAutoSync(app, minutes);
  await app.ready();
  return app;
}

const runsOf = async (id: string) => (await t.db.select().from(syncRuns).where(eq(syncRuns.restaurant_id, id))).length;

const priceOf = async (posId: string) =>
  (await t.db.select({ price: products.price }).from(products).where(eq(products.external_id, posId)))[0]?.price;

describe('scheduled POS syncs', () => {
  it('every POS_SYNC_MINUTES the restaurant is synced: a price changed at the till arrives, recorded as a run', async () => {
    const orgId = sim.control.organizations().find((org) => org.name === sample.name)!.id;
    const [product] = await t.db.select().from(products).where(eq(products.name, 'Mastava'));
    sim.control.setPrice(orgId, product!.external_id!, 33000);
    const runsBefore = await runsOf(restaurantId);

    const app = await buildApp(t.config, { database: t.database, logger: false, distDir: t.config.dataDir });
    await app.ready();
    const rounds = vi.spyOn(app.jobs, 'runDue');
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      scheduleAutoSync(app, 10);
      vi.advanceTimersByTime(9 * 60_000);
      expect(rounds).not.toHaveBeenCalledWith('pos-sync');
      vi.advanceTimersByTime(60_000);
      expect(rounds).toHaveBeenCalledWith('pos-sync');
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(async () => expect(await priceOf(product!.external_id!)).toBe(33000), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await runsOf(restaurantId)).toBe(runsBefore + 1));
    await app.close();
  });

  it('0 minutes turns them off, and so does a server without a POS', async () => {
    const off = loadConfig({ ...process.env, POS_SYNC_MINUTES: '0' });
    expect(off.posSyncMinutes).toBe(0);
    expect(loadConfig({}).posSyncMinutes).toBe(15);
    expect(() => loadConfig({ POS_SYNC_MINUTES: 'often' })).toThrow(/POS_SYNC_MINUTES/);

    const turnedOff = await scheduledServer(0);
    expect(turnedOff.jobs.names()).not.toContain('pos-sync');
    await turnedOff.close();
    const noPos = await scheduledServer(15, { ...t.config, iikoApiUrl: undefined, iikoApiLogin: undefined });
    expect(noPos.integration.provider).toBeNull();
    expect(noPos.jobs.names()).not.toContain('pos-sync');
    await noPos.close();
    const on = await scheduledServer(15);
    expect(on.jobs.names()).toContain('pos-sync');
    await on.close();
  });

  it('two server processes on one database sync once per round between them', async () => {
    // The last round was long ago: the next is due now.
    await t.db
      .update(jobLeases)
      .set({ last_started: sql`now() - interval '1 hour'` })
      .where(eq(jobLeases.name, 'pos-sync'));
    const runsBefore = await runsOf(restaurantId);
    const [a, b] = [await scheduledServer(10), await scheduledServer(10)];
    try {
      const outcomes = await Promise.all([a.jobs.runDue('pos-sync'), b.jobs.runDue('pos-sync')]);
      expect(outcomes.sort()).toEqual(['ran', 'skipped']);
      expect(await runsOf(restaurantId)).toBe(runsBefore + 1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('a round stops after the restaurant under way when its server closes', async () => {
    const admin = await createUser(t.app, t.db, 'admin');
    const manager = await createUser(t.app, t.db, 'manager');
    const other = sim.control.organizations().find((org) => org.name !== sample.name)!;
    const created = await t.app.inject({
      method: 'POST',
      url: '/admin/integration/restaurants/create',
      headers: admin.headers,
      payload: { id: other.id, manager_id: manager._id },
    });
    expect(created.statusCode).toBe(201);
    await t.db
      .update(jobLeases)
      .set({ last_started: sql`now() - interval '1 hour'` })
      .where(eq(jobLeases.name, 'pos-sync'));
    const app = await scheduledServer(10);
    const sync = app.integration.sync.bind(app.integration);
    let closing: Promise<void> | undefined;
    const synced = vi.spyOn(app.integration, 'sync').mockImplementation((id) => {
      closing ??= app.close();
      return sync(id);
    });

    expect(await app.jobs.runDue('pos-sync')).toBe('ran');
    await closing;
    expect(synced).toHaveBeenCalledTimes(1);
  });
});
