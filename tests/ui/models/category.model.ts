import type { SnapshotFrom } from 'xstate';
import type { Category } from '../../../client/categories';
import { ApiError } from '../../../client/client';
import { adminCategoryListMachine } from '../../../machines/categories/adminCategoryList.machine';
import { categoryDialogMachine } from '../../../machines/categories/categoryDialog.machine';
import { categoryFormConfig } from '../../../machines/categories/categoryForm.rules';
import { type CategoryListEvent, categoryListMachine } from '../../../machines/categories/categoryList.machine';
import type { DialogEvent } from '../../../machines/dialog/dialog.machine';
import { type ReorderEvent, reorderMachine } from '../../../machines/reorder/reorder.machine';
import { CATEGORY_POSITIONS_PREFIX } from '../../../machines/reorder/reorder.rules';
import { type ActorEventType, byTransition, type ModelEvent, type PathModel } from '../../support/paths';
import { byOutcome, confirmOutcome } from './confirmDelete.model';
import { describeTab, TAB_LANGUAGES, tabEvents, tabStep } from './dialogTabs';
import { formFacts } from './restaurantDialog.model';

/**
 * Test plans of the category list (spec 2.8), the manager's and the admin's, and of the manager's reorder child (drag
 * and keyboard order, spec 4). The samples mirror the seeded data of tests/ui/categories.paths.test.tsx: three
 * categories K1, K2, K3 (ids c1, c2, c3 in the model).
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

/**
 * The admin's table (/admin/categoryList/{id}): the same states with the admin's calls. It has no drag handles, so
 * refused positions (reorder.failed) are not on that screen.
 */
export const adminCategoryListModel: PathModel<typeof adminCategoryListMachine> = {
  ...(categoryListModel as unknown as PathModel<typeof adminCategoryListMachine>),
  name: 'categoryList (admin)',
  machine: adminCategoryListMachine,
  filterEvents: (s, e) => e.type !== 'reorder.failed' && (categoryListModel.filterEvents?.(s as never, e) ?? true),
};

type ReorderInvoke = 'savePositions';

/**
 * The reorder child on the manager's category screen: keyboard steps on a row's handle, and drags of K1 (c1) with
 * react-dnd's HTML5 backend, whose drag events the walk dispatches on the rows (tests/ui/categories.paths.test.tsx).
 * Touch dragging is the phones' backend: tests/e2e/touch-reorder.spec.ts drags there with real touches.
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
    // The list loads once, at the start (a reload is the list machine's plan).
    if (e.type === 'reorder.reset') return s.context.scopeId === null;
    // Before the first load there is no list on the screen.
    if (s.context.scopeId === null) return false;
    // A delete (reorder.forget) is offered once, with no drag and no save running (its reload would restart the
    // positions); a pointer that drags a row presses nothing else.
    if (e.type === 'reorder.forget') {
      return s.matches({ drag: 'idle' }) && s.matches({ save: 'idle' }) && s.context.ids.includes('c2');
    }
    // A refused save makes the list load again, and the loaded positions (reorder.reset) end a running drag, which
    // the child walked alone cannot follow: the walk refuses a save with no drag running.
    if (e.type === 'xstate.error.actor.savePositions') return s.matches({ drag: 'idle' });
    return true;
  },
  describeEvent: (e) =>
    ({
      'reorder.reset': 'the list loads (the server positions)',
      'reorder.forget': 'delete category K2 (after Ha)',
      'reorder.start': 'start dragging K1 by its handle',
      'reorder.move': 'drag K1 over K2',
      'reorder.drop': 'drop K1',
      'reorder.cancel': 'end the drag outside the list',
      'xstate.done.actor.savePositions': 'the server saves the positions',
      'xstate.error.actor.savePositions': 'the server refuses the positions',
    })[e.type] ??
    (e.type === 'reorder.step' ? `${String(e.id)} one place ${e.delta === -1 ? 'up' : 'down'} (keyboard)` : e.type),
};

type DialogInvoke = 'loadOptions' | 'create' | 'update';

/** K1 as the modal edits it: its title translated into Russian and English, not into Uzbek Cyrillic. */
export const EDITED_CATEGORY = {
  ...sample(1),
  translations: { ru: { title: 'К1 русский' }, en: { title: 'K1 English' } },
};

/**
 * The category modal: the generic create/edit dialog with the category calls and spec 5's texts. It loads nothing
 * (no selects), so `loadOptions` always succeeds at once and there is nothing to retry. The restaurant offers every
 * menu language, so the modal has a tab per language, walked once on the edit of K1 (./dialogTabs.ts), whose title
 * is translated into some of them.
 */
export const categoryDialogModel: PathModel<typeof categoryDialogMachine> = {
  name: 'categoryDialog',
  machine: categoryDialogMachine,
  input: { config: categoryFormConfig, scope: { restaurantId: 'r' } },
  events: [
    { type: 'dialog.open', languages: TAB_LANGUAGES },
    { type: 'dialog.open', item: EDITED_CATEGORY, languages: TAB_LANGUAGES },
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
    ...tabEvents,
  ] satisfies Array<ModelEvent & { type: DialogEvent['type'] | ActorEventType<DialogInvoke> }>,
  filterEvents: (s, e) =>
    e.type !== 'xstate.error.actor.loadOptions' &&
    e.type !== 'dialog.retry' &&
    // The tabs are walked from the edit form as it opened.
    tabStep(
      s,
      e,
      s.matches({ open: { flow: 'editing' } }) && s.context.item !== null && !formFacts(s as never).changed,
    ),
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
    if (e.type === 'dialog.tab') return describeTab(e);
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
