import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Restaurant } from '../../client/types';
import { restaurantListMachine } from '../../machines/restaurants/restaurantList.machine';
import {
  selectDeleteTarget,
  selectPage,
  selectPageCount,
  selectPageRows,
  selectSyncingId,
} from '../../machines/restaurants/restaurantList.selectors';
import { confirmDeleteWith } from '../../machines/shared/confirmDelete.machine';
import { syncAnswer } from '../ui/models/sync.model';
import { flush, pending, rejecting, resolving } from './helpers';
import { restaurantsPage } from './listServer';

const restaurant = (i: number, extra: Partial<Restaurant> = {}): Restaurant => ({
  _id: `r${i}`,
  name: `Restoran ${i}`,
  slug: `restoran-${i}`,
  address: 'Toshkent',
  phone_number: '+998',
  work_time: '09-23',
  manager_id: 'm1',
  type: 'manual',
  is_active: true,
  bot_token: null,
  channel_id: null,
  image: null,
  logotype: null,
  hide_stopped: false,
  time_zone: 'Asia/Tashkent',
  working_hours: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...extra,
});
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => restaurant(i + 1, i === 0 ? { type: 'integration' } : {}));
/** The server's answers over n restaurants: each call gets the page and filters it asks for. */
const list = (n: number) => restaurantsPage(rows(n));

function start(actors: Record<string, unknown> = {}) {
  const notify = vi.fn();
  const machine = restaurantListMachine.provide({
    actors: { loadRestaurants: resolving(list(23)).logic, ...actors } as never,
    actions: { notify: (_, params) => notify(params) },
  });
  return { actor: createActor(machine).start(), notify };
}

