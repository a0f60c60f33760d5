import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../client/client';
import { uzCatalog } from '../../lib/uz-catalog';
import { categoryDialogActors } from '../../machines/categories/categoryDialog.actors';
import { toCategoryChanges, toCategoryInput } from '../../machines/categories/categoryForm.rules';
import type { DialogScope } from '../../machines/dialog/dialog.types';
import { optionDialogActors, rowDialogActors } from '../../machines/options/optionDialogs.actors';
import { productDialogActors, productDialogScope } from '../../machines/products/productDialog.actors';
import { parsePrice, toProductChanges, toProductInput } from '../../machines/products/productForm.rules';
import { changePasswordActors } from '../../machines/profile/changePassword.actors';
import { run, withSignal } from './actorHarness';

/**
 * The calls of the category, product, option, row and change-password dialogs with the API client replaced: what
 * each sends from the dialog's values, item and scope, and what it answers.
 */
const api = vi.hoisted(() => ({
  createCategory: vi.fn(),
  updateCategory: vi.fn(),
  listRestaurantCategories: vi.fn(),
  createProduct: vi.fn(),
  updateProduct: vi.fn(),
  createOption: vi.fn(),
  renameOption: vi.fn(),
  createRow: vi.fn(),
  updateRow: vi.fn(),
  changePassword: vi.fn(),
}));
vi.mock('../../client/categories', () => ({
  createCategory: api.createCategory,
  updateCategory: api.updateCategory,
  listRestaurantCategories: api.listRestaurantCategories,
}));
vi.mock('../../client/products', () => ({ createProduct: api.createProduct, updateProduct: api.updateProduct }));
vi.mock('../../client/options', () => ({
  createOption: api.createOption,
  renameOption: api.renameOption,
  createRow: api.createRow,
  updateRow: api.updateRow,
}));
vi.mock('../../client/auth', () => ({ changePassword: api.changePassword }));

beforeEach(() => {
  vi.resetAllMocks();
  for (const call of Object.values(api)) call.mockResolvedValue({ _id: 'answer' });
});

describe('category dialog actors (spec 2.8)', () => {
  const values = { title: 'Salatlar', is_active: false };

  it('create: the new category belongs to the scope’s restaurant', async () => {
    expect(await run(categoryDialogActors.create, { item: null, values, scope: { restaurantId: 'r1' } })).toEqual({
      _id: 'answer',
    });
    expect(api.createCategory).toHaveBeenCalledWith(toCategoryInput(values, 'r1'), withSignal());
  });

  it('create without a known restaurant: a 404 with the no-restaurant text, and no call', async () => {
    const scopes: (DialogScope | undefined)[] = [undefined, {}, { restaurantId: null }, { restaurantId: '' }];
    for (const scope of scopes) {
      const failure = run(categoryDialogActors.create, { item: null, values, scope });
      await expect(failure).rejects.toBeInstanceOf(ApiError);
      await expect(failure).rejects.toMatchObject({ status: 404, message: uzCatalog.noRestaurantOfManager });
    }
    expect(api.createCategory).not.toHaveBeenCalled();
  });

  it('update: the changes to the item’s id', async () => {
    await run(categoryDialogActors.update, { item: { _id: 'c1' }, values: { title: 'Yangi' } });
    expect(api.updateCategory).toHaveBeenCalledWith('c1', toCategoryChanges({ title: 'Yangi' }), withSignal());
    await run(categoryDialogActors.update, { item: null, values: {} });
    expect(api.updateCategory).toHaveBeenLastCalledWith('', {}, withSignal());
  });
});

describe('product dialog actors (spec 2.9, 6)', () => {
  const categories = [{ _id: 'c1', title: 'Salatlar' }];

  it('productDialogScope: the role and the restaurant', () => {
    expect(productDialogScope('admin', 'r1')).toEqual({ role: 'admin', restaurantId: 'r1' });
  });

  it('loadOptions: an admin with a restaurant gets its categories for the select', async () => {
    api.listRestaurantCategories.mockResolvedValue({ categories, count: {} });
    expect(
      await run(productDialogActors.loadOptions, { item: null, scope: productDialogScope('admin', 'r1') }),
    ).toEqual({
      categories,
    });
    expect(api.listRestaurantCategories).toHaveBeenCalledWith('r1', withSignal());
  });

  it('loadOptions: a manager, or an admin without a restaurant, gets no select and no call', async () => {
    for (const scope of [productDialogScope('manager', 'r1'), productDialogScope('admin', null), undefined]) {
      expect(await run(productDialogActors.loadOptions, { item: null, scope })).toEqual({ categories: [] });
    }
    expect(api.listRestaurantCategories).not.toHaveBeenCalled();
  });

  it('create sends the product body from the form', async () => {
    const values = { name: 'Osh', price: '30000', category_id: 'c1', is_active: true };
    await run(productDialogActors.create, { item: null, values });
    expect(api.createProduct).toHaveBeenCalledWith(toProductInput(values), withSignal());
  });

  it('update sends the changes as the scope’s role may: an admin’s category change goes, a manager’s never', async () => {
    const values = { name: 'Manti', category_id: 'c2' };
    await run(productDialogActors.update, { item: { _id: 'p1' }, values, scope: productDialogScope('admin', 'r1') });
    expect(api.updateProduct).toHaveBeenLastCalledWith('p1', toProductChanges(values, 'admin'), withSignal());
    expect(api.updateProduct.mock.lastCall?.[1]).toHaveProperty('category_id', 'c2');
    await run(productDialogActors.update, { item: { _id: 'p1' }, values, scope: productDialogScope('manager', 'r1') });
    expect(api.updateProduct.mock.lastCall?.[1]).not.toHaveProperty('category_id');
    // No scope: treated as a manager (the narrower rights).
    await run(productDialogActors.update, { item: null, values });
    expect(api.updateProduct).toHaveBeenLastCalledWith('', toProductChanges(values, 'manager'), withSignal());
  });
});

