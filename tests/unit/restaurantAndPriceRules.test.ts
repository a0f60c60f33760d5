import { describe, expect, it } from 'vitest';
import { formatPhone, formatPrice, uzPhoneDigits } from '../../lib/format';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import { updateRestaurantConfig } from '../../machines/manager/updateRestaurant.rules';
import { rowFormConfig, validateRow } from '../../machines/options/optionForm.rules';
import { productFormConfig, validateProduct } from '../../machines/products/productForm.rules';
import { restaurantFormConfig, toRestaurantInput } from '../../machines/restaurants/restaurantForm.rules';

/** The panel's form rules for prices, the restaurant phone, POS restaurants and slugs. */

describe("prices in the forms are whole so'm, and an empty price is an error", () => {
  const product = (price: string) => validateProduct({ ...productFormConfig('c1').empty, name: 'Osh', price });
  const row = (price: string) => validateRow({ product_option_id: 'o1', name: 'Katta', price });

  it.each([
    ['11500.5', uzCatalog.priceWhole],
    ['11 500,5', uzCatalog.priceWhole],
    ['', uz.required],
    ['  ', uz.required],
    ['abc', uzCatalog.priceInvalid],
    ['-5', uzCatalog.priceInvalid],
  ])('a product price of %j is refused: %s', (price, message) => {
    expect(product(price).price).toBe(message);
  });

  it.each(['11500', '25 000', '0'])('a product price of %j is taken', (price) => {
    expect(product(price)).toEqual({});
  });

  it('a row price left empty is an error, not a silent 0; a free row is typed 0; no tiyin', () => {
    expect(row('').price).toBe(uzCatalog.priceRequired);
    expect(row('12000.5').price).toBe(uzCatalog.priceWhole);
    expect(row('0')).toEqual({});
    expect(row('12 000')).toEqual({});
    // The row dialog's own config says the same.
    expect(rowFormConfig(() => 'o1').validate({ product_option_id: 'o1', name: 'Katta', price: '' }, 'create')).toEqual(
      {
        price: uzCatalog.priceRequired,
      },
    );
  });

  it('every place shows the same rounded-down figure, the edit forms too (and do not resend it unless typed)', () => {
    expect(formatPrice(11500.5)).toBe("11\u00a0500\u00a0so'm");
    expect(formatPrice(11500.99)).toBe("11\u00a0500\u00a0so'm");
    const item = { _id: 'p1', name: 'Osh', category_id: 'c1', price: 11500.5, product_option_id: 'o1' };
    expect(productFormConfig('c1').fromItem(item).price).toBe('11500');
    expect(rowFormConfig(() => 'o1').fromItem(item).price).toBe('11500');
    expect(validateProduct(productFormConfig('c1').fromItem(item))).toEqual({});
  });
});

