import { describe, expect, it } from 'vitest';
import { localize } from '../../server/menu/localize';
import {
  answeredTranslations,
  applyTranslations,
  checkedLanguages,
  newTranslations,
  translationChange,
} from '../../server/repositories/translations';
import { LANGUAGES_WITHOUT_UZ } from '../../server/schemas/translations';

/** How a request's translations become stored ones, and an entity shown in one language. */

describe('translationChange', () => {
  it('replaces the languages sent (trimmed), removes null ones, and leaves the unnamed alone', () => {
    expect(translationChange({ ru: { name: '  Шурпа ' }, en: null })).toEqual({
      set: { ru: { name: 'Шурпа' } },
      remove: ['en'],
    });
    expect(translationChange({})).toEqual({ set: {}, remove: [] });
  });

  it('treats an empty or blank text as no translation, and a language left with none as removed', () => {
    expect(translationChange({ ru: { name: 'Шурпа', description: ' \n ' }, en: { name: '' }, 'uz-Cyrl': {} })).toEqual({
      set: { ru: { name: 'Шурпа' } },
      remove: ['uz-Cyrl', 'en'],
    });
    // A zero-width space shows nothing: no more a translation than a blank.
    expect(translationChange({ en: { name: '\u200B' } })).toEqual({ set: {}, remove: ['en'] });
  });
});

describe('applyTranslations', () => {
  const stored = { ru: { name: 'Шурпа', description: 'Суп' }, en: { name: 'Shurpa' } };

  it('replaces a named language whole (fields not sent are gone) and keeps the others', () => {
    expect(applyTranslations(stored, { ru: { name: 'Шурпа из баранины' } })).toEqual({
      ru: { name: 'Шурпа из баранины' },
      en: { name: 'Shurpa' },
    });
  });

  it('removes a language sent as null or without any text', () => {
    expect(applyTranslations(stored, { ru: null, en: { name: ' ' } })).toEqual({});
    expect(applyTranslations(stored, { 'uz-Cyrl': null })).toEqual(stored);
  });

  it('does not change what it was given', () => {
    const copy = structuredClone(stored);
    applyTranslations(stored, { ru: null });
    expect(stored).toEqual(copy);
  });

  it('on create starts from none', () => {
    expect(newTranslations(undefined)).toEqual({});
    expect(newTranslations({ en: { title: 'Soups' }, ru: null })).toEqual({ en: { title: 'Soups' } });
  });
});

describe('checkedLanguages', () => {
  it('answers the list as sent (its order is the menu’s) when Uzbek is in it', () => {
    expect(checkedLanguages(['ru', 'uz', 'en'])).toEqual(['ru', 'uz', 'en']);
  });

  it('refuses a list without uz with a 400 saying so', () => {
    expect(() => checkedLanguages(['ru', 'en'])).toThrow(
      expect.objectContaining({ statusCode: 400, message: LANGUAGES_WITHOUT_UZ }),
    );
  });
});

describe('answeredTranslations', () => {
  it('leaves translations out when there are none, keeps them otherwise', () => {
    expect(answeredTranslations({ name: 'Hajmi', translations: {} })).toEqual({ name: 'Hajmi' });
    expect(answeredTranslations({ name: 'Hajmi', translations: { ru: { name: 'Объём' } } })).toEqual({
      name: 'Hajmi',
      translations: { ru: { name: 'Объём' } },
    });
  });
});

describe('localize', () => {
  const product = {
    _id: 'p1',
    name: "Sho'rva",
    description: "Qo'y go'shtidan",
    price: 25000,
    translations: { ru: { name: 'Шурпа' }, 'uz-Cyrl': { description: 'Қўй гўштидан шўрва' } },
  };

  it('answers the translated fields in place of the Uzbek ones, without translations', () => {
    expect(localize(product, 'ru')).toEqual({ _id: 'p1', name: 'Шурпа', description: "Qo'y go'shtidan", price: 25000 });
  });

  it('falls back to Uzbek field by field where the language has no text', () => {
    expect(localize(product, 'en')).toEqual({
      _id: 'p1',
      name: "Sho'rva",
      description: "Qo'y go'shtidan",
      price: 25000,
    });
  });

  it('in uz answers the Uzbek fields as they are', () => {
    expect(localize(product, 'uz')).toEqual({
      _id: 'p1',
      name: "Sho'rva",
      description: "Qo'y go'shtidan",
      price: 25000,
    });
  });

  it('in uz-Cyrl transliterates what has no manual translation, and a manual one wins', () => {
    expect(localize(product, 'uz-Cyrl')).toEqual({
      _id: 'p1',
      name: 'Шўрва',
      description: 'Қўй гўштидан шўрва',
      price: 25000,
    });
  });

  it('translates every entity’s own fields: restaurant name, address, work time; category title; option and row name', () => {
    const restaurant = {
      name: 'Bahor',
      slug: 'bahor',
      address: "Navoiy ko'chasi 1",
      work_time: 'Ertalab 9 dan',
      translations: { en: { address: '1 Navoi street' } },
    };
    expect(localize(restaurant, 'uz-Cyrl')).toEqual({
      name: 'Баҳор',
      slug: 'bahor',
      address: 'Навоий кўчаси 1',
      work_time: 'Эрталаб 9 дан',
    });
    expect(localize(restaurant, 'en')).toEqual({
      name: 'Bahor',
      slug: 'bahor',
      address: '1 Navoi street',
      work_time: 'Ertalab 9 dan',
    });
    expect(localize({ title: "G'ijduvon", translations: {} }, 'uz-Cyrl')).toEqual({ title: 'Ғиждувон' });
    expect(localize({ name: 'Katta', price: 5000, translations: { ru: { name: 'Большая' } } }, 'ru')).toEqual({
      name: 'Большая',
      price: 5000,
    });
  });

  it('takes an entity without translations (null or missing) as untranslated, and ignores blank texts', () => {
    expect(localize({ name: 'Mevali', translations: null }, 'uz-Cyrl')).toEqual({ name: 'Мевали' });
    expect(localize({ name: 'Mevali', translations: undefined }, 'ru')).toEqual({ name: 'Mevali' });
    expect(localize({ name: 'Mevali', translations: { ru: { name: '  ' } } }, 'ru')).toEqual({ name: 'Mevali' });
  });

  it('does not change the entity it was given', () => {
    const copy = structuredClone(product);
    localize(product, 'uz-Cyrl');
    expect(product).toEqual(copy);
  });
});
