import type { SnapshotFrom } from 'xstate';
import { ApiError } from '../../../client/client';
import type { Product } from '../../../client/products';
import { type ProductDetailEvent, productDetailMachine } from '../../../machines/products/productDetail.machine';
import { type ProductImagesEvent, productImagesMachine } from '../../../machines/products/productImages.machine';
import { type ProductListEvent, productListMachine } from '../../../machines/products/productList.machine';
import type { ActorEventType, ModelEvent, PathModel } from '../../support/paths';
import { byOutcome, confirmOutcome } from './confirmDelete.model';

/**
 * Test plans of the product list (spec 2.9: 10 to a page, delete then a refresh 500 ms later), the manager's and the
 * admin's, and of the product detail page. The samples mirror tests/ui/products.paths.test.tsx: 12 seeded products.
 */

export const SEEDED_PRODUCTS = 12;

const PAGE_MOVES = ['page.go', 'page.next', 'page.prev'];
/**
 * A page move while the delete's refresh waits: on screen that window is 500 ms of real time, so a slow machine
 * lets the timer fire before the click lands (the walk would check a page that was already reloaded). The machine's
 * machine tests walk those moves on a fake clock (tests/machines/products.machine.test.ts).
 */
export const racesTheRefresh = (s: SnapshotFrom<typeof productListMachine>, e: { type: string }) =>
  PAGE_MOVES.includes(e.type) && s.matches({ removal: 'refreshing' });
/** The delayed refresh after a delete (spec 9), as xstate names it. */
export const REFRESH_EVENT = 'xstate.after.500.productList.removal.refreshing';

const sample = (i: number) => ({ _id: `p${i}`, name: `P${i}`, price: 1000, is_active: true }) as Product;
const named = (names: Record<string, string>) => (e: ModelEvent) => names[e.type] ?? e.type;

type ListInvoke = 'loadProducts' | 'confirmDelete';

export const productListModel: PathModel<typeof productListMachine> = {
  name: 'productList (manager)',
  machine: productListMachine,
  input: { categoryId: 'c' },
  events: [
    {
      type: 'xstate.done.actor.loadProducts',
      output: {
        products: Array.from({ length: SEEDED_PRODUCTS }, (_, i) => sample(i + 1)),
        count: { all_count: SEEDED_PRODUCTS, active_count: SEEDED_PRODUCTS, inactive_count: 0 },
      },
    },
    { type: 'xstate.error.actor.loadProducts', error: new ApiError(500, '500') },
    { type: 'products.retry' },
    { type: 'page.go', page: 2 },
    { type: 'page.go', page: 1 },
    { type: 'product.delete', id: 'p2' },
    { type: 'confirm.yes' },
    { type: 'confirm.no' },
    // How the confirm-delete child ended: Ha and the call went through, Ha and the call failed, or Yo‘q.
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'deleted' } },
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'failed', error: new ApiError(500, '500') } },
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'cancelled' } },
    { type: REFRESH_EVENT },
    { type: 'page.next' },
    { type: 'page.prev' },
    { type: 'reorder.failed' },
  ] satisfies Array<
    ModelEvent & { type: ProductListEvent['type'] | ActorEventType<ListInvoke> | typeof REFRESH_EVENT }
  >,
  // The manager's list pages with numbered buttons (previous / next is the admin table's); refused positions are
  // walked on the category screen (the same reorder machine). Ha / Yo‘q go to the confirm-delete child; its
  // outcome (done.actor.confirmDelete) is the step that presses them.
  serializeState: byOutcome,
  filterEvents: (s: SnapshotFrom<typeof productListMachine>, e) =>
    !['page.next', 'page.prev', 'reorder.failed', 'confirm.yes', 'confirm.no'].includes(e.type) &&
    !racesTheRefresh(s, e),
  describeEvent: (e) =>
    e.type === 'page.go'
      ? `press page ${String(e.page)}`
      : e.type === 'xstate.done.actor.confirmDelete'
        ? confirmOutcome(e)
        : named({
            'xstate.done.actor.loadProducts': 'the products load',
            'xstate.error.actor.loadProducts': 'the products fail to load',
            'products.retry': 'retry',
            'product.delete': 'delete a product',
            'confirm.yes': "answer 'Ha'",
            'confirm.no': "answer 'Yo‘q'",
            [REFRESH_EVENT]: '500 ms pass (the list is loaded again)',
          })(e),
};

