import { describe, expect, it } from 'vitest';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import { updateRestaurantConfig, validateUpdateRestaurant } from '../../machines/manager/updateRestaurant.rules';
import { FACTS_EMPTY } from '../../machines/products/dishFacts.rules';
import {
  formPrice,
  imagesValue,
  imageUrls,
  itemImageUrls,
  parsePrice,
  priceError,
  productFormConfig,
  toProductChanges,
  toProductInput,
  validateProduct,
} from '../../machines/products/productForm.rules';
import {
  detailErrors,
  phoneError,
  restaurantFormConfig,
  SLUG_PATTERN,
  toRestaurantChanges,
  toRestaurantInput,
  validateRestaurant,
} from '../../machines/restaurants/restaurantForm.rules';
import { SCHEDULE_EMPTY } from '../../machines/shared/schedule.rules';
import { ownFields } from '../../machines/shared/translations.rules';

/** The restaurant, manager's restaurant and product forms, rule by rule: what each field says and what is sent. */

const manual = {
  name: 'Rayhon',
  slug: 'rayhon',
  address: 'Toshkent',
  phone_number: '+998 71 200 10 10',
  work_time: '09:00 - 23:00',
  manager_id: 'm1',
  is_active: true,
};

describe('the restaurant form', () => {
  it('a complete manual restaurant has no errors', () => {
    expect(validateRestaurant(manual)).toEqual({});
  });

  it.each(['name', 'slug', 'manager_id', 'address', 'phone_number', 'work_time'])(
    'a blank or whitespace-only %s is required',
    (field) => {
      expect(validateRestaurant({ ...manual, [field]: '' })).toEqual({ [field]: uz.required });
      expect(validateRestaurant({ ...manual, [field]: '   ' })).toEqual({ [field]: uz.required });
    },
  );

  it('an integration restaurant may leave address, phone and work time empty, but not name, slug or manager', () => {
    const pos = { ...manual, type: 'integration', address: '', phone_number: '', work_time: '' };
    expect(validateRestaurant(pos)).toEqual({});
    expect(validateRestaurant({ ...pos, name: '', slug: '', manager_id: '' })).toEqual({
      name: uz.required,
      slug: uz.required,
      manager_id: uz.required,
    });
  });

  it('a phone that is typed must be an Uzbek number, for an integration restaurant too', () => {
    expect(validateRestaurant({ ...manual, phone_number: 'abc' })).toEqual({ phone_number: uzCatalog.phoneInvalid });
    expect(validateRestaurant({ ...manual, type: 'integration', phone_number: '12345' })).toEqual({
      phone_number: uzCatalog.phoneInvalid,
    });
    expect(validateRestaurant({ ...manual, phone_number: '+998901234567' })).toEqual({});
  });

  it('a blank phone of a manual restaurant says "required", not the phone rule', () => {
    expect(detailErrors({ ...manual, phone_number: '' })).toEqual({ phone_number: uz.required });
  });

  it('phoneError leaves blank and non-text values to the caller', () => {
    expect(phoneError('')).toBeNull();
    expect(phoneError('  ')).toBeNull();
    expect(phoneError(undefined)).toBeNull();
    expect(phoneError(true)).toBeNull();
    expect(phoneError('+998 90 123 45 67')).toBeNull();
    expect(phoneError('+998 90 123 45')).toBe(uzCatalog.phoneInvalid);
  });

  it.each([
    ['rayhon', true],
    ['RAYHON', true],
    ['bahor-kafe-2', true],
    ['a', true],
    ['-rayhon', false],
    ['rayhon-', false],
    ['ray--hon', false],
    ['ray hon', false],
    ["o'zbek", false],
    ['райхон', false],
  ])('slug %s valid: %s', (slug, valid) => {
    expect(SLUG_PATTERN.test(slug)).toBe(valid);
    expect(validateRestaurant({ ...manual, slug }).slug).toBe(valid ? undefined : uz.slugRule);
  });

  it('the slug is checked without the spaces around it; a blank slug says only "required"', () => {
    expect(validateRestaurant({ ...manual, slug: '  rayhon  ' })).toEqual({});
    expect(validateRestaurant({ ...manual, slug: ' ' })).toEqual({ slug: uz.required });
  });

  it('the active flag must be a yes or no', () => {
    expect(validateRestaurant({ ...manual, is_active: false })).toEqual({});
    expect(validateRestaurant({ ...manual, is_active: 'true' })).toEqual({ is_active: uz.required });
  });

  it('starts empty and active, greyed stop-list, no Telegram, no ordering from the tables', () => {
    expect(ownFields(restaurantFormConfig.empty)).toEqual({
      languages: 'uz',
      name: '',
      slug: '',
      address: '',
      phone_number: '',
      work_time: '',
      manager_id: '',
      is_active: true,
      bot_token: '',
      channel_id: '',
      hide_stopped: false,
      ordering_enabled: false,
    });
    expect(restaurantFormConfig.validate(restaurantFormConfig.empty, 'create')).toEqual({
      name: uz.required,
      slug: uz.required,
      manager_id: uz.required,
      address: uz.required,
      phone_number: uz.required,
      work_time: uz.required,
    });
  });

  it('edits a restaurant from its fields, with text for missing ones and its type as the rule', () => {
    expect(
      ownFields(
        restaurantFormConfig.fromItem({
          _id: 'r1',
          ...manual,
          is_active: false,
          bot_token: '1:abc',
          channel_id: null,
          hide_stopped: true,
          type: 'integration',
          languages: ['uz', 'ru'],
        }),
      ),
    ).toEqual({
      languages: 'uz,ru',
      ...manual,
      is_active: false,
      bot_token: '1:abc',
      channel_id: '',
      hide_stopped: true,
      // An integration restaurant's POS terminal group: none chosen is the first option ('').
      pos_terminal_group_id: '',
      type: 'integration',
    });
    expect(ownFields(restaurantFormConfig.fromItem({ _id: 'r2', name: 5 }))).toEqual({
      name: '',
      slug: '',
      address: '',
      phone_number: '',
      work_time: '',
      manager_id: '',
      is_active: true,
      bot_token: '',
      channel_id: '',
      hide_stopped: false,
      type: 'manual',
    });
  });

  it("says the spec's toasts", () => {
    expect(restaurantFormConfig.messages).toEqual({
      created: uz.restaurantAdded,
      updated: uz.restaurantEdited,
      createFailed: uz.restaurantAddFailed,
      updateFailed: uz.editFailed,
    });
  });

  it('the create call gets the slug trimmed and lowercase, and the optional fields only when filled', () => {
    expect(
      toRestaurantInput({ ...manual, slug: ' RAYHON ', bot_token: '', channel_id: '', hide_stopped: false }),
    ).toEqual({ ...manual, slug: 'rayhon' });
    expect(
      toRestaurantInput({ ...manual, is_active: false, bot_token: '1:abc', channel_id: '-100', hide_stopped: true }),
    ).toEqual({ ...manual, is_active: false, bot_token: '1:abc', channel_id: '-100', hide_stopped: true });
    expect(toRestaurantInput({ is_active: 'x' })).toEqual({
      name: '',
      slug: '',
      address: '',
      phone_number: '',
      work_time: '',
      manager_id: '',
      is_active: true,
    });
  });

  it('an update clears an emptied bot token or channel (null) and sends the other changes as they are', () => {
    expect(toRestaurantChanges({ bot_token: '', channel_id: '', address: '', is_active: false })).toEqual({
      bot_token: null,
      channel_id: null,
      address: '',
      is_active: false,
    });
    expect(toRestaurantChanges({ bot_token: '2:def', name: 'Yangi' })).toEqual({ bot_token: '2:def', name: 'Yangi' });
  });
});

