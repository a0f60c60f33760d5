import { type ActorRefFrom, setup } from 'xstate';
import type { Station } from '../../client/stations';
import { uzKitchen } from '../../lib/uz-kitchen';
import { deleteActors, deleteRegion } from '../shared/deleteRegion';
import { listRegion } from '../shared/listRegion';
import type { Notice } from '../shared/notify';
import { failureText, REASON_TOAST_MS } from './failureText';
import { deleteStationActor, loadStationsActor } from './stationList.actors';

/**
 * The "Oshxona" section's stations ("Bo'limlar"): a restaurant's stations in their order, loaded once and again after
 * a save (`stations.reload`), deleted after Ha / Yo‘q (the shared confirm-delete child). A station a kitchen tablet
 * shows alone is kept by the server (409): the toast says why, in the server's words. Adding and editing are the
 * station dialog's (stationDialog.machine.ts). A delete moves the station's categories and tablets' views, so the
 * section is told (`stationsChanged`, which React provides).
 */

export interface StationListInput {
  restaurantId: string;
}

export interface StationListContext {
  restaurantId: string;
  stations: Station[];
  /** The station a delete is asked or running for. */
  deleteId: string | null;
}

export type StationListEvent =
  | { type: 'stations.reload' }
  | { type: 'stations.retry' }
  | { type: 'station.delete'; id: string }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' };

const types = {} as { context: StationListContext; events: StationListEvent };

const list = listRegion({
  types,
  load: {
    name: 'loadStations',
    actor: loadStationsActor,
    input: (context) => ({ restaurantId: context.restaurantId }),
  },
  loaded: (_, stations) => ({ stations }),
  retry: 'stations.retry',
  reload: 'stations.reload',
});

const removal = deleteRegion({
  types,
  ask: {
    event: 'station.delete',
    exists: (context, id) => context.stations.some((s) => s._id === id),
    remember: (_, id) => ({ deleteId: id }),
  },
  target: (context) => ({ id: context.deleteId ?? '' }),
  forget: { deleteId: null },
  deleted: {
    drop: (context) => ({ stations: context.stations.filter((s) => s._id !== context.deleteId) }),
    notice: { kind: 'success', text: uzKitchen.stationDeleted },
    after: 'stationsChanged',
    // The others' positions close up on the server: read them again.
    reload: { type: 'stations.reload' },
  },
  failed: {
    notice: (error) => ({
      kind: 'error',
      text: failureText(uzKitchen.stationDeleteFailed, error),
      durationMs: REASON_TOAST_MS,
    }),
  },
});

export const stationListMachine = setup({
  types: {
    context: {} as StationListContext,
    events: {} as StationListEvent,
    input: {} as StationListInput,
    children: {} as { confirmDelete: 'confirmDelete' },
  },
  actors: {
    ...list.actors,
    ...deleteActors(deleteStationActor),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    /** Provided by React: the stations changed (the tablets' list names them). */
    stationsChanged: () => {},
  },
}).createMachine({
  id: 'stationList',
  context: ({ input }) => ({ restaurantId: input.restaurantId, stations: [], deleteId: null }),
  type: 'parallel',
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: list.states.loading,
        ready: list.states.ready,
        failed: list.states.failed,
      },
    },
    removal,
  },
});

export type StationListActor = ActorRefFrom<typeof stationListMachine>;
