import { assign, forwardTo, setup } from 'xstate';
import type { ProductWithOptions } from '../../client/products';
import { uz } from '../../lib/uz';
import { confirmDeleteWith, outcomeIs } from '../shared/confirmDelete.machine';
import type { Notice } from '../shared/notify';
import { productDetailActors } from './productDetail.actors';
import { deleteProductActor } from './productList.actors';

export { managerProductDetailActors } from './productDetail.actors';

/**
 * The product detail page (spec 2.9, /product-detail/{ProductId}/{id}): one product with its options and rows,
 * edited with the product form and deleted after 'Haqiqatan ham o'chirmoqchimisiz?', after which the category's
 * product list is shown.
 */

export interface ProductDetailInput {
  productId: string;
  /** The category in the URL (/product-detail/{ProductId}/{id}). */
  categoryId: string;
}

export interface ProductDetailContext {
  productId: string;
  categoryId: string;
  product: ProductWithOptions | null;
}

export type ProductDetailEvent =
  | { type: 'product.reload' }
  | { type: 'product.retry' }
  | { type: 'product.delete' }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' };

export const productDetailMachine = setup({
  types: {
    context: {} as ProductDetailContext,
    events: {} as ProductDetailEvent,
    input: {} as ProductDetailInput,
    children: {} as { confirmDelete: 'confirmDelete' },
  },
  actors: {
    /** The admin's read (the manager's screen provides managerProductDetailActors). */
    loadProduct: productDetailActors.loadProduct,
    confirmDelete: confirmDeleteWith(deleteProductActor),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    /** Provided by React: to the product list of the product's category. */
    goToList: (_, _params: { categoryId: string }) => {},
  },
}).createMachine({
  id: 'productDetail',
  context: ({ input }) => ({ productId: input.productId, categoryId: input.categoryId, product: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadProduct',
        src: 'loadProduct',
        input: ({ context }) => ({ id: context.productId, categoryId: context.categoryId }),
        onDone: { target: 'ready', actions: assign({ product: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { 'product.retry': { target: 'loading' } },
    },
    ready: {
      initial: 'idle',
      on: { 'product.reload': { target: 'loading' } },
      states: {
        idle: { on: { 'product.delete': { target: 'confirming' } } },
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
            input: ({ context }) => ({ target: { id: context.productId } }),
            onDone: [
              {
                guard: outcomeIs('deleted'),
                target: '#productDetail.deleted',
                actions: [
                  { type: 'notify', params: { kind: 'success', text: uz.productDeleted } },
                  { type: 'goToList', params: ({ context }) => ({ categoryId: context.product?.category_id ?? '' }) },
                ],
              },
              {
                guard: outcomeIs('failed'),
                target: 'idle',
                actions: { type: 'notify', params: { kind: 'error', text: uz.productDeleteFailed } },
              },
              { target: 'idle' },
            ],
            // The cycle itself never fails (its call's failure is an outcome); kept for the invoke convention.
            onError: { target: 'idle' },
          },
        },
      },
    },
    /** The product is gone; the screen has been left. */
    deleted: { type: 'final' },
  },
});
