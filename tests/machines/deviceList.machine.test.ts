import { describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, type EventObject, fromCallback, type SnapshotFrom } from 'xstate';
import { uzKitchen } from '../../lib/uz-kitchen';
import { type DeviceListEvent, deviceListMachine } from '../../machines/kitchenSetup/deviceList.machine';
import {
  selectCanAdd,
  selectCodeLeft,
  selectCodeState,
  selectDevices,
  selectLoadFailed,
  selectPairing,
  selectRevokeTarget,
  selectStations,
} from '../../machines/kitchenSetup/deviceList.selectors';
import { deviceRow, seenAt, timeLeft } from '../../machines/kitchenSetup/devices.rules';
import { type ConfirmDeleteOutput, confirmDeleteWith } from '../../machines/shared/confirmDelete.machine';
import { coverage, generatePaths, type PathEventType, pathName } from '../support/paths';
import {
  BAR_TABLET,
  deviceListModel,
  NEW_PAIRING,
  PAIRED_LIST,
  STATIONS,
  WAITING_TABLET,
} from '../ui/models/kitchenSetup.model';
import { flush, pending, rejecting, resolving } from './helpers';
import { type ParallelStep, replayParallelPath } from './replay-parallel';

/** The "Oshxona" section's tablets: their list, their removal, a new tablet's one-time code and its countdown. */

type Snapshot = SnapshotFrom<typeof deviceListMachine>;
const LOADED = { devices: [BAR_TABLET, WAITING_TABLET], stations: STATIONS };
const minute = (m: number) => Date.parse(`2026-11-26T12:${String(m).padStart(2, '0')}:00.000Z`);

/** A clock the test moves by hand (the real one ticks every second). */
function handClock() {
  const clock = { tick: (_now: number) => {}, running: 0 };
  const logic = fromCallback<EventObject, { everyMs: number }>(({ sendBack }) => {
    clock.running++;
    clock.tick = (now) => sendBack({ type: 'code.tick', now });
    return () => {
      clock.running--;
    };
  });
  return { clock, logic };
}

function start(actors: { loadDevices?: AnyActorLogic; remove?: AnyActorLogic } = {}) {
  const notify = vi.fn();
  const load = resolving(LOADED);
  const { clock, logic } = handClock();
  const machine = deviceListMachine.provide({
    actors: {
      loadDevices: actors.loadDevices ?? load.logic,
      confirmDelete: confirmDeleteWith(actors.remove ?? resolving(undefined).logic),
      clock: logic,
    } as never,
    actions: { notify: (_, notice) => notify(notice) },
  });
  const actor = createActor(machine, { input: { restaurantId: 'r1' } }).start();
  return { actor, notify, load, clock };
}

describe('a tablet as its row reads it', () => {
  const now = new Date(minute(30));
  it('the station it shows, or every station; its state; when it was last seen', () => {
    const paired = deviceRow(BAR_TABLET, STATIONS, now);
    expect(paired).toMatchObject({ station: "Bo'lim: Bar", state: 'Ulangan', tone: 'paired' });
    expect(paired.lastSeen).toBe(`Oxirgi faollik: ${seenAt(BAR_TABLET.last_seen_at!, now)}`);
    expect(deviceRow(WAITING_TABLET, STATIONS, now)).toMatchObject({
      station: "Barcha bo'limlar",
      state: 'Kod kutilmoqda',
      lastSeen: "Hali faollik yo'q",
    });
    expect(deviceRow({ ...WAITING_TABLET, state: 'expired' }, STATIONS, now).state).toBe("Kod muddati o'tgan");
  });

  it('last seen today by the time; an earlier day with its date', () => {
    const today = new Date(2026, 10, 26, 18, 0);
    expect(seenAt(new Date(2026, 10, 26, 9, 5).toISOString(), today)).toBe('09:05');
    expect(seenAt(new Date(2026, 10, 25, 23, 59).toISOString(), today)).toBe('25.11 23:59');
  });

  it("the code's time left in minutes and seconds, never below nothing", () => {
    expect(timeLeft(NEW_PAIRING.expires_at, minute(10))).toBe('10:00');
    expect(timeLeft(NEW_PAIRING.expires_at, minute(19) + 1500)).toBe('0:59');
    expect(timeLeft(NEW_PAIRING.expires_at, minute(25))).toBe('0:00');
  });
});

