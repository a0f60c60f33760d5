import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { categories, restaurants, restaurantTables, syncRuns } from '../../server/db/schema';
import { SAMPLE_ORGANIZATIONS } from '../../server/dev/pos/sample-data';
import type { PosSimulator } from '../../server/dev/pos/server';
import type { DomainDeps } from '../../server/domain/deps';
import { createIntegrationRestaurant } from '../../server/domain/integration/create-restaurant';
import { fetchPosTables, listTerminalGroups } from '../../server/domain/integration/pos-tables';
import type { PosSource } from '../../server/domain/integration/source';
import { syncIntegrationRestaurant } from '../../server/domain/integration/sync-restaurant';
import type { RunWork } from '../../server/domain/unit-of-work';
import { PG_UNIQUE_VIOLATION } from '../../server/errors';
import { Budget } from '../../server/integrations/pos-fetch';
import type { PosProvider } from '../../server/integrations/provider';
import { messages } from '../../server/messages';
import type { TestApp } from '../support/app';
import { createRestaurant, type TestUser } from '../support/fixtures';
import { closePosApp, type PosApp, startOver, startPosApp } from './pos-app-fixtures';

/**
 * The integration use cases' edges the everyday tests do not reach: a creation that loses a race at a unique index,
 * the terminal-group list without a POS, with another POS or with a POS that has no tables, and a failed sync whose
 * failure cannot be recorded.
 */

let pos: PosApp;
let sim: PosSimulator;
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let orgId: string;
const sample = SAMPLE_ORGANIZATIONS[0]!;

beforeAll(async () => {
  pos = await startPosApp();
  ({ sim, t, admin, manager, orgId } = pos);
});
afterAll(() => closePosApp(pos));
beforeEach(() => startOver(pos));

const create = () =>
  t.app.inject({
    method: 'POST',
    url: '/admin/integration/restaurants/create',
    headers: admin.headers,
    payload: { id: orgId, manager_id: manager._id },
  });
const restaurantCount = async () => (await t.db.select({ n: count() }).from(restaurants))[0]!.n;
/** The app's iiko with only the menu calls (a POS without tables, provider.ts), plus the calls given. */
function iikoWith(calls: Partial<PosProvider> = {}): PosProvider {
  const iiko = t.app.integration.provider!;
  return {
    name: iiko.name,
    listOrganizations: iiko.listOrganizations.bind(iiko),
    fetchMenu: iiko.fetchMenu.bind(iiko),
    fetchStopList: iiko.fetchStopList.bind(iiko),
    ...calls,
  };
}
/** The simulator's organization linked to a restaurant of another POS. */
const posterRestaurant = () =>
  createRestaurant(t.db, {
    manager_id: manager._id,
    type: 'integration',
    integration_provider: 'poster',
    integration_id: orgId,
  });

describe('creating an integration restaurant that loses a race at a unique index', () => {
  /**
   * The database refuses the next `times` inserts of an integration restaurant with `code`, as a unique index does
   * when another creation committed the same organization or slug meanwhile. A sequence counts the attempts: it is
   * not rolled back with the transaction that called it. Answers how many inserts were tried, and removes the fault.
   */
  async function withRefusedInserts(times: number, code: string, task: () => Promise<void>): Promise<number> {
    await t.db.execute(sql.raw('create sequence mutants_insert_attempts'));
    await t.db.execute(
      sql.raw(`create function mutants_refuse_insert() returns trigger language plpgsql as $$
        begin
          if nextval('mutants_insert_attempts') <= ${times} then
            raise exception 'refused by the test' using errcode = '${code}';
          end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger mutants_refuse_insert before insert on restaurants for each row
        when (new.integration_id is not null) execute function mutants_refuse_insert()`),
    );
    try {
      await task();
      const [attempts] = rowsOf<{ last_value: string | number; is_called: boolean }>(
        await t.db.execute(sql.raw('select last_value, is_called from mutants_insert_attempts')),
      );
      return attempts!.is_called ? Number(attempts!.last_value) : 0;
    } finally {
      await t.db.execute(sql.raw('drop trigger mutants_refuse_insert on restaurants'));
      await t.db.execute(sql.raw('drop function mutants_refuse_insert()'));
      await t.db.execute(sql.raw('drop sequence mutants_insert_attempts'));
    }
  }

  it('tries once more and creates the restaurant with its menu and one run', async () => {
    const attempts = await withRefusedInserts(1, PG_UNIQUE_VIOLATION, async () => {
      const res = await create();
      expect(res.statusCode).toBe(201);
    });
    expect(attempts).toBe(2);
    const [restaurant] = await t.db.select().from(restaurants);
    expect(restaurant).toMatchObject({ type: 'integration', integration_id: orgId });
    expect(await restaurantCount()).toBe(1);
    const [cats] = await t.db
      .select({ n: count() })
      .from(categories)
      .where(eq(categories.restaurant_id, restaurant!._id));
    expect(cats!.n).toBe(sample.groups.filter((g) => !g.deleted).length);
    const [runs] = await t.db.select({ n: count() }).from(syncRuns).where(eq(syncRuns.restaurant_id, restaurant!._id));
    expect(runs!.n).toBe(1);
  });

  it('answers the second lost race (409) instead of trying again and again', async () => {
    const attempts = await withRefusedInserts(2, PG_UNIQUE_VIOLATION, async () => {
      const res = await create();
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(messages.valueTaken);
    });
    expect(attempts).toBe(2);
    expect(await restaurantCount()).toBe(0);
  });

  it('does not try again after any other failure', async () => {
    // raise_exception: a failure that is no lost race.
    const attempts = await withRefusedInserts(1, 'P0001', async () => {
      const res = await create();
      expect(res.statusCode).toBe(500);
    });
    expect(attempts).toBe(1);
    expect(await restaurantCount()).toBe(0);
  });
});

