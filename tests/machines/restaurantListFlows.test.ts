import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Restaurant } from '../../client/types';
import { uz } from '../../lib/uz';
import { restaurantListMachine } from '../../machines/restaurants/restaurantList.machine';
import { confirmDeleteWith } from '../../machines/shared/confirmDelete.machine';
import { SYNC_ERROR_TOAST_MS } from '../../machines/shared/notify';
import { syncAnswer } from '../ui/models/sync.model';
import { flush, rejecting, resolving } from './helpers';

/** The restaurant list's sync and delete outcomes and its reloads (spec 2.5), beyond the older test. */

const restaurant = (i: number, type: 'integration' | 'manual') =>
  ({ _id: `r${i}`, name: `R ${i}`, slug: `r-${i}`, type, is_active: true }) as Restaurant;
const list = {
  restaurants: [restaurant(1, 'integration'), restaurant(2, 'manual')],
  counts: { all_count: 2, active_count: 2, inactive_count: 0 },
};

function start(actors: Record<string, unknown> = {}) {
  const notify = vi.fn();
  const load = resolving(list);
  const machine = restaurantListMachine.provide({
    actors: { loadRestaurants: load.logic, ...actors } as never,
    actions: { notify: (_, params) => notify(params) },
  });
  return { actor: createActor(machine).start(), notify, loads: load.probe.inputs };
}

describe('restaurant list: syncing a POS restaurant', () => {
  it('only an integration restaurant in the list can be synced', async () => {
    const sync = resolving(syncAnswer(0, 0, 0));
    const { actor } = start({ syncRestaurant: sync.logic });
    await flush();
    actor.send({ type: 'restaurant.sync', id: 'r2' });
    actor.send({ type: 'restaurant.sync', id: 'r9' });
    await flush();
    expect(sync.probe.inputs).toEqual([]);
    actor.send({ type: 'restaurant.sync', id: 'r1' });
    await flush();
    expect(sync.probe.inputs).toEqual([{ id: 'r1' }]);
  });

  it('a finished sync says what it changed and reloads the list', async () => {
    const { actor, notify, loads } = start({ syncRestaurant: resolving(syncAnswer(3, 12, 1)).logic });
    await flush();
    actor.send({ type: 'restaurant.sync', id: 'r1' });
    await flush();
    expect(notify).toHaveBeenCalledWith({
      kind: 'success',
      text: "Sinxronlandi: 3 ta yangi, 12 ta yangilandi, 1 ta o'chirildi",
    });
    expect(actor.getSnapshot().context.syncId).toBeNull();
    expect(loads).toHaveLength(2);
  });

  it('a failed sync says so with the sync error’s duration, without a reload', async () => {
    const { actor, notify, loads } = start({ syncRestaurant: rejecting(502).logic });
    await flush();
    actor.send({ type: 'restaurant.sync', id: 'r1' });
    await flush();
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: uz.syncFailed, durationMs: SYNC_ERROR_TOAST_MS });
    expect(actor.getSnapshot().context.syncId).toBeNull();
    expect(loads).toHaveLength(1);
  });
});

describe('restaurant list: delete outcomes and reloads', () => {
  it('Ha deletes by slug; a failed delete says so; Yo‘q asks nothing; each ends the question', async () => {
    const { actor, notify } = start({ confirmDelete: confirmDeleteWith(rejecting(500).logic as never) });
    await flush();
    actor.send({ type: 'restaurant.delete', id: 'r9' });
    expect(actor.getSnapshot().matches({ removal: 'idle' })).toBe(true);
    actor.send({ type: 'restaurant.delete', id: 'r2' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: uz.deleteFailed });
    expect(actor.getSnapshot().matches({ removal: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.deleteId).toBeNull();
    actor.send({ type: 'restaurant.delete', id: 'r2' });
    actor.send({ type: 'confirm.no' });
    await flush();
    expect(actor.getSnapshot().context.deleteId).toBeNull();
  });

  it('a deleted restaurant: by its slug, then the list reloads', async () => {
    const remove = resolving(undefined);
    const { actor, loads } = start({ confirmDelete: confirmDeleteWith(remove.logic as never) });
    await flush();
    actor.send({ type: 'restaurant.delete', id: 'r2' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(remove.probe.inputs).toEqual([{ slug: 'r-2' }]);
    expect(actor.getSnapshot().context.deleteId).toBeNull();
    expect(loads).toHaveLength(2);
  });

  it('a failed load: reload and retry both load again', async () => {
    let calls = 0;
    const { actor } = start({
      loadRestaurants: resolving(() => {
        calls++;
        if (calls < 3) throw new Error('down');
        return list;
      }).logic,
    });
    await flush();
    actor.send({ type: 'restaurants.reload' });
    await flush();
    expect(actor.getSnapshot().matches({ data: 'failed' })).toBe(true);
    actor.send({ type: 'restaurants.retry' });
    await flush();
    expect(actor.getSnapshot().matches({ data: 'ready' })).toBe(true);
  });
});
