import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ProductWithOptions } from '../../client/products';
import { productDetailMachine } from '../../machines/products/productDetail.machine';
import * as detail from '../../machines/products/productDetail.selectors';
import { productImagesMachine } from '../../machines/products/productImages.machine';
import * as images from '../../machines/products/productImages.selectors';
import { reorderMachine } from '../../machines/reorder/reorder.machine';
import * as reorder from '../../machines/reorder/reorder.selectors';
import { flush, pending, rejecting, resolving } from './helpers';

/** What the product page, the product form's images and a reorderable table show, read through their selectors. */

const product = { _id: 'p1', name: 'Osh', category_id: 'c1', options: [] } as unknown as ProductWithOptions;

function startDetail(load: unknown) {
  const machine = productDetailMachine.provide({ actors: { loadProduct: load } as never });
  return createActor(machine, { input: { productId: 'p1', categoryId: 'c1' } }).start();
}
type DetailSnapshot = ReturnType<ReturnType<typeof startDetail>['getSnapshot']>;
const detailView = (s: DetailSnapshot) => ({
  loading: detail.selectIsLoading(s),
  failed: detail.selectLoadFailed(s),
  product: detail.selectProduct(s)?._id ?? null,
  confirming: detail.selectIsConfirming(s),
  deleting: detail.selectConfirmDelete(s) !== undefined,
  canDelete: detail.selectCanDelete(s),
});

describe('product page selectors (spec 2.9)', () => {
  const idle = { loading: false, failed: false, product: null, confirming: false, deleting: false, canDelete: false };

  it('loading, then failed: no product, nothing to delete', async () => {
    expect(detailView(startDetail(pending().logic).getSnapshot())).toEqual({ ...idle, loading: true });
    const failed = startDetail(rejecting(404).logic);
    await flush();
    expect(detailView(failed.getSnapshot())).toEqual({ ...idle, failed: true });
  });

  it('the product, deletable; the question runs the cycle; Yo‘q brings the page back', async () => {
    const actor = startDetail(resolving(product).logic);
    await flush();
    expect(detailView(actor.getSnapshot())).toEqual({ ...idle, product: 'p1', canDelete: true });
    actor.send({ type: 'product.delete' });
    expect(detailView(actor.getSnapshot())).toEqual({ ...idle, product: 'p1', confirming: true, deleting: true });
    actor.send({ type: 'confirm.no' });
    await flush();
    expect(detailView(actor.getSnapshot())).toEqual({ ...idle, product: 'p1', canDelete: true });
  });

  it('a reload hides the product until it is read again', async () => {
    let calls = 0;
    const actor = startDetail(
      resolving(() => {
        calls++;
        return calls === 1 ? product : new Promise(() => {});
      }).logic,
    );
    await flush();
    actor.send({ type: 'product.reload' });
    expect(detailView(actor.getSnapshot())).toEqual({ ...idle, loading: true });
  });
});

const file = new File(['x'], 'osh.png', { type: 'image/png' });

function startImages(upload: unknown) {
  // A new product's form: no images yet.
  return createActor(productImagesMachine.provide({ actors: { upload } as never }), { input: {} }).start();
}
type ImagesSnapshot = ReturnType<ReturnType<typeof startImages>['getSnapshot']>;
const imagesView = (s: ImagesSnapshot) => ({
  uploading: images.selectIsUploading(s),
  percent: images.selectPercent(s),
  urls: images.selectUrls(s),
  error: images.selectError(s),
});

describe('product images selectors (spec 2.9)', () => {
  const idle = { uploading: false, percent: 0, urls: [], error: null };

  it('uploading: 0 % until the size is known, then the rounded share', () => {
    const actor = startImages(pending().logic);
    expect(imagesView(actor.getSnapshot())).toEqual(idle);
    actor.send({ type: 'images.pick', files: [file] });
    expect(imagesView(actor.getSnapshot())).toEqual({ ...idle, uploading: true });
    actor.send({ type: 'images.progress', loaded: 0, total: 0 });
    expect(images.selectPercent(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'images.progress', loaded: 2, total: 3 });
    expect(images.selectPercent(actor.getSnapshot())).toBe(67);
  });

  it('uploaded: the URLs; failed: the error', async () => {
    const done = startImages(resolving(['/uploads/osh.png']).logic);
    done.send({ type: 'images.pick', files: [file] });
    await flush();
    expect(imagesView(done.getSnapshot())).toEqual({ ...idle, urls: ['/uploads/osh.png'] });
    const failed = startImages(rejecting(413, 'Fayl juda katta').logic);
    failed.send({ type: 'images.pick', files: [file] });
    await flush();
    expect(imagesView(failed.getSnapshot())).toEqual({ ...idle, error: 'Fayl juda katta' });
  });
});

function startReorder(save: unknown) {
  const machine = reorderMachine.provide({ actors: { savePositions: save } as never });
  return createActor(machine, { input: { prefix: 'productOrder_', pageSize: null } }).start();
}
type ReorderSnapshot = ReturnType<ReturnType<typeof startReorder>['getSnapshot']>;
const positionsView = (s: ReorderSnapshot | undefined) => ({
  ids: reorder.selectPositionIds(s),
  dragging: reorder.selectIsDragging(s),
  saving: reorder.selectIsSavingPositions(s),
});

describe('reorder selectors (spec 4)', () => {
  it('before the list spawned its reorder child: no positions, no drag, no save (the same empty list each time)', () => {
    expect(positionsView(undefined)).toEqual({ ids: [], dragging: false, saving: false });
    expect(reorder.selectPositionIds(undefined)).toBe(reorder.selectPositionIds(undefined));
  });

  it('the positions shown, the drag, then the save it starts', () => {
    const actor = startReorder(pending().logic);
    actor.send({ type: 'reorder.reset', scopeId: 'c1', ids: ['a', 'b', 'c'] });
    expect(positionsView(actor.getSnapshot())).toEqual({ ids: ['a', 'b', 'c'], dragging: false, saving: false });
    actor.send({ type: 'reorder.start', id: 'a' });
    actor.send({ type: 'reorder.move', id: 'a', overId: 'c' });
    expect(positionsView(actor.getSnapshot())).toEqual({ ids: ['b', 'c', 'a'], dragging: true, saving: false });
    actor.send({ type: 'reorder.drop' });
    expect(positionsView(actor.getSnapshot())).toEqual({ ids: ['b', 'c', 'a'], dragging: false, saving: true });
  });
});
