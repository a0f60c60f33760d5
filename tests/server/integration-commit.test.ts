import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { products, syncRuns, users } from '../../server/db/schema';
import { type PosSimulator, startPosSimulator } from '../../server/dev/pos/server';
import type { DomainDeps } from '../../server/domain/deps';
import { createIntegrationRestaurant } from '../../server/domain/integration/create-restaurant';
import type { PosSource } from '../../server/domain/integration/source';
import { syncIntegrationRestaurant } from '../../server/domain/integration/sync-restaurant';
import { type RunWork, unitOfWork } from '../../server/domain/unit-of-work';
import { IikoProvider } from '../../server/integrations/iiko/provider';
import { freshDatabase } from '../support/database';

/**
 * The POS import and sync on their unit of work: the menu change is announced once the writes committed, and a sync
 * whose writes fail after it marked the menu changed announces nothing, changes nothing and records why.
 */
let sim: PosSimulator;
let database: Database;
let source: PosSource;
let managerId: string;
let announced: string[];

const WRITE_FAILED = 'the write failed after the menu changed';

beforeAll(async () => {
  sim = await startPosSimulator();
  database = await freshDatabase();
  source = {
    provider: new IikoProvider({ baseUrl: sim.url, apiLogin: sim.apiLogin }),
    syncTimeoutMs: 60_000,
    busy: new Set(),
    log: { warn: () => {} },
  };
  const [manager] = await database.db
    .insert(users)
    .values({ login: 'integration-commit', password_hash: 'unused', role: 'manager' })
    .returning({ _id: users._id });
  managerId = manager!._id;
});
afterAll(async () => {
  await database.close();
  await sim.close();
});

/** The use cases' dependencies; `failAfterMenuChange`: a unit of work that marked a menu changed then fails. */
function deps(failAfterMenuChange = false): DomainDeps {
  announced = [];
  const run = unitOfWork(database.db, { menuChanged: (id) => announced.push(id), outboxWritten: () => {} });
  const work: RunWork = (useCase) =>
    run(async (w) => {
      let marked = false;
      const answer = await useCase({
        ...w,
        menuChanged: (id) => {
          marked = true;
          w.menuChanged(id);
        },
      });
      if (failAfterMenuChange && marked) throw new Error(WRITE_FAILED);
      return answer;
    });
  return { db: database.db, work };
}

const priceOf = async (externalId: string) =>
  (await database.db.select({ price: products.price }).from(products).where(eq(products.external_id, externalId)))[0]
    ?.price;

const lastRunOf = async (restaurantId: string) =>
  (
    await database.db
      .select()
      .from(syncRuns)
      .where(eq(syncRuns.restaurant_id, restaurantId))
      .orderBy(desc(syncRuns.started_at))
      .limit(1)
  )[0];

describe('POS import and sync on the unit of work', () => {
  it('an import announces its new menu once, after the commit; a failing sync announces nothing', async () => {
    const organization = sim.control.organizations()[0]!;
    const created = await createIntegrationRestaurant(deps(), source, organization.id, managerId);
    expect(announced).toEqual([created.restaurantId]);

    const [product] = await database.db
      .select({ external_id: products.external_id, price: products.price })
      .from(products)
      .limit(1);
    sim.control.setPrice(organization.id, product!.external_id!, 77_000);

    await expect(syncIntegrationRestaurant(deps(true), source, created.restaurantId)).rejects.toThrow(WRITE_FAILED);
    expect(announced).toEqual([]);
    expect(await priceOf(product!.external_id!)).toBe(product!.price);
    expect(await lastRunOf(created.restaurantId)).toMatchObject({ result: 'error', error: WRITE_FAILED });

    const synced = await syncIntegrationRestaurant(deps(), source, created.restaurantId);
    expect(synced.counts.updated).toBeGreaterThan(0);
    expect(announced).toEqual([created.restaurantId]);
    expect(Number(await priceOf(product!.external_id!))).toBe(77_000);
  });

  it('a sync that finds nothing new announces nothing', async () => {
    const organization = sim.control.organizations()[1]!;
    const created = await createIntegrationRestaurant(deps(), source, organization.id, managerId);
    const synced = await syncIntegrationRestaurant(deps(), source, created.restaurantId);
    expect(synced.counts).toMatchObject({ created: 0, updated: 0, deactivated: 0 });
    expect(announced).toEqual([]);
  });
});
