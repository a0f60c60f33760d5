import { createHash } from 'node:crypto';
import {
  ALLERGEN_NAMES,
  ALLERGENS,
  DISH_TAG_NAMES,
  DISH_TAGS,
  type DishFacts,
  type PortionUnit,
  SPICINESS_NAMES,
} from '../lib/dish-facts';
import type { MenuCategory, MenuData, MenuOption, MenuProduct } from '../server/menu/data';
import type { MenuLanguage } from '../server/menu/language';
import { MENU_TEXTS } from '../server/menu/texts';

/**
 * The menu the dish-facts bench renders, built in memory (no database: the page is a function of this data): the same
 * 200 products as the seeded bench restaurant (server/dev/bench-data.ts) in 10 categories of 20, with its names,
 * descriptions, prices, every tenth dish on the stop-list (last in its category, as loaded) and every fourth with two
 * options of three rows. `withEveryFact` gives each dish all its facts, `withEveryDishTagged` its tags and spiciness,
 * `withFactsAsWords` every fact as plain words at the end of its description (the bench's control).
 */

const OPTIONS = [
  { name: 'Porsiya', rows: ['0.5 porsiya', '1 porsiya', '1.5 porsiya'] },
  { name: "Qo'shimcha", rows: ['Non', 'Salat', 'Sous'] },
];

const id = (kind: string, n: number) => `00000000-0000-4000-8000-${kind}${String(n).padStart(11, '0')}`;

function options(p: number): MenuOption[] {
  if (p % 4 !== 0) return [];
  return OPTIONS.map((option, o) => ({
    _id: id('o', p * 2 + o),
    name: option.name,
    required: false,
    min_choices: 0,
    max_choices: 1,
    rows: option.rows.map((name, r) => ({ _id: id('r', p * 6 + o * 3 + r), name, price: r * 6_000 })),
  }));
}

export function benchMenuData(products = 200, perCategory = 20): MenuData {
  const categories: MenuCategory[] = [];
  for (let c = 0; c * perCategory < products; c++) {
    const list: MenuProduct[] = [];
    for (let p = c * perCategory; p < Math.min(products, (c + 1) * perCategory); p++) {
      list.push({
        _id: id('p', p),
        name: `Taom ${p + 1}`,
        description: "Mazali taom: go'sht, sabzavot va ziravorlar bilan",
        price: 10_000 + ((p * 1_500) % 90_000),
        is_active: p % 10 !== 9,
        images: [],
        options: options(p),
      });
    }
    // Available first, stop-listed last, as loadMenu orders them.
    const ordered = [...list.filter((p) => p.is_active), ...list.filter((p) => !p.is_active)];
    categories.push({ _id: id('c', c), title: `Kategoriya ${c + 1}`, products: ordered });
  }
  return {
    restaurant: {
      _id: id('a', 0),
      name: 'Benchmark restoran 51',
      slug: 'bench-51',
      address: 'Toshkent, 51-uy',
      phone_number: '+998 71 000 00 00',
      work_time: '09:00 - 23:00',
      image: null,
      logotype: null,
      hide_stopped: false,
    },
    categories,
    orderingEnabled: false,
    servicePercent: 0,
  };
}

const UNITS: PortionUnit[] = ['g', 'g', 'g', 'ml', 'dona'];

/**
 * Every dish's facts, varied by its number: 1–3 tags, 1–3 allergens, a portion, calories and a spiciness of 0–3 (a
 * quarter of the dishes not spicy, so the "Achchiq emas" chip has something to leave).
 */
export function factsOf(p: number): DishFacts {
  const pick = <T>(list: readonly T[], count: number, step: number) => {
    // Consecutive items from a varied start: distinct, since count ≤ 3 is less than either list.
    const first = (p * step) % list.length;
    const indexes = Array.from({ length: count }, (_, k) => (first + k) % list.length);
    return indexes.sort((a, b) => a - b).map((i) => list[i]!);
  };
  const unit = UNITS[p % UNITS.length]!;
  return {
    portion: { value: unit === 'dona' ? 1 + (p % 6) : 150 + ((p * 25) % 300), unit },
    calories: 120 + ((p * 37) % 600),
    spiciness: p % 4,
    tags: pick(DISH_TAGS, 1 + (p % 3), 1),
    allergens: pick(ALLERGENS, 1 + ((p + 1) % 3), 5),
  };
}

/** The same menu with every product's facts changed by `change` (given its number in the menu). */
function everyProduct(data: MenuData, change: (product: MenuProduct, p: number) => MenuProduct): MenuData {
  let p = 0;
  return {
    ...data,
    categories: data.categories.map((category) => ({
      ...category,
      products: category.products.map((product) => change(product, p++)),
    })),
  };
}

