import { describe, expect, it } from 'vitest';
import { applyMove, cascade, sameChanges } from '../../machines/stopList/cascade';
import { buildCatalog, type Catalog } from '../../machines/stopList/catalog';
import { sampleCategoryId as cat, sampleProductId as id, sampleAnswers } from '../ui/models/stopList.sample';

/** The stop-list cascade of spec 4, case by case, on the shared sample restaurant (see stopList.sample.ts). */

const catalog = (): Catalog => {
  const { categories, products } = sampleAnswers();
  return buildCatalog(categories, products);
};
const toStop = (...names: string[]) => ({ ids: names.map(id), is_active: false });
const outOfStop = (...names: string[]) => ({ ids: names.map(id), is_active: true });

describe('moving to the stop-list (spec 4)', () => {
  it('sets an active category inactive when all its products are being moved', () => {
    expect(cascade(catalog(), toStop('Jigar kabob', 'Qiyma kabob'))).toEqual([
      { _id: cat('Kaboblar'), is_active: false },
    ]);
  });

  it('leaves a category active while one of its products stays available', () => {
    expect(cascade(catalog(), toStop('Jigar kabob'))).toEqual([]);
  });

  it('a category with products on both tabs goes inactive when its last available products are moved', () => {
    // Birinchi taomlar: Chuchvara is already on the stop-list; the other three are moved now.
    expect(cascade(catalog(), toStop('Sho‘rva', 'Mastava', 'Lag‘mon'))).toEqual([
      { _id: cat('Birinchi taomlar'), is_active: false },
    ]);
    // ...but not while one of the three stays.
    expect(cascade(catalog(), toStop('Sho‘rva', 'Mastava'))).toEqual([]);
  });

  it('leaves an already inactive category as it is (no change reported)', () => {
    // Shirinliklar was turned off by the manager; its only product now goes to the stop-list.
    expect(cascade(catalog(), toStop('Chak-chak'))).toEqual([]);
  });

  it('handles several categories in one move, in display order', () => {
    expect(cascade(catalog(), toStop('Limonad', 'Achchiq-chuchuk', "Osh (to'y oshi)"))).toEqual([
      { _id: cat('Salatlar'), is_active: false },
      { _id: cat('Sovuq ichimliklar'), is_active: false },
    ]);
  });

  it('ignores unknown ids and changes nothing for an empty move', () => {
    expect(cascade(catalog(), { ids: ['nope'], is_active: false })).toEqual([]);
    expect(cascade(catalog(), { ids: [], is_active: false })).toEqual([]);
  });
});

describe('taking products out of the stop-list (spec 4)', () => {
  it('sets the inactive category of a product taken out active', () => {
    expect(cascade(catalog(), outOfStop('Patir'))).toEqual([{ _id: cat('Nonlar'), is_active: true }]);
  });

  it('changes no category that is already active (a category with products on both tabs)', () => {
    expect(cascade(catalog(), outOfStop('Chuchvara', 'Qozon kabob'))).toEqual([]);
  });

  it('reactivates an inactive category even when it still has stopped products', () => {
    // Nonlar keeps Tandir non on the stop-list: the category must show again for Patir.
    const after = applyMove(catalog(), outOfStop('Patir'), cascade(catalog(), outOfStop('Patir')));
    expect(after.categories.find((c) => c._id === cat('Nonlar'))?.is_active).toBe(true);
    expect(after.products.find((p) => p._id === id('Tandir non'))?.is_active).toBe(false);
  });
});

describe('applying a move', () => {
  it('flips the moved products and takes the given category changes; untouched objects stay the same', () => {
    const before = catalog();
    const move = toStop('Jigar kabob', 'Qiyma kabob');
    const after = applyMove(before, move, cascade(before, move));
    expect(after.products.filter((p) => !p.is_active).map((p) => p.name)).toEqual([
      'Chuchvara',
      'Qozon kabob',
      'Jigar kabob',
      'Qiyma kabob',
      'Patir',
      'Tandir non',
    ]);
    expect(after.categories.find((c) => c._id === cat('Kaboblar'))?.is_active).toBe(false);
    // Identity kept where nothing changed (selectors and React.memo rely on it).
    expect(after.products[0]).toBe(before.products[0]);
    expect(after.categories[0]).toBe(before.categories[0]);
    expect(before.products.find((p) => p._id === id('Jigar kabob'))?.is_active).toBe(true);
  });

  it('keeps the identity of every product and category it does not change, at every index', () => {
    const before = catalog();
    // Chuchvara is already stopped and Nonlar already inactive: listed in the move and the answer, yet unchanged.
    const move = toStop('Jigar kabob', 'Chuchvara', 'Qiyma kabob');
    const changes = [
      { _id: cat('Nonlar'), is_active: false },
      { _id: cat('Kaboblar'), is_active: false },
    ];
    const after = applyMove(before, move, changes);
    const flipped = new Set([id('Jigar kabob'), id('Qiyma kabob')]);
    expect(after.products).toHaveLength(before.products.length);
    after.products.forEach((product, index) => {
      const old = before.products[index]!;
      expect(product._id).toBe(old._id);
      if (flipped.has(old._id)) expect(product).toEqual({ ...old, is_active: false });
      else expect(product, old.name).toBe(old);
    });
    expect(after.categories).toHaveLength(before.categories.length);
    after.categories.forEach((category, index) => {
      const old = before.categories[index]!;
      if (old._id === cat('Kaboblar')) expect(category).toEqual({ ...old, is_active: false });
      else expect(category, old.title).toBe(old);
    });
  });

  it('round trip: moving out what was moved in restores the flags', () => {
    const start = catalog();
    const there = toStop('Jigar kabob', 'Qiyma kabob');
    const middle = applyMove(start, there, cascade(start, there));
    const back = outOfStop('Jigar kabob', 'Qiyma kabob');
    const end = applyMove(middle, back, cascade(middle, back));
    expect(end.products.map((p) => p.is_active)).toEqual(start.products.map((p) => p.is_active));
    expect(end.categories.map((c) => c.is_active)).toEqual(start.categories.map((c) => c.is_active));
  });
});

describe('comparing the predicted cascade with the server answer', () => {
  it('ignores order, not content', () => {
    const a = [
      { _id: 'c1', is_active: false },
      { _id: 'c2', is_active: false },
    ];
    expect(sameChanges(a, [...a].reverse())).toBe(true);
    expect(sameChanges(a, [{ _id: 'c1', is_active: false }])).toBe(false);
    expect(sameChanges(a, [a[0]!, { _id: 'c2', is_active: true }])).toBe(false);
    expect(sameChanges([], [])).toBe(true);
  });
});
