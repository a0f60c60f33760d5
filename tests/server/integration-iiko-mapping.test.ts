import { describe, expect, it } from 'vitest';
import { product, sizePrice } from '../../server/dev/pos/build';
import {
  choiceCounts,
  mapNomenclature,
  SIMPLE_MODIFIERS_OPTION_ID,
  SIMPLE_MODIFIERS_OPTION_NAME,
} from '../../server/integrations/iiko/nomenclature';
import type {
  IikoNomenclatureResponse,
  IikoProductInfo,
  IikoProductsGroupInfo,
} from '../../server/integrations/iiko/types';

/** The iiko nomenclature → neutral menu mapping, on a hand-written answer covering each rule of the iiko README. */

const group = (id: string, name: string, extra: Partial<IikoProductsGroupInfo> = {}): IikoProductsGroupInfo => ({
  imageLinks: [],
  parentGroup: null,
  order: 0,
  isIncludedInMenu: true,
  isGroupModifier: false,
  id,
  name,
  isDeleted: false,
  ...extra,
});
const dish = (id: string, name: string, parentGroup: string, extra: Partial<IikoProductInfo> = {}) =>
  product({ id, name, type: 'Dish', parentGroup, sizePrices: [sizePrice(10000)], ...extra });
const modifier = (id: string, name: string, price: number, extra: Partial<IikoProductInfo> = {}) =>
  product({ id, name, type: 'Modifier', parentGroup: 'g-sauces', sizePrices: [sizePrice(price)], ...extra });

function nomenclature(fields: Partial<IikoNomenclatureResponse>): IikoNomenclatureResponse {
  return { correlationId: 'c', groups: [], productCategories: [], products: [], sizes: [], revision: 7, ...fields };
}

const groups = [
  group('g-soups', "Sho'rvalar", { order: 2 }),
  group('g-grill', 'Shashliklar', { order: 1 }),
  group('g-old', 'Eski', { isDeleted: true }),
  group('g-hidden', 'Menyuda emas', { isIncludedInMenu: false }),
  group('g-empty', "Bo'sh guruh"),
  group('g-sauces', 'Souslar', { isGroupModifier: true, isIncludedInMenu: false }),
  group('g-gone-mods', "O'chgan modifikatorlar", { isGroupModifier: true, isDeleted: true }),
];

