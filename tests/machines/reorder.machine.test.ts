import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { categoryListMachine } from '../../machines/categories/categoryList.machine';
import { reorderChild, reorderMachine, type SavePositionsInput } from '../../machines/reorder/reorder.machine';
import { byPositions, canMoveTo, moveTo } from '../../machines/reorder/reorder.rules';
import { flush, pending, rejecting, resolving } from './helpers';

function start(pageSize: number | null, savePositions: unknown = resolving(undefined).logic) {
  const stored = vi.fn();
  const machine = reorderMachine.provide({
    actors: { savePositions: savePositions as never },
    actions: { storePositions: (_, params) => stored(params) },
  });
  const actor = createActor(machine, { input: { prefix: 'categoryOrder_', pageSize } }).start();
  return { actor, stored, ids: () => actor.getSnapshot().context.ids };
}

describe('reorder rules', () => {
  it('moves within a page block only', () => {
    const ids = Array.from({ length: 12 }, (_, i) => `p${i}`);
    expect(canMoveTo(ids, 'p9', 8, 10)).toBe(true);
    expect(canMoveTo(ids, 'p9', 10, 10)).toBe(false);
    expect(canMoveTo(ids, 'p9', 10, null)).toBe(true);
    expect(canMoveTo(ids, 'p0', -1, null)).toBe(false);
    expect(moveTo(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
    expect(byPositions([{ _id: 'a' }, { _id: 'new' }, { _id: 'b' }], ['b', 'a']).map((x) => x._id)).toEqual([
      'b',
      'a',
      'new',
    ]);
  });
});

describe('reorder machine (spec 4: drag order, stored and saved)', () => {
  it('a reset shows and stores the server positions; nothing is saved', async () => {
    const save = resolving(undefined);
    const { actor, stored, ids } = start(null, save.logic);
    actor.send({ type: 'reorder.reset', scopeId: 'r1', ids: ['a', 'b', 'c'] });
    expect(ids()).toEqual(['a', 'b', 'c']);
    expect(stored).toHaveBeenLastCalledWith({ key: 'categoryOrder_r1', ids: ['a', 'b', 'c'] });
    await flush();
    expect(save.probe.inputs).toEqual([]);
  });

  it('a drag moves live, the drop stores and saves once; a drop without change saves nothing', async () => {
    const save = resolving(undefined);
    const { actor, stored, ids } = start(null, save.logic);
    actor.send({ type: 'reorder.reset', scopeId: 'r1', ids: ['a', 'b', 'c'] });
    actor.send({ type: 'reorder.start', id: 'c' });
    expect(actor.getSnapshot().matches({ drag: 'dragging' })).toBe(true);
    actor.send({ type: 'reorder.move', id: 'c', overId: 'b' });
    actor.send({ type: 'reorder.move', id: 'c', overId: 'a' });
    expect(ids()).toEqual(['c', 'a', 'b']);
    expect(actor.getSnapshot().matches({ drag: 'dragging', save: 'idle' })).toBe(true);
    expect(stored).toHaveBeenCalledTimes(1);
    actor.send({ type: 'reorder.drop' });
    expect(actor.getSnapshot().matches({ drag: 'idle', save: 'saving' })).toBe(true);
    expect(stored).toHaveBeenLastCalledWith({ key: 'categoryOrder_r1', ids: ['c', 'a', 'b'] });
    await flush();
    expect(save.probe.inputs).toEqual([{ scopeId: 'r1', ids: ['c', 'a', 'b'] }]);
    expect(actor.getSnapshot().context.saved).toEqual(['c', 'a', 'b']);

    actor.send({ type: 'reorder.start', id: 'a' });
    actor.send({ type: 'reorder.drop' });
    await flush();
    expect(save.probe.inputs).toHaveLength(1);
  });

  it('a cancelled drag goes back to the positions before it', () => {
    const { actor, ids } = start(null);
    actor.send({ type: 'reorder.reset', scopeId: 'r1', ids: ['a', 'b'] });
    actor.send({ type: 'reorder.start', id: 'b' });
    actor.send({ type: 'reorder.move', id: 'b', overId: 'a' });
    actor.send({ type: 'reorder.cancel' });
    expect(ids()).toEqual(['a', 'b']);
    expect(actor.getSnapshot().matches({ save: 'idle' })).toBe(true);
  });

  it('keyboard steps stay inside the list and inside the page', async () => {
    const save = resolving(undefined);
    const { actor, ids } = start(2, save.logic);
    actor.send({ type: 'reorder.reset', scopeId: 'c1', ids: ['a', 'b', 'c', 'd'] });
    actor.send({ type: 'reorder.step', id: 'a', delta: -1 });
    actor.send({ type: 'reorder.step', id: 'b', delta: 1 });
    expect(ids()).toEqual(['a', 'b', 'c', 'd']);
    actor.send({ type: 'reorder.step', id: 'b', delta: -1 });
    expect(ids()).toEqual(['b', 'a', 'c', 'd']);
    await flush();
    expect(save.probe.inputs).toEqual([{ scopeId: 'c1', ids: ['b', 'a', 'c', 'd'] }]);
  });

  it('saves never overlap: a change made during a save is sent when it ends', async () => {
    const releases: Array<() => void> = [];
    const inputs: SavePositionsInput[] = [];
    const save = fromPromise<unknown, SavePositionsInput>(
      ({ input }) =>
        new Promise((resolve) => {
          inputs.push(input);
          releases.push(() => resolve(undefined));
        }),
    );
    const { actor } = start(null, save);
    actor.send({ type: 'reorder.reset', scopeId: 'r1', ids: ['a', 'b', 'c'] });
    actor.send({ type: 'reorder.step', id: 'c', delta: -1 });
    actor.send({ type: 'reorder.step', id: 'c', delta: -1 });
    await flush();
    expect(inputs).toEqual([{ scopeId: 'r1', ids: ['a', 'c', 'b'] }]);
    releases[0]!();
    await flush();
    expect(inputs[1]).toEqual({ scopeId: 'r1', ids: ['c', 'a', 'b'] });
    releases[1]!();
    await flush();
    expect(actor.getSnapshot().matches({ save: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.saved).toEqual(['c', 'a', 'b']);
  });

  it('forgetting an id (a delete) takes it out of the stored positions', () => {
    const { actor, stored } = start(null);
    actor.send({ type: 'reorder.reset', scopeId: 'r1', ids: ['a', 'b', 'c'] });
    actor.send({ type: 'reorder.forget', id: 'b' });
    expect(stored).toHaveBeenLastCalledWith({ key: 'categoryOrder_r1', ids: ['a', 'c'] });
  });

  it('a refused save puts the server positions back and the list reloads', async () => {
    const loads = resolving({
      restaurantId: 'r1',
      categories: [{ _id: 'a' }, { _id: 'b' }],
      count: { all_count: 2, active_count: 2, inactive_count: 0 },
    });
    const notify = vi.fn();
    const stored = vi.fn();
    const machine = categoryListMachine.provide({
      actors: {
        loadCategories: loads.logic as never,
        reorder: reorderChild.provide({
          actors: { savePositions: rejecting(400).logic as never },
          actions: { storePositions: (_, params) => stored(params) },
        }),
      },
      actions: { notify: (_, params) => notify(params) },
    });
    const list = createActor(machine, { input: { restaurantId: 'r1' } }).start();
    await flush();
    const reorder = list.getSnapshot().children.reorder!;
    expect(reorder.getSnapshot().context.ids).toEqual(['a', 'b']);
    reorder.send({ type: 'reorder.step', id: 'b', delta: -1 });
    await flush();
    expect(reorder.getSnapshot().context.ids).toEqual(['a', 'b']);
    // Stored: the server positions, the moved ones, the server positions put back, the reloaded ones.
    expect(stored.mock.calls.map(([p]) => p.ids)).toEqual([
      ['a', 'b'],
      ['b', 'a'],
      ['a', 'b'],
      ['a', 'b'],
    ]);
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: "Tartibni saqlab bo'lmadi" });
    expect(loads.probe.inputs).toHaveLength(2);
  });

  it('a drag does not start before the list named its scope', () => {
    const { actor } = start(null, pending().logic);
    actor.send({ type: 'reorder.start', id: 'a' });
    expect(actor.getSnapshot().matches({ drag: 'idle' })).toBe(true);
  });
});
