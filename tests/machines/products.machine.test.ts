import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Product } from '../../client/products';
import { productDetailMachine } from '../../machines/products/productDetail.machine';
import {
  imagesValue,
  imageUrls,
  parsePrice,
  productFormConfig,
  toProductChanges,
  toProductInput,
} from '../../machines/products/productForm.rules';
import { movedImage, productImagesMachine } from '../../machines/products/productImages.machine';
import { selectPicked } from '../../machines/products/productImages.selectors';
import { productListMachine, REFRESH_AFTER_DELETE_MS } from '../../machines/products/productList.machine';
import { pageRows, selectShowPager, shortDescription } from '../../machines/products/productList.selectors';
import { reorderMachine } from '../../machines/reorder/reorder.machine';
import { confirmDeleteWith } from '../../machines/shared/confirmDelete.machine';
import { flush, pending, rejecting, resolving } from './helpers';

const product = (i: number) => ({ _id: `p${i}`, name: `P${i}`, price: 1000, is_active: i % 2 === 1 }) as Product;
const loaded = (n: number) => ({
  products: Array.from({ length: n }, (_, i) => product(i + 1)),
  count: { all_count: n, active_count: 0, inactive_count: 0 },
});

function startList(actors: Record<string, unknown> = {}) {
  const notify = vi.fn();
  const machine = productListMachine.provide({
    actors: { loadProducts: resolving(loaded(23)).logic, reorder: reorderMachine, ...actors } as never,
    actions: { notify: (_, params) => notify(params) },
  });
  return { actor: createActor(machine, { input: { categoryId: 'c1' } }).start(), notify };
}