describe('the restaurant phone: every usual Uzbek way of writing it, written one way', () => {
  it.each([
    ['+998901234567', '+998 90 123 45 67'],
    ['+998 90 123 45 67', '+998 90 123 45 67'],
    ['  +998 71 2001010', '+998 71 200 10 10'],
    // The 9 digits alone, as Uzbek numbers are said and printed.
    ['90 123 45 67', '+998 90 123 45 67'],
    ['901234567', '+998 90 123 45 67'],
    ['(90) 123-45-67', '+998 90 123 45 67'],
    ['90-123-45-67', '+998 90 123 45 67'],
    // The country code without its plus, or dialled from abroad; the old trunk prefix 8.
    ['998901234567', '+998 90 123 45 67'],
    ['+998 (90) 123-45-67', '+998 90 123 45 67'],
    ['+998-90-123-45-67', '+998 90 123 45 67'],
    ['00998 90 123 45 67', '+998 90 123 45 67'],
    ['8 90 123 45 67', '+998 90 123 45 67'],
    ['8 (88) 123-45-67', '+998 88 123 45 67'],
    // Nine digits that happen to start like a prefix are still the number itself.
    ['99 812 34 56', '+998 99 812 34 56'],
    ['88 123 45 67', '+998 88 123 45 67'],
  ])('%j is an Uzbek number, written %j', (typed, written) => {
    expect(uzPhoneDigits(typed)).not.toBeNull();
    expect(formatPhone(typed)).toBe(written);
  });

  it.each([
    'abc',
    '+998',
    '90 123 45',
    '+998 90 123 45',
    '+998 90 123 45 678',
    '90 123 45 678',
    '+7 999 1234567',
    '+901234567',
    '+8 90 123 45 67',
    '7 90 123 45 67',
    '90.123.45.67',
    '90 123 45 67 ext 2',
  ])('%j is not, and formatPhone leaves it as it is', (typed) => {
    expect(uzPhoneDigits(typed)).toBeNull();
    expect(formatPhone(typed)).toBe(typed.trim());
  });

  const restaurant = {
    ...restaurantFormConfig.empty,
    name: 'Rayhon',
    slug: 'rayhon',
    address: 'Toshkent',
    phone_number: '+998 90 123 45 67',
    work_time: '09:00 - 23:00',
    manager_id: 'm1',
  };

  it("the admin's form refuses 'abc' with the rule, and takes a typed number in any usual form", () => {
    expect(restaurantFormConfig.validate({ ...restaurant, phone_number: 'abc' }, 'create')).toEqual({
      phone_number: uzCatalog.phoneInvalid,
    });
    expect(restaurantFormConfig.validate({ ...restaurant, phone_number: '90 123 45 67' }, 'create')).toEqual({});
    expect(restaurantFormConfig.validate({ ...restaurant, phone_number: '+998901234567' }, 'create')).toEqual({});
  });

  it("the manager's Update Restaurant form refuses 'abc' too", () => {
    const values = { ...updateRestaurantConfig.fromItem({ _id: 'r1', ...restaurant, type: 'manual' }) };
    expect(updateRestaurantConfig.validate({ ...values, phone_number: 'abc' }, 'edit')).toEqual({
      phone_number: uzCatalog.phoneInvalid,
    });
    expect(updateRestaurantConfig.validate(values, 'edit')).toEqual({});
    expect(updateRestaurantConfig.validate({ ...values, phone_number: '(71) 200-10-10' }, 'edit')).toEqual({});
    expect(updateRestaurantConfig.validate({ ...values, phone_number: '90 123 45' }, 'edit')).toEqual({
      phone_number: uzCatalog.phoneInvalid,
    });
  });
});

describe('a restaurant created from the POS can be saved with what it has', () => {
  const fromPos = {
    _id: 'r1',
    name: 'Choyxona Navroʻz',
    slug: 'choyxona-navroz',
    address: '',
    phone_number: '',
    work_time: '',
    manager_id: 'm1',
    type: 'integration',
    is_active: true,
  };

  it("the admin's form: switching it to Nofaol needs no address, phone or work time", () => {
    const values = restaurantFormConfig.fromItem(fromPos);
    expect(restaurantFormConfig.validate({ ...values, is_active: false }, 'edit')).toEqual({});
    // A phone typed in is still checked.
    expect(restaurantFormConfig.validate({ ...values, phone_number: '123' }, 'edit')).toEqual({
      phone_number: uzCatalog.phoneInvalid,
    });
  });

  it('a manual restaurant still needs them', () => {
    const values = restaurantFormConfig.fromItem({ ...fromPos, type: 'manual' });
    expect(restaurantFormConfig.validate(values, 'edit')).toEqual({
      address: uz.required,
      phone_number: uz.required,
      work_time: uz.required,
    });
  });

  it("the manager's form: the POS restaurant saves with the empty fields; a manual one needs them and a name", () => {
    expect(updateRestaurantConfig.validate(updateRestaurantConfig.fromItem(fromPos), 'edit')).toEqual({});
    const manual = updateRestaurantConfig.fromItem({ ...fromPos, type: 'manual' });
    expect(updateRestaurantConfig.validate({ ...manual, name: ' ' }, 'edit')).toEqual({
      name: uz.required,
      address: uz.required,
      phone_number: uz.required,
      work_time: uz.required,
    });
  });
});

describe('slugs in any case', () => {
  it('RAYHON is a valid slug and is sent lowercase', () => {
    const values = {
      ...restaurantFormConfig.empty,
      name: 'Rayhon',
      slug: 'RAYHON-Milliy',
      address: 'Toshkent',
      phone_number: '+998 90 123 45 67',
      work_time: '09:00 - 23:00',
      manager_id: 'm1',
    };
    expect(restaurantFormConfig.validate(values, 'create')).toEqual({});
    expect(toRestaurantInput(values).slug).toBe('rayhon-milliy');
    expect(restaurantFormConfig.validate({ ...values, slug: 'rayhon milliy' }, 'create')).toEqual({
      slug: uz.slugRule,
    });
  });
});