describe('option dialog actors (spec 2.10)', () => {
  it('create: a new option of the scope’s product, with its name and its choice counts', async () => {
    await run(optionDialogActors.create, { item: null, values: { name: 'Hajmi' }, scope: { productId: 'p1' } });
    expect(api.createOption).toHaveBeenCalledWith(
      { product_id: 'p1', name: 'Hajmi', min_choices: 0, max_choices: 1 },
      withSignal(),
    );
    await run(optionDialogActors.create, {
      item: null,
      values: { name: 'Porsiya', required: true, min_choices: '2', max_choices: '3' },
      scope: { productId: 'p1' },
    });
    expect(api.createOption).toHaveBeenLastCalledWith(
      { product_id: 'p1', name: 'Porsiya', min_choices: 2, max_choices: 3 },
      withSignal(),
    );
    await run(optionDialogActors.create, { item: null, values: {} });
    expect(api.createOption).toHaveBeenLastCalledWith(
      { product_id: '', name: '', min_choices: 0, max_choices: 1 },
      withSignal(),
    );
  });

  it('update sends the changed name and the changed languages (a translation alone too)', async () => {
    await run(optionDialogActors.update, { item: { _id: 'o1' }, values: { name: 'Rangi' } });
    expect(api.renameOption).toHaveBeenCalledWith('o1', { name: 'Rangi' }, withSignal());
    await run(optionDialogActors.update, { item: { _id: 'o1' }, values: { 'ru.name': ' Цвет ', 'en.name': '' } });
    expect(api.renameOption).toHaveBeenLastCalledWith(
      'o1',
      { translations: { ru: { name: 'Цвет' }, en: null } },
      withSignal(),
    );
    await run(optionDialogActors.update, { item: null, values: {} });
    expect(api.renameOption).toHaveBeenLastCalledWith('', {}, withSignal());
  });

  it('update tells the changed counts apart from the option edited (its item)', async () => {
    const item = { _id: 'o1', min_choices: 1, max_choices: 3 } as { _id: string };
    // The minimum raised (the switch stays on): the minimum alone.
    await run(optionDialogActors.update, { item, values: { min_choices: '2' } });
    expect(api.renameOption).toHaveBeenLastCalledWith('o1', { min_choices: 2 }, withSignal());
    // The switch turned off: the minimum is 0, whatever the hidden 'Kamida' field holds.
    await run(optionDialogActors.update, { item, values: { required: false, min_choices: '3' } });
    expect(api.renameOption).toHaveBeenLastCalledWith('o1', { min_choices: 0 }, withSignal());
    // An optional option turned required: the 'Kamida' field's start, 1.
    await run(optionDialogActors.update, { item: { _id: 'o2' }, values: { required: true } });
    expect(api.renameOption).toHaveBeenLastCalledWith('o2', { min_choices: 1 }, withSignal());
  });
});

describe('row dialog actors (spec 2.10)', () => {
  it('create: the row of its option, with its name and the price as a number (empty: 0)', async () => {
    await run(rowDialogActors.create, {
      item: null,
      values: { product_option_id: 'o1', name: 'Katta', price: '5000' },
    });
    expect(api.createRow).toHaveBeenCalledWith(
      { product_option_id: 'o1', name: 'Katta', price: parsePrice('5000') },
      withSignal(),
    );
    await run(rowDialogActors.create, { item: null, values: { price: '' } });
    expect(api.createRow).toHaveBeenLastCalledWith({ product_option_id: '', name: '', price: 0 }, withSignal());
  });

  it('update sends only the changed name and price', async () => {
    await run(rowDialogActors.update, { item: { _id: 'w1' }, values: { name: 'Kichik', price: '3000' } });
    expect(api.updateRow).toHaveBeenLastCalledWith('w1', { name: 'Kichik', price: parsePrice('3000') }, withSignal());
    await run(rowDialogActors.update, { item: { _id: 'w1' }, values: { price: '' } });
    expect(api.updateRow).toHaveBeenLastCalledWith('w1', { price: 0 }, withSignal());
    await run(rowDialogActors.update, { item: { _id: 'w1' }, values: { name: 'Kichik' } });
    expect(api.updateRow).toHaveBeenLastCalledWith('w1', { name: 'Kichik' }, withSignal());
    await run(rowDialogActors.update, { item: null, values: { name: true, price: false } });
    expect(api.updateRow).toHaveBeenLastCalledWith('', {}, withSignal());
  });
});

describe('change password actor', () => {
  it('sends the current and the new password, never the repetition; answers the new token', async () => {
    api.changePassword.mockResolvedValue('new-token');
    const values = { current_password: 'eski-parol', new_password: 'yangi-parol', confirm_password: 'yangi-parol' };
    expect(await run(changePasswordActors.create, { item: null, values })).toBe('new-token');
    expect(api.changePassword).toHaveBeenCalledWith(
      { current_password: 'eski-parol', new_password: 'yangi-parol' },
      withSignal(),
    );
    await run(changePasswordActors.create, { item: null, values: { current_password: true } });
    expect(api.changePassword).toHaveBeenLastCalledWith({ current_password: '', new_password: '' }, withSignal());
  });
});
