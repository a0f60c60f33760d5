import type { SnapshotFrom } from 'xstate';
import type { Category } from '../../../client/categories';
import { ApiError } from '../../../client/client';
import { categoryDialogMachine } from '../../../machines/categories/categoryDialog.machine';
import { categoryFormConfig } from '../../../machines/categories/categoryForm.rules';
import { type CategoryListEvent, categoryListMachine } from '../../../machines/categories/categoryList.machine';
import type { DialogEvent } from '../../../machines/dialog/dialog.machine';
import { type ReorderEvent, reorderMachine } from '../../../machines/reorder/reorder.machine';
import { CATEGORY_POSITIONS_PREFIX } from '../../../machines/reorder/reorder.rules';
import { type ActorEventType, byTransition, type ModelEvent, type PathModel } from '../../support/paths';
import { byOutcome, confirmOutcome } from './confirmDelete.model';
import { formFacts } from './restaurantDialog.model';

/**
 * Test plans of the manager's category list (spec 2.8) and of its reorder child (drag and keyboard order, spec
 * 4). The samples mirror the seeded data of tests/ui/categories.paths.test.tsx: three categories K1, K2, K3 (ids
 * c1, c2, c3 in the model).
 */

export const SEEDED = ['K1', 'K2', 'K3'] as const;
const sample = (i: number) =>
  ({ _id: `c${i}`, title: `K${i}`, restaurant_id: 'r', is_active: true, position: i - 1 }) as Category;

type ListInvoke = 'loadCategories' | 'confirmDelete';
const named = (names: Record<string, string>) => (e: ModelEvent) => names[e.type] ?? e.type;

export const categoryListModel: PathModel<typeof categoryListMachine> = {
  name: 'categoryList',
  machine: categoryListMachine,
  input: { restaurantId: 'r' },
  events: [
    {
      type: 'xstate.done.actor.loadCategories',
      output: {
        restaurantId: 'r',
        categories: [sample(1), sample(2), sample(3)],
        count: { all_count: 3, active_count: 3, inactive_count: 0 },
      },
    },
    { type: 'xstate.error.actor.loadCategories', error: new ApiError(502, '502') },
    { type: 'xstate.error.actor.loadCategories', error: new ApiError(500, '500') },
    { type: 'categories.retry' },
    { type: 'category.delete', id: 'c2' },
    { type: 'confirm.yes' },
    { type: 'confirm.no' },
    // How the confirm-delete child ended: Ha and the call went through, Ha and the call failed, or Yo‘q.
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'deleted' } },
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'failed', error: new ApiError(404, '404') } },
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'cancelled' } },
    { type: 'reorder.failed' },
  ] satisfies Array<ModelEvent & { type: CategoryListEvent['type'] | ActorEventType<ListInvoke> }>,
  serializeState: byOutcome,
  filterEvents: (s: SnapshotFrom<typeof categoryListMachine>, e) => {
    // After HTTP 500 the panel is at /login: nothing of this screen is left to use.
    if (s.matches({ data: 'sessionLost' })) return false;
    // Ha / Yo‘q go to the confirm-delete child; its outcome (done.actor.confirmDelete) is the step that presses them.
    if (e.type === 'confirm.yes' || e.type === 'confirm.no') return false;
    // Refused positions come from a keyboard move on a row handle, with the list shown and no confirm open.
    if (e.type === 'reorder.failed') return s.matches({ data: 'ready' }) && s.matches({ removal: 'idle' });
    return true;
  },
  describeEvent: (e) => {
    if (e.type === 'xstate.error.actor.loadCategories') {
      return (e.error as ApiError).status === 500 ? 'the list load fails with HTTP 500' : 'the list load fails (502)';
    }
    if (e.type === 'xstate.done.actor.confirmDelete') return confirmOutcome(e);
    return named({
      'xstate.done.actor.loadCategories': 'the categories load',
      'categories.retry': 'retry',
      'category.delete': 'delete a category',
      'confirm.yes': "answer 'Ha'",
      'confirm.no': "answer 'Yo‘q'",
      'reorder.failed': 'a keyboard move whose positions the server refuses',
    })(e);
  },
};

type ReorderInvoke = 'savePositions';

/**
 * The reorder child on the category screen. Drag events (reorder.start / move / drop / cancel) are left out of the
 * screen walk: jsdom has no HTML5 drag and drop. The machine tests cover them, and Playwright drags for real
 * (tests/e2e/manager-menu.spec.ts).
 */