describe("the manager's Update Restaurant form", () => {
  const four = { name: 'Rayhon', address: 'Toshkent', phone_number: '+998 71 200 10 10', work_time: '09:00 - 23:00' };

  it('needs a name; address, phone and work time only for a manual restaurant; a typed phone must be Uzbek', () => {
    expect(validateUpdateRestaurant(four)).toEqual({});
    expect(validateUpdateRestaurant({ ...four, name: ' ' })).toEqual({ name: uz.required });
    expect(validateUpdateRestaurant({ name: '', address: '', phone_number: '', work_time: '' })).toEqual({
      name: uz.required,
      address: uz.required,
      phone_number: uz.required,
      work_time: uz.required,
    });
    expect(
      validateUpdateRestaurant({ name: 'POS', address: '', phone_number: '', work_time: '', type: 'integration' }),
    ).toEqual({});
    expect(validateUpdateRestaurant({ ...four, phone_number: 'abc' })).toEqual({
      phone_number: uzCatalog.phoneInvalid,
    });
  });

  it('has the four fields of spec 2.7, the type as its rule, and the spec’s English toasts', () => {
    expect(ownFields(updateRestaurantConfig.empty)).toEqual({
      name: '',
      address: '',
      phone_number: '',
      work_time: '',
      languages: 'uz',
    });
    expect(
      ownFields(
        updateRestaurantConfig.fromItem({
          _id: 'r1',
          ...four,
          slug: 'x',
          type: 'integration',
          languages: ['ru', 'uz'],
        }),
      ),
    ).toEqual({
      ...four,
      languages: 'ru,uz',
      pos_terminal_group_id: '',
      type: 'integration',
    });
    expect(ownFields(updateRestaurantConfig.fromItem({ _id: 'r1', name: null }))).toEqual({
      name: '',
      address: '',
      phone_number: '',
      work_time: '',
      type: 'manual',
    });
    expect(updateRestaurantConfig.validate({ ...four, name: '' }, 'edit')).toEqual({ name: uz.required });
    expect(updateRestaurantConfig.messages).toEqual({
      created: uz.restaurantUpdated,
      updated: uz.restaurantUpdated,
      createFailed: uz.restaurantUpdateFailed,
      updateFailed: uz.restaurantUpdateFailed,
    });
  });
});

