import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { MenuLanguage } from '../../client/types';
import { adminCategoryListMachine } from '../../machines/categories/adminCategoryList.machine';
import type { LoadCategoriesInput, LoadedCategories } from '../../machines/categories/categoryList.actors';
import { categoryListMachine } from '../../machines/categories/categoryList.machine';
import { selectLanguages as selectCategoryLanguages } from '../../machines/categories/categoryList.selectors';
import { optionListMachine } from '../../machines/options/optionList.machine';
import { selectLanguages as selectOptionLanguages } from '../../machines/options/options.selectors';
import { productListMachine } from '../../machines/products/productList.machine';
import { selectLanguages as selectProductLanguages } from '../../machines/products/productList.selectors';
import type { LanguagesInput } from '../../machines/shared/languages.actors';
import { flush, pending, rejecting, resolving } from './helpers';

/**
 * Each manager list reads its restaurant's menu languages beside its own load (the badges and the forms'
 * tabs); until they answer, and when they cannot be read, the list is in Uzbek alone and works as before.
 */

const loaded: LoadedCategories = {
  restaurantId: 'r1',
  categories: [],
  count: { all_count: 0, active_count: 0, inactive_count: 0 },
};

describe('the lists read the menu languages', () => {
  it('the category list: Uzbek alone until they answer, then the restaurant’s, asked for its restaurant', async () => {
    const languages = resolving<MenuLanguage[], LanguagesInput>(['uz', 'ru']);
    const list = createActor(
      categoryListMachine.provide({
        actors: {
          loadCategories: resolving<LoadedCategories, LoadCategoriesInput>(loaded).logic,
          loadLanguages: languages.logic,
        },
      }),
      { input: { restaurantId: 'r1' } },
    );
    list.start();
    expect(selectCategoryLanguages(list.getSnapshot())).toEqual(['uz']);
    await flush();
    expect(selectCategoryLanguages(list.getSnapshot())).toEqual(['uz', 'ru']);
    expect(languages.probe.inputs).toEqual([{ restaurantId: 'r1' }]);
    list.stop();
  });

  it('a failed read leaves Uzbek alone and the list loads as before', async () => {
    const list = createActor(
      categoryListMachine.provide({
        actors: {
          loadCategories: resolving<LoadedCategories, LoadCategoriesInput>(loaded).logic,
          loadLanguages: rejecting<LanguagesInput>(503).logic as never,
        },
      }),
      { input: { restaurantId: 'r1' } },
    ).start();
    await flush();
    expect(selectCategoryLanguages(list.getSnapshot())).toEqual(['uz']);
    expect(list.getSnapshot().matches({ data: 'ready' })).toBe(true);
    list.stop();
  });

  it("the admin's category list and product list ask the languages of the restaurant they name", async () => {
    const categoryLanguages = resolving<MenuLanguage[], LanguagesInput>(['uz', 'ru']);
    const productLanguages = resolving<MenuLanguage[], LanguagesInput>(['uz', 'en']);
    const admin = createActor(
      adminCategoryListMachine.provide({
        actors: { loadCategories: pending().logic as never, loadLanguages: categoryLanguages.logic },
      }),
      { input: { restaurantId: 'r1' } },
    ).start();
    const products = createActor(
      productListMachine.provide({
        actors: { loadProducts: pending().logic as never, loadLanguages: productLanguages.logic },
      }),
      { input: { categoryId: 'c1', restaurantId: 'r1' } },
    ).start();
    await flush();
    expect(categoryLanguages.probe.inputs).toEqual([{ restaurantId: 'r1' }]);
    expect(productLanguages.probe.inputs).toEqual([{ restaurantId: 'r1' }]);
    expect(selectCategoryLanguages(admin.getSnapshot())).toEqual(['uz', 'ru']);
    expect(selectProductLanguages(products.getSnapshot())).toEqual(['uz', 'en']);
    admin.stop();
    products.stop();
  });

  it("the manager's product list and the option list take the restaurant's languages", async () => {
    const products = createActor(
      productListMachine.provide({
        actors: {
          loadProducts: pending().logic as never,
          loadLanguages: resolving<MenuLanguage[], LanguagesInput>(['uz', 'en']).logic,
        },
      }),
      { input: { categoryId: 'c1' } },
    ).start();
    const options = createActor(
      optionListMachine.provide({
        actors: {
          loadOptions: pending().logic as never,
          loadLanguages: resolving<MenuLanguage[], LanguagesInput>(['uz', 'uz-Cyrl', 'ru']).logic,
        },
      }),
      { input: { productId: 'p1' } },
    ).start();
    await flush();
    expect(selectProductLanguages(products.getSnapshot())).toEqual(['uz', 'en']);
    expect(selectOptionLanguages(options.getSnapshot())).toEqual(['uz', 'uz-Cyrl', 'ru']);
    products.stop();
    options.stop();
  });
});
