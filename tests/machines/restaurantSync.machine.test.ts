import { describe, expect, it, vi } from 'vitest';
import {
  type AnyActorLogic,
  createActor,
  fromPromise,
  getInitialSnapshot,
  getNextSnapshot,
  type SnapshotFrom,
} from 'xstate';
import { uz } from '../../lib/uz';
import { type RestaurantSyncEvent, restaurantSyncMachine } from '../../machines/restaurants/restaurantSync.machine';
import { selectIsSyncing } from '../../machines/restaurants/restaurantSync.selectors';
import { SYNC_ERROR_TOAST_MS } from '../../machines/shared/notify';
import { coverage, generatePaths, type ModelEvent, type PathEventType, pathName } from '../support/paths';
import { restaurantSyncModel, syncAnswer } from '../ui/models/sync.model';
import { flush, pending, rejecting, resolving } from './helpers';

/** "Sinxronlash" on an integration restaurant's page: one sync at a time, its counts in a toast, the page reloaded. */

type Snapshot = SnapshotFrom<typeof restaurantSyncMachine>;

function start(syncRestaurant: AnyActorLogic) {
  const notify = vi.fn();
  const synced = vi.fn();
  const machine = restaurantSyncMachine.provide({
    actors: { syncRestaurant } as never,
    actions: { notify: (_, params) => notify(params), synced },
  });
  return { actor: createActor(machine, { input: { restaurantId: 'r1' } }).start(), notify, synced };
}

describe('restaurantSync machine: examples', () => {
  it('syncs its restaurant once, says what changed and asks the page to load again', async () => {
    const sync = resolving(syncAnswer(3, 12, 1));
    const { actor, notify, synced } = start(sync.logic);
    actor.send({ type: 'restaurant.sync' });
    expect(selectIsSyncing(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().can({ type: 'restaurant.sync' })).toBe(false);
    actor.send({ type: 'restaurant.sync' });
    await flush();
    expect(sync.probe.inputs).toEqual([{ id: 'r1' }]);
    expect(notify).toHaveBeenCalledWith({
      kind: 'success',
      text: "Sinxronlandi: 3 ta yangi, 12 ta yangilandi, 1 ta o'chirildi",
    });
    expect(synced).toHaveBeenCalledTimes(1);
    expect(selectIsSyncing(actor.getSnapshot())).toBe(false);
  });

  it('a sync that found nothing new says so', async () => {
    const { actor, notify } = start(resolving(syncAnswer(0, 0, 0)).logic);
    actor.send({ type: 'restaurant.sync' });
    await flush();
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: "Sinxronlandi: o'zgarish yo'q" });
  });

  it("a failed sync shows the spec's error for 5 s and leaves the page as it is", async () => {
    const { actor, notify, synced } = start(rejecting(502).logic);
    actor.send({ type: 'restaurant.sync' });
    await flush();
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: uz.syncFailed, durationMs: SYNC_ERROR_TOAST_MS });
    expect(synced).not.toHaveBeenCalled();
    expect(actor.getSnapshot().can({ type: 'restaurant.sync' })).toBe(true);
  });

  it('leaving the page stops the call', () => {
    const hanging = pending();
    const { actor } = start(hanging.logic);
    actor.send({ type: 'restaurant.sync' });
    actor.stop();
    expect(hanging.probe.aborted).toBe(1);
  });
});

describe('restaurantSync machine: generated paths (xstate/graph getShortestPaths)', () => {
  const paths = generatePaths(restaurantSyncModel);

  it('the paths visit every state and every transition', () => {
    const { states, transitions } = coverage(restaurantSyncModel, paths);
    expect(states.covered).toEqual([...states.all].sort());
    expect(transitions.covered).toEqual(transitions.all);
  });

  interface World {
    held: Array<{ input: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }>;
    notify: ReturnType<typeof vi.fn<(notice: unknown) => void>>;
    synced: ReturnType<typeof vi.fn<() => void>>;
  }
  type Step = (w: World, event: ModelEvent, after: Snapshot) => void;
  /** What each event does and what it must leave behind; a new event of the machine needs its entry here. */
  const steps = {
    'restaurant.sync': (w, _e, after) => {
      expect(w.held.map((c) => c.input)).toEqual([{ id: 'r1' }]);
      expect(selectIsSyncing(after)).toBe(true);
      expect(w.notify).not.toHaveBeenCalled();
    },
    'xstate.done.actor.syncRestaurant': (w, _e, after) => {
      expect(w.notify).toHaveBeenCalledWith({
        kind: 'success',
        text: "Sinxronlandi: 1 ta yangi, 0 ta yangilandi, 0 ta o'chirildi",
      });
      expect(w.synced).toHaveBeenCalledTimes(1);
      expect(selectIsSyncing(after)).toBe(false);
    },
    'xstate.error.actor.syncRestaurant': (w, _e, after) => {
      expect(w.notify).toHaveBeenCalledWith({ kind: 'error', text: uz.syncFailed, durationMs: SYNC_ERROR_TOAST_MS });
      expect(w.synced).not.toHaveBeenCalled();
      expect(selectIsSyncing(after)).toBe(false);
    },
  } satisfies Record<PathEventType<RestaurantSyncEvent, 'syncRestaurant'>, Step>;

  it.each(paths.map((path, i) => [pathName(restaurantSyncModel, path, i), path] as const))('%s', async (_n, path) => {
    const world: World = { held: [], notify: vi.fn<(notice: unknown) => void>(), synced: vi.fn<() => void>() };
    const holding = fromPromise<unknown, unknown>(
      ({ input }) => new Promise((resolve, reject) => world.held.push({ input, resolve, reject })),
    );
    const actor = createActor(
      restaurantSyncMachine.provide({
        actors: { syncRestaurant: holding } as never,
        actions: { notify: (_, params) => world.notify(params), synced: world.synced },
      }),
      { input: restaurantSyncModel.input! },
    ).start();
    let replayed = getInitialSnapshot(restaurantSyncMachine, restaurantSyncModel.input!) as Snapshot;
    for (const step of path.steps.slice(1)) {
      const event = step.event as ModelEvent;
      world.notify.mockClear();
      world.synced.mockClear();
      if (event.type === 'restaurant.sync') {
        world.held.length = 0;
        actor.send({ type: 'restaurant.sync' });
      } else {
        const call = world.held.shift();
        expect(call, 'the sync is running').toBeDefined();
        if (event.type === 'xstate.done.actor.syncRestaurant') call!.resolve(event.output);
        else call!.reject(event.error);
      }
      await flush();
      replayed = getNextSnapshot(restaurantSyncMachine, replayed, event as never) as Snapshot;
      const after = actor.getSnapshot();
      expect(after.value, `after ${event.type}`).toEqual(replayed.value);
      steps[event.type as keyof typeof steps](world, event, after);
    }
    actor.stop();
  });
});
