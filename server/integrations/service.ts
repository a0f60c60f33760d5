import type { FastifyBaseLogger } from 'fastify';
import type { DomainDeps } from '../domain/deps';
import { createIntegrationRestaurant } from '../domain/integration/create-restaurant';
import { type PosSource, requireProvider } from '../domain/integration/source';
import { type SyncOutcome, syncIntegrationRestaurant } from '../domain/integration/sync-restaurant';
import { HttpError, notFound } from '../errors';
import { messages } from '../messages';
import { linkedOrganizationIds, restaurantExists } from '../repositories/restaurants';
import { lastRun, type SyncRunRecord } from '../repositories/sync-runs';
import { posFailure } from './failures';
import { Budget, DEFAULT_SYNC_TIMEOUT_MS } from './pos-fetch';
import type { PosOrganization, PosProvider } from './provider';
import type { LocalPos } from './registry';

export interface IntegrationServiceOptions {
  deps: DomainDeps;
  /** null: no source configured; every call answers 503. */
  provider: PosProvider | null;
  log: FastifyBaseLogger;
  timeoutMs?: number;
  /** The built-in POS simulator when it is the source (demo mode). */
  simulator?: LocalPos | null;
  /** Told each sync's seconds and outcome (the /metrics series); a refusal (404, a sync already running) is none. */
  onSyncEnded?: (seconds: number, outcome: 'ok' | 'failed') => void;
}

/**
 * An app's POS integration (docs/integration.md): the configured source, and the integration's use cases bound to this
 * app's database and unit of work. The import and the sync are use cases of domain/integration/, which ask the POS
 * outside any transaction and write in one unit of work; the reads here only ask.
 */
export class IntegrationService implements PosSource {
  /** How long a sync (or an import) may take in all; tests shorten it. */
  syncTimeoutMs: number;
  readonly busy = new Set<string>();
  readonly log: FastifyBaseLogger;

  constructor(private readonly options: IntegrationServiceOptions) {
    this.syncTimeoutMs = options.timeoutMs ?? DEFAULT_SYNC_TIMEOUT_MS;
    this.log = options.log;
  }

  get provider(): PosProvider | null {
    return this.options.provider;
  }

  /** Demo mode: the running simulator (its control endpoint can change the menu; see docs/integration.md). */
  get simulator(): LocalPos | null {
    return this.options.simulator ?? null;
  }

  /** The source's organizations no restaurant is linked to yet. */
  async listUnlinked(): Promise<PosOrganization[]> {
    const provider = requireProvider(this);
    const budget = new Budget(this.syncTimeoutMs);
    let organizations: PosOrganization[];
    try {
      organizations = await provider.listOrganizations(budget.call);
    } catch (error) {
      throw posFailure(this.log, error, messages.listFailed);
    }
    const linkedIds = await linkedOrganizationIds(this.options.deps.db, provider.name);
    return organizations.filter((org) => !linkedIds.has(org.id));
  }

  /** Creates a restaurant of type integration from a POS organization and imports its menu. */
  createRestaurant(organizationId: string, managerId: string): Promise<{ restaurantId: string } & SyncOutcome> {
    return createIntegrationRestaurant(this.options.deps, this, organizationId, managerId);
  }

  /** Re-imports an integration restaurant's menu and stop-list (by hand, or on the schedule: auto-sync.ts). */
  async sync(restaurantId: string): Promise<SyncOutcome> {
    const started = performance.now();
    const ended = (outcome: 'ok' | 'failed') =>
      this.options.onSyncEnded?.((performance.now() - started) / 1000, outcome);
    try {
      const outcome = await syncIntegrationRestaurant(this.options.deps, this, restaurantId);
      ended('ok');
      return outcome;
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode < 500)) ended('failed');
      throw error;
    }
  }

  async lastRun(restaurantId: string): Promise<SyncRunRecord | null> {
    const db = this.options.deps.db;
    if (!(await restaurantExists(db, restaurantId))) throw notFound(messages.restaurantNotFound);
    return (await lastRun(db, restaurantId)) ?? null;
  }
}
