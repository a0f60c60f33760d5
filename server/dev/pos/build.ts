import { createHash } from 'node:crypto';
import type {
  IikoGroupModifierInfo,
  IikoNomenclatureResponse,
  IikoProductInfo,
  IikoProductsGroupInfo,
  IikoSize,
  IikoSizePrice,
} from '../../integrations/iiko/types';
import type { SampleHall, SampleOrganization } from './sample-data';

/**
 * Builds iiko-shaped data from the sample menus. Ids are name-based UUIDs (RFC 4122 version 5 layout over SHA-1),
 * so an organization keeps its id across restarts and a restaurant linked in demo mode stays linked.
 */
export function stableUuid(...parts: string[]): string {
  const hash = createHash('sha1')
    .update(`menyu-pos-simulator/${parts.join('/')}`)
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** What the simulator keeps per organization; answers are built from it. */
export interface SimulatedOrganization {
  id: string;
  name: string;
  /** `restaurantAddress` of iiko's extended organization info; null when the POS has none. */
  address: string | null;
  terminalGroupId: string;
  /** Its till's halls and tables as the sample gives them (terminals.ts builds them; absent: its default hall). */
  halls?: SampleHall[];
  revision: number;
  groups: IikoProductsGroupInfo[];
  products: IikoProductInfo[];
  sizes: IikoSize[];
  productCategories: IikoNomenclatureResponse['productCategories'];
  /** productId → balance (iiko's stop-list; balance <= 0 means unavailable). */
  stopList: Map<string, number>;
}

export function sizePrice(price: number, sizeId: string | null = null): IikoSizePrice {
  return {
    sizeId,
    price: {
      currentPrice: price,
      isIncludedInMenu: true,
      nextPrice: null,
      nextIncludedInMenu: true,
      nextDatePrice: null,
    },
  };
}

export function menuGroup(id: string, name: string, order: number, isGroupModifier: boolean, isDeleted = false) {
  return {
    imageLinks: [],
    parentGroup: null,
    order,
    isIncludedInMenu: !isGroupModifier,
    isGroupModifier,
    id,
    code: null,
    name,
    description: null,
    additionalInfo: null,
    tags: null,
    isDeleted,
    seoDescription: null,
    seoText: null,
    seoKeywords: null,
    seoTitle: null,
  } satisfies IikoProductsGroupInfo;
}

export function product(
  fields: Pick<IikoProductInfo, 'id' | 'name' | 'type' | 'parentGroup'> & Partial<IikoProductInfo>,
): IikoProductInfo {
  return {
    groupId: null,
    productCategoryId: null,
    orderItemType: 'Product',
    modifierSchemaId: null,
    modifierSchemaName: null,
    splittable: false,
    measureUnit: 'porc',
    sizePrices: [],
    modifiers: [],
    groupModifiers: [],
    imageLinks: [],
    doNotPrintInCheque: false,
    order: 0,
    fullNameEnglish: null,
    useBalanceForSell: false,
    canSetOpenPrice: false,
    paymentSubject: null,
    code: null,
    description: null,
    additionalInfo: null,
    tags: null,
    isDeleted: false,
    seoDescription: null,
    seoText: null,
    seoKeywords: null,
    seoTitle: null,
    ...fields,
  };
}

/** One sample organization as iiko would describe it; `imageBase` is where the simulator serves pictures. */
export function buildOrganization(sample: SampleOrganization, imageBase: string): SimulatedOrganization {
  const orgId = stableUuid(sample.name);
  const id = (...parts: string[]) => stableUuid(sample.name, ...parts);
  const groups: IikoProductsGroupInfo[] = [];
  const products: IikoProductInfo[] = [];
  const sizes: IikoSize[] = [];
  const kitchen = { id: id('category', 'Oshxona'), name: 'Oshxona', isDeleted: false };
  const bar = { id: id('category', 'Bar'), name: 'Bar', isDeleted: false };

  // Modifier groups and their Modifier products: referenced by id from the dishes' groupModifiers.
  const modifierGroupIds = new Map<string, string>();
  for (const [key, modifierGroup] of Object.entries(sample.modifierGroups)) {
    const groupId = id('modifier-group', key);
    modifierGroupIds.set(key, groupId);
    groups.push(menuGroup(groupId, modifierGroup.name, 100 + groups.length, true));
    modifierGroup.items.forEach(([name, price], order) => {
      products.push(
        product({
          id: id('modifier', key, name),
          name,
          type: 'Modifier',
          parentGroup: groupId,
          order,
          sizePrices: [sizePrice(price)],
        }),
      );
    });
  }
  const simpleModifierIds = new Map<string, string>();
  sample.simpleModifiers.forEach(([name, price], order) => {
    const modifierId = id('simple-modifier', name);
    simpleModifierIds.set(name, modifierId);
    products.push(
      product({ id: modifierId, name, type: 'Modifier', parentGroup: null, order, sizePrices: [sizePrice(price)] }),
    );
  });

  sample.groups.forEach((sampleGroup, groupOrder) => {
    const groupId = id('group', sampleGroup.name);
    groups.push(menuGroup(groupId, sampleGroup.name, groupOrder, false, sampleGroup.deleted ?? false));
    sampleGroup.products.forEach((sampleProduct, order) => {
      const productId = id('product', sampleGroup.name, sampleProduct.name);
      const groupModifiers: IikoGroupModifierInfo[] = (sampleProduct.modifierGroups ?? []).map((key) => ({
        id: modifierGroupIds.get(key)!,
        minAmount: sample.modifierGroups[key]!.minAmount ?? 0,
        maxAmount: sample.modifierGroups[key]!.maxAmount ?? 1,
        required: (sample.modifierGroups[key]!.minAmount ?? 0) > 0,
        childModifiersHaveMinMaxRestrictions: false,
        childModifiers: sample.modifierGroups[key]!.items.map(([name]) => ({
          id: id('modifier', key, name),
          defaultAmount: 0,
          minAmount: 0,
          maxAmount: 1,
          required: false,
          hideIfDefaultAmount: false,
          splittable: false,
          freeOfChargeAmount: 0,
        })),
        hideIfDefaultAmount: false,
        defaultAmount: 0,
        splittable: false,
        freeOfChargeAmount: 0,
      }));
      let prices = [sizePrice(sampleProduct.price)];
      if (sampleProduct.sizes) {
        prices = sampleProduct.sizes.map(([name, price], priority) => {
          const sizeId = id('size', name);
          if (!sizes.some((size) => size.id === sizeId))
            sizes.push({ id: sizeId, name, priority, isDefault: priority === 0 });
          return sizePrice(price, sizeId);
        });
      }
      products.push(
        product({
          id: productId,
          name: sampleProduct.name,
          type: 'Dish',
          parentGroup: groupId,
          productCategoryId: sampleGroup.name === 'Ichimliklar' ? bar.id : kitchen.id,
          order,
          description: sampleProduct.description ?? null,
          sizePrices: prices,
          groupModifiers,
          modifiers: (sampleProduct.extras ?? []).map((name) => ({
            id: simpleModifierIds.get(name)!,
            defaultAmount: 0,
            minAmount: 0,
            maxAmount: 1,
            required: false,
          })),
          imageLinks: [`${imageBase}/images/${productId}.svg`],
          isDeleted: sampleProduct.deleted ?? false,
          ...sampleProduct.nutrition,
        }),
      );
    });
  });

  const stopList = new Map<string, number>();
  for (const [name, balance] of Object.entries(sample.stopList)) {
    const found = products.find((p) => p.name === name && p.type === 'Dish');
    if (found) stopList.set(found.id, balance);
  }
  return {
    id: orgId,
    name: sample.name,
    address: sample.address ?? null,
    terminalGroupId: id('terminal-group'),
    ...(sample.halls ? { halls: sample.halls } : {}),
    revision: 1,
    groups,
    products,
    sizes,
    productCategories: [kitchen, bar],
    stopList,
  };
}
