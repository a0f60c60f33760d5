import { describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../client/client';
import type { Station } from '../../client/stations';
import { uzKitchen } from '../../lib/uz-kitchen';
import { type StationListEvent, stationListMachine } from '../../machines/kitchenSetup/stationList.machine';
import {
  selectCanAdd,
  selectCanDelete,
  selectDeleteTarget,
  selectIsEmpty,
  selectLoadFailed,
  selectShowsSpinner,
  selectStations,
  stationFacts,
} from '../../machines/kitchenSetup/stationList.selectors';
import { type ConfirmDeleteOutput, confirmDeleteWith } from '../../machines/shared/confirmDelete.machine';
import { coverage, generatePaths, type PathEventType, pathName } from '../support/paths';
import { BAR, KITCHEN, STATION_HAS_DEVICES, STATIONS, stationListModel } from '../ui/models/kitchenSetup.model';
import { flush, pending, rejecting, resolving } from './helpers';
import { type ParallelStep, replayParallelPath } from './replay-parallel';

/** The "Oshxona" section's stations ("Bo'limlar"): their list and its delete question. */

type Snapshot = SnapshotFrom<typeof stationListMachine>;

function start(actors: { loadStations?: AnyActorLogic; remove?: AnyActorLogic } = {}) {
  const notify = vi.fn();
  const stationsChanged = vi.fn();
  const load = resolving(STATIONS);
  const remove = resolving(undefined);
  const machine = stationListMachine.provide({
    actors: {
      loadStations: actors.loadStations ?? load.logic,
      confirmDelete: confirmDeleteWith(actors.remove ?? remove.logic),
    } as never,
    actions: { notify: (_, notice) => notify(notice), stationsChanged },
  });
  const actor = createActor(machine, { input: { restaurantId: 'r1' } }).start();
  return { actor, notify, stationsChanged, load, remove };
}

describe('a station as its row reads it', () => {
  it('its printer (or none), when orders reach it, and the display minutes', () => {
    expect(stationFacts(KITCHEN)).toEqual({
      printer: 'Printer: 192.168.1.50:9100 · 80 mm',
      printOn: 'Buyurtma kelganda',
      thresholds: 'Sariq 10 daq · qizil 20 daq',
    });
    expect(stationFacts(BAR)).toEqual({
      printer: 'Printersiz',
      printOn: 'Qabul qilinganda',
      thresholds: 'Sariq 5 daq · qizil 12 daq',
    });
    const narrow: Station = { ...KITCHEN, printer: { host: 'printer.bar', port: 9101, width: 58 } };
    expect(stationFacts(narrow).printer).toBe('Printer: printer.bar:9101 · 58 mm');
  });
});

describe('stationList machine: examples', () => {
  it("loads the restaurant's stations; adding waits for the list", async () => {
    const { actor, load } = start();
    expect(selectShowsSpinner(actor.getSnapshot())).toBe(true);
    expect(selectCanAdd(actor.getSnapshot())).toBe(false);
    await flush();
    expect(load.probe.inputs).toEqual([{ restaurantId: 'r1' }]);
    expect(selectStations(actor.getSnapshot())).toEqual(STATIONS);
    expect(selectCanAdd(actor.getSnapshot())).toBe(true);
    expect(selectIsEmpty(actor.getSnapshot())).toBe(false);
  });

  it('a restaurant without stations says so; a failed load offers the retry', async () => {
    let calls = 0;
    const { actor } = start({
      loadStations: resolving(() => {
        calls++;
        if (calls === 1) throw new ApiError(500, 'Serverda xatolik');
        return [];
      }).logic,
    });
    await flush();
    expect(selectLoadFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'stations.retry' });
    await flush();
    expect(selectIsEmpty(actor.getSnapshot())).toBe(true);
  });

  it('deletes after Ha: the row goes, the section is told, the list is read again', async () => {
    const { actor, notify, stationsChanged, load, remove } = start();
    await flush();
    actor.send({ type: 'station.delete', id: 's2' });
    expect(selectDeleteTarget(actor.getSnapshot())?.name).toBe('Bar');
    expect(selectCanDelete(actor.getSnapshot())).toBe(false);
    expect(remove.probe.inputs).toEqual([]);
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(remove.probe.inputs).toEqual([{ id: 's2' }]);
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: "Bo'lim o'chirildi" });
    expect(stationsChanged).toHaveBeenCalledTimes(1);
    expect(load.probe.inputs).toHaveLength(2);
    expect(selectDeleteTarget(actor.getSnapshot())).toBeNull();
  });

  it("a station a tablet shows alone is kept: the toast says why, in the server's words", async () => {
    const refused = rejecting(409, STATION_HAS_DEVICES.message);
    const { actor, notify, stationsChanged } = start({ remove: refused.logic });
    await flush();
    actor.send({ type: 'station.delete', id: 's2' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(notify).toHaveBeenCalledWith({
      kind: 'error',
      text: `${uzKitchen.stationDeleteFailed}: ${STATION_HAS_DEVICES.message}`,
      durationMs: 6000,
    });
    expect(selectStations(actor.getSnapshot()).map((s) => s.name)).toEqual(['Oshxona', 'Bar']);
    expect(stationsChanged).not.toHaveBeenCalled();
  });

  it('a station not on the list is not asked about; leaving the page stops the load', () => {
    const hanging = pending();
    const { actor } = start({ loadStations: hanging.logic });
    actor.send({ type: 'station.delete', id: 's2' });
    expect(selectDeleteTarget(actor.getSnapshot())).toBeNull();
    actor.stop();
    expect(hanging.probe.aborted).toBe(1);
  });
});