describe('restaurant list machine (spec 2.5)', () => {
  it('pages 10 at a time with previous / next, each page asked of the server', async () => {
    const load = resolving(list(23));
    const { actor } = start({ loadRestaurants: load.logic });
    await flush();
    const s = () => actor.getSnapshot();
    expect(load.probe.inputs).toEqual([{ page: 1, limit: 10, q: '' }]);
    expect(selectPageCount(s())).toBe(3);
    expect(selectPageRows(s()).map((r) => r.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(s().can({ type: 'page.prev' })).toBe(false);
    actor.send({ type: 'page.next' });
    await flush();
    actor.send({ type: 'page.next' });
    await flush();
    expect(load.probe.inputs.map((i) => (i as { page: number }).page)).toEqual([1, 2, 3]);
    expect(selectPage(s())).toBe(3);
    expect(selectPageRows(s()).map((r) => r.index)).toEqual([21, 22, 23]);
    expect(s().can({ type: 'page.next' })).toBe(false);
    actor.send({ type: 'page.prev' });
    await flush();
    expect(selectPage(s())).toBe(2);
    expect(selectPageRows(s())[0]!.restaurant.name).toBe('Restoran 11');
  });

  it('a load failure can be retried; counters come from the server', async () => {
    let calls = 0;
    const { actor } = start({
      loadRestaurants: resolving(() => {
        calls++;
        if (calls === 1) throw new Error('down');
        return list(3)({ page: 1, limit: 10 });
      }).logic,
    });
    await flush();
    expect(actor.getSnapshot().matches({ data: 'failed' })).toBe(true);
    actor.send({ type: 'restaurants.retry' });
    await flush();
    expect(actor.getSnapshot().context.counts).toEqual({ all_count: 3, active_count: 3, inactive_count: 0 });
  });

  it('deletes only after Ha, by slug, then reloads; Yo‘q calls nothing', async () => {
    const remove = resolving(undefined);
    const load = resolving(list(11));
    const { actor, notify } = start({ loadRestaurants: load.logic, confirmDelete: confirmDeleteWith(remove.logic) });
    await flush();
    actor.send({ type: 'restaurant.delete', id: 'r2' });
    expect(selectDeleteTarget(actor.getSnapshot())?.name).toBe('Restoran 2');
    actor.send({ type: 'confirm.no' });
    expect(remove.probe.inputs).toHaveLength(0);
    actor.send({ type: 'restaurant.delete', id: 'r2' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(remove.probe.inputs).toEqual([{ slug: 'restoran-2' }]);
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: "Restoran o'chirildi" });
    expect(load.probe.inputs).toHaveLength(2);
  });

  it("a failed delete says 'O'chirishda xatolik yuz berdi!'", async () => {
    const { actor, notify } = start({ confirmDelete: confirmDeleteWith(rejecting().logic) });
    await flush();
    actor.send({ type: 'restaurant.delete', id: 'r3' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: "O'chirishda xatolik yuz berdi!" });
    expect(actor.getSnapshot().matches({ removal: 'idle' })).toBe(true);
  });

  it('syncs only integration restaurants; paging goes on while it runs', async () => {
    const sync = pending();
    const { actor } = start({ syncRestaurant: sync.logic });
    await flush();
    actor.send({ type: 'restaurant.sync', id: 'r2' });
    expect(sync.probe.inputs).toHaveLength(0);
    actor.send({ type: 'restaurant.sync', id: 'r1' });
    expect(selectSyncingId(actor.getSnapshot())).toBe('r1');
    expect(sync.probe.inputs).toEqual([{ id: 'r1' }]);
    expect(actor.getSnapshot().can({ type: 'restaurant.sync', id: 'r1' })).toBe(false);
    actor.send({ type: 'page.next' });
    await flush();
    expect(selectPage(actor.getSnapshot())).toBe(2);
  });

  it('a failed sync shows its message for 5 s; a finished one reloads', async () => {
    const failing = start({ syncRestaurant: rejecting(502, 'POS ishlamayapti').logic });
    await flush();
    failing.actor.send({ type: 'restaurant.sync', id: 'r1' });
    await flush();
    expect(failing.notify).toHaveBeenCalledWith({
      kind: 'error',
      text: 'Restoranni yangilashda xatolik yuz berdi!',
      durationMs: 5000,
    });

    const load = resolving(list(2));
    const ok = start({ loadRestaurants: load.logic, syncRestaurant: resolving(syncAnswer(0, 0, 0)).logic });
    await flush();
    ok.actor.send({ type: 'restaurant.sync', id: 'r1' });
    await flush();
    expect(load.probe.inputs).toHaveLength(2);
  });

  it('a reload while loading aborts the first load', async () => {
    const load = pending();
    const { actor } = start({ loadRestaurants: load.logic });
    actor.send({ type: 'restaurants.reload' });
    expect(load.probe.aborted).toBe(1);
    expect(load.probe.inputs).toHaveLength(2);
  });

  it('after deleting the last row of the last page, shows the page before', async () => {
    let n = 11;
    const { actor } = start({
      loadRestaurants: resolving(restaurantsPage(() => rows(n))).logic,
      confirmDelete: confirmDeleteWith(resolving(undefined).logic),
    });
    await flush();
    actor.send({ type: 'page.next' });
    await flush();
    n = 10;
    actor.send({ type: 'restaurant.delete', id: 'r11' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    await flush();
    expect(selectPage(actor.getSnapshot())).toBe(1);
  });
});

describe('restaurant list machine: the three regions stay independent', () => {
  it('a reload raised by a finished sync keeps a pending delete confirmation open', async () => {
    const { actor } = start({ syncRestaurant: resolving(syncAnswer(0, 0, 0)).logic });
    await flush();
    actor.send({ type: 'restaurant.delete', id: 'r2' });
    actor.send({ type: 'restaurant.sync', id: 'r1' });
    await flush();
    expect(actor.getSnapshot().matches({ removal: 'confirming' })).toBe(true);
    expect(selectDeleteTarget(actor.getSnapshot())?._id).toBe('r2');
  });
});
