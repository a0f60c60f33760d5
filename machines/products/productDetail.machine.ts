import { assign, setup } from 'xstate';
import type { ProductWithOptions } from '../../client/products';
import { uz } from '../../lib/uz';
import { confirmingState, deleteActors } from '../shared/deleteRegion';
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
    ...deleteActors(deleteProductActor),
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
        confirming: confirmingState({
          types: {} as { context: ProductDetailContext; events: ProductDetailEvent },
          target: (context) => ({ id: context.productId }),
          back: 'idle',
          deleted: {
            target: '#productDetail.deleted',
            notice: { kind: 'success', text: uz.productDeleted },
            after: {
              type: 'goToList',
              params: ({ context }: { context: ProductDetailContext }) => ({
                categoryId: context.product?.category_id ?? '',
              }),
            },
          },
          failed: { notice: { kind: 'error', text: uz.productDeleteFailed } },
        }),
      },
    },
    /** The product is gone; the screen has been left. */
    deleted: { type: 'final' },
  },
});
