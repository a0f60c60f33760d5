import { CHOICES_LIMIT } from '../../schemas/options';
import type { PosCategory, PosMenu, PosOption, PosOptionRow, PosProduct } from '../provider';
import { dishFactsOf } from './dish-facts';
import type { IikoNomenclatureResponse, IikoProductInfo, IikoSize, IikoSizePrice } from './types';

/**
 * iiko's nomenclature → our neutral menu (see /work/shared/iiko/README.md):
 * - groups (not deleted, not modifier groups, on the menu) that hold at least one menu product → categories;
 * - products that are not modifiers, not deleted and sit in such a group → products; the price is
 *   `sizePrices[].price.currentPrice` of the entry with `sizeId: null` (or of the default size when the product
 *   has sizes); a product without a usable price, or whose price entry is not on the menu, is not on the menu;
 * - each `groupModifiers[]` entry → an option named after the group of that id (`isGroupModifier: true`), its
 *   `childModifiers` → rows named and priced by the `Modifier` products they point at; the group's `minAmount` /
 *   `maxAmount` (or `required`) → how many rows an order chooses, each row once;
 * - the simple `modifiers[]` of a product → one option "Qo'shimchalar" whose rows are those modifier products, any
 *   number of them;
 * - `weight`, `measureUnit` and the energy fields → the dish's portion and calories (dish-facts.ts).
 */

/** The option holding a product's simple (ungrouped) modifiers has no id in iiko: this fixed one stands in. */
export const SIMPLE_MODIFIERS_OPTION_ID = 'modifiers';
export const SIMPLE_MODIFIERS_OPTION_NAME = "Qo'shimchalar";

const isModifier = (product: IikoProductInfo) => product.type?.toLowerCase() === 'modifier';

/** Money in so'm with at most two decimals (the database keeps numeric(14,2)); undefined when not a valid price. */
function money(value: unknown): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value >= 1e12) return undefined;
  return Math.round(value * 100) / 100;
}

/** The size price a product is sold at: the no-size entry, else the default size's, else the first size's. */
function chooseSizePrice(sizePrices: IikoSizePrice[] | undefined, sizes: IikoSize[]): IikoSizePrice | undefined {
  if (!sizePrices || sizePrices.length === 0) return undefined;
  const noSize = sizePrices.find((entry) => entry.sizeId === null || entry.sizeId === undefined);
  if (noSize) return noSize;
  const defaultSize = sizes.find((size) => size.isDefault === true && size.id !== undefined);
  const ofDefault = defaultSize ? sizePrices.find((entry) => entry.sizeId === defaultSize.id) : undefined;
  if (ofDefault) return ofDefault;
  const priority = (sizeId: string | null) => sizes.find((size) => size.id === sizeId)?.priority ?? Infinity;
  return [...sizePrices].sort((a, b) => priority(a.sizeId) - priority(b.sizeId))[0];
}

/**
 * iiko counts amounts (a modifier may be taken twice); we take each row once, so the maximum is at most the rows there
 * are (0 or less in iiko: no limit), and the minimum at most the maximum, at least 1 when the group is `required`.
 */
export function choiceCounts(
  group: { minAmount: number; maxAmount: number; required?: boolean | null },
  rowCount: number,
): { minChoices: number; maxChoices: number } {
  const most = Math.min(rowCount, CHOICES_LIMIT);
  const maxChoices = group.maxAmount > 0 ? Math.max(1, Math.min(Math.floor(group.maxAmount), most)) : Math.max(1, most);
  const least = Math.max(Math.floor(group.minAmount) || 0, group.required ? 1 : 0, 0);
  return { minChoices: Math.min(least, maxChoices), maxChoices };
}

const text = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() : '');
const httpUrls = (links: string[] | undefined) =>
  (links ?? []).filter((link) => typeof link === 'string' && /^https?:\/\//i.test(link));

export function mapNomenclature(nomenclature: IikoNomenclatureResponse): PosMenu {
  const groups = new Map(nomenclature.groups.map((group) => [group.id, group]));
  const sizes = nomenclature.sizes ?? [];
  const modifierProducts = new Map(
    nomenclature.products.filter((p) => isModifier(p) && !p.isDeleted).map((p) => [p.id, p]),
  );

  const rowOf = (modifierId: string): PosOptionRow | undefined => {
    const modifier = modifierProducts.get(modifierId);
    if (!modifier) return undefined;
    const entry =
      modifier.sizePrices?.find((e) => e.sizeId === null || e.sizeId === undefined) ?? modifier.sizePrices?.[0];
    return { externalId: modifier.id, name: text(modifier.name), price: money(entry?.price.currentPrice) ?? 0 };
  };
  const uniqueRows = (rows: (PosOptionRow | undefined)[]) => {
    const seen = new Set<string>();
    return rows.filter((row): row is PosOptionRow => {
      if (!row || seen.has(row.externalId)) return false;
      seen.add(row.externalId);
      return true;
    });
  };

  const optionsOf = (product: IikoProductInfo): PosOption[] => {
    const options: PosOption[] = [];
    for (const groupModifier of product.groupModifiers ?? []) {
      const group = groups.get(groupModifier.id);
      if (!group || group.isDeleted) continue;
      const rows = uniqueRows(groupModifier.childModifiers.map((child) => rowOf(child.id)));
      if (rows.length === 0 || options.some((o) => o.externalId === group.id)) continue;
      options.push({ externalId: group.id, name: text(group.name), ...choiceCounts(groupModifier, rows.length), rows });
    }
    const simpleRows = uniqueRows((product.modifiers ?? []).map((modifier) => rowOf(modifier.id)));
    if (simpleRows.length > 0) {
      options.push({
        externalId: SIMPLE_MODIFIERS_OPTION_ID,
        name: SIMPLE_MODIFIERS_OPTION_NAME,
        minChoices: 0,
        maxChoices: Math.min(simpleRows.length, CHOICES_LIMIT),
        rows: simpleRows,
      });
    }
    return options;
  };

  const products: PosProduct[] = [];
  for (const product of nomenclature.products) {
    if (product.isDeleted || isModifier(product)) continue;
    const groupId = product.parentGroup ?? product.groupId;
    const group = groupId ? groups.get(groupId) : undefined;
    if (!group || group.isDeleted || group.isGroupModifier || group.isIncludedInMenu === false) continue;
    const sizePrice = chooseSizePrice(product.sizePrices, sizes);
    const price = money(sizePrice?.price.currentPrice);
    if (!sizePrice || price === undefined || sizePrice.price.isIncludedInMenu === false) continue;
    products.push({
      externalId: product.id,
      categoryExternalId: group.id,
      name: text(product.name),
      description: text(product.description),
      price,
      sizeId: sizePrice.sizeId ?? null,
      imageUrls: httpUrls(product.imageLinks),
      order: product.order ?? 0,
      options: optionsOf(product),
      ...dishFactsOf(product),
    });
  }

  const used = new Set(products.map((p) => p.categoryExternalId));
  const categories: PosCategory[] = nomenclature.groups
    .filter((group) => used.has(group.id))
    .map((group) => ({ externalId: group.id, name: text(group.name), order: group.order ?? 0 }))
    .sort((a, b) => a.order - b.order);
  return { categories, products: products.sort((a, b) => a.order - b.order) };
}