/**
 * The admin's table (/admin/viewProduct/{category_id}/{id}): the same machine with the restaurant named, paged with
 * previous / next (the numbered buttons are the manager's); no drag handles, so no refused positions.
 */
export const adminProductListModel: PathModel<typeof productListMachine> = {
  ...productListModel,
  name: 'productList (admin)',
  input: { categoryId: 'c', restaurantId: 'r' },
  filterEvents: (s, e) =>
    !['page.go', 'reorder.failed', 'confirm.yes', 'confirm.no'].includes(e.type) && !racesTheRefresh(s, e),
};

type DetailInvoke = 'loadProduct' | 'confirmDelete';

export const productDetailModel: PathModel<typeof productDetailMachine> = {
  name: 'productDetail (manager)',
  machine: productDetailMachine,
  input: { productId: 'p1', categoryId: 'c' },
  events: [
    {
      type: 'xstate.done.actor.loadProduct',
      output: { ...sample(1), category_id: 'c', description: '', images: [], options: [], rows: [] },
    },
    { type: 'xstate.error.actor.loadProduct', error: new ApiError(500, '500') },
    { type: 'product.retry' },
    { type: 'product.delete' },
    { type: 'confirm.yes' },
    { type: 'confirm.no' },
    // How the confirm-delete child ended: Ha and the call went through, Ha and the call failed, or Yo‘q.
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'deleted' } },
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'failed', error: new ApiError(500, '500') } },
    { type: 'xstate.done.actor.confirmDelete', output: { result: 'cancelled' } },
    { type: 'product.reload' },
  ] satisfies Array<ModelEvent & { type: ProductDetailEvent['type'] | ActorEventType<DetailInvoke> }>,
  // `product.reload` follows a save of the product form (the generic dialog's plan walks the form). Ha / Yo‘q go to
  // the confirm-delete child; its outcome (done.actor.confirmDelete) is the step that presses them.
  serializeState: byOutcome,
  filterEvents: (_s, e) => !['product.reload', 'confirm.yes', 'confirm.no'].includes(e.type),
  describeEvent: (e) =>
    e.type === 'xstate.done.actor.confirmDelete'
      ? confirmOutcome(e)
      : named({
          'xstate.done.actor.loadProduct': 'the product loads',
          'xstate.error.actor.loadProduct': 'the product fails to load',
          'product.retry': 'retry',
          'product.delete': "press O'chirish",
          'confirm.yes': "answer 'Ha'",
          'confirm.no': "answer 'Yo‘q'",
        })(e),
};

export const UPLOADED = '/uploads/sample.webp';

/**
 * The images of a new product (upload on creation, with progress), walked in the product form. `images.progress`
 * comes from the browser's XMLHttpRequest while bytes go out and cannot be produced on demand: the progress bar
 * itself is checked in the uploading state, the event is left to the machine tests.
 */
export const productImagesModel: PathModel<typeof productImagesMachine> = {
  name: 'productImages',
  machine: productImagesMachine,
  events: [
    { type: 'images.pick', files: [new File(['x'], 'osh.png', { type: 'image/png' })] },
    { type: 'images.progress', loaded: 1, total: 2 },
    { type: 'images.cancel' },
    { type: 'images.remove', url: UPLOADED },
    { type: 'xstate.done.actor.upload', output: [UPLOADED] },
    { type: 'xstate.error.actor.upload', error: new ApiError(400, '400') },
  ] satisfies Array<ModelEvent & { type: ProductImagesEvent['type'] | ActorEventType<'upload'> }>,
  filterEvents: (s, e) => {
    if (e.type === 'images.progress') return false;
    if (e.type === 'images.remove') return s.context.urls.length > 0;
    // One more pick after a picture is in is a path like the first one.
    if (e.type === 'images.pick') return s.context.urls.length === 0;
    return true;
  },
  describeEvent: named({
    'images.pick': 'pick a picture',
    'images.cancel': 'cancel the upload',
    'images.remove': 'remove the uploaded picture',
    'xstate.done.actor.upload': 'the upload ends',
    'xstate.error.actor.upload': 'the server refuses the file',
  }),
};
