import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { products, syncRuns } from '../../server/db/schema';
import { scheduleAutoSync } from '../../server/integrations/auto-sync';
import { SAMPLE_ORGANIZATIONS } from '../../server/integrations/simulator/sample-data';
import { type PosSimulator, startPosSimulator } from '../../server/integrations/simulator/server';
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

const priceOf = async (posId: string) =>
  (await t.db.select({ price: products.price }).from(products).where(eq(products.external_id, posId)))[0]?.price;

describe('scheduled POS syncs', () => {
  it('every POS_SYNC_MINUTES the restaurant is synced: a price changed at the till arrives, recorded as a run', async () => {
    const orgId = sim.control.organizations().find((org) => org.name === sample.name)!.id;
    const [product] = await t.db.select().from(products).where(eq(products.name, 'Mastava'));
    sim.control.setPrice(orgId, product!.external_id!, 33000);
    const runsBefore = (await t.db.select().from(syncRuns).where(eq(syncRuns.restaurant_id, restaurantId))).length;

    vi.useFakeTimers({ toFake: ['setInterval'] });
    let app: FastifyInstance;
    try {
      app = await scheduledServer(10);
      vi.advanceTimersByTime(9 * 60_000);
      expect(await priceOf(product!.external_id!)).toBe(product!.price);
      vi.advanceTimersByTime(60_000);
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(async () => expect(await priceOf(product!.external_id!)).toBe(33000), { timeout: 10_000 });
    const runs = await t.db.select().from(syncRuns).where(eq(syncRuns.restaurant_id, restaurantId));
    expect(runs.length).toBe(runsBefore + 1);
    await app!.close();
  });

  it('0 minutes turns them off, and so does a server without a POS', async () => {
    const off = loadConfig({ ...process.env, POS_SYNC_MINUTES: '0' });
    expect(off.posSyncMinutes).toBe(0);
    expect(loadConfig({}).posSyncMinutes).toBe(15);
    expect(() => loadConfig({ POS_SYNC_MINUTES: 'often' })).toThrow(/POS_SYNC_MINUTES/);

    const setInterval = vi.spyOn(globalThis, 'setInterval');
    try {
      const turnedOff = await scheduledServer(0);
      await turnedOff.close();
      const noPos = await scheduledServer(15, { ...t.config, iikoApiUrl: undefined, iikoApiLogin: undefined });
      expect(noPos.integration.provider).toBeNull();
      await noPos.close();
      expect(setInterval).not.toHaveBeenCalled();
    } finally {
      setInterval.mockRestore();
    }
  });
});