describe('deviceList machine: examples', () => {
  it("loads the restaurant's tablets and stations; a tablet is added once they are known", async () => {
    const { actor, load } = start();
    expect(selectCanAdd(actor.getSnapshot())).toBe(false);
    await flush();
    expect(load.probe.inputs).toEqual([{ restaurantId: 'r1' }]);
    expect(selectDevices(actor.getSnapshot())).toEqual(LOADED.devices);
    expect(selectStations(actor.getSnapshot())).toEqual(STATIONS);
    expect(selectCanAdd(actor.getSnapshot())).toBe(true);
  });

  it('shows a new code with its countdown, reads the list again, and closes', async () => {
    const { actor, load, clock } = start();
    await flush();
    actor.send({ type: 'device.created', pairing: NEW_PAIRING });
    expect(selectPairing(actor.getSnapshot())).toEqual(NEW_PAIRING);
    expect(selectCodeState(actor.getSnapshot())).toBe('showing');
    // Another tablet waits until this code's window is closed.
    expect(selectCanAdd(actor.getSnapshot())).toBe(false);
    expect(clock.running).toBe(1);
    expect(selectCodeLeft(actor.getSnapshot())).toBeNull();
    clock.tick(minute(10) + 19_000);
    expect(selectCodeLeft(actor.getSnapshot())).toBe('9:41');
    await flush();
    expect(load.probe.inputs).toHaveLength(2);
    actor.send({ type: 'code.close' });
    expect(selectPairing(actor.getSnapshot())).toBeNull();
    expect(clock.running).toBe(0);
    await flush();
    expect(load.probe.inputs).toHaveLength(3);
  });

  it('the code runs out: the window says so and the list is read again', async () => {
    const { actor, load, clock } = start();
    await flush();
    actor.send({ type: 'device.created', pairing: NEW_PAIRING });
    await flush();
    clock.tick(minute(20));
    expect(selectCodeState(actor.getSnapshot())).toBe('expired');
    expect(selectCodeLeft(actor.getSnapshot())).toBeNull();
    expect(clock.running).toBe(0);
    await flush();
    expect(load.probe.inputs).toHaveLength(3);
  });

  it('the tablet enters the code: the next read of the list tells the window', async () => {
    vi.useFakeTimers();
    try {
      let reads = 0;
      const { actor } = start({
        loadDevices: resolving(() => (++reads < 3 ? LOADED : { devices: PAIRED_LIST, stations: STATIONS })).logic,
      });
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'device.created', pairing: NEW_PAIRING });
      await vi.advanceTimersByTimeAsync(0);
      expect(selectCodeState(actor.getSnapshot())).toBe('showing');
      // Every few seconds while it shows.
      await vi.advanceTimersByTimeAsync(5000);
      expect(reads).toBe(3);
      expect(selectCodeState(actor.getSnapshot())).toBe('paired');
      expect(selectDevices(actor.getSnapshot())[0]?.state).toBe('paired');
    } finally {
      vi.useRealTimers();
    }
  });

  it("removes a tablet after Ha; the server's reason for a refusal is in the toast", async () => {
    const ok = start();
    await flush();
    ok.actor.send({ type: 'device.revoke', id: 'd2' });
    expect(selectRevokeTarget(ok.actor.getSnapshot())?.name).toBe('Oshxona plansheti');
    ok.actor.send({ type: 'confirm.yes' });
    await flush();
    expect(selectDevices(ok.actor.getSnapshot()).map((d) => d._id)).toEqual(['d1']);
    expect(ok.notify).toHaveBeenCalledWith({ kind: 'success', text: uzKitchen.deviceRevoked });

    const refused = start({ remove: rejecting(404, 'Planshet topilmadi.').logic });
    await flush();
    refused.actor.send({ type: 'device.revoke', id: 'd2' });
    refused.actor.send({ type: 'confirm.yes' });
    await flush();
    expect(refused.notify).toHaveBeenCalledWith({
      kind: 'error',
      text: `${uzKitchen.deviceRevokeFailed}: Planshet topilmadi.`,
      durationMs: 6000,
    });
    expect(selectDevices(refused.actor.getSnapshot())).toHaveLength(2);
  });

  it('a failed load offers the retry; leaving the page stops the load', async () => {
    const failing = start({ loadDevices: rejecting(500).logic });
    await flush();
    expect(selectLoadFailed(failing.actor.getSnapshot())).toBe(true);
    const hanging = pending();
    const { actor } = start({ loadDevices: hanging.logic });
    actor.stop();
    expect(hanging.probe.aborted).toBe(1);
  });
});

