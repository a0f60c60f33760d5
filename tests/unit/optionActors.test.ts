import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../client/client';
import { deleteOptionActor, loadRowsActor } from '../../machines/options/option.actors';
import { loadOptionsActor, productNameActor } from '../../machines/options/optionList.actors';
import { deleteRowActor } from '../../machines/options/row.actors';
import { managerProductDetailActors, productDetailActors } from '../../machines/products/productDetail.actors';
import { uploadImagesActor } from '../../machines/products/productImages.actors';
import { abortsWithActor, run, withSignal } from './actorHarness';

/** The product page's, its options' and its images' calls (spec 2.9, 2.10) with the API client replaced. */
const api = vi.hoisted(() => ({
  listOptions: vi.fn(),
  listRows: vi.fn(),
  deleteOption: vi.fn(),
  deleteRow: vi.fn(),
  getProduct: vi.fn(),
  listManagerProducts: vi.fn(),
  uploadProductImages: vi.fn(),
}));
vi.mock('../../client/options', () => ({
  listOptions: api.listOptions,
  listRows: api.listRows,
  deleteOption: api.deleteOption,
  deleteRow: api.deleteRow,
}));
vi.mock('../../client/products', () => ({
  getProduct: api.getProduct,
  listManagerProducts: api.listManagerProducts,
  uploadProductImages: api.uploadProductImages,
}));

beforeEach(() => vi.resetAllMocks());

const row = (id: string, optionId: string) => ({ _id: id, product_option_id: optionId, name: id, price: 0 });

describe('option calls', () => {
  it('a product’s options, an option’s rows', async () => {
    api.listOptions.mockResolvedValue([{ _id: 'o1' }]);
    expect(await run(loadOptionsActor, { productId: 'p1' })).toEqual([{ _id: 'o1' }]);
    expect(api.listOptions).toHaveBeenCalledWith('p1', withSignal());
    api.listRows.mockResolvedValue([row('w1', 'o1')]);
    expect(await run(loadRowsActor, { optionId: 'o1' })).toEqual([row('w1', 'o1')]);
    expect(api.listRows).toHaveBeenCalledWith('o1', withSignal());
  });

  it('deletes an option and a row by id; a refusal is the actor’s failure', async () => {
    await run(deleteOptionActor, { id: 'o1' });
    expect(api.deleteOption).toHaveBeenCalledWith('o1', withSignal());
    await run(deleteRowActor, { id: 'w1' });
    expect(api.deleteRow).toHaveBeenCalledWith('w1', withSignal());
    api.deleteRow.mockRejectedValue(new ApiError(500, 'Serverda xatolik'));
    await expect(run(deleteRowActor, { id: 'w1' })).rejects.toThrow('Serverda xatolik');
  });
});

describe('product page: loadProduct', () => {
  it('the admin’s read is the public product, with its translations from its category’s manager read', async () => {
    api.getProduct.mockResolvedValue({ _id: 'p1', category_id: 'c2', options: [] });
    api.listManagerProducts.mockResolvedValue([
      { _id: 'p0', translations: { en: { name: 'Other' } } },
      { _id: 'p1', translations: { ru: { name: 'Плов' } } },
    ]);
    expect(await run(productDetailActors.loadProduct, { id: 'p1', categoryId: 'c1' })).toEqual({
      _id: 'p1',
      category_id: 'c2',
      options: [],
      translations: { ru: { name: 'Плов' } },
    });
    expect(api.getProduct).toHaveBeenCalledWith('p1', withSignal());
    // The product's own category (the URL's may be an older one).
    expect(api.listManagerProducts).toHaveBeenCalledWith('c2', withSignal());
    api.listManagerProducts.mockRejectedValue(new ApiError(500, 'Serverda xatolik'));
    await expect(run(productDetailActors.loadProduct, { id: 'p1', categoryId: 'c1' })).rejects.toThrow(
      'Serverda xatolik',
    );
  });

  it('the manager’s read: the product from their category, its options, and every option’s rows', async () => {
    api.listManagerProducts.mockResolvedValue([
      { _id: 'p0', name: 'Boshqa' },
      { _id: 'p1', name: 'Osh' },
    ]);
    const options = [
      { _id: 'o1', rows: [row('w1', 'o1'), row('w2', 'o1')] },
      { _id: 'o2', rows: [row('w3', 'o2')] },
    ];
    api.listOptions.mockResolvedValue(options);
    expect(await run(managerProductDetailActors.loadProduct, { id: 'p1', categoryId: 'c1' })).toEqual({
      _id: 'p1',
      name: 'Osh',
      options,
      rows: [row('w1', 'o1'), row('w2', 'o1'), row('w3', 'o2')],
    });
    expect(api.listManagerProducts).toHaveBeenCalledWith('c1', withSignal());
    expect(api.listOptions).toHaveBeenCalledWith('p1', withSignal());
  });

  it('a product not in the manager’s category is a 404', async () => {
    api.listManagerProducts.mockResolvedValue([{ _id: 'p0' }]);
    api.listOptions.mockResolvedValue([]);
    const failure = run(managerProductDetailActors.loadProduct, { id: 'p1', categoryId: 'c1' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404, message: 'Mahsulot topilmadi.' });
  });
});

describe('product images: upload', () => {
  const files = [new File(['a'], 'a.png'), new File(['b'], 'b.png')];

  it('sends the files; each progress step reaches the machine; answers the URLs', async () => {
    const reportTo = { send: vi.fn() };
    api.uploadProductImages.mockImplementation(async (upload) => {
      upload.onProgress({ loaded: 1, total: 2 });
      return ['/uploads/a.png', '/uploads/b.png'];
    });
    expect(await run(uploadImagesActor, { files, reportTo: reportTo as never })).toEqual([
      '/uploads/a.png',
      '/uploads/b.png',
    ]);
    expect(api.uploadProductImages).toHaveBeenCalledWith({
      files,
      signal: expect.any(AbortSignal),
      onProgress: expect.any(Function),
    });
    expect(reportTo.send).toHaveBeenCalledWith({ type: 'images.progress', loaded: 1, total: 2 });
  });

  it('leaving the upload (cancel) aborts the request', async () => {
    api.uploadProductImages.mockReturnValue(new Promise(() => {}));
    expect(
      await abortsWithActor(
        uploadImagesActor,
        { files, reportTo: { send: vi.fn() } as never },
        () => api.uploadProductImages.mock.lastCall?.[0].signal,
      ),
    ).toBe(true);
  });
});

describe('the options page’s title', () => {
  it('a manager’s product name comes from their own products, never from the public read', async () => {
    api.listManagerProducts.mockResolvedValue([{ _id: 'p1', name: 'Osh' }]);
    expect(await run(productNameActor, { productId: 'p1', role: 'manager' })).toBe('Osh');
    expect(api.listManagerProducts).toHaveBeenCalledWith(undefined, withSignal());
    // Another manager's product is not among theirs: no name.
    expect(await run(productNameActor, { productId: 'p2', role: 'manager' })).toBeNull();
    expect(api.getProduct).not.toHaveBeenCalled();
  });

  it('an admin’s from GET /user/products/{id}', async () => {
    api.getProduct.mockResolvedValue({ _id: 'p1', name: 'Manti' });
    expect(await run(productNameActor, { productId: 'p1', role: 'admin' })).toBe('Manti');
    expect(api.getProduct).toHaveBeenCalledWith('p1', withSignal());
  });
});