describe('mapNomenclature', () => {
  it('maps groups to categories: only menu groups holding products, in iiko order; modifier groups are not categories', () => {
    const menu = mapNomenclature(
      nomenclature({
        groups,
        products: [
          dish('p-mastava', 'Mastava', 'g-soups'),
          dish('p-lula', 'Lula kabob', 'g-grill'),
          dish('p-old', 'Eski taom', 'g-old'),
          dish('p-hidden', 'Yashirin', 'g-hidden'),
          modifier('m-ketchup', 'Ketchup', 3000),
        ],
      }),
    );
    expect(menu.categories).toEqual([
      { externalId: 'g-grill', name: 'Shashliklar', order: 1 },
      { externalId: 'g-soups', name: "Sho'rvalar", order: 2 },
    ]);
    expect(menu.products.map((p) => p.externalId).sort()).toEqual(['p-lula', 'p-mastava']);
  });

  it('skips deleted products, modifiers, and products without a usable or on-menu price', () => {
    const offMenu = sizePrice(5000);
    offMenu.price.isIncludedInMenu = false;
    const menu = mapNomenclature(
      nomenclature({
        groups,
        products: [
          dish('p-ok', 'Mastava', 'g-soups'),
          dish('p-deleted', "O'chirilgan", 'g-soups', { isDeleted: true }),
          dish('p-no-price', 'Narxsiz', 'g-soups', { sizePrices: [] }),
          dish('p-negative', 'Manfiy', 'g-soups', { sizePrices: [sizePrice(-1)] }),
          dish('p-off-menu', 'Sotuvda emas', 'g-soups', { sizePrices: [offMenu] }),
          dish('p-no-group', 'Guruhsiz', 'g-missing'),
          modifier('m-lowercase', 'Modifikator', 1000, { type: 'modifier', parentGroup: 'g-soups' }),
        ],
      }),
    );
    expect(menu.products.map((p) => p.externalId)).toEqual(['p-ok']);
  });

  it('takes the price from sizePrices[].price.currentPrice: the sizeId null entry, else the default size', () => {
    const menu = mapNomenclature(
      nomenclature({
        groups,
        sizes: [
          { id: 's-small', name: '0,5 L', priority: 0, isDefault: false },
          { id: 's-big', name: '1 L', priority: 1, isDefault: true },
        ],
        products: [
          dish('p-plain', 'Mastava', 'g-soups', { sizePrices: [sizePrice(28000.499)] }),
          dish('p-sized', 'Kola', 'g-soups', {
            sizePrices: [sizePrice(9000, 's-small'), sizePrice(14000, 's-big')],
          }),
        ],
      }),
    );
    expect(menu.products.find((p) => p.externalId === 'p-plain')).toMatchObject({ price: 28000.5, sizeId: null });
    expect(menu.products.find((p) => p.externalId === 'p-sized')).toMatchObject({ price: 14000, sizeId: 's-big' });
  });

  it('maps groupModifiers to options named after their group, childModifiers to rows priced by the Modifier products', () => {
    const child = (id: string) => ({ id, minAmount: 0, maxAmount: 1 });
    const menu = mapNomenclature(
      nomenclature({
        groups,
        products: [
          dish('p-lula', 'Lula kabob', 'g-grill', {
            groupModifiers: [
              {
                id: 'g-sauces',
                minAmount: 0,
                maxAmount: 2,
                required: false,
                childModifiers: [child('m-ketchup'), child('m-garlic'), child('m-deleted'), child('m-unknown')],
              },
              // The group of this one is deleted: no option.
              { id: 'g-gone-mods', minAmount: 0, maxAmount: 1, required: false, childModifiers: [child('m-ketchup')] },
            ],
            modifiers: [{ id: 'm-lemon', minAmount: 0, maxAmount: 1 }],
          }),
          modifier('m-ketchup', 'Ketchup', 3000),
          modifier('m-garlic', 'Chesnokli', 0, { sizePrices: [] }),
          modifier('m-deleted', "O'chgan", 1000, { isDeleted: true }),
          modifier('m-lemon', 'Limon', 2500),
        ],
      }),
    );
    expect(menu.products[0]!.options).toEqual([
      {
        externalId: 'g-sauces',
        name: 'Souslar',
        minChoices: 0,
        maxChoices: 2,
        rows: [
          { externalId: 'm-ketchup', name: 'Ketchup', price: 3000 },
          { externalId: 'm-garlic', name: 'Chesnokli', price: 0 },
        ],
      },
      {
        externalId: SIMPLE_MODIFIERS_OPTION_ID,
        name: SIMPLE_MODIFIERS_OPTION_NAME,
        minChoices: 0,
        maxChoices: 1,
        rows: [{ externalId: 'm-lemon', name: 'Limon', price: 2500 }],
      },
    ]);
  });

  it.each([
    ['a portion: exactly one', { minAmount: 1, maxAmount: 1 }, 3, { minChoices: 1, maxChoices: 1 }],
    [
      'required without a minimum: at least one',
      { minAmount: 0, maxAmount: 1, required: true },
      3,
      { minChoices: 1, maxChoices: 1 },
    ],
    ['a maximum beyond its rows: all of them', { minAmount: 0, maxAmount: 5 }, 3, { minChoices: 0, maxChoices: 3 }],
    ['a minimum beyond its rows: all of them', { minAmount: 4, maxAmount: 6 }, 3, { minChoices: 3, maxChoices: 3 }],
    ['no maximum (0): any of its rows', { minAmount: 0, maxAmount: 0 }, 4, { minChoices: 0, maxChoices: 4 }],
    ['more than 20 rows: at most 20', { minAmount: 0, maxAmount: 30 }, 25, { minChoices: 0, maxChoices: 20 }],
  ])("maps a group's amounts to choice counts, each row once: %s", (_name, group, rows, counts) => {
    expect(choiceCounts(group, rows)).toEqual(counts);
  });

  it('carries names, descriptions and http(s) image links over, trimmed', () => {
    const menu = mapNomenclature(
      nomenclature({
        groups,
        products: [
          dish('p-1', '  Mastava ', 'g-soups', {
            description: ' Guruchli sho‘rva ',
            imageLinks: ['https://cdn.example/1.jpg', 'ftp://nope', 'data:image/png;base64,AA'],
            order: 4,
          }),
          dish('p-2', 'Chuchvara', 'g-soups', { description: null }),
        ],
      }),
    );
    expect(menu.products[1]).toMatchObject({
      externalId: 'p-1',
      categoryExternalId: 'g-soups',
      name: 'Mastava',
      description: 'Guruchli sho‘rva',
      imageUrls: ['https://cdn.example/1.jpg'],
      order: 4,
      options: [],
    });
    expect(menu.products[0]).toMatchObject({ externalId: 'p-2', description: '', imageUrls: [] });
  });

  it('answers an empty menu for an empty nomenclature (the provider decides what that means)', () => {
    expect(mapNomenclature(nomenclature({}))).toEqual({ categories: [], products: [] });
  });
});
