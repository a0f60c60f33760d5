import { assign, forwardTo, raise, sendTo, setup, spawnChild } from 'xstate';
import type { Category } from '../../client/categories';
import type { Counts, MenuLanguage } from '../../client/types';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import { orderingChild } from '../ordering/ordering.machine';
import { CATEGORY_ORDER_PREFIX } from '../ordering/ordering.rules';
import { confirmDeleteWith, outcomeIs } from '../shared/confirmDelete.machine';
import { countCategoryProductsActor } from '../shared/deleteDetails.actors';
import { statusOf } from '../shared/errors';
import { restaurantLanguagesActor } from '../shared/languages.actors';
import type { Notice } from '../shared/notify';
import { DEFAULT_LANGUAGES } from '../shared/translations.rules';
import { categoryListActors, deleteCategoryActor, saveCategoryOrderActor } from './categoryList.actors';

/**
 * A restaurant's categories (spec 2.8): the manager's list (GET /manager/category) and the admin's (GET
 * /user/category, provided as adminCategoryListMachine). Loads them with their counters, deletes after Ha / Yo‘q,
 * and keeps their display order in the child `ordering` (drag and keyboard reordering). Spec 4 / 8: a load that
 * fails with HTTP 500 ends the session (token removed, 'Xatolik yuz berdi! Iltimos, qayta tizimga kiring.',
 * /login); any other failure shows 'Kategoriyalarni olishda xatolik yuz berdi!' with a retry.
 */

/** The ordering child with the category order call; React provides its `storeOrder` (localStorage). */
export const categoryOrderingMachine = orderingChild.provide({ actors: { saveOrder: saveCategoryOrderActor } });

export interface CategoryListInput {
  restaurantId: string | null;
}

export interface CategoryListContext {
  restaurantId: string | null;
  categories: Category[];
  count: Counts | null;
  /** The category a delete is asked or running for. */
  deleteId: string | null;
  /** The languages the restaurant's menu offers (issue 18). */
  languages: MenuLanguage[];
}

export type CategoryListEvent =
  | { type: 'categories.reload' }
  | { type: 'categories.retry' }
  | { type: 'category.delete'; id: string }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' }
  /** From the child `ordering`: the server refused an order. */
  | { type: 'order.failed' };

export const categoryListMachine = setup({
  types: {
    context: {} as CategoryListContext,
    events: {} as CategoryListEvent,
    input: {} as CategoryListInput,
    children: {} as { ordering: 'ordering'; confirmDelete: 'confirmDelete' },
  },
  actors: {
    ...categoryListActors,
    loadLanguages: restaurantLanguagesActor,
    ordering: categoryOrderingMachine,
    confirmDelete: confirmDeleteWith(deleteCategoryActor, countCategoryProductsActor),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    /** Provided by React: the auth machine ends the session (token removed) and goes to /login. */
    endSession: () => {},
  },
  guards: {
    isServerError: (_, { error }: { error: unknown }) => statusOf(error) === 500,
    categoryExists: ({ context }, { id }: { id: string }) => context.categories.some((c) => c._id === id),
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
  /** Issue 18: the menu's languages, for the translation badges and the forms' tabs (none known: Uzbek alone). */
  invoke: {
    id: 'loadLanguages',
    src: 'loadLanguages',
    input: ({ context }) => ({ restaurantId: context.restaurantId }),
    onDone: { actions: assign({ languages: ({ event }) => event.output }) },
    // Not the list's failure: the list still works, in Uzbek alone.
    onError: {},
  },

  entry: spawnChild('ordering', {
    id: 'ordering',
    input: { prefix: CATEGORY_ORDER_PREFIX, pageSize: null },
  }),
  type: 'parallel',
  on: {
    'order.failed': {
      actions: [
        { type: 'notify', params: { kind: 'error', text: uzCatalog.orderSaveFailed } },
        raise({ type: 'categories.reload' }),
      ],
    },
  },
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadCategories',
            src: 'loadCategories',
            input: ({ context }) => ({ restaurantId: context.restaurantId }),
            onDone: {
              target: 'ready',
              actions: [
                assign({
                  restaurantId: ({ event }) => event.output.restaurantId,
                  categories: ({ event }) => event.output.categories,
                  count: ({ event }) => event.output.count,
                }),
                sendTo('ordering', ({ event }) => ({
                  type: 'order.reset' as const,
                  scopeId: event.output.restaurantId ?? '',
                  ids: event.output.categories.map((c) => c._id),
                })),
              ],
            },
            onError: [
              {
                guard: { type: 'isServerError', params: ({ event }) => ({ error: event.error }) },
                target: 'sessionLost',
                actions: [{ type: 'notify', params: { kind: 'error', text: uz.categorySessionFailed } }, 'endSession'],
              },
              { target: 'failed', actions: { type: 'notify', params: { kind: 'error', text: uz.categoryLoadFailed } } },
            ],
          },
          on: { 'categories.reload': { target: 'loading', reenter: true } },
        },
        ready: {
          on: { 'categories.reload': { target: 'loading' } },
        },
        failed: {
          on: { 'categories.retry': { target: 'loading' }, 'categories.reload': { target: 'loading' } },
        },
        /** HTTP 500 on load: the session was ended and /login is shown; this list waits for nothing more. */
        sessionLost: {},
      },
    },
    removal: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'category.delete': {
              guard: { type: 'categoryExists', params: ({ event }) => ({ id: event.id }) },
              target: 'confirming',
              actions: assign({ deleteId: ({ event }) => event.id }),
            },
          },
        },
        /** The question is open and, after Ha, the call runs: the child `confirmDelete`. */
        confirming: {
          // The dialog's answers go to the cycle.
          on: {
            'confirm.yes': { actions: forwardTo('confirmDelete') },
            'confirm.no': { actions: forwardTo('confirmDelete') },
          },
          invoke: {
            id: 'confirmDelete',
            src: 'confirmDelete',
            input: ({ context }) => ({ target: { id: context.deleteId ?? '' } }),
            onDone: [
              {
                guard: outcomeIs('deleted'),
                target: 'idle',
                actions: [
                  sendTo('ordering', ({ context }) => ({ type: 'order.forget' as const, id: context.deleteId ?? '' })),
                  assign(({ context }) => ({
                    categories: context.categories.filter((c) => c._id !== context.deleteId),
                    deleteId: null,
                  })),
                  { type: 'notify', params: { kind: 'success', text: uz.categoryDeleted } },
                  raise({ type: 'categories.reload' }),
                ],
              },
              {
                guard: outcomeIs('failed'),
                target: 'idle',
                actions: [
                  assign({ deleteId: null }),
                  { type: 'notify', params: { kind: 'error', text: uz.categoryDeleteFailed } },
                ],
              },
              { target: 'idle', actions: assign({ deleteId: null }) },
            ],
            // The cycle itself never fails (its call's failure is an outcome); kept for the invoke convention.
            onError: { target: 'idle', actions: assign({ deleteId: null }) },
          },
        },
      },
    },
  },
});
