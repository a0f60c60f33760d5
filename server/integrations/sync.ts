import type { FastifyBaseLogger } from 'fastify';
import { RESTAURANT_NOT_FOUND } from '../access';
import type { Db } from '../db/client';
import { maintenanceOf } from '../db/maintenance';
import { badRequest, conflict, HttpError, notFound, PG_UNIQUE_VIOLATION, pgErrorCode } from '../errors';
import {
  createRestaurant,
  findRestaurantRecord,
  isOrganizationLinked,
  linkedOrganizationIds,
  lockRestaurant,
  restaurantExists,
} from '../repositories/restaurants';
import {
  failRun,
  finishRun,
  lastRun,
  recordRun,
  type SyncCounts,
  type SyncRunRecord,
  startRun,
} from '../repositories/sync-runs';
import { assertManagerExists, UNKNOWN_MANAGER } from '../repositories/users';
import { applyMenu } from './apply-menu';
import { cleanPosMenu, posDetails, withoutControlCharacters } from './clean-text';
import {
  ALREADY_LINKED,
  CREATE_FAILED,
  CREATE_RUNNING,
  IntegrationError,
  LIST_FAILED,
  NOT_CONFIGURED,
  NOT_INTEGRATION,
  ORGANIZATION_NOT_FOUND,
  OTHER_PROVIDER,
  POS_FAILURE_REASON,
  SYNC_FAILED,
  SYNC_RUNNING,
} from './messages';
import { PosError, type PosMenu, type PosOrganization, type PosProvider, type PosStopEntry } from './provider';
import type { PosSimulator } from './simulator/server';
import { uniqueSlug } from './slug';

/**
 * Import and sync of integration restaurants (docs/integration.md). Each operation first fetches everything from the
 * POS within its time budget, then writes in ONE transaction, so a POS failing halfway changes nothing. Two syncs of
 * one restaurant never overlap: an in-process lock answers the second at once, and a `running` sync_runs row (checked
 * under the restaurant's row lock) stops a second server process.
 */

export const DEFAULT_SYNC_TIMEOUT_MS = 60_000;
const MAX_NAME_LENGTH = 120;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface IntegrationServiceOptions {
  db: Db;
  /** null: no source configured; every call answers 503. */
  provider: PosProvider | null;
  menuChanged: (restaurantId: string) => void;
  log: FastifyBaseLogger;
  timeoutMs?: number;
  /** The built-in POS simulator when it is the source (demo mode). */
  simulator?: PosSimulator | null;
}

export interface SyncOutcome {
  counts: SyncCounts;
  run: SyncRunRecord;
}

interface PosSnapshot {
  menu: PosMenu;
  stopList: PosStopEntry[];
}

/** A time budget: one signal that aborts every POS call when it runs out (or when a sibling call failed). */
class Budget {
  readonly deadline: number;
  private readonly controller = new AbortController();
  readonly signal: AbortSignal;
  constructor(ms: number) {
    this.deadline = Date.now() + ms;
    this.signal = AbortSignal.any([AbortSignal.timeout(ms), this.controller.signal]);
  }
  get call() {
    return { signal: this.signal, deadline: this.deadline };
  }
  /** Stops the other calls still running once one failed. */
  cancel() {
    this.controller.abort();
  }
  ensureLeft() {
    if (Date.now() >= this.deadline) throw new PosError('timeout', 'the time budget ran out before writing');
  }
}

export class IntegrationService {
  /** How long a sync (or an import) may take in all; tests shorten it. */
  syncTimeoutMs: number;
  private readonly busy = new Set<string>();

  constructor(private readonly options: IntegrationServiceOptions) {
    this.syncTimeoutMs = options.timeoutMs ?? DEFAULT_SYNC_TIMEOUT_MS;
  }

  get provider(): PosProvider | null {
    return this.options.provider;
  }

  /** Demo mode: the running simulator (its control endpoint can change the menu; see docs/integration.md). */
  get simulator(): PosSimulator | null {
    return this.options.simulator ?? null;
  }

  private requireProvider(): PosProvider {
    if (!this.options.provider) throw new IntegrationError(503, NOT_CONFIGURED);
    return this.options.provider;
  }

  /** The source's organizations no restaurant is linked to yet. */
  async listUnlinked(): Promise<PosOrganization[]> {
    const provider = this.requireProvider();
    const budget = new Budget(this.syncTimeoutMs);
    let organizations: PosOrganization[];
    try {
      organizations = await provider.listOrganizations(budget.call);
    } catch (error) {
      throw this.posFailure(error, LIST_FAILED);
    }
    const linkedIds = await linkedOrganizationIds(this.options.db, provider.name);
    return organizations.filter((org) => !linkedIds.has(org.id));
  }

