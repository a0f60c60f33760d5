import type { Tx } from '../../db/client';
import { withoutControlCharacters } from '../../integrations/clean-text';
import { posFailure } from '../../integrations/failures';
import { IntegrationError } from '../../integrations/messages';
import { Budget } from '../../integrations/pos-fetch';
import type { PosProvider, PosTable, PosTerminalGroup } from '../../integrations/provider';
import { messages } from '../../messages';
import { insertPosTables, lockTablesOf, updateTable } from '../../repositories/tables';
import { TABLE_NAME_MAX } from '../../schemas/tables';
import type { PosSource } from './source';

/**
 * An integration restaurant's tables from its POS (docs/integration.md, "Tables from the POS"): the tables of the
 * restaurant's terminal group (restaurants.pos_terminal_group_id; null: the POS's first), of all its halls.
 */

/** How long checking a terminal group the manager chose may take: the save waits for it. */
const TERMINAL_GROUP_CHECK_MS = 10_000;

export interface PosTablesSnapshot {
  terminalGroupId: string;
  tables: PosTable[];
}

/**
 * The chosen terminal group's tables, or null when there is nothing to mirror: the provider has no tables, the POS
 * lists no terminal group, or the chosen one is gone from it (the tables stay as they are until a manager chooses
 * another; a vanished group is never read as "every table was deleted").
 */
export async function fetchPosTables(
  provider: PosProvider,
  organizationId: string,
  chosenGroupId: string | null,
  budget: Budget,
): Promise<PosTablesSnapshot | null> {
  if (!provider.listTerminalGroups || !provider.fetchTables) return null;
  const groups = await provider.listTerminalGroups(organizationId, budget.call);
  const group = chosenGroupId === null ? groups[0] : groups.find((g) => g.id === chosenGroupId);
  if (!group) return null;
  return { terminalGroupId: group.id, tables: await provider.fetchTables(group.id, budget.call) };
}

/** A POS table's name: iiko's `name` when it has one, else its number; control characters out, cut to the limit. */
function posName(table: PosTable): string {
  const name = withoutControlCharacters(table.name).trim();
  return (name || String(table.number)).slice(0, TABLE_NAME_MAX);
}

/**
 * The first of `base`, `base (kassadagi stol)`, `base (kassadagi stol 2)`, … that no table in `taken` (lowercase names) has. A manual
 * table keeps its name: the POS table is the one that yields, as two POS tables with one name do in number order.
 */
function freeName(base: string, taken: Set<string>): string {
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 1; ; n++) {
    const suffix = messages.posTableNameSuffix(n);
    const name = `${base.slice(0, TABLE_NAME_MAX - suffix.length)}${suffix}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

/**
 * Writes the POS's tables into the restaurant inside the caller's transaction: a new POS table becomes an active
 * table (`source` pos, with its QR token as any table); a known one takes the POS's name; one the POS deleted, or
 * no longer lists in the chosen group, is deactivated and keeps its orders (never deleted). The sync never turns a
 * table on: the active switch of a listed table is the manager's. Manual tables are never touched. Answers how
 * many tables changed.
 */
export async function applyPosTables(tx: Tx, restaurantId: string, snapshot: PosTablesSnapshot): Promise<number> {
  const current = await lockTablesOf(tx, restaurantId);
  const byPosId = new Map(current.filter((t) => t.pos_table_id !== null).map((t) => [t.pos_table_id!, t]));
  const live = snapshot.tables.filter((t) => !t.deleted).sort((a, b) => a.number - b.number);
  const liveIds = new Set<string | null>(live.map((t) => t.externalId));

  // Names stay with the tables that do not take one now: POS tables no longer listed, and manual tables (no POS id).
  const taken = new Set(current.filter((t) => !liveIds.has(t.pos_table_id)).map((t) => t.name.toLowerCase()));
  const wanted = live.map((table) => {
    const name = freeName(posName(table), taken);
    taken.add(name.toLowerCase());
    return { table, name, row: byPosId.get(table.externalId) };
  });

  let changed = 0;
  const renamed = wanted.filter((w) => w.row && w.row.name !== w.name);
  // Two tables swapping names would meet at the unique name index: each first steps aside under its own id.
  for (const { row } of renamed) await updateTable(tx, row!._id, { name: row!._id });
  for (const { row, name } of renamed) await updateTable(tx, row!._id, { name });
  changed += renamed.length;

  const created = wanted.filter((w) => !w.row).map((w) => ({ name: w.name, pos_table_id: w.table.externalId }));
  await insertPosTables(tx, restaurantId, created);
  changed += created.length;

  for (const row of current) {
    if (row.source === 'pos' && row.is_active && !liveIds.has(row.pos_table_id)) {
      await updateTable(tx, row._id, { is_active: false });
      changed++;
    }
  }
  return changed;
}

interface LinkedRestaurant {
  type: 'manual' | 'integration';
  integration_provider: string | null;
  integration_id: string | null;
}

/**
 * The POS's terminal groups of an integration restaurant, in its order (the first is the default), asked with a short
 * time budget: 400 for a manual restaurant, 502 (504 on time-out) when the POS cannot be asked, 503 when no POS is
 * configured.
 */
export async function listTerminalGroups(source: PosSource, restaurant: LinkedRestaurant): Promise<PosTerminalGroup[]> {
  if (restaurant.type !== 'integration' || !restaurant.integration_id) {
    throw new IntegrationError(400, messages.terminalGroupNotIntegration);
  }
  const provider = source.provider;
  if (!provider) throw new IntegrationError(503, messages.sourceNotConfigured);
  if (restaurant.integration_provider !== provider.name) throw new IntegrationError(409, messages.otherProvider);
  if (!provider.listTerminalGroups) return [];
  try {
    const budget = new Budget(Math.min(source.syncTimeoutMs, TERMINAL_GROUP_CHECK_MS));
    return await provider.listTerminalGroups(restaurant.integration_id, budget.call);
  } catch (error) {
    throw posFailure(source.log, error, messages.terminalGroupsFailed);
  }
}

/** The terminal group a manager chose, checked against the POS: 400 naming it when the POS does not list it. */
export async function assertTerminalGroup(
  source: PosSource,
  restaurant: LinkedRestaurant,
  terminalGroupId: string,
): Promise<void> {
  const groups = await listTerminalGroups(source, restaurant);
  if (!groups.some((group) => group.id === terminalGroupId)) {
    throw new IntegrationError(400, messages.unknownTerminalGroup(terminalGroupId));
  }
}