describe('stationList machine: generated paths (xstate/graph getShortestPaths)', () => {
  const paths = generatePaths(stationListModel);

  it('the paths visit every state and every transition', () => {
    const { states, transitions } = coverage(stationListModel, paths);
    expect(states.covered).toEqual([...states.all].sort());
    expect(transitions.covered).toEqual(transitions.all);
  });

  type Step = ParallelStep<Snapshot>;
  const steps = {
    'xstate.done.actor.loadStations': (_w, _e, _b, after) => {
      expect(selectStations(after)).toEqual(STATIONS);
      expect(selectCanAdd(after)).toBe(true);
    },
    'xstate.error.actor.loadStations': (_w, _e, _b, after) => expect(selectLoadFailed(after)).toBe(true),
    'stations.retry': (w) => expect(w.started.map((c) => c.id)).toEqual(['loadStations']),
    'stations.reload': (w, _e, before, after) => {
      expect(w.started.map((c) => c.id)).toEqual(['loadStations']);
      // One load at a time (a reload while loading starts it again), and the rows shown stay.
      expect(w.running.filter((c) => c.id === 'loadStations')).toHaveLength(1);
      expect(selectStations(after)).toEqual(selectStations(before));
    },
    'station.delete': (w, _e, _b, after) => {
      expect(selectDeleteTarget(after)?.name).toBe('Bar');
      expect(w.started.map((c) => c.input)).toEqual([{ target: { id: 's2' } }]);
    },
    'confirm.yes': () => {
      throw new Error("Ha is the confirm-delete child's step");
    },
    'confirm.no': () => {
      throw new Error("Yo‘q is the confirm-delete child's step");
    },
    'xstate.error.actor.confirmDelete': () => {
      throw new Error("the question never fails: its call's failure is an outcome");
    },
    'xstate.done.actor.confirmDelete': (w, e, before, after) => {
      const outcome = (e.output as ConfirmDeleteOutput).result;
      expect(selectDeleteTarget(after)).toBeNull();
      const names = selectStations(after).map((s) => s.name);
      if (outcome === 'deleted') {
        expect(names).not.toContain('Bar');
        expect(w.started.map((c) => c.id)).toEqual(['loadStations']);
      } else {
        expect(names).toEqual(selectStations(before).map((s) => s.name));
        expect(w.started).toEqual([]);
      }
    },
  } satisfies Record<PathEventType<StationListEvent, 'loadStations' | 'confirmDelete'>, Step>;

  it.each(paths.map((path, i) => [pathName(stationListModel, path, i), path] as const))('%s', async (_n, path) => {
    await replayParallelPath(
      stationListMachine,
      { restaurantId: 'r1' },
      ['loadStations', 'confirmDelete'],
      path,
      steps,
    );
  });
});
