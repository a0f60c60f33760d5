import type { Executor } from '../../db/client';
import { maintenanceOf } from '../../db/maintenance';
import { badRequest, conflict, notFound, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../errors';
import { posDetails, withoutControlCharacters } from '../../integrations/clean-text';
import { posFailure } from '../../integrations/failures';
import { Budget, fetchSnapshot, type PosSnapshot } from '../../integrations/pos-fetch';
import type { PosOrganization, PosProvider } from '../../integrations/provider';
import { uniqueSlug } from '../../integrations/slug';
import { messages } from '../../messages';
import { createRestaurant, isOrganizationLinked } from '../../repositories/restaurants';
import { recordRun } from '../../repositories/sync-runs';
import { assertManagerExists } from '../../repositories/users';
import { RESTAURANT_NAME_MAX } from '../../schemas/restaurants';
import type { DomainDeps } from '../deps';
import { applyMenu } from './apply-menu';
import { applyPosTables, fetchPosTables, type PosTablesSnapshot } from './pos-tables';
import { exclusively, type PosSource, requireProvider } from './source';
import type { SyncOutcome } from './sync-restaurant';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function assertNotLinked(db: Executor, provider: PosProvider, organizationId: string): Promise<void> {
  if (await isOrganizationLinked(db, provider.name, organizationId)) throw conflict(messages.alreadyLinked);
}

/**
 * Creates a restaurant of type integration from a POS organization and imports its menu and tables
 * (docs/integration.md). The
 * POS is asked first, within the time budget and outside any transaction; then the restaurant, its menu and the run
 * that records the import are written in ONE unit of work, so a POS failing halfway creates nothing, and the new
 * menu is announced only once that commit succeeded. One import of an organization at a time in this process.
 */
export async function createIntegrationRestaurant(
  deps: DomainDeps,
  source: PosSource,
  organizationId: string,
  managerId: string,
): Promise<{ restaurantId: string } & SyncOutcome> {
  const provider = requireProvider(source);
  if (!UUID.test(managerId)) throw badRequest(messages.unknownManager);
  await assertManagerExists(deps.db, managerId);
  await assertNotLinked(deps.db, provider, organizationId);

  return exclusively(source, `create:${provider.name}:${organizationId}`, messages.createRunning, async () => {
    const startedAt = new Date().toISOString();
    const budget = new Budget(source.syncTimeoutMs);
    let organization: PosOrganization | undefined;
    let snapshot: PosSnapshot;
    let tables: PosTablesSnapshot | null;
    try {
      organization = (await provider.listOrganizations(budget.call)).find((org) => org.id === organizationId);
      if (!organization) throw notFound(messages.organizationNotFound);
      snapshot = await fetchSnapshot(provider, organizationId, budget);
      // A new restaurant starts with the POS's first terminal group.
      tables = await fetchPosTables(provider, organizationId, null, budget);
      budget.ensureLeft();
    } catch (error) {
      throw posFailure(source.log, error, messages.createFailed);
    }
    const name = withoutControlCharacters(organization.name).slice(0, RESTAURANT_NAME_MAX);
    const details = posDetails(organization);
    // A lost race at a unique index (same organization or same slug created meanwhile): try once more, which then
    // answers 409 for the organization or picks the next free slug.
    for (let attempt = 1; ; attempt++) {
      try {
        return await deps.work(async (w) => {
          await assertNotLinked(w.tx, provider, organizationId);
          const restaurant = await createRestaurant(w.tx, {
            name,
            slug: await uniqueSlug(w.tx, name),
            manager_id: managerId,
            ...details,
            type: 'integration',
            integration_provider: provider.name,
            integration_id: organizationId,
          });
          const counts = await applyMenu(w.tx, restaurant._id, snapshot.menu, snapshot.stopList);
          if (tables) await applyPosTables(w.tx, restaurant._id, tables);
          const run = await recordRun(w.tx, restaurant._id, startedAt, counts);
          w.menuChanged(restaurant._id);
          // An import: the embedded database analyzes what it wrote, in the background.
          w.afterCommit(() => maintenanceOf(deps.db)?.bulkWritten());
          return { restaurantId: restaurant._id, counts, run };
        });
      } catch (error) {
        if (attempt < 2 && pgErrorCode(error) === PG_UNIQUE_VIOLATION) continue;
        throw error;
      }
    }
  });
}