/** Every dish with every kind of fact (`factsOf` its number in the menu). */
export function withEveryFact(data: MenuData): MenuData {
  return everyProduct(data, (product, p) => ({ ...product, facts: factsOf(p) }));
}

/** Every product tagged, as the issue's bench puts it: its tags and spiciness, no portion, calories or allergens. */
export function withEveryDishTagged(data: MenuData): MenuData {
  return everyProduct(data, (product, p) => ({
    ...product,
    facts: { ...factsOf(p), portion: null, calories: null, allergens: [] },
  }));
}

/**
 * The control: the words a diner reads of `withFacts`'s facts and nothing else, appended to each description as plain
 * text ("… 350 g · 420 kkal Halol Biroz achchiq Allergenlar: Yong'oq, Sut"): no badges, no markup, no chips, no code,
 * no styles. What these words weigh is the least any page showing those facts can add.
 */
export function withFactsAsWords(
  data: MenuData,
  withFacts: (data: MenuData) => MenuData,
  lang: MenuLanguage = 'uz',
): MenuData {
  return everyProduct(withFacts(data), ({ facts, ...product }) => {
    if (!facts) return product;
    const words = [
      product.description,
      facts.portion && `${facts.portion.value} ${facts.portion.unit}`,
      facts.calories !== null && `${facts.calories} kkal`,
      ...facts.tags.map((tag) => DISH_TAG_NAMES[tag][lang]),
      facts.spiciness > 0 && SPICINESS_NAMES[facts.spiciness as 1 | 2 | 3][lang],
      facts.allergens.length > 0 &&
        `${MENU_TEXTS[lang].allergens}: ${facts.allergens.map((allergen) => ALLERGEN_NAMES[allergen][lang]).join(', ')}`,
    ];
    return { ...product, description: words.filter(Boolean).join(' ') };
  });
}

const DISHES = [
  'Osh',
  "Lag'mon",
  'Manti',
  'Shashlik',
  'Somsa',
  "Sho'rva",
  'Norin',
  'Chuchvara',
  'Dimlama',
  'Qozon kabob',
];
const STYLES = ['Toshkentcha', 'Samarqandcha', "Farg'onacha", 'uy usulida', 'oshpazdan', "an'anaviy", 'tandirda'];
const INGREDIENTS = [
  "mol go'shti",
  "qo'y go'shti",
  'tovuq',
  'piyoz',
  'sabzi',
  'zira',
  'guruch',
  'pomidor',
  'bodring',
  'qalampir',
  'sarimsoq',
  "ko'katlar",
  'kartoshka',
  'qatiq',
  'pishloq',
  'tuxum',
  "no'xat",
  'mosh',
  'karam',
  'baqlajon',
  'qaymoq',
  'shivit',
  'kashnich',
  "dumba yog'i",
  'turp',
  'behi',
  'mayiz',
  'lavlagi',
  'rayhon',
  'loviya',
];

/** The n-th draw of a small deterministic generator (the same menu at every run). */
function draws(seed: number): (below: number) => number {
  let state = (seed * 2654435761 + 1) >>> 0;
  return (below) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % below;
  };
}

/**
 * The same 200 dishes as a restaurant writes them: each its own name and description (3–6 ingredients of thirty), and a
 * photo on three dishes of four (our uploads' thumbnail and display pair, each file its own name). The text-only
 * `benchMenuData`, where every dish has the same description and none a photo, compresses to ~38 bytes a dish: the
 * smallest page a 200-dish menu makes, against which any per-dish fact weighs most.
 */
export function restaurantMenuData(): MenuData {
  const data = benchMenuData();
  let p = 0;
  return {
    ...data,
    categories: data.categories.map((category) => ({
      ...category,
      products: category.products.map((product) => {
        const n = p++;
        const draw = draws(n);
        const ingredients = new Set(Array.from({ length: 3 + draw(4) }, () => INGREDIENTS[draw(INGREDIENTS.length)]!));
        // As the upload pipeline names them: 16 random bytes in hex (here a hash of the dish's number).
        const file = `/uploads/${createHash('md5').update(`photo ${n}`).digest('hex')}.webp`;
        return {
          ...product,
          name: `${DISHES[n % DISHES.length]} ${STYLES[draw(STYLES.length)]} ${n + 1}`,
          description: [...ingredients].join(', '),
          images: n % 4 === 3 ? [] : [{ file }],
        };
      }),
    })),
  };
}