export const reorderModel: PathModel<typeof reorderMachine> = {
  name: 'reorder (categories)',
  machine: reorderMachine,
  input: { prefix: CATEGORY_POSITIONS_PREFIX, pageSize: null },
  events: [
    { type: 'reorder.reset', scopeId: 'r', ids: ['c1', 'c2', 'c3'] },
    { type: 'reorder.step', id: 'c3', delta: -1 },
    { type: 'reorder.step', id: 'c1', delta: 1 },
    { type: 'reorder.forget', id: 'c2' },
    { type: 'reorder.start', id: 'c1' },
    { type: 'reorder.move', id: 'c1', overId: 'c2' },
    { type: 'reorder.drop' },
    { type: 'reorder.cancel' },
    { type: 'xstate.done.actor.savePositions' },
    { type: 'xstate.error.actor.savePositions', error: new ApiError(400, '400') },
  ] satisfies Array<
    ModelEvent & { type: Exclude<ReorderEvent['type'], 'reorder.commit'> | ActorEventType<ReorderInvoke> }
  >,
  filterEvents: (s: SnapshotFrom<typeof reorderMachine>, e) => {
    if (['reorder.start', 'reorder.move', 'reorder.drop', 'reorder.cancel'].includes(e.type)) return false;
    // The list loads once, at the start (a reload is the list machine's plan).
    if (e.type === 'reorder.reset') return s.context.scopeId === null;
    // Before the first load there is no list on the screen.
    if (s.context.scopeId === null) return false;
    // A delete (reorder.forget) is offered once, while no save runs (its reload would restart the positions).
    if (e.type === 'reorder.forget') return s.matches({ save: 'idle' }) && s.context.ids.includes('c2');
    return true;
  },
  describeEvent: (e) =>
    ({
      'reorder.reset': 'the list loads (the server positions)',
      'reorder.forget': 'delete category K2 (after Ha)',
      'xstate.done.actor.savePositions': 'the server saves the positions',
      'xstate.error.actor.savePositions': 'the server refuses the positions',
    })[e.type] ??
    (e.type === 'reorder.step' ? `${String(e.id)} one place ${e.delta === -1 ? 'up' : 'down'} (keyboard)` : e.type),
};

type DialogInvoke = 'loadOptions' | 'create' | 'update';

/**
 * The category modal: the generic create/edit dialog with the category calls and spec 5's texts. It loads nothing
 * (no selects), so `loadOptions` always succeeds at once and there is nothing to retry.
 */
export const categoryDialogModel: PathModel<typeof categoryDialogMachine> = {
  name: 'categoryDialog',
  machine: categoryDialogMachine,
  input: { config: categoryFormConfig, scope: { restaurantId: 'r' } },
  events: [
    { type: 'dialog.open' },
    { type: 'dialog.open', item: { ...sample(1) } },
    { type: 'dialog.change', values: { title: 'Yangi kategoriya' } },
    { type: 'dialog.change', values: { title: '' } },
    { type: 'dialog.submit' },
    { type: 'dialog.close' },
    { type: 'dialog.retry' },
    { type: 'xstate.done.actor.loadOptions', output: null },
    { type: 'xstate.error.actor.loadOptions', error: new Error('never') },
    { type: 'xstate.done.actor.create', output: {} },
    { type: 'xstate.error.actor.create', error: new ApiError(500, '500') },
    { type: 'xstate.done.actor.update', output: {} },
    { type: 'xstate.error.actor.update', error: new ApiError(404, '404') },
  ] satisfies Array<ModelEvent & { type: DialogEvent['type'] | ActorEventType<DialogInvoke> }>,
  filterEvents: (_s, e) => e.type !== 'xstate.error.actor.loadOptions' && e.type !== 'dialog.retry',
  serializeState: (s, e, prev) => {
    const facts = (x: SnapshotFrom<typeof categoryDialogMachine>) => {
      const f = formFacts(x as never);
      return `${f.valid ? 'valid' : 'invalid'}${f.changed ? '+changed' : ''}`;
    };
    return `${byTransition(s, e, prev)} [${facts(s)}${prev ? ` <- ${facts(prev)}` : ''}]`;
  },
  describeEvent: (e) => {
    if (e.type === 'dialog.open') return e.item ? 'edit category K1' : "press 'Kategoriya qo'shish'";
    if (e.type === 'dialog.change') {
      return (e.values as { title: string }).title === '' ? 'empty the name' : 'type a name';
    }
    return named({
      'dialog.submit': 'press Saqlash',
      'dialog.close': 'close the modal',
      'xstate.done.actor.loadOptions': 'the form is ready',
      'xstate.done.actor.create': 'the category is created',
      'xstate.error.actor.create': 'the create fails (HTTP 500)',
      'xstate.done.actor.update': 'the changes are saved',
      'xstate.error.actor.update': 'the category is gone meanwhile (404)',
    })(e);
  },
};