  /** Creates a restaurant of type integration from a POS organization and imports its menu. */
  async createRestaurant(organizationId: string, managerId: string): Promise<{ restaurantId: string } & SyncOutcome> {
    const provider = this.requireProvider();
    if (!UUID.test(managerId)) throw badRequest(UNKNOWN_MANAGER);
    await assertManagerExists(this.options.db, managerId);
    await this.assertNotLinked(provider, organizationId);

    const key = `create:${provider.name}:${organizationId}`;
    if (this.busy.has(key)) throw conflict(CREATE_RUNNING);
    this.busy.add(key);
    try {
      const startedAt = new Date().toISOString();
      const budget = new Budget(this.syncTimeoutMs);
      let organization: PosOrganization | undefined;
      let snapshot: PosSnapshot;
      try {
        organization = (await provider.listOrganizations(budget.call)).find((org) => org.id === organizationId);
        if (!organization) throw notFound(ORGANIZATION_NOT_FOUND);
        snapshot = await this.fetchSnapshot(provider, organizationId, budget);
        budget.ensureLeft();
      } catch (error) {
        throw this.posFailure(error, CREATE_FAILED);
      }
      const name = withoutControlCharacters(organization.name).slice(0, MAX_NAME_LENGTH);
      const details = posDetails(organization);
      // A lost race at a unique index (same organization or same slug created meanwhile): try once more, which then
      // answers 409 for the organization or picks the next free slug.
      for (let attempt = 1; ; attempt++) {
        try {
          const outcome = await this.options.db.transaction(async (tx) => {
            await this.assertNotLinked(provider, organizationId, tx);
            const restaurant = await createRestaurant(tx, {
              name,
              slug: await uniqueSlug(tx, name),
              manager_id: managerId,
              ...details,
              type: 'integration',
              integration_provider: provider.name,
              integration_id: organizationId,
            });
            const counts = await applyMenu(tx, restaurant._id, snapshot.menu, snapshot.stopList);
            const run = await recordRun(tx, restaurant._id, startedAt, counts);
            return { restaurantId: restaurant._id, counts, run };
          });
          this.options.menuChanged(outcome.restaurantId);
          // An import: the embedded database analyzes what it wrote, in the background (issue 13 #1).
          maintenanceOf(this.options.db)?.bulkWritten();
          return outcome;
        } catch (error) {
          if (attempt < 2 && pgErrorCode(error) === PG_UNIQUE_VIOLATION) continue;
          throw error;
        }
      }
    } finally {
      this.busy.delete(key);
    }
  }

  /** Re-imports an integration restaurant's menu and stop-list. */
  async sync(restaurantId: string): Promise<SyncOutcome> {
    const restaurant = await findRestaurantRecord(this.options.db, restaurantId);
    if (!restaurant) throw notFound(RESTAURANT_NOT_FOUND);
    if (restaurant.type !== 'integration' || !restaurant.integration_id) throw conflict(NOT_INTEGRATION);
    const provider = this.requireProvider();
    if (restaurant.integration_provider !== provider.name) throw conflict(OTHER_PROVIDER);
    const organizationId = restaurant.integration_id;

    if (this.busy.has(restaurantId)) throw conflict(SYNC_RUNNING);
    this.busy.add(restaurantId);
    try {
      const budget = new Budget(this.syncTimeoutMs);
      const run = await this.options.db.transaction(async (tx) => {
        if (!(await lockRestaurant(tx, restaurantId))) throw notFound(RESTAURANT_NOT_FOUND);
        const started = await startRun(tx, restaurantId, this.syncTimeoutMs);
        if (!started) throw conflict(SYNC_RUNNING);
        return started;
      });
      try {
        const snapshot = await this.fetchSnapshot(provider, organizationId, budget);
        budget.ensureLeft();
        const outcome = await this.options.db.transaction(async (tx) => {
          if (!(await lockRestaurant(tx, restaurantId))) throw notFound(RESTAURANT_NOT_FOUND);
          const counts = await applyMenu(tx, restaurantId, snapshot.menu, snapshot.stopList);
          return { counts, run: await finishRun(tx, run._id, counts) };
        });
        const { created, updated, deactivated } = outcome.counts;
        if (created + updated + deactivated > 0) {
          this.options.menuChanged(restaurantId);
          maintenanceOf(this.options.db)?.bulkWritten();
        }
        return outcome;
      } catch (error) {
        await failRun(this.options.db, run._id, this.reasonOf(error)).catch((failure: unknown) =>
          this.options.log.warn({ err: failure }, 'could not record the failed sync run'),
        );
        throw this.posFailure(error, SYNC_FAILED);
      }
    } finally {
      this.busy.delete(restaurantId);
    }
  }

  async lastRun(restaurantId: string): Promise<SyncRunRecord | null> {
    if (!(await restaurantExists(this.options.db, restaurantId))) throw notFound(RESTAURANT_NOT_FOUND);
    return (await lastRun(this.options.db, restaurantId)) ?? null;
  }

  private async assertNotLinked(provider: PosProvider, organizationId: string, db = this.options.db): Promise<void> {
    if (await isOrganizationLinked(db, provider.name, organizationId)) throw conflict(ALREADY_LINKED);
  }

  /** Menu and stop-list at once; the first failure cancels the other call. */
  private async fetchSnapshot(provider: PosProvider, organizationId: string, budget: Budget): Promise<PosSnapshot> {
    const cancelOnFailure = <T>(promise: Promise<T>) =>
      promise.catch((error: unknown) => {
        budget.cancel();
        throw error;
      });
    const [menu, stopList] = await Promise.all([
      cancelOnFailure(provider.fetchMenu(organizationId, budget.call)),
      cancelOnFailure(provider.fetchStopList(organizationId, budget.call)),
    ]);
    return { menu: cleanPosMenu(menu), stopList };
  }

  private reasonOf(error: unknown): string {
    if (error instanceof PosError) return `${POS_FAILURE_REASON[error.kind]}: ${error.message}`;
    if (error instanceof HttpError) return error.message;
    return error instanceof Error ? error.message : String(error);
  }

  /** POS failures become the caller's Uzbek sentence: 504 when the POS ran out of time, 502 otherwise. */
  private posFailure(error: unknown, message: string): unknown {
    if (!(error instanceof PosError)) return error;
    this.options.log.warn({ err: error }, 'POS call failed');
    return new IntegrationError(error.kind === 'timeout' ? 504 : 502, message);
  }
}