describe('product list machine (spec 2.9, 9)', () => {
  it('numbered pages of 10, in the reorder child’s positions', async () => {
    const { actor } = startList();
    await flush();
    const s = () => actor.getSnapshot();
    expect(selectShowPager(s())).toBe(true);
    actor.send({ type: 'page.go', page: 3 });
    const ids = s().children.reorder!.getSnapshot().context.ids;
    expect(pageRows(s().context.products, ids, s().context.page).map((r) => r.index)).toEqual([21, 22, 23]);
    actor.send({ type: 'page.go', page: 4 });
    expect(s().context.page).toBe(3);
  });

  it('deletes after Ha, removes the row at once and reloads 500 ms later', async () => {
    const load = resolving(loaded(2));
    const remove = resolving(undefined);
    const { actor, notify } = startList({ loadProducts: load.logic, confirmDelete: confirmDeleteWith(remove.logic) });
    await flush();
    // The reload delay on a fake clock: no real 500 ms wait.
    vi.useFakeTimers();
    try {
      actor.send({ type: 'product.delete', id: 'p2' });
      actor.send({ type: 'confirm.yes' });
      await vi.advanceTimersByTimeAsync(0);
      expect(remove.probe.inputs).toEqual([{ id: 'p2' }]);
      expect(actor.getSnapshot().context.products.map((p) => p._id)).toEqual(['p1']);
      expect(notify).toHaveBeenCalledWith({ kind: 'success', text: "Mahsulot muvaffaqiyatli o'chirildi!" });
      await vi.advanceTimersByTimeAsync(REFRESH_AFTER_DELETE_MS - 1);
      expect(load.probe.inputs).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(load.probe.inputs).toHaveLength(2);
      expect(actor.getSnapshot().matches({ removal: 'idle' })).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('pages moved while the refresh waits are kept: the reload 500 ms later stays on the page shown', async () => {
    const load = resolving(loaded(23));
    const remove = resolving(undefined);
    const { actor } = startList({ loadProducts: load.logic, confirmDelete: confirmDeleteWith(remove.logic) });
    await flush();
    vi.useFakeTimers();
    try {
      actor.send({ type: 'product.delete', id: 'p2' });
      actor.send({ type: 'confirm.yes' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches({ removal: 'refreshing' })).toBe(true);
      actor.send({ type: 'page.next' });
      actor.send({ type: 'page.next' });
      actor.send({ type: 'page.prev' });
      expect(actor.getSnapshot().context.page).toBe(2);
      await vi.advanceTimersByTimeAsync(REFRESH_AFTER_DELETE_MS);
      expect(load.probe.inputs).toHaveLength(2);
      expect(actor.getSnapshot().matches({ data: 'ready', removal: 'idle' })).toBe(true);
      expect(actor.getSnapshot().context.page).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed delete keeps the product and says so', async () => {
    const { actor, notify } = startList({ confirmDelete: confirmDeleteWith(rejecting(500).logic) });
    await flush();
    actor.send({ type: 'product.delete', id: 'p1' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: "Mahsulotni o'chirishda xatolik yuz berdi!" });
    expect(actor.getSnapshot().context.products).toHaveLength(23);
  });
});

describe('product detail machine', () => {
  it('deletes after Ha and goes to the category’s list', async () => {
    const goToList = vi.fn();
    const machine = productDetailMachine.provide({
      actors: {
        loadProduct: resolving({ ...product(1), category_id: 'c9', options: [], rows: [] }).logic as never,
        confirmDelete: confirmDeleteWith(resolving(undefined).logic),
      },
      actions: { goToList: (_, p) => goToList(p) },
    });
    const actor = createActor(machine, { input: { productId: 'p1', categoryId: 'c1' } }).start();
    await flush();
    actor.send({ type: 'product.delete' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(goToList).toHaveBeenCalledWith({ categoryId: 'c9' });
    expect(actor.getSnapshot().status).toBe('done');
  });
});

describe('product images machine (upload on creation, with progress)', () => {
  it('uploads picked files, reports progress and hands the URLs to the form', async () => {
    const changed = vi.fn();
    const upload = resolving(['/uploads/a.webp']);
    const actor = createActor(
      productImagesMachine.provide({
        actors: { upload: upload.logic as never },
        actions: { changed: (_, p) => changed(p) },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'images.pick', files: [new File(['x'], 'a.png')] });
    expect(changed).toHaveBeenLastCalledWith({ urls: [], uploading: true });
    actor.send({ type: 'images.progress', loaded: 5, total: 10 });
    expect(actor.getSnapshot().context.loaded).toBe(5);
    await flush();
    expect(changed).toHaveBeenLastCalledWith({ urls: ['/uploads/a.webp'], uploading: false });
    actor.send({ type: 'images.remove', url: '/uploads/a.webp' });
    expect(changed).toHaveBeenLastCalledWith({ urls: [], uploading: false });
  });

  it('cancelling aborts the upload; a refused one shows the server’s reason', async () => {
    const slow = pending();
    const actor = createActor(productImagesMachine.provide({ actors: { upload: slow.logic as never } }), {
      input: {},
    }).start();
    actor.send({ type: 'images.pick', files: [new File(['x'], 'a.png')] });
    actor.send({ type: 'images.cancel' });
    await flush();
    expect(slow.probe.aborted).toBe(1);

    const refused = createActor(
      productImagesMachine.provide({
        actors: { upload: rejecting(413, 'Fayl hajmi 5 MB dan oshmasligi kerak.').logic as never },
      }),
      { input: {} },
    ).start();
    refused.send({ type: 'images.pick', files: [new File(['x'], 'a.png')] });
    await flush();
    expect(refused.getSnapshot().context.error).toBe('Fayl hajmi 5 MB dan oshmasligi kerak.');
  });

  it("keeps the picked files' names for the picker: the newest pick, kept after it uploads, cleared by a cancel", async () => {
    const actor = createActor(
      productImagesMachine.provide({
        actors: { upload: resolving(['/uploads/a.webp', '/uploads/b.webp']).logic as never },
      }),
      { input: {} },
    ).start();
    expect(selectPicked(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'images.pick', files: [new File(['x'], 'osh.jpg'), new File(['y'], 'manti.png')] });
    expect(selectPicked(actor.getSnapshot())).toEqual(['osh.jpg', 'manti.png']);
    await flush();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(selectPicked(actor.getSnapshot())).toEqual(['osh.jpg', 'manti.png']);

    const slow = pending();
    const cancelled = createActor(productImagesMachine.provide({ actors: { upload: slow.logic as never } }), {
      input: {},
    }).start();
    cancelled.send({ type: 'images.pick', files: [new File(['x'], 'somsa.webp')] });
    expect(selectPicked(cancelled.getSnapshot())).toEqual(['somsa.webp']);
    cancelled.send({ type: 'images.cancel' });
    expect(selectPicked(cancelled.getSnapshot())).toEqual([]);
  });
});

describe('product images machine: the edit form', () => {
  const start = (urls: string[]) => {
    const changed = vi.fn();
    const actor = createActor(productImagesMachine.provide({ actions: { changed: (_, p) => changed(p) } }), {
      input: { urls },
    }).start();
    return { actor, changed };
  };

  it("starts from the product's images and moves one a place earlier or later", () => {
    const { actor, changed } = start(['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp']);
    expect(actor.getSnapshot().context.urls).toEqual(['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp']);
    actor.send({ type: 'images.move', url: '/uploads/c.webp', by: -1 });
    expect(changed).toHaveBeenLastCalledWith({
      urls: ['/uploads/a.webp', '/uploads/c.webp', '/uploads/b.webp'],
      uploading: false,
    });
    actor.send({ type: 'images.move', url: '/uploads/a.webp', by: 1 });
    expect(actor.getSnapshot().context.urls).toEqual(['/uploads/c.webp', '/uploads/a.webp', '/uploads/b.webp']);
  });

  it('the first cannot move earlier, the last later, an unknown one not at all: nothing is told', () => {
    const { actor, changed } = start(['/uploads/a.webp', '/uploads/b.webp']);
    actor.send({ type: 'images.move', url: '/uploads/a.webp', by: -1 });
    actor.send({ type: 'images.move', url: '/uploads/b.webp', by: 1 });
    actor.send({ type: 'images.move', url: '/uploads/x.webp', by: 1 });
    expect(changed).not.toHaveBeenCalled();
    expect(movedImage(['/uploads/a.webp'], '/uploads/a.webp', 1)).toEqual(['/uploads/a.webp']);
  });

  it('a picture removed after a refused upload is removed from what the form sends too', async () => {
    const changed = vi.fn();
    const actor = createActor(
      productImagesMachine.provide({
        actors: { upload: rejecting(400, 'Rasm emas').logic as never },
        actions: { changed: (_, p) => changed(p) },
      }),
      { input: { urls: ['/uploads/a.webp', '/uploads/b.webp'] } },
    ).start();
    actor.send({ type: 'images.pick', files: [new File(['x'], 'a.png')] });
    await flush();
    actor.send({ type: 'images.remove', url: '/uploads/a.webp' });
    expect(changed).toHaveBeenLastCalledWith({ urls: ['/uploads/b.webp'], uploading: false });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it("the edit form starts from the product's images and sends the list only when it changed", () => {
    const config = productFormConfig('c1');
    const values = config.fromItem({
      _id: 'p1',
      name: 'Osh',
      price: 25000,
      images: [{ file: '/uploads/a.webp' }, { file: '/uploads/b.webp' }],
    });
    expect(imageUrls(values)).toEqual(['/uploads/a.webp', '/uploads/b.webp']);
    expect(values.imagesUploading).toBe(false);
    expect(toProductChanges({ images: imagesValue(['/uploads/b.webp', '/uploads/a.webp']) }, 'manager')).toEqual({
      images: [{ file: '/uploads/b.webp' }, { file: '/uploads/a.webp' }],
    });
    // Every picture removed: an empty list, which the server stores (and deletes the unused files).
    expect(toProductChanges({ images: '' }, 'manager')).toEqual({ images: [] });
    expect(toProductChanges({ name: 'Palov' }, 'manager')).toEqual({ name: 'Palov' });
  });
});

describe('product form rules (spec 5, 6, 9)', () => {
  it('requires name, category and a price ≥ 0; waits for a running upload', () => {
    const config = productFormConfig('c1');
    expect(Object.keys(config.validate({ ...config.empty }, 'create')).sort()).toEqual(['name', 'price']);
    expect(config.validate({ ...config.empty, name: 'Osh', price: '-1' }, 'create')).toEqual({
      price: "Narx 0 yoki undan katta son bo'lishi kerak",
    });
    expect(config.validate({ ...config.empty, name: 'Osh', price: '0', imagesUploading: true }, 'create')).toEqual({
      images: 'Rasmlar hali yuklanmoqda, biroz kuting.',
    });
    expect(parsePrice('25 000')).toBe(25000);
    expect(parsePrice('12,5')).toBe(12.5);
  });

  it('creates with images as [{ file }]; a manager never sends category_id', () => {
    const input = toProductInput({
      ...productFormConfig('c1').empty,
      name: 'Osh',
      price: '25000',
      images: '["/uploads/a.webp"]',
    });
    expect(input).toEqual({
      name: 'Osh',
      category_id: 'c1',
      description: '',
      price: 25000,
      is_active: true,
      images: [{ file: '/uploads/a.webp' }],
    });
    expect(toProductChanges({ category_id: 'c2', price: '1' }, 'manager')).toEqual({ price: 1 });
    expect(toProductChanges({ category_id: 'c2' }, 'admin')).toEqual({ category_id: 'c2' });
  });

  it('cuts descriptions to 4 words', () => {
    expect(shortDescription('bir ikki uch to‘rt besh')).toBe('bir ikki uch to‘rt...');
    expect(shortDescription(' bir  ikki ')).toBe('bir ikki');
  });
});
