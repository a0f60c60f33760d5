import type { Allergen } from '../../lib/dish-facts';
import { formatPrice } from '../../lib/format';
import type { Weekday } from '../../lib/schedule-types';
import type { MenuLanguage } from './language';

/**
 * The public menu's own words in its four languages; the restaurant's words come from its translations.
 * `uz` is the Uzbek the menu always had, word for word. `uz-Cyrl` is the same Uzbek in the official Cyrillic alphabet,
 * written out and checked by hand (not generated: the transliterator is for the restaurants' texts, and these
 * strings are few and fixed). Russian and English are written as a menu in those languages says it.
 */
export interface MenuTexts {
  /** Each language's name in itself, for the switcher. */
  languageName: string;
  languages: string;
  unavailable: string;
  options: string;
  categories: string;
  address: string;
  phone: string;
  workTime: string;
  empty: string;
  close: string;
  pricesNote: string;
  search: string;
  noResults: string;
  /** The currency after a price. */
  currency: string;
  /** The page title's suffix: `Rayhon — Menyu`. */
  menu: string;
  menuOf: (restaurant: string) => string;
  logoOf: (restaurant: string) => string;
  notFoundTitle: string;
  notFoundBody: string;
  /** The filter chips' group. */
  filters: string;
  /** The chip that leaves out every spicy dish. */
  notSpicy: string;
  /** How many dishes the chosen filters leave out (`{0}`). */
  hiddenCount: string;
  /** The chosen filters leave nothing. */
  noMatch: string;
  clearFilters: string;
  /** Before a dish's allergens: `Allergenlar: Yong'oq, Sut`. */
  allergens: string;
  /** A dish or category outside its hours, served again today at `{0}`, or on weekday `{1}` at `{0}`. */
  servedFrom: string;
  servedFromDay: string;
  /** The restaurant outside its working hours: with no opening ahead, opening today at `{0}`, or on `{1}` at `{0}`. */
  closedNow: string;
  closedUntil: string;
  closedUntilDay: string;
}

export const MENU_TEXTS: Record<MenuLanguage, MenuTexts> = {
  uz: {
    languageName: "O'zbekcha",
    languages: 'Til',
    unavailable: 'Vaqtincha mavjud emas',
    options: 'Variantlar',
    categories: 'Kategoriyalar',
    address: 'Manzil',
    phone: 'Telefon raqam',
    workTime: 'Ish vaqti',
    empty: "Menyu hozircha bo'sh.",
    close: 'Yopish',
    pricesNote: "Narxlar so'mda ko'rsatilgan.",
    search: 'Menyudan qidirish',
    noResults: 'Hech narsa topilmadi.',
    currency: "so'm",
    menu: 'Menyu',
    menuOf: (r) => `${r} menyusi`,
    logoOf: (r) => `${r} logotipi`,
    notFoundTitle: 'Menyu topilmadi',
    notFoundBody:
      "Bu restoran topilmadi yoki uning menyusi hozircha faol emas. QR-kodni qayta skanerlang yoki ofitsiantdan so'rang.",
    filters: 'Filtrlar',
    notSpicy: 'Achchiq emas',
    hiddenCount: '{0} ta taom yashirildi',
    noMatch: "Tanlanganlarga mos taom yo'q.",
    clearFilters: 'Filtrlarni olib tashlash',
    allergens: 'Allergenlar',
    servedFrom: '{0} dan',
    servedFromDay: '{1} {0} dan',
    closedNow: 'Hozir yopiq.',
    closedUntil: 'Hozir yopiq, {0} da ochiladi',
    closedUntilDay: 'Hozir yopiq, {1} {0} da ochiladi',
  },
  'uz-Cyrl': {
    languageName: 'Ўзбекча',
    languages: 'Тил',
    unavailable: 'Вақтинча мавжуд эмас',
    options: 'Вариантлар',
    categories: 'Категориялар',
    address: 'Манзил',
    phone: 'Телефон рақам',
    workTime: 'Иш вақти',
    empty: 'Меню ҳозирча бўш.',
    close: 'Ёпиш',
    pricesNote: 'Нархлар сўмда кўрсатилган.',
    search: 'Менюдан қидириш',
    noResults: 'Ҳеч нарса топилмади.',
    currency: 'сўм',
    menu: 'Меню',
    menuOf: (r) => `${r} менюси`,
    logoOf: (r) => `${r} логотипи`,
    notFoundTitle: 'Меню топилмади',
    notFoundBody:
      'Бу ресторан топилмади ёки унинг менюси ҳозирча фаол эмас. QR-кодни қайта сканерланг ёки официантдан сўранг.',
    filters: 'Филтрлар',
    notSpicy: 'Аччиқ эмас',
    hiddenCount: '{0} та таом яширилди',
    noMatch: 'Танланганларга мос таом йўқ.',
    clearFilters: 'Филтрларни олиб ташлаш',
    allergens: 'Аллергенлар',
    servedFrom: '{0} дан',
    servedFromDay: '{1} {0} дан',
    closedNow: 'Ҳозир ёпиқ.',
    closedUntil: 'Ҳозир ёпиқ, {0} да очилади',
    closedUntilDay: 'Ҳозир ёпиқ, {1} {0} да очилади',
  },
  ru: {
    languageName: 'Русский',
    languages: 'Язык',
    unavailable: 'Временно нет в наличии',
    options: 'Варианты',
    categories: 'Категории',
    address: 'Адрес',
    phone: 'Телефон',
    workTime: 'Время работы',
    empty: 'Меню пока пусто.',
    close: 'Закрыть',
    pricesNote: 'Цены указаны в сумах.',
    search: 'Поиск по меню',
    noResults: 'Ничего не найдено.',
    currency: 'сум',
    menu: 'Меню',
    menuOf: (r) => `Меню ${r}`,
    logoOf: (r) => `Логотип ${r}`,
    notFoundTitle: 'Меню не найдено',
    notFoundBody:
      'Ресторан не найден, или его меню сейчас не активно. Отсканируйте QR-код ещё раз или спросите официанта.',
    filters: 'Фильтры',
    notSpicy: 'Не острое',
    hiddenCount: 'Скрыто блюд: {0}',
    noMatch: 'Нет блюд, подходящих под выбранное.',
    clearFilters: 'Сбросить фильтры',
    allergens: 'Аллергены',
    servedFrom: 'с {0}',
    servedFromDay: '{1} с {0}',
    closedNow: 'Сейчас закрыто.',
    closedUntil: 'Сейчас закрыто, откроется в {0}',
    closedUntilDay: 'Сейчас закрыто, откроется {1} в {0}',
  },
  en: {
    languageName: 'English',
    languages: 'Language',
    unavailable: 'Temporarily unavailable',
    options: 'Options',
    categories: 'Categories',
    address: 'Address',
    phone: 'Phone',
    workTime: 'Opening hours',
    empty: 'The menu is empty for now.',
    close: 'Close',
    pricesNote: "Prices are in Uzbek so'm (UZS).",
    search: 'Search the menu',
    noResults: 'Nothing found.',
    currency: 'UZS',
    menu: 'Menu',
    menuOf: (r) => `${r} menu`,
    logoOf: (r) => `${r} logo`,
    notFoundTitle: 'Menu not found',
    notFoundBody:
      'This restaurant was not found, or its menu is not active at the moment. Scan the QR code again or ask a waiter.',
    filters: 'Filters',
    notSpicy: 'Not spicy',
    hiddenCount: 'Dishes hidden: {0}',
    noMatch: 'No dishes match the filters.',
    clearFilters: 'Clear filters',
    allergens: 'Allergens',
    servedFrom: 'from {0}',
    servedFromDay: '{1} from {0}',
    closedNow: 'Closed now.',
    closedUntil: 'Closed now, opens at {0}',
    closedUntilDay: 'Closed now, opens {1} at {0}',
  },
};

