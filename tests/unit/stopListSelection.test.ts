import { describe, expect, it } from 'vitest';
import { buildCatalog, tabCounts } from '../../machines/stopList/catalog';
import { groupsFor, isVisible, visibleIdsOf } from '../../machines/stopList/groups';
import { checkState, toggleCategory, toggleProduct } from '../../machines/stopList/selection';
import { sampleCategoryId as cat, sampleProductId as id, sampleAnswers } from '../ui/models/stopList.sample';

const catalog = () => {
  const { categories, products } = sampleAnswers();
  return buildCatalog(categories, products);
};

describe('selection (spec 4)', () => {
  it('a product toggles in and out', () => {
    const one = toggleProduct(new Set(), 'p1');
    expect([...one]).toEqual(['p1']);
    expect([...toggleProduct(one, 'p1')]).toEqual([]);
  });

  it('a category checkbox selects all visible products, then deselects them', () => {
    const visible = ['p1', 'p2', 'p3'];
    const all = toggleCategory(new Set(), visible);
    expect([...all].sort()).toEqual(visible);
    expect(checkState(all, visible)).toBe('checked');
    expect([...toggleCategory(all, visible)]).toEqual([]);
  });

  it('from some selected, the category checkbox selects all (indeterminate before)', () => {
    const some = new Set(['p2']);
    expect(checkState(some, ['p1', 'p2', 'p3'])).toBe('indeterminate');
    expect(checkState(toggleCategory(some, ['p1', 'p2', 'p3']), ['p1', 'p2', 'p3'])).toBe('checked');
  });

  it('is checked automatically once every visible product was ticked one by one', () => {
    let selected: ReadonlySet<string> = new Set();
    const visible = ['p1', 'p2'];
    selected = toggleProduct(selected, 'p1');
    expect(checkState(selected, visible)).toBe('indeterminate');
    selected = toggleProduct(selected, 'p2');
    expect(checkState(selected, visible)).toBe('checked');
  });

  it('an empty category is never checked', () => {
    expect(checkState(new Set(['p1']), [])).toBe('unchecked');
  });
});

describe('searching while items are selected', () => {
  it('keeps hidden selected products; the category checkbox only sees the visible ones', () => {
    const c = catalog();
    const first = cat('Birinchi taomlar');
    // Select the whole category on Mavjud (Sho‘rva, Mastava, Lag‘mon; Chuchvara is on the stop-list).
    let selected = toggleCategory(new Set(), visibleIdsOf(c, 'available', '', first));
    expect([...selected].sort()).toEqual([id('Sho‘rva'), id('Mastava'), id('Lag‘mon')].sort());
    // Search "mastava": only Mastava is visible, and it is selected → checked.
    const visible = visibleIdsOf(c, 'available', 'mastava', first);
    expect(visible).toEqual([id('Mastava')]);
    expect(checkState(selected, visible)).toBe('checked');
    // Unticking the category now deselects only Mastava; the hidden two stay selected.
    selected = toggleCategory(selected, visible);
    expect([...selected].sort()).toEqual([id('Sho‘rva'), id('Lag‘mon')].sort());
    expect(checkState(selected, visible)).toBe('unchecked');
    // Back without a search: the category shows indeterminate.
    expect(checkState(selected, visibleIdsOf(c, 'available', '', first))).toBe('indeterminate');
  });
});

describe('grouping per tab', () => {
  it('lists a category with products on both tabs on both, with only that tab’s products', () => {
    const c = catalog();
    const available = groupsFor(c, 'available', '');
    const stopped = groupsFor(c, 'stopped', '');
    expect(available.map((g) => g.category.title)).toEqual([
      'Birinchi taomlar',
      'Ikkinchi taomlar',
      'Kaboblar',
      'Salatlar',
      'Ichimliklar',
      'Shirinliklar',
      'Sovuq ichimliklar',
    ]);
    expect(stopped.map((g) => g.category.title)).toEqual(['Birinchi taomlar', 'Ikkinchi taomlar', 'Nonlar']);
    expect(available[0]!.products.map((p) => p.name)).toEqual(['Sho‘rva', 'Mastava', 'Lag‘mon']);
    expect(stopped[0]!.products.map((p) => p.name)).toEqual(['Chuchvara']);
    expect(tabCounts(c)).toEqual({ available: 12, stopped: 4 });
  });

  it('filters by the search and drops categories with no match', () => {
    const groups = groupsFor(catalog(), 'stopped', 'KABOB');
    expect(groups.map((g) => [g.category.title, g.products.map((p) => p.name)])).toEqual([
      ['Ikkinchi taomlar', ['Qozon kabob']],
    ]);
    expect(groupsFor(catalog(), 'available', 'pizza')).toEqual([]);
  });

  it('a product is visible on one tab only, and only while the search finds it', () => {
    const c = catalog();
    expect(isVisible(c, 'available', '', id('Mastava'))).toBe(true);
    expect(isVisible(c, 'stopped', '', id('Mastava'))).toBe(false);
    expect(isVisible(c, 'stopped', '', id('Chuchvara'))).toBe(true);
    expect(isVisible(c, 'available', 'kabob', id('Mastava'))).toBe(false);
    expect(isVisible(c, 'available', 'MASTA', id('Mastava'))).toBe(true);
    expect(isVisible(c, 'stopped', '', 'unknown')).toBe(false);
  });

  it('builds thumbnails from the first image', () => {
    const { categories, products } = sampleAnswers();
    products[0]!.images = [{ file: '/uploads/abc.webp' }, { file: '/uploads/def.webp' }];
    const built = buildCatalog(categories, products);
    expect(built.products[0]!.thumbnail).toBe('/uploads/abc-thumb.webp');
    expect(built.products[1]!.thumbnail).toBeNull();
  });

  it('leaves out products of a category the answer does not list', () => {
    const { categories, products } = sampleAnswers();
    const orphan = { ...products[0]!, _id: 'orphan', category_id: 'elsewhere' };
    const built = buildCatalog(categories, [...products, orphan]);
    expect(built.products.map((p) => p._id)).not.toContain('orphan');
    expect(built.products).toHaveLength(products.length);
  });

  it('an empty list of visible products is unchecked, whatever is selected', () => {
    expect(checkState(new Set([id('Mastava')]), [])).toBe('unchecked');
  });
});
