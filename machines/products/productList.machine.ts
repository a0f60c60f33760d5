import { assign, forwardTo, raise, sendTo, setup, spawnChild } from 'xstate';
import type { Product } from '../../client/products';
import type { Counts, MenuLanguage } from '../../client/types';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import { orderingChild } from '../ordering/ordering.machine';
import { PRODUCT_ORDER_PREFIX } from '../ordering/ordering.rules';
import { confirmDeleteWith, outcomeIs } from '../shared/confirmDelete.machine';
import { countProductOptionsActor } from '../shared/deleteDetails.actors';
import { adminRestaurantLanguagesActor } from '../shared/languages.actors';
import type { Notice } from '../shared/notify';
import { DEFAULT_LANGUAGES } from '../shared/translations.rules';
import { deleteProductActor, productListActors, saveProductOrderActor } from './productList.actors';

/**
 * A category's products (spec 2.9), for the admin's table and the manager's draggable list: loads them with their
 * counters, pages them 10 at a time (spec 9), deletes after 'Haqiqatan ham o'chirmoqchimisiz?' and refreshes the
 * list 500 ms later (spec 9). The display order is the child `ordering`, whose moves stay within a page (spec 4).
 */

export const PAGE_SIZE = 10;
/** Spec 9: product delete refreshes the list after 500 ms. */
export const REFRESH_AFTER_DELETE_MS = 500;

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

/** The ordering child with the product order call; React provides its `storeOrder` (localStorage). */
export const productOrderingMachine = orderingChild.provide({ actors: { saveOrder: saveProductOrderActor } });

export interface ProductListInput {
  categoryId: string;
  /** The admin's restaurant (in the URL), whose languages the list reads; a manager's list reads its working one. */
  restaurantId?: string | null;
}

export interface ProductListContext {
  categoryId: string;
  restaurantId: string | null;
  products: Product[];
  count: Counts | null;
  /** 1-based. */
  page: number;
  deleteId: string | null;
  /** The languages the restaurant's menu offers (issue 18): the badges of missing translations, the forms' tabs. */
  languages: MenuLanguage[];
}

export type ProductListEvent =
  | { type: 'products.reload' }
  | { type: 'products.retry' }
  | { type: 'page.go'; page: number }
  | { type: 'page.next' }
  | { type: 'page.prev' }
  | { type: 'product.delete'; id: string }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' }
  /** From the child `ordering`: the server refused an order. */
  | { type: 'order.failed' };

const pages = (context: ProductListContext) => pageCount(context.products.length);

export const productListMachine = setup({
  types: {
    context: {} as ProductListContext,
    events: {} as ProductListEvent,
    input: {} as ProductListInput,
    children: {} as { ordering: 'ordering'; confirmDelete: 'confirmDelete' },
  },
  actors: {
    ...productListActors,
    loadLanguages: adminRestaurantLanguagesActor,
    ordering: productOrderingMachine,
    confirmDelete: confirmDeleteWith(deleteProductActor, countProductOptionsActor),
  },
  actions: {
    notify: (_, _params: Notice) => {},
  },
  guards: {
    isOtherPage: ({ context }, { page }: { page: number }) =>
      page >= 1 && page <= pages(context) && page !== context.page,
    hasNextPage: ({ context }) => context.page < pages(context),
    hasPrevPage: ({ context }) => context.page > 1,
    productExists: ({ context }, { id }: { id: string }) => context.products.some((p) => p._id === id),
  },
}).createMachine({
  id: 'productList',
  context: ({ input }) => ({
    categoryId: input.categoryId,
    restaurantId: input.restaurantId ?? null,
    products: [],
    count: null,
    page: 1,
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

  entry: spawnChild('ordering', { id: 'ordering', input: { prefix: PRODUCT_ORDER_PREFIX, pageSize: PAGE_SIZE } }),
  type: 'parallel',
  on: {
    'order.failed': {
      actions: [
        { type: 'notify', params: { kind: 'error', text: uzCatalog.orderSaveFailed } },
        raise({ type: 'products.reload' }),
      ],
    },
  },
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadProducts',
            src: 'loadProducts',
            input: ({ context }) => ({ categoryId: context.categoryId }),
            onDone: {
              target: 'ready',
              actions: [
                assign(({ context, event }) => ({
                  products: event.output.products,
                  count: event.output.count,
                  // The last row of the last page deleted: show the page before.
                  page: Math.min(context.page, pageCount(event.output.products.length)),
                })),
                sendTo('ordering', ({ context, event }) => ({
                  type: 'order.reset' as const,
                  scopeId: context.categoryId,
                  ids: event.output.products.map((p) => p._id),
                })),
              ],
            },
            onError: { target: 'failed' },
          },
          on: { 'products.reload': { target: 'loading', reenter: true } },
        },
        ready: {
          on: {
            'products.reload': { target: 'loading' },
            'page.go': {
              guard: { type: 'isOtherPage', params: ({ event }) => ({ page: event.page }) },
              actions: assign({ page: ({ event }) => event.page }),
            },
            'page.next': { guard: 'hasNextPage', actions: assign({ page: ({ context }) => context.page + 1 }) },
            'page.prev': { guard: 'hasPrevPage', actions: assign({ page: ({ context }) => context.page - 1 }) },
          },
        },
        failed: {
          on: { 'products.retry': { target: 'loading' }, 'products.reload': { target: 'loading' } },
        },
      },
    },
    removal: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'product.delete': {
              guard: { type: 'productExists', params: ({ event }) => ({ id: event.id }) },
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
                target: 'refreshing',
                actions: [
                  sendTo('ordering', ({ context }) => ({ type: 'order.forget' as const, id: context.deleteId ?? '' })),
                  assign(({ context }) => ({
                    products: context.products.filter((p) => p._id !== context.deleteId),
                    deleteId: null,
                  })),
                  { type: 'notify', params: { kind: 'success', text: uz.productDeleted } },
                ],
              },
              {
                guard: outcomeIs('failed'),
                target: 'idle',
                actions: [
                  assign({ deleteId: null }),
                  { type: 'notify', params: { kind: 'error', text: uz.productDeleteFailed } },
                ],
              },
              { target: 'idle', actions: assign({ deleteId: null }) },
            ],
            // The cycle itself never fails (its call's failure is an outcome); kept for the invoke convention.
            onError: { target: 'idle', actions: assign({ deleteId: null }) },
          },
        },
        /** Spec 9: the list is loaded again 500 ms after a delete (the row is already gone from the screen). */
        refreshing: {
          after: { [REFRESH_AFTER_DELETE_MS]: { target: 'idle', actions: raise({ type: 'products.reload' }) } },
        },
      },
    },
  },
});
