import type { SnapshotFrom } from 'xstate';
import type { Station } from '../../client/stations';
import { uzKitchen } from '../../lib/uz-kitchen';
import type { ConfirmDeleteRef } from '../shared/confirmDelete.machine';
import type { stationListMachine } from './stationList.machine';

type Snapshot = SnapshotFrom<typeof stationListMachine>;

/** The spinner only while nothing is shown yet (a reload after a save keeps the list in place). */
export const selectShowsSpinner = (s: Snapshot) => s.matches({ data: 'loading' }) && s.context.stations.length === 0;
export const selectLoadFailed = (s: Snapshot) => s.matches({ data: 'failed' });
export const selectStations = (s: Snapshot) => s.context.stations;
export const selectIsEmpty = (s: Snapshot) => s.matches({ data: 'ready' }) && s.context.stations.length === 0;
/** Adding waits for the list (a new station goes after the ones shown). */
export const selectCanAdd = (s: Snapshot) => s.matches({ data: 'ready' });
export const selectCanDelete = (s: Snapshot) => s.matches({ removal: 'idle' });
export const selectDeleteTarget = (s: Snapshot) =>
  s.matches({ removal: 'idle' }) ? null : (s.context.stations.find((x) => x._id === s.context.deleteId) ?? null);
export const selectConfirmDelete = (s: Snapshot) => s.children.confirmDelete as ConfirmDeleteRef | undefined;

/** A station's facts as its row reads them: its printer, when orders reach it, the display's minutes. */
export function stationFacts(station: Station): { printer: string; printOn: string; thresholds: string } {
  const { printer } = station;
  return {
    printer: printer ? uzKitchen.stationPrinter(printer.host, printer.port, printer.width) : uzKitchen.stationNoPrinter,
    printOn: station.print_on === 'accepted' ? uzKitchen.printOnAccepted : uzKitchen.printOnPlaced,
    thresholds: uzKitchen.stationThresholds(station.amber_minutes, station.red_minutes),
  };
}
