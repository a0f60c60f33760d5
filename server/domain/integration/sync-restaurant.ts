import { maintenanceOf } from '../../db/maintenance';
import { conflict, notFound } from '../../errors';
import { posFailure, runFailureReason } from '../../integrations/failures';
import { Budget, fetchSnapshot } from '../../integrations/pos-fetch';
import { messages } from '../../messages';
import { findRestaurantRecord, lockRestaurant } from '../../repositories/restaurants';
import { failRun, finishRun, type SyncCounts, type SyncRunRecord, startRun } from '../../repositories/sync-runs';
import type { DomainDeps } from '../deps';
import { applyMenu } from './apply-menu';
import { applyPosTables, fetchPosTables } from './pos-tables';
import { exclusively, type PosSource, requireProvider } from './source';

export interface SyncOutcome {
  counts: SyncCounts;
  run: SyncRunRecord;
}

/**
 * Re-imports an integration restaurant's menu, stop-list and tables (docs/integration.md). Two syncs of one restaurant never
 * overlap: this process answers a second at once, and a `running` sync_runs row, started under the restaurant's row
 * lock, stops another server process. The POS is asked between two transactions, holding no lock and no connection
 * while it answers; then everything is written in ONE unit of work, so a POS failing halfway, or a write failing, changes
 * nothing, and the menu change is announced only once that commit succeeded. A failure is recorded on the run.
 */
export async function syncIntegrationRestaurant(
  deps: DomainDeps,
  source: PosSource,
  restaurantId: string,
): Promise<SyncOutcome> {
  const restaurant = await findRestaurantRecord(deps.db, restaurantId);
  if (!restaurant) throw notFound(messages.restaurantNotFound);
  if (restaurant.type !== 'integration' || !restaurant.integration_id) throw conflict(messages.notIntegration);
  const provider = requireProvider(source);
  if (restaurant.integration_provider !== provider.name) throw conflict(messages.otherProvider);
  const organizationId = restaurant.integration_id;

  return exclusively(source, restaurantId, messages.syncRunning, async () => {
    const budget = new Budget(source.syncTimeoutMs);
    const run = await deps.work(async (w) => {
      if (!(await lockRestaurant(w.tx, restaurantId))) throw notFound(messages.restaurantNotFound);
      const started = await startRun(w.tx, restaurantId, source.syncTimeoutMs);
      if (!started) throw conflict(messages.syncRunning);
      return started;
    });
    try {
      const snapshot = await fetchSnapshot(provider, organizationId, budget);
      const tables = await fetchPosTables(provider, organizationId, restaurant.pos_terminal_group_id, budget);
      budget.ensureLeft();
      return await deps.work(async (w) => {
        if (!(await lockRestaurant(w.tx, restaurantId))) throw notFound(messages.restaurantNotFound);
        const counts = await applyMenu(w.tx, restaurantId, snapshot.menu, snapshot.stopList);
        const tablesChanged = tables ? await applyPosTables(w.tx, restaurantId, tables) : 0;
        if (tablesChanged > 0) w.menuChanged(restaurantId);
        if (counts.created + counts.updated + counts.deactivated > 0) {
          w.menuChanged(restaurantId);
          // The embedded database analyzes what a sync wrote, in the background.
          w.afterCommit(() => maintenanceOf(deps.db)?.bulkWritten());
        }
        return { counts, run: await finishRun(w.tx, run._id, counts) };
      });
    } catch (error) {
      await deps
        .work((w) => failRun(w.tx, run._id, runFailureReason(error)))
        .catch((failure: unknown) => source.log.warn({ err: failure }, 'could not record the failed sync run'));
      throw posFailure(source.log, error, messages.syncFailed);
    }
  });
}