/** Weekdays as a schedule's labels write them ("Du 08:00 dan"), Monday first (index = ISO weekday − 1). */
export const WEEKDAY_SHORT: Record<MenuLanguage, readonly string[]> = {
  uz: ['Du', 'Se', 'Ch', 'Pa', 'Ju', 'Sh', 'Ya'],
  'uz-Cyrl': ['Ду', 'Се', 'Чо', 'Па', 'Жу', 'Ша', 'Як'],
  ru: ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'],
  en: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
};

export function weekdayShort(weekday: Weekday, lang: MenuLanguage): string {
  return WEEKDAY_SHORT[lang][weekday - 1]!;
}

/** The allergens a "without" chip is offered for (the common ones), in the chips' order. */
export const WITHOUT_CHIP_ALLERGENS = [
  'nuts',
  'peanuts',
  'milk',
  'gluten',
  'eggs',
  'fish',
] as const satisfies readonly Allergen[];
export type WithoutChipAllergen = (typeof WITHOUT_CHIP_ALLERGENS)[number];

/** What the "without" chips say: the dishes left have none of it. */
export const WITHOUT_NAMES: Record<WithoutChipAllergen, Record<MenuLanguage, string>> = {
  nuts: { uz: "Yong'oqsiz", 'uz-Cyrl': 'Ёнғоқсиз', ru: 'Без орехов', en: 'Nut-free' },
  peanuts: { uz: "Yeryong'oqsiz", 'uz-Cyrl': 'Ерёнғоқсиз', ru: 'Без арахиса', en: 'Peanut-free' },
  milk: { uz: 'Sutsiz', 'uz-Cyrl': 'Сутсиз', ru: 'Без молока', en: 'Dairy-free' },
  gluten: { uz: 'Glyutensiz', 'uz-Cyrl': 'Глютенсиз', ru: 'Без глютена', en: 'Gluten-free' },
  eggs: { uz: 'Tuxumsiz', 'uz-Cyrl': 'Тухумсиз', ru: 'Без яиц', en: 'Egg-free' },
  fish: { uz: 'Baliqsiz', 'uz-Cyrl': 'Балиқсиз', ru: 'Без рыбы', en: 'Fish-free' },
};

/** `{0}` and `{1}` of a text filled in; `{1}` first, so a value containing "{1}" is never read as a placeholder. */
export function fillTwo(text: string, first: string, second = ''): string {
  return text.replace('{1}', () => second).replace('{0}', () => first);
}

/**
 * A price in the page's language: the grouping and rounding of `formatPrice` (the panel's rule, one source), with the
 * currency word of that language (`25 000 so'm`, `25 000 сўм`, `25 000 сум`, `25 000 UZS`).
 */
export function menuPrice(value: number, lang: MenuLanguage): string {
  return formatPrice(value).replace(/so'm$/, MENU_TEXTS[lang].currency);
}

/** An option row's price as an add-on (`+12 000 so'm`), or nothing for a free row (one that adds no whole so'm). */
export function menuAddition(value: number, lang: MenuLanguage): string | undefined {
  return Math.floor(value) > 0 ? `+${menuPrice(value, lang)}` : undefined;
}
