import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Category } from '../../client/categories';
import { categoryFormConfig, toCategoryChanges } from '../../machines/categories/categoryForm.rules';
import { categoryListMachine } from '../../machines/categories/categoryList.machine';
import { selectDeleteTarget, selectIsEmpty } from '../../machines/categories/categoryList.selectors';
import { reorderMachine } from '../../machines/reorder/reorder.machine';
import { confirmDeleteWith } from '../../machines/shared/confirmDelete.machine';
import { SCHEDULE_EMPTY } from '../../machines/shared/schedule.rules';
import { ownFields } from '../../machines/shared/translations.rules';
import { flush, pending, rejecting, resolving } from './helpers';

const category = (id: string, extra: Partial<Category> = {}) =>
  ({ _id: id, title: `K ${id}`, restaurant_id: 'r1', is_active: true, position: 0, ...extra }) as Category;
const loaded = (...ids: string[]) => ({
  restaurantId: 'r1',
  categories: ids.map((id) => category(id)),
  count: { all_count: ids.length, active_count: ids.length, inactive_count: 0 },
});

function start(actors: Record<string, unknown> = {}, restaurantId: string | null = 'r1') {
  const notify = vi.fn();
  const endSession = vi.fn();
  const stored = vi.fn();
  const machine = categoryListMachine.provide({
    actors: {
      loadCategories: resolving(loaded('a', 'b')).logic,
      reorder: reorderMachine.provide({ actions: { storePositions: (_, p) => stored(p) } }),
      ...actors,
    } as never,
    actions: { notify: (_, params) => notify(params), endSession },
  });
  const actor = createActor(machine, { input: { restaurantId } }).start();
  return { actor, notify, endSession, stored };
}

describe('category list machine (spec 2.8, 4, 8)', () => {
  it('loads with the stored restaurant; the reorder child gets the server positions', async () => {
    const load = resolving(loaded('a', 'b'));
    const { actor, stored } = start({ loadCategories: load.logic });
    await flush();
    expect(load.probe.inputs).toEqual([{ restaurantId: 'r1' }]);
    expect(actor.getSnapshot().context.count?.all_count).toBe(2);
    expect(stored).toHaveBeenCalledWith({ key: 'categoryOrder_r1', ids: ['a', 'b'] });
  });

  it('a manager list without a stored restaurant takes the one the load found', async () => {
    const { actor } = start({}, null);
    await flush();
    expect(actor.getSnapshot().context.restaurantId).toBe('r1');
  });

  it('HTTP 500 on load ends the session with the spec message', async () => {
    const { actor, notify, endSession } = start({ loadCategories: rejecting(500).logic });
    await flush();
    expect(actor.getSnapshot().matches({ data: 'sessionLost' })).toBe(true);
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: 'Xatolik yuz berdi! Iltimos, qayta tizimga kiring.' });
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('another load failure keeps the session and can be retried', async () => {
    let calls = 0;
    const { actor, notify, endSession } = start({
      loadCategories: resolving(() => {
        calls++;
        if (calls === 1) throw new Error('network');
        return loaded();
      }).logic,
    });
    await flush();
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: 'Kategoriyalarni olishda xatolik yuz berdi!' });
    expect(endSession).not.toHaveBeenCalled();
    actor.send({ type: 'categories.retry' });
    await flush();
    expect(selectIsEmpty(actor.getSnapshot())).toBe(true);
  });

  it('deletes only after Ha; the id leaves the stored positions; failure has its message', async () => {
    const remove = resolving(undefined);
    const { actor, notify, stored } = start({ confirmDelete: confirmDeleteWith(remove.logic) });
    await flush();
    actor.send({ type: 'category.delete', id: 'nope' });
    expect(actor.getSnapshot().matches({ removal: 'idle' })).toBe(true);
    actor.send({ type: 'category.delete', id: 'b' });
    expect(selectDeleteTarget(actor.getSnapshot())?._id).toBe('b');
    actor.send({ type: 'confirm.no' });
    expect(remove.probe.inputs).toEqual([]);
    actor.send({ type: 'category.delete', id: 'b' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(remove.probe.inputs).toEqual([{ id: 'b' }]);
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: "Kategoriya muvaffaqiyatli o'chirildi!" });
    expect(stored).toHaveBeenCalledWith({ key: 'categoryOrder_r1', ids: ['a'] });

    const failing = start({ confirmDelete: confirmDeleteWith(rejecting(404).logic) });
    await flush();
    failing.actor.send({ type: 'category.delete', id: 'a' });
    failing.actor.send({ type: 'confirm.yes' });
    await flush();
    expect(failing.notify).toHaveBeenCalledWith({ kind: 'error', text: "Kategoriya o'chirishda xatolik yuz berdi!" });
  });

  it('a reload while loading aborts the running load', async () => {
    const load = pending();
    const { actor } = start({ loadCategories: load.logic });
    actor.send({ type: 'categories.reload' });
    await flush();
    expect(load.probe.aborted).toBe(1);
  });
});

describe('category form (spec 5)', () => {
  it("requires the name with the spec's alert and sends only title / is_active", () => {
    expect(categoryFormConfig.validate({ title: '  ', is_active: true }, 'create')).toEqual({
      title: 'Kategoriya nomi bo‘sh bo‘lishi mumkin emas!',
    });
    expect(categoryFormConfig.validate({ title: 'Salatlar', is_active: true }, 'create')).toEqual({});
    expect(toCategoryChanges({ is_active: false })).toEqual({ is_active: false });
    expect(ownFields(categoryFormConfig.empty)).toEqual({ title: '', is_active: true, ...SCHEDULE_EMPTY });
  });
});
