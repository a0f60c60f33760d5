import { assign, type ErrorActorEvent, raise, sendTo, setup, spawnChild } from 'xstate';
import type { Category } from '../../client/categories';
import type { Counts, MenuLanguage } from '../../client/types';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import { reorderChild } from '../reorder/reorder.machine';
import { CATEGORY_POSITIONS_PREFIX } from '../reorder/reorder.rules';
import { countCategoryProductsActor } from '../shared/deleteDetails.actors';
import { deleteActors, deleteRegion } from '../shared/deleteRegion';
import { statusOf } from '../shared/errors';
import { restaurantLanguagesActor } from '../shared/languages.actors';
import { listRegion } from '../shared/listRegion';
import type { Notice } from '../shared/notify';
import { DEFAULT_LANGUAGES } from '../shared/translations.rules';
import { categoryListActors, deleteCategoryActor, saveCategoryPositionsActor } from './categoryList.actors';

/**
 * A restaurant's categories (spec 2.8): the manager's list (GET /manager/category) and the admin's (GET
 * /user/category, provided as adminCategoryListMachine). Loads them with their counters, deletes after Ha / Yo‘q,
 * and keeps their display order in the child `reorder` (drag and keyboard reordering). Spec 4 / 8: a load that
 * fails with HTTP 500 ends the session (token removed, 'Xatolik yuz berdi! Iltimos, qayta tizimga kiring.',
 * /login); any other failure shows 'Kategoriyalarni olishda xatolik yuz berdi!' with a retry.
 */

/** The reorder child with the category positions call; React provides its `storePositions` (localStorage). */
export const categoryReorderMachine = reorderChild.provide({ actors: { savePositions: saveCategoryPositionsActor } });

export interface CategoryListInput {
  restaurantId: string | null;
}

export interface CategoryListContext {
  restaurantId: string | null;
  categories: Category[];
  count: Counts | null;
  /** The category a delete is asked or running for. */
  deleteId: string | null;
  /** The languages the restaurant's menu offers. */
  languages: MenuLanguage[];
}

export type CategoryListEvent =
  | { type: 'categories.reload' }
  | { type: 'categories.retry' }
  | { type: 'category.delete'; id: string }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' }
  /** From the child `reorder`: the server refused the new positions. */
  | { type: 'reorder.failed' };

const types = {} as { context: CategoryListContext; events: CategoryListEvent };

const list = listRegion({
  types,
  load: {
    name: 'loadCategories',
    actor: categoryListActors.loadCategories,
    input: (context) => ({ restaurantId: context.restaurantId }),
  },
  loaded: (_, output) => ({ restaurantId: output.restaurantId, categories: output.categories, count: output.count }),
  alsoLoaded: {
    type: 'resetPositions',
    params: (_, output) => ({ scopeId: output.restaurantId ?? '', ids: output.categories.map((c) => c._id) }),
  },
  retry: 'categories.retry',
  reload: 'categories.reload',
  failed: {
    notice: { kind: 'error', text: uz.categoryLoadFailed },
    before: [
      {
        guard: { type: 'isServerError', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
        target: 'sessionLost',
        actions: [{ type: 'notify', params: { kind: 'error', text: uz.categorySessionFailed } }, 'endSession'],
      },
    ],
  },
});

const removal = deleteRegion({
  types,
  ask: {
    event: 'category.delete',
    exists: (context, id) => context.categories.some((c) => c._id === id),
    remember: (_, id) => ({ deleteId: id }),
  },
  target: (context) => ({ id: context.deleteId ?? '' }),
  forget: { deleteId: null },
  deleted: {
    actions: 'forgetPosition',
    drop: (context) => ({ categories: context.categories.filter((c) => c._id !== context.deleteId) }),
    notice: { kind: 'success', text: uz.categoryDeleted },
    reload: { type: 'categories.reload' },
  },
  failed: { notice: { kind: 'error', text: uz.categoryDeleteFailed } },
});

export const categoryListMachine = setup({
  types: {
    context: {} as CategoryListContext,
    events: {} as CategoryListEvent,
    input: {} as CategoryListInput,
    children: {} as { reorder: 'reorder'; confirmDelete: 'confirmDelete' },
  },
  actors: {
    ...list.actors,
    loadLanguages: restaurantLanguagesActor,
    reorder: categoryReorderMachine,
    ...deleteActors(deleteCategoryActor, countCategoryProductsActor),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    /** Provided by React: the auth machine ends the session (token removed) and goes to /login. */
    endSession: () => {},
    /** The reorder child takes the loaded categories' ids (and the positions stored for them). */
    resetPositions: sendTo('reorder', (_, params: { scopeId: string; ids: string[] }) => ({
      type: 'reorder.reset' as const,
      ...params,
    })),
    /** The deleted category leaves the reorder child's positions (while `deleteId` still names it). */
    forgetPosition: sendTo('reorder', ({ context }) => ({
      type: 'reorder.forget' as const,
      id: context.deleteId ?? '',
    })),
  },
  guards: {
    isServerError: (_, { error }: { error: unknown }) => statusOf(error) === 500,
  },
}).createMachine({
  id: 'categoryList',
  context: ({ input }) => ({
    restaurantId: input.restaurantId,
    categories: [],
    count: null,
    deleteId: null,
    languages: [...DEFAULT_LANGUAGES],
  }),
  /** The menu's languages, for the translation badges and the forms' tabs (none known: Uzbek alone). */
  invoke: {
    id: 'loadLanguages',
    src: 'loadLanguages',
    input: ({ context }) => ({ restaurantId: context.restaurantId }),
    onDone: { actions: assign({ languages: ({ event }) => event.output }) },
    // Not the list's failure: the list still works, in Uzbek alone.
    onError: {},
  },

  entry: spawnChild('reorder', {
    id: 'reorder',
    input: { prefix: CATEGORY_POSITIONS_PREFIX, pageSize: null },
  }),
  type: 'parallel',
  on: {
    'reorder.failed': {
      actions: [
        { type: 'notify', params: { kind: 'error', text: uzCatalog.positionsSaveFailed } },
        raise({ type: 'categories.reload' }),
      ],
    },
  },
  states: {
    data: {
      initial: 'loading',
      states: {
        ...list.states,
        /** HTTP 500 on load: the session was ended and /login is shown; this list waits for nothing more. */
        sessionLost: {},
      },
    },
    removal,
  },
});