describe('the product form', () => {
  const product = { name: 'Osh', category_id: 'c1', price: '25000', description: '', is_active: true };

  it.each([
    ['25000', 25000],
    ['25 000', 25000],
    [' 0 ', 0],
    ['12,5', 12.5],
    ['', null],
    ['  ', null],
    ['-1', null],
    ['abc', null],
    ['Infinity', null],
  ])('parsePrice(%j) is %j', (typed, price) => {
    expect(parsePrice(typed)).toBe(price);
  });

  it('parsePrice takes only text', () => {
    expect(parsePrice(25000)).toBeNull();
    expect(parsePrice(undefined)).toBeNull();
  });

  it('a price is required, a number of 0 or more, in whole so’m; the empty message can be the caller’s', () => {
    expect(priceError('')).toBe(uz.required);
    expect(priceError(' ', 'bepul: 0')).toBe('bepul: 0');
    expect(priceError('abc')).toBe(uzCatalog.priceInvalid);
    expect(priceError('-5')).toBe(uzCatalog.priceInvalid);
    expect(priceError('11500.5')).toBe(uzCatalog.priceWhole);
    expect(priceError('11 500')).toBeNull();
    expect(priceError('0')).toBeNull();
  });

  it('a stored price shows rounded down, and nothing for what is not a price', () => {
    expect(formPrice(11500.99)).toBe('11500');
    expect(formPrice(0)).toBe('0');
    expect(formPrice(Number.NaN)).toBe('');
    expect(formPrice('25000')).toBe('');
  });

  it('validates name, category, price and a running upload, each on its own field', () => {
    expect(validateProduct(product)).toEqual({});
    expect(
      validateProduct({
        name: ' ',
        category_id: '',
        price: '1.5',
        description: '',
        is_active: true,
        imagesUploading: true,
      }),
    ).toEqual({
      name: uz.required,
      category_id: uz.required,
      price: uzCatalog.priceWhole,
      images: uzCatalog.imagesUploading,
    });
    expect(validateProduct({ ...product, imagesUploading: false })).toEqual({});
  });

  it("starts in the list's category, active, without pictures, and says the product toasts", () => {
    const config = productFormConfig('c9');
    expect(ownFields(config.empty)).toEqual({
      name: '',
      category_id: 'c9',
      price: '',
      description: '',
      is_active: true,
      images: '',
      imagesUploading: false,
      ikpu: '',
      package_code: '',
      ...FACTS_EMPTY,
      ...SCHEDULE_EMPTY,
    });
    expect(config.messages).toEqual({
      created: uzCatalog.productCreated,
      updated: uzCatalog.productUpdated,
      createFailed: uz.productCreateFailed,
      updateFailed: uz.productSaveFailed,
    });
    expect(config.validate(config.empty, 'create')).toEqual({ name: uz.required, price: uz.required });
  });

  it('edits a product from its fields: rounded price, its pictures in order, its category or the list’s', () => {
    const config = productFormConfig('c9');
    expect(
      ownFields(
        config.fromItem({
          _id: 'p1',
          name: 'Osh',
          category_id: 'c1',
          price: 25000.5,
          description: 'Devzira',
          is_active: false,
          images: [{ file: '/uploads/a.webp' }, { file: '/uploads/b.webp' }],
        }),
      ),
    ).toEqual({
      name: 'Osh',
      category_id: 'c1',
      price: '25000',
      description: 'Devzira',
      is_active: false,
      images: '["/uploads/a.webp","/uploads/b.webp"]',
      imagesUploading: false,
      ikpu: '',
      package_code: '',
      ...FACTS_EMPTY,
      ...SCHEDULE_EMPTY,
    });
    expect(ownFields(config.fromItem({ _id: 'p2', name: 1, category_id: 2, description: null, images: 'x' }))).toEqual({
      name: '',
      category_id: 'c9',
      price: '',
      description: '',
      is_active: true,
      images: '',
      imagesUploading: false,
      ikpu: '',
      package_code: '',
      ...FACTS_EMPTY,
      ...SCHEDULE_EMPTY,
    });
  });

  it('pictures ride in the form as a JSON list of URLs; anything else is no pictures', () => {
    expect(imagesValue([])).toBe('');
    expect(imagesValue(['/a'])).toBe('["/a"]');
    expect(imageUrls({ images: '["/a",5,"/b"]' })).toEqual(['/a', '/b']);
    expect(imageUrls({ images: '' })).toEqual([]);
    expect(imageUrls({ images: true })).toEqual([]);
    expect(imageUrls({ images: '{"a":1}' })).toEqual([]);
    expect(imageUrls({ images: 'not json' })).toEqual([]);
    expect(itemImageUrls([{ file: '/a' }, null, 'x', { file: 3 }, { other: '/c' }, { file: '/b' }])).toEqual([
      '/a',
      '/b',
    ]);
    expect(itemImageUrls(undefined)).toEqual([]);
  });

  it('the create call gets every field, the price as a number and the pictures as files', () => {
    expect(toProductInput({ ...product, price: '25 000', is_active: false, images: '["/uploads/a.webp"]' })).toEqual({
      name: 'Osh',
      category_id: 'c1',
      description: '',
      price: 25000,
      is_active: false,
      images: [{ file: '/uploads/a.webp' }],
    });
    expect(toProductInput({})).toEqual({
      name: '',
      category_id: '',
      description: '',
      price: 0,
      is_active: true,
      images: [],
    });
  });

  it('an update sends only what changed; a manager never sends a category; removed pictures are an empty list', () => {
    const changes = {
      name: 'Palov',
      description: '',
      price: '30000',
      is_active: false,
      category_id: 'c2',
      images: '',
    };
    expect(toProductChanges(changes, 'admin')).toEqual({
      name: 'Palov',
      description: '',
      price: 30000,
      is_active: false,
      category_id: 'c2',
      images: [],
    });
    expect(toProductChanges(changes, 'manager')).toEqual({
      name: 'Palov',
      description: '',
      price: 30000,
      is_active: false,
      images: [],
    });
    expect(toProductChanges({ price: 'x' }, 'admin')).toEqual({ price: 0 });
    expect(toProductChanges({ images: '["/b","/a"]' }, 'manager')).toEqual({
      images: [{ file: '/b' }, { file: '/a' }],
    });
    expect(toProductChanges({}, 'admin')).toEqual({});
  });
});
