import { MAX_CALORIES, MAX_PORTION_VALUE, type Portion } from '../../../lib/dish-facts';
import type { PosDishFacts } from '../provider';
import type { IikoProductInfo } from './types';

/**
 * A dish's portion and calories from iiko's nomenclature (iikocloud-openapi-subset.json, ProductInfo):
 * - `weight` is the item's weight in kilograms: the portion is that in grams, or in millilitres when the item is
 *   measured in litres (`measureUnit` "л" / "l"; a litre of a drink weighs about a kilogram, which is what iiko
 *   stores for it);
 * - `energyFullAmount` is the kcal of one item; without it, `energyAmount` (kcal per 100 g) times the weight;
 * - iiko answers 0 for a field nobody filled in, so 0 (or less) means "not said", as does a value past our limits;
 * - allergens: the contract's ProductInfo has no allergen field (no `allergenGroups`), so none are read.
 */

const LITRES = /^(л|l|lt|ltr|литр|liter|litre)\.?$/i;

const positive = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

function portionOf(product: IikoProductInfo): Portion | null {
  if (!positive(product.weight)) return null;
  const value = Math.round(product.weight * 1000);
  if (value < 1 || value > MAX_PORTION_VALUE) return null;
  return { value, unit: LITRES.test(product.measureUnit?.trim() ?? '') ? 'ml' : 'g' };
}

function caloriesOf(product: IikoProductInfo): number | null {
  let kcal: number | undefined;
  if (positive(product.energyFullAmount)) kcal = product.energyFullAmount;
  else if (positive(product.energyAmount) && positive(product.weight)) {
    kcal = (product.energyAmount * product.weight * 1000) / 100;
  }
  if (kcal === undefined) return null;
  const rounded = Math.round(kcal);
  return rounded > MAX_CALORIES ? null : rounded;
}

export function dishFactsOf(product: IikoProductInfo): PosDishFacts {
  return { portion: portionOf(product), calories: caloriesOf(product) };
}
