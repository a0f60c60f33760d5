import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Category } from '../../client/categories';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import { categoryListMachine } from '../../machines/categories/categoryList.machine';
import { selectCategories, selectIsLoading } from '../../machines/categories/categoryList.selectors';
import { confirmDeleteWith } from '../../machines/shared/confirmDelete.machine';
import { flush, rejecting, resolving } from './helpers';

/** The category list's delete outcomes, reloads and refused positions (spec 2.8, 4, 8), beyond the older test. */

const category = (id: string) =>
  ({ _id: id, title: `K ${id}`, restaurant_id: 'r1', is_active: true, position: 0 }) as Category;
const loaded = (restaurantId: string | null, ...ids: string[]) => ({
  restaurantId,
  categories: ids.map(category),
  count: { all_count: ids.length, active_count: ids.length, inactive_count: 0 },
});

function start(answers: unknown[], actors: Record<string, unknown> = {}, restaurantId: string | null = 'r1') {
  const notify = vi.fn();
  let call = 0;
  const machine = categoryListMachine.provide({
    actors: {
      loadCategories: resolving(() => {
        const answer = answers[call++];
        if (answer === undefined) return new Promise(() => {});
        if (answer instanceof Error) throw answer;
        return answer;
      }).logic,
      ...actors,
    } as never,
    actions: { notify: (_, params) => notify(params) },
  });
  const actor = createActor(machine, { input: { restaurantId } }).start();
  return { actor, notify, loads: () => call };
}

describe('category list flows', () => {
  it('a deleted category leaves the rows at once, while the list reloads', async () => {
    const { actor, loads } = start([loaded('r1', 'a', 'b')], {
      confirmDelete: confirmDeleteWith(resolving(undefined).logic as never),
    });
    await flush();
    actor.send({ type: 'category.delete', id: 'b' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(selectCategories(actor.getSnapshot()).map((c) => c._id)).toEqual(['a']);
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(loads()).toBe(2);
    expect(actor.getSnapshot().context.deleteId).toBeNull();
  });

  it('a failed delete and Yo‘q both end the question and keep every row', async () => {
    const { actor, notify } = start([loaded('r1', 'a', 'b')], {
      confirmDelete: confirmDeleteWith(rejecting(500).logic as never),
    });
    await flush();
    actor.send({ type: 'category.delete', id: 'b' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: uz.categoryDeleteFailed });
    expect(actor.getSnapshot().context.deleteId).toBeNull();
    actor.send({ type: 'category.delete', id: 'a' });
    actor.send({ type: 'confirm.no' });
    await flush();
    expect(actor.getSnapshot().context.deleteId).toBeNull();
    expect(selectCategories(actor.getSnapshot()).map((c) => c._id)).toEqual(['a', 'b']);
  });

  it('a failed positions save says so and reloads the list', async () => {
    const { actor, notify, loads } = start([loaded('r1', 'a')]);
    await flush();
    actor.send({ type: 'reorder.failed' });
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: uzCatalog.positionsSaveFailed });
    expect(loads()).toBe(2);
  });

  it('a failed load (not 500) is reloaded by categories.reload as well as by retry', async () => {
    const { actor, loads } = start([new Error('down'), new Error('down'), loaded('r1', 'a')]);
    await flush();
    actor.send({ type: 'categories.reload' });
    await flush();
    expect(actor.getSnapshot().matches({ data: 'failed' })).toBe(true);
    actor.send({ type: 'categories.retry' });
    await flush();
    expect(actor.getSnapshot().matches({ data: 'ready' })).toBe(true);
    expect(loads()).toBe(3);
  });

  it('the reorder child gets the positions under the loaded restaurant, and no scope without one', async () => {
    const { actor } = start([loaded('r7', 'a', 'b')], {}, null);
    await flush();
    expect(actor.getSnapshot().children.reorder?.getSnapshot().context).toMatchObject({
      scopeId: 'r7',
      ids: ['a', 'b'],
    });
    const none = start([loaded(null)], {}, null);
    await flush();
    expect(none.actor.getSnapshot().children.reorder?.getSnapshot().context.scopeId).toBe('');
  });
});