describe("an integration restaurant's terminal groups", () => {
  const groupsOf = (app: TestApp, restaurantId: string, user: TestUser) =>
    app.app.inject({
      method: 'GET',
      url: `/manager/restaurants/terminal-groups?restaurantId=${restaurantId}`,
      headers: user.headers,
    });

  it('answers 503 with its sentence when no POS is configured', async () => {
    // An app started without IIKO_API_URL has this source: no provider.
    const noPos: PosSource = { provider: null, syncTimeoutMs: 10_000, busy: new Set(), log: t.app.log };
    await expect(
      listTerminalGroups(noPos, { type: 'integration', integration_provider: 'iiko', integration_id: orgId }),
    ).rejects.toMatchObject({ statusCode: 503, message: messages.sourceNotConfigured });
  });

  it("answers 409 for a restaurant of another POS, without asking this one's", async () => {
    const restaurant = await posterRestaurant();
    const res = await groupsOf(t, restaurant._id, manager);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.otherProvider);
    expect(sim.control.stats().calls['/api/1/terminal_groups'] ?? 0).toBe(0);
  });

  it('are none for a POS without table support', async () => {
    const iiko = t.app.integration.provider!;
    const source: PosSource = { provider: iikoWith(), syncTimeoutMs: 10_000, busy: new Set(), log: t.app.log };
    const groups = await listTerminalGroups(source, {
      type: 'integration',
      integration_provider: iiko.name,
      integration_id: orgId,
    });
    expect(groups).toEqual([]);
  });

  it('mirror no tables from a POS that lists only terminal groups, or only tables', async () => {
    const iiko = t.app.integration.provider!;
    const groupsOnly = iikoWith({ listTerminalGroups: iiko.listTerminalGroups!.bind(iiko) });
    const tablesOnly = iikoWith({ fetchTables: iiko.fetchTables!.bind(iiko) });
    for (const provider of [groupsOnly, tablesOnly]) {
      expect(await fetchPosTables(provider, orgId, null, new Budget(10_000))).toBeNull();
    }
    // The whole POS, for contrast: its first group's tables.
    expect((await fetchPosTables(iiko, orgId, null, new Budget(10_000)))?.tables).toHaveLength(6);
  });
});

describe('a failed sync whose failure cannot be recorded', () => {
  it('still answers the POS failure, and logs why the run was not marked failed', async () => {
    const created = await create();
    expect(created.statusCode).toBe(201);
    const restaurantId = created.json().data._id as string;

    // The unit of work that would mark the run failed is refused, as when the database goes away meanwhile.
    const refused = new Error('the database went away');
    let works = 0;
    const work: RunWork = (task) => {
      works++;
      return works === 1 ? t.app.work(task) : Promise.reject(refused);
    };
    const deps: DomainDeps = { db: t.db, work };
    const warned: { details: unknown; message: string }[] = [];
    const source: PosSource = {
      provider: t.app.integration.provider,
      syncTimeoutMs: 10_000,
      busy: new Set(),
      log: { warn: ((details: unknown, message: string) => warned.push({ details, message })) as never },
    };
    sim.control.fail('/api/1/nomenclature', { status: 500 });

    await expect(syncIntegrationRestaurant(deps, source, restaurantId)).rejects.toMatchObject({
      statusCode: 502,
      message: messages.syncFailed,
    });
    expect(works).toBe(2);
    expect(warned).toContainEqual({ details: { err: refused }, message: 'could not record the failed sync run' });
  });
});

describe('an import from a POS that answers late or without tables', () => {
  const sourceOf = (provider: PosProvider, syncTimeoutMs = 10_000): PosSource => ({
    provider,
    syncTimeoutMs,
    busy: new Set(),
    log: t.app.log,
  });
  const deps = (): DomainDeps => ({ db: t.db, work: t.app.work });

  it('creates the restaurant with its menu and no tables when the POS has no table calls', async () => {
    const { restaurantId } = await createIntegrationRestaurant(deps(), sourceOf(iikoWith()), orgId, manager._id);
    const [cats] = await t.db.select({ n: count() }).from(categories).where(eq(categories.restaurant_id, restaurantId));
    expect(cats!.n).toBeGreaterThan(0);
    const tables = await t.db.select().from(restaurantTables).where(eq(restaurantTables.restaurant_id, restaurantId));
    expect(tables).toEqual([]);
  });

  it('writes nothing from answers that came after its time ran out (504)', async () => {
    const iiko = t.app.integration.provider!;
    // The tables' answer arrives only past the deadline (a POS that does not stop when the call is abandoned).
    const late = iikoWith({
      listTerminalGroups: iiko.listTerminalGroups!.bind(iiko),
      fetchTables: async (groupId, call) => {
        const tables = await iiko.fetchTables!(groupId, { ...call, signal: new AbortController().signal });
        await new Promise((resolve) => setTimeout(resolve, call.deadline! - Date.now() + 20));
        return tables;
      },
    });
    await expect(createIntegrationRestaurant(deps(), sourceOf(late, 500), orgId, manager._id)).rejects.toMatchObject({
      statusCode: 504,
    });
    expect(await restaurantCount()).toBe(0);
  });
});

describe('a sync of a restaurant linked to another POS', () => {
  it('answers 409 with its sentence, asking this POS nothing', async () => {
    const restaurant = await posterRestaurant();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/admin/integration/restaurants/${restaurant._id}/sync`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.otherProvider);
    expect(sim.control.stats().calls['/api/1/nomenclature'] ?? 0).toBe(0);
  });
});
