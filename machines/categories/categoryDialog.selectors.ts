import type { SnapshotFrom } from 'xstate';
import type { dialogMachine } from '../dialog/dialog.machine';
import type { CategoryStationsOption } from './categoryDialog.actors';

type DialogSnapshot = SnapshotFrom<typeof dialogMachine>;

/** What the modal knows of the restaurant's stations (categoryDialog.actors.ts loadOptions). */
export const selectCategoryStations = (s: DialogSnapshot) => s.context.options as CategoryStationsOption;

/**
 * The category's station as the "Bo'lim" select shows it ('' is the first station): the one chosen in the form,
 * else the edited category's own. The form holds a station only once one is chosen, so an edit that leaves the
 * select alone sends none.
 */
export function selectCategoryStation(s: DialogSnapshot): string {
  const chosen = s.context.values.station_id;
  if (typeof chosen === 'string') return chosen;
  const own = (s.context.item as { station_id?: unknown } | null)?.station_id;
  return typeof own === 'string' ? own : '';
}