describe('deviceList machine: generated paths (xstate/graph getShortestPaths)', () => {
  const paths = generatePaths(deviceListModel);
  // The real clock would tick on its own: the paths tick it themselves (code.tick).
  const silentClock = fromCallback(() => () => {});
  const machine = deviceListMachine.provide({ actors: { clock: silentClock } as never });

  it('the paths visit every state and every transition', () => {
    const { states, transitions } = coverage(deviceListModel, paths);
    expect(states.covered).toEqual([...states.all].sort());
    expect(transitions.covered).toEqual(transitions.all);
  });

  type Step = ParallelStep<Snapshot>;
  const loads = (w: Parameters<Step>[0]) => w.started.filter((c) => c.id === 'loadDevices').length;
  const steps = {
    'xstate.done.actor.loadDevices': (_w, e, before, after) => {
      const { devices } = e.output as { devices: typeof PAIRED_LIST };
      expect(selectDevices(after)).toEqual(devices);
      // The list that has the shown code's tablet paired tells the code's window.
      if (devices === PAIRED_LIST && selectCodeState(before) === 'showing') {
        expect(selectCodeState(after)).toBe('paired');
      }
    },
    'xstate.error.actor.loadDevices': (_w, _e, _b, after) => expect(selectLoadFailed(after)).toBe(true),
    'devices.retry': (w) => expect(loads(w)).toBe(1),
    'devices.reload': (w) => expect(loads(w)).toBe(1),
    'device.revoke': (w, _e, _b, after) => {
      expect(selectRevokeTarget(after)?.name).toBe('Oshxona plansheti');
      expect(w.started.map((c) => c.input)).toEqual([{ target: { id: 'd2' } }]);
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
    'xstate.done.actor.confirmDelete': (_w, e, before, after) => {
      const gone = (e.output as ConfirmDeleteOutput).result === 'deleted';
      expect(selectDevices(after).some((d) => d._id === 'd2')).toBe(
        !gone && selectDevices(before).some((d) => d._id === 'd2'),
      );
      expect(selectRevokeTarget(after)).toBeNull();
    },
    'device.created': (w, _e, _b, after) => {
      expect(selectPairing(after)).toEqual(NEW_PAIRING);
      expect(loads(w)).toBe(1);
    },
    'code.tick': (w, e, _b, after) => {
      const late = (e.now as number) >= Date.parse(NEW_PAIRING.expires_at);
      expect(selectCodeState(after)).toBe(late ? 'expired' : 'showing');
      expect(selectCodeLeft(after)).toBe(late ? null : '9:00');
      expect(loads(w)).toBe(late ? 1 : 0);
    },
    'code.paired': () => {
      throw new Error("raised by the list's load, never sent");
    },
    'code.close': (w, _e, _b, after) => {
      expect(selectPairing(after)).toBeNull();
      expect(selectCanAdd(after)).toBe(after.matches({ data: 'ready' }));
      expect(loads(w)).toBe(1);
    },
  } satisfies Record<PathEventType<DeviceListEvent, 'loadDevices' | 'confirmDelete'>, Step>;

  it.each(paths.map((path, i) => [pathName(deviceListModel, path, i), path] as const))('%s', async (_n, path) => {
    await replayParallelPath(machine, { restaurantId: 'r1' }, ['loadDevices', 'confirmDelete'], path, steps);
  });
});
