import { describe, expect, it } from 'vitest';
import { latinToCyrillic } from '../../lib/translit';
import { MENU_LANGUAGES } from '../../server/menu/language';
import { MENU_TEXTS, type MenuTexts, menuAddition, menuPrice } from '../../server/menu/texts';

/** The public menu's own words in its four languages. */
const text = (t: MenuTexts, key: keyof MenuTexts) => {
  const value = t[key];
  return typeof value === 'function' ? value('Rayhon') : value;
};

describe('the menu’s own texts', () => {
  it('Uzbek (Latin) is word for word what the menu always said', () => {
    const uz = MENU_TEXTS.uz;
    expect([uz.unavailable, uz.options, uz.categories, uz.address, uz.phone, uz.workTime]).toEqual([
      'Vaqtincha mavjud emas',
      'Variantlar',
      'Kategoriyalar',
      'Manzil',
      'Telefon raqam',
      'Ish vaqti',
    ]);
    expect([uz.empty, uz.close, uz.pricesNote, uz.menu, uz.menuOf('Rayhon'), uz.logoOf('Rayhon')]).toEqual([
      "Menyu hozircha bo'sh.",
      'Yopish',
      "Narxlar so'mda ko'rsatilgan.",
      'Menyu',
      'Rayhon menyusi',
      'Rayhon logotipi',
    ]);
    expect([uz.notFoundTitle, uz.notFoundBody]).toEqual([
      'Menyu topilmadi',
      "Bu restoran topilmadi yoki uning menyusi hozircha faol emas. QR-kodni qayta skanerlang yoki ofitsiantdan so'rang.",
    ]);
  });

  it('every language says every text, and no two languages share a sentence by mistake', () => {
    const keys = Object.keys(MENU_TEXTS.uz) as (keyof MenuTexts)[];
    for (const lang of MENU_LANGUAGES) {
      expect(Object.keys(MENU_TEXTS[lang]).sort(), lang).toEqual([...keys].sort());
      for (const key of keys) expect(text(MENU_TEXTS[lang], key).trim(), `${lang}.${key}`).not.toBe('');
    }
    for (const key of ['unavailable', 'pricesNote', 'notFoundBody', 'search'] as const) {
      expect(new Set(MENU_LANGUAGES.map((lang) => text(MENU_TEXTS[lang], key))).size, key).toBe(4);
    }
  });

  it('the switcher names each language in itself', () => {
    expect(MENU_LANGUAGES.map((lang) => MENU_TEXTS[lang].languageName)).toEqual([
      "O'zbekcha",
      'Ўзбекча',
      'Русский',
      'English',
    ]);
  });

  it('Cyrillic Uzbek, written by hand, agrees with the official transliteration of the Latin (QR stays Latin)', () => {
    const keys = Object.keys(MENU_TEXTS.uz) as (keyof MenuTexts)[];
    for (const key of keys) {
      const transliterated = latinToCyrillic(text(MENU_TEXTS.uz, key))
        .replace('ҚР-код', 'QR-код')
        .replace('Райҳон', 'Rayhon');
      expect(text(MENU_TEXTS['uz-Cyrl'], key), key).toBe(transliterated);
    }
  });
});

describe('menuPrice', () => {
  it('groups and rounds down as formatPrice does, with each language’s currency word', () => {
    expect(menuPrice(25000.75, 'uz')).toBe("25\u00a0000\u00a0so'm");
    expect(menuPrice(25000.75, 'uz-Cyrl')).toBe('25\u00a0000\u00a0сўм');
    expect(menuPrice(1250000, 'ru')).toBe('1\u00a0250\u00a0000\u00a0сум');
    expect(menuPrice(0, 'en')).toBe('0\u00a0UZS');
    expect(menuPrice(Number.NaN, 'ru')).toBe('—\u00a0сум');
  });
  it('writes a row as what it adds, and nothing for a free row (never "+0")', () => {
    expect(menuAddition(6000, 'ru')).toBe('+6\u00a0000\u00a0сум');
    expect(menuAddition(0, 'uz')).toBeUndefined();
    // Less than a whole so'm shows as 0: free, not "+0 so'm".
    expect(menuAddition(0.5, 'en')).toBeUndefined();
  });
});
