import { formatPrice } from '../../lib/format';
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
  },
};

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
