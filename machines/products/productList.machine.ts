import { assign, raise, sendTo, setup, spawnChild } from 'xstate';
import type { Product } from '../../client/products';
import type { Counts, MenuLanguage } from '../../client/types';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import { reorderChild } from '../reorder/reorder.machine';
import { PRODUCT_POSITIONS_PREFIX } from '../reorder/reorder.rules';
import { countProductOptionsActor } from '../shared/deleteDetails.actors';
import { deleteActors, deleteRegion } from '../shared/deleteRegion';
import { adminRestaurantLanguagesActor } from '../shared/languages.actors';
import { listRegion } from '../shared/listRegion';
import type { Notice } from '../shared/notify';
import { DEFAULT_LANGUAGES } from '../shared/translations.rules';
import { deleteProductActor, productListActors, saveProductPositionsActor } from './productList.actors';

/**
 * A category's products (spec 2.9), for the admin's table and the manager's draggable list: loads them with their
 * counters, pages them 10 at a time (spec 9), deletes after 'Haqiqatan ham o'chirmoqchimisiz?' and refreshes the
 * list 500 ms later (spec 9). The display order is the child `reorder`, whose moves stay within a page (spec 4).
 */

export const PAGE_SIZE = 10;
/** Spec 9: product delete refreshes the list after 500 ms. */
export const REFRESH_AFTER_DELETE_MS = 500;

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

/** The reorder child with the product positions call; React provides its `storePositions` (localStorage). */
export const productReorderMachine = reorderChild.provide({ actors: { savePositions: saveProductPositionsActor } });

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
  /** The languages the restaurant's menu offers: the badges of missing translations, the forms' tabs. */
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
  /** From the child `reorder`: the server refused the new positions. */
  | { type: 'reorder.failed' };

const pages = (context: ProductListContext) => pageCount(context.products.length);

const types = {} as { context: ProductListContext; events: ProductListEvent };

const list = listRegion({
  types,
  load: {
    name: 'loadProducts',
    actor: productListActors.loadProducts,
    input: (context) => ({ categoryId: context.categoryId }),
  },
  loaded: (context, output) => ({
    products: output.products,
    count: output.count,
    // The last row of the last page deleted: show the page before.
    page: Math.min(context.page, pageCount(output.products.length)),
  }),
  alsoLoaded: {
    type: 'resetPositions',
    params: (context, output) => ({ scopeId: context.categoryId, ids: output.products.map((p) => p._id) }),
  },
  retry: 'products.retry',
  reload: 'products.reload',
});

const removal = deleteRegion({
  types,
  ask: {
    event: 'product.delete',
    exists: (context, id) => context.products.some((p) => p._id === id),
    remember: (_, id) => ({ deleteId: id }),
  },
  target: (context) => ({ id: context.deleteId ?? '' }),
  forget: { deleteId: null },
  deleted: {
    target: 'refreshing',
    actions: 'forgetPosition',
    drop: (context) => ({ products: context.products.filter((p) => p._id !== context.deleteId) }),
    notice: { kind: 'success', text: uz.productDeleted },
  },
  failed: { notice: { kind: 'error', text: uz.productDeleteFailed } },
});

export const productListMachine = setup({
  types: {
    context: {} as ProductListContext,
    events: {} as ProductListEvent,
    input: {} as ProductListInput,
    children: {} as { reorder: 'reorder'; confirmDelete: 'confirmDelete' },
  },
  actors: {
    ...list.actors,
    loadLanguages: adminRestaurantLanguagesActor,
    reorder: productReorderMachine,
    ...deleteActors(deleteProductActor, countProductOptionsActor),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    /** The reorder child takes the loaded products' ids (and the positions stored for them). */
    resetPositions: sendTo('reorder', (_, params: { scopeId: string; ids: string[] }) => ({
      type: 'reorder.reset' as const,
      ...params,
    })),
    /** The deleted product leaves the reorder child's positions (while `deleteId` still names it). */
    forgetPosition: sendTo('reorder', ({ context }) => ({
      type: 'reorder.forget' as const,
      id: context.deleteId ?? '',
    })),
  },
  guards: {
    isOtherPage: ({ context }, { page }: { page: number }) =>
      page >= 1 && page <= pages(context) && page !== context.page,
    hasNextPage: ({ context }) => context.page < pages(context),
    hasPrevPage: ({ context }) => context.page > 1,
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
  /** The menu's languages, for the translation badges and the forms' tabs (none known: Uzbek alone). */
  invoke: {
    id: 'loadLanguages',
    src: 'loadLanguages',
    input: ({ context }) => ({ restaurantId: context.restaurantId }),
    onDone: { actions: assign({ languages: ({ event }) => event.output }) },
    // Not the list's failure: the list still works, in Uzbek alone.
    onError: {},
  },

  entry: spawnChild('reorder', { id: 'reorder', input: { prefix: PRODUCT_POSITIONS_PREFIX, pageSize: PAGE_SIZE } }),
  type: 'parallel',
  on: {
    'reorder.failed': {
      actions: [
        { type: 'notify', params: { kind: 'error', text: uzCatalog.positionsSaveFailed } },
        raise({ type: 'products.reload' }),
      ],
    },
  },
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: list.states.loading,
        // The pages are the loaded list's: turning one asks nothing of the server.
        ready: {
          on: {
            ...list.states.ready.on,
            'page.go': {
              guard: { type: 'isOtherPage', params: ({ event }) => ({ page: event.page }) },
              actions: assign({ page: ({ event }) => event.page }),
            },
            'page.next': { guard: 'hasNextPage', actions: assign({ page: ({ context }) => context.page + 1 }) },
            'page.prev': { guard: 'hasPrevPage', actions: assign({ page: ({ context }) => context.page - 1 }) },
          },
        },
        failed: list.states.failed,
      },
    },
    removal: {
      ...removal,
      states: {
        ...removal.states,
        /** Spec 9: the list is loaded again 500 ms after a delete (the row is already gone from the screen). */
        refreshing: {
          after: { [REFRESH_AFTER_DELETE_MS]: { target: 'idle', actions: raise({ type: 'products.reload' }) } },
        },
      },
    },
  },
});
