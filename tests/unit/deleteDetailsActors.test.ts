import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../client/client';
import { countCategoryProductsActor, countProductOptionsActor } from '../../machines/shared/deleteDetails.actors';
import { run, withSignal } from './actorHarness';

/** The counts a delete question names ("… 3 ta mahsulot ham o'chiriladi"), with the API client replaced. */
const api = vi.hoisted(() => ({ listManagerProducts: vi.fn(), listOptions: vi.fn() }));
vi.mock('../../client/products', () => ({ listManagerProducts: api.listManagerProducts }));
vi.mock('../../client/options', () => ({ listOptions: api.listOptions }));

beforeEach(() => vi.resetAllMocks());

describe('what a delete takes with it', () => {
  it("a category's products, read by the category", async () => {
    api.listManagerProducts.mockResolvedValue([{ _id: 'p1' }, { _id: 'p2' }, { _id: 'p3' }]);
    expect(await run(countCategoryProductsActor, { id: 'c1' })).toBe(3);
    expect(api.listManagerProducts).toHaveBeenCalledWith('c1', withSignal());
  });

  it("a product's options, read by the product; a failed read is its failure", async () => {
    api.listOptions.mockResolvedValue([]);
    expect(await run(countProductOptionsActor, { id: 'p1' })).toBe(0);
    expect(api.listOptions).toHaveBeenCalledWith('p1', withSignal());
    api.listOptions.mockRejectedValue(new ApiError(503, 'Server hozir band'));
    await expect(run(countProductOptionsActor, { id: 'p1' })).rejects.toThrow('Server hozir band');
  });
});
