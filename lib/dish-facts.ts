import type { Language } from './languages';

/**
 * What a diner asks about a dish before ordering: its portion, calories, how spicy it is, diet tags and allergens.
 * The lists are fixed (ours to name and translate in the menu's four languages, not the manager's to write), so a
 * filter such as "without nuts" means the same in every restaurant. Here in lib/ because the server validates them,
 * the panel offers them as chips and the menu page shows and filters by them.
 */

export const PORTION_UNITS = ['g', 'ml', 'dona'] as const;
export type PortionUnit = (typeof PORTION_UNITS)[number];

export interface Portion {
  value: number;
  unit: PortionUnit;
}

export const DISH_TAGS = ['halal', 'vegetarian', 'vegan', 'new', 'chef', 'spicy'] as const;
export type DishTag = (typeof DISH_TAGS)[number];

export const ALLERGENS = [
  'gluten',
  'milk',
  'eggs',
  'nuts',
  'peanuts',
  'sesame',
  'soy',
  'fish',
  'shellfish',
  'celery',
  'mustard',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** 0: not spicy … 3: very spicy. */
export const MAX_SPICINESS = 3;
/** A portion's or a dish's energy above these is a typing slip (a 50 kg dish, 20,000 kcal), refused. */
export const MAX_PORTION_VALUE = 50_000;
export const MAX_CALORIES = 10_000;

/** The facts a POS sync may fill; once a manager sets one by hand, the sync leaves it alone. */
export const POS_FILLED_FACTS = ['portion', 'calories', 'allergens'] as const;
export type PosFilledFact = (typeof POS_FILLED_FACTS)[number];

export interface DishFacts {
  portion: Portion | null;
  calories: number | null;
  spiciness: number;
  tags: DishTag[];
  allergens: Allergen[];
}

export const NO_DISH_FACTS: DishFacts = { portion: null, calories: null, spiciness: 0, tags: [], allergens: [] };

type Named<K extends string> = Record<K, Record<Language, string>>;

export const PORTION_UNIT_NAMES: Named<PortionUnit> = {
  g: { uz: 'g', 'uz-Cyrl': 'г', ru: 'г', en: 'g' },
  ml: { uz: 'ml', 'uz-Cyrl': 'мл', ru: 'мл', en: 'ml' },
  dona: { uz: 'dona', 'uz-Cyrl': 'дона', ru: 'шт.', en: 'pcs' },
};

export const CALORIES_UNIT: Record<Language, string> = { uz: 'kkal', 'uz-Cyrl': 'ккал', ru: 'ккал', en: 'kcal' };

export const DISH_TAG_NAMES: Named<DishTag> = {
  halal: { uz: 'Halol', 'uz-Cyrl': 'Ҳалол', ru: 'Халяль', en: 'Halal' },
  vegetarian: { uz: 'Vegetarian', 'uz-Cyrl': 'Вегетариан', ru: 'Вегетарианское', en: 'Vegetarian' },
  vegan: { uz: 'Vegan', 'uz-Cyrl': 'Веган', ru: 'Веганское', en: 'Vegan' },
  new: { uz: 'Yangi', 'uz-Cyrl': 'Янги', ru: 'Новинка', en: 'New' },
  chef: { uz: 'Oshpaz tavsiyasi', 'uz-Cyrl': 'Ошпаз тавсияси', ru: 'Выбор шефа', en: "Chef's choice" },
  spicy: { uz: 'Achchiq', 'uz-Cyrl': 'Аччиқ', ru: 'Острое', en: 'Spicy' },
};

export const ALLERGEN_NAMES: Named<Allergen> = {
  gluten: { uz: 'Glyuten', 'uz-Cyrl': 'Глютен', ru: 'Глютен', en: 'Gluten' },
  milk: { uz: 'Sut', 'uz-Cyrl': 'Сут', ru: 'Молоко', en: 'Milk' },
  eggs: { uz: 'Tuxum', 'uz-Cyrl': 'Тухум', ru: 'Яйца', en: 'Eggs' },
  nuts: { uz: "Yong'oq", 'uz-Cyrl': 'Ёнғоқ', ru: 'Орехи', en: 'Tree nuts' },
  peanuts: { uz: "Yeryong'oq", 'uz-Cyrl': 'Ерёнғоқ', ru: 'Арахис', en: 'Peanuts' },
  sesame: { uz: 'Kunjut', 'uz-Cyrl': 'Кунжут', ru: 'Кунжут', en: 'Sesame' },
  soy: { uz: 'Soya', 'uz-Cyrl': 'Соя', ru: 'Соя', en: 'Soy' },
  fish: { uz: 'Baliq', 'uz-Cyrl': 'Балиқ', ru: 'Рыба', en: 'Fish' },
  shellfish: { uz: 'Qisqichbaqasimonlar', 'uz-Cyrl': 'Қисқичбақасимонлар', ru: 'Ракообразные', en: 'Crustaceans' },
  celery: { uz: 'Selderey', 'uz-Cyrl': 'Сельдерей', ru: 'Сельдерей', en: 'Celery' },
  mustard: { uz: 'Xantal', 'uz-Cyrl': 'Хантал', ru: 'Горчица', en: 'Mustard' },
  sulphites: { uz: 'Sulfitlar', 'uz-Cyrl': 'Сулфитлар', ru: 'Сульфиты', en: 'Sulphites' },
  lupin: { uz: 'Lyupin', 'uz-Cyrl': 'Люпин', ru: 'Люпин', en: 'Lupin' },
  molluscs: { uz: 'Mollyuskalar', 'uz-Cyrl': 'Моллюскалар', ru: 'Моллюски', en: 'Molluscs' },
};

/** The words for a spiciness level (1–3); 0 says nothing. */
export const SPICINESS_NAMES: Record<1 | 2 | 3, Record<Language, string>> = {
  1: { uz: 'Biroz achchiq', 'uz-Cyrl': 'Бироз аччиқ', ru: 'Слегка острое', en: 'Mildly spicy' },
  2: { uz: 'Achchiq', 'uz-Cyrl': 'Аччиқ', ru: 'Острое', en: 'Spicy' },
  3: { uz: 'Juda achchiq', 'uz-Cyrl': 'Жуда аччиқ', ru: 'Очень острое', en: 'Very spicy' },
};

export function isDishTag(value: string): value is DishTag {
  return (DISH_TAGS as readonly string[]).includes(value);
}

export function isAllergen(value: string): value is Allergen {
  return (ALLERGENS as readonly string[]).includes(value);
}
