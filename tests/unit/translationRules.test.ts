import { describe, expect, it } from 'vitest';
import { toCategoryChanges, toCategoryInput } from '../../machines/categories/categoryForm.rules';
import { toUpdateRestaurantChanges, updateRestaurantConfig } from '../../machines/manager/updateRestaurant.rules';
import { toOptionInput, toRowChanges } from '../../machines/options/optionForm.rules';
import { productFormConfig, toProductChanges, toProductInput } from '../../machines/products/productForm.rules';
import {
  knownLanguages,
  toRestaurantChanges,
  toRestaurantInput,
} from '../../machines/restaurants/restaurantForm.rules';
import {
  languageOfKey,
  missingLanguages,
  moveLanguage,
  normalLanguages,
  offeredLanguages,
  parseLanguages,
  restaurantTranslationGaps,
  toggleLanguage,
  translationsToCreate,
  translationsToUpdate,
  translationValues,
  withWholeLanguages,
} from '../../machines/shared/translations.rules';

/** The rules of the panel's language tabs, language choice and translation badges. */

describe('menu languages', () => {
  it('a list from the API is kept in order, known codes once, Uzbek Latin always there', () => {
    expect(normalLanguages(['ru', 'uz', 'en'])).toEqual(['ru', 'uz', 'en']);
    expect(normalLanguages(['ru', 'ru', 'xx'])).toEqual(['uz', 'ru']);
    expect(normalLanguages(undefined)).toEqual(['uz']);
    expect(parseLanguages('uz,uz-Cyrl,ru')).toEqual(['uz', 'uz-Cyrl', 'ru']);
    expect(parseLanguages('')).toEqual(['uz']);
  });

  it('a language turned on goes last, off leaves; Uzbek Latin cannot be turned off', () => {
    expect(toggleLanguage(['uz'], 'ru')).toEqual(['uz', 'ru']);
    expect(toggleLanguage(['uz', 'ru'], 'en')).toEqual(['uz', 'ru', 'en']);
    expect(toggleLanguage(['uz', 'ru', 'en'], 'ru')).toEqual(['uz', 'en']);
    expect(toggleLanguage(['ru', 'uz'], 'uz')).toEqual(['ru', 'uz']);
  });

  it('a language moves one place, never past either end', () => {
    expect(moveLanguage(['uz', 'ru'], 'ru', -1)).toEqual(['ru', 'uz']);
    expect(moveLanguage(['uz', 'ru', 'en'], 'uz', 1)).toEqual(['ru', 'uz', 'en']);
    expect(moveLanguage(['uz', 'ru'], 'uz', -1)).toEqual(['uz', 'ru']);
    expect(moveLanguage(['uz', 'ru'], 'ru', 1)).toEqual(['uz', 'ru']);
    expect(moveLanguage(['uz'], 'en', 1)).toEqual(['uz']);
  });

  it("a restaurant form's tabs follow its own choice; other forms show the restaurant's", () => {
    expect(offeredLanguages({ languages: 'uz,en' }, ['uz', 'ru'])).toEqual(['uz', 'en']);
    expect(offeredLanguages({ title: 'Osh' }, ['uz', 'ru'])).toEqual(['uz', 'ru']);
  });
});

describe('translations in a form', () => {
  it('every language and field is a value, blank when not translated', () => {
    expect(translationValues({ ru: { name: 'Шурпа' } }, ['name'])).toEqual({
      'uz-Cyrl.name': '',
      'ru.name': 'Шурпа',
      'en.name': '',
    });
    expect(languageOfKey('ru.name')).toBe('ru');
    expect(languageOfKey('uz-Cyrl.title')).toBe('uz-Cyrl');
    expect(languageOfKey('name')).toBeNull();
    expect(languageOfKey('images')).toBeNull();
  });

  it('a product form starts from its translations', () => {
    const values = productFormConfig('c1').fromItem({
      _id: 'p1',
      name: "Sho'rva",
      translations: { ru: { name: 'Шурпа', description: 'Суп' }, en: { name: 'Shurpa soup' } },
    });
    expect(values['ru.name']).toBe('Шурпа');
    expect(values['ru.description']).toBe('Суп');
    expect(values['en.description']).toBe('');
    expect(productFormConfig('c1').empty['ru.name']).toBe('');
  });

  it('a create sends each language with some text, trimmed; nothing when none', () => {
    expect(translationsToCreate({ 'ru.name': ' Шурпа ', 'en.name': ' ', 'uz-Cyrl.name': '' }, ['name'])).toEqual({
      ru: { name: 'Шурпа' },
    });
    expect(translationsToCreate({ 'ru.name': '' }, ['name'])).toBeUndefined();
  });

  it('an edit sends only the changed languages, each whole, and a cleared one as null', () => {
    const initial = {
      name: 'Osh',
      'ru.name': 'Плов',
      'ru.description': 'Рис',
      'en.name': 'Pilaf',
      'en.description': '',
    };
    const values = { ...initial, 'ru.name': 'Плов ташкентский', 'en.name': '' };
    const changes = withWholeLanguages({ 'ru.name': 'Плов ташкентский', 'en.name': '' }, values);
    expect(changes).toEqual({
      'ru.name': 'Плов ташкентский',
      'ru.description': 'Рис',
      'en.name': '',
      'en.description': '',
    });
    expect(translationsToUpdate(changes, ['name', 'description'])).toEqual({
      ru: { name: 'Плов ташкентский', description: 'Рис' },
      en: null,
    });
    expect(translationsToUpdate({ name: 'Manti' }, ['name'])).toBeUndefined();
  });

  it('each form sends its translations in the API shape', () => {
    expect(toCategoryInput({ title: 'Salatlar', is_active: true, 'ru.title': 'Салаты' }, 'r1')).toEqual({
      title: 'Salatlar',
      restaurant_id: 'r1',
      is_active: true,
      translations: { ru: { title: 'Салаты' } },
    });
    expect(toCategoryInput({ title: 'Salatlar', 'ru.title': '' }, 'r1')).not.toHaveProperty('translations');
    expect(toCategoryChanges({ 'en.title': '' })).toEqual({ translations: { en: null } });
    expect(toProductInput({ name: 'Osh', price: '1000', 'en.name': 'Pilaf' }).translations).toEqual({
      en: { name: 'Pilaf' },
    });
    expect(toProductChanges({ 'ru.name': 'Плов', 'ru.description': '' }, 'manager')).toEqual({
      translations: { ru: { name: 'Плов' } },
    });
    expect(toOptionInput({ name: 'Hajmi', 'ru.name': 'Размер' }, 'p1')).toEqual({
      product_id: 'p1',
      name: 'Hajmi',
      min_choices: 0,
      max_choices: 1,
      translations: { ru: { name: 'Размер' } },
    });
    expect(toRowChanges({ price: '2000', 'uz-Cyrl.name': 'Катта' })).toEqual({
      price: 2000,
      translations: { 'uz-Cyrl': { name: 'Катта' } },
    });
  });

  it('the restaurant forms send the languages (a create only beyond the default) and the translations', () => {
    const manual = {
      name: 'Rayhon',
      slug: 'rayhon',
      address: 'Toshkent',
      phone_number: '+998 71 200 10 10',
      work_time: '09:00',
      manager_id: 'm1',
      is_active: true,
    };
    expect(toRestaurantInput({ ...manual, languages: 'uz' })).not.toHaveProperty('languages');
    expect(toRestaurantInput({ ...manual, languages: 'ru,uz', 'ru.name': 'Райхон' })).toMatchObject({
      languages: ['ru', 'uz'],
      translations: { ru: { name: 'Райхон' } },
    });
    expect(
      toRestaurantChanges({ languages: 'uz,en', 'en.address': 'Tashkent', 'en.name': '', 'en.work_time': '' }),
    ).toEqual({
      languages: ['uz', 'en'],
      translations: { en: { address: 'Tashkent' } },
    });
    expect(toUpdateRestaurantChanges({ name: 'Rayhon 2', languages: 'uz,ru', type: 'manual' })).toEqual({
      name: 'Rayhon 2',
      languages: ['uz', 'ru'],
      type: 'manual',
    });
  });
});

describe("a restaurant form's languages value", () => {
  it('comes from a read that names them; a read without them (the public one) offers no choice', () => {
    expect(knownLanguages({ languages: ['ru', 'uz'] })).toEqual({ languages: 'ru,uz' });
    expect(knownLanguages({ name: 'Rayhon' })).toEqual({});
    expect(updateRestaurantConfig.fromItem({ _id: 'r1', name: 'Rayhon' })).not.toHaveProperty('languages');
    expect(updateRestaurantConfig.fromItem({ _id: 'r1', languages: ['uz', 'en'] }).languages).toBe('uz,en');
  });
});

describe('missing translations (the list badges)', () => {
  const product = {
    name: 'Osh',
    description: 'Guruch',
    translations: { ru: { name: 'Плов' }, en: { name: 'Pilaf', description: 'Rice' } },
  };

  it('an offered language lacking a text whose Uzbek is not empty is missing; Uzbek Cyrillic never', () => {
    expect(missingLanguages(['uz', 'uz-Cyrl', 'ru', 'en'], product, ['name', 'description'])).toEqual(['ru']);
    expect(missingLanguages(['uz', 'ru', 'en'], { title: 'K1' }, ['title'])).toEqual(['ru', 'en']);
    expect(missingLanguages(['uz', 'uz-Cyrl'], { title: 'K1' }, ['title'])).toEqual([]);
    expect(missingLanguages(['uz'], { title: 'K1' }, ['title'])).toEqual([]);
    // An empty Uzbek description needs no translation.
    expect(
      missingLanguages(['uz', 'ru'], { name: 'Osh', description: '', translations: { ru: { name: 'Плов' } } }, [
        'name',
        'description',
      ]),
    ).toEqual([]);
  });
});

describe("what a restaurant still lacks (the restaurant list's gaps)", () => {
  const restaurant = {
    name: 'Rayhon',
    address: 'Toshkent',
    work_time: '09:00 - 23:00',
    translations: { ru: { name: 'Райхон' }, en: { name: 'Rayhon', address: 'Tashkent' } },
  };

  it('its own fields lacking the same languages go together; then the items per kind with the largest count', () => {
    expect(
      restaurantTranslationGaps(['uz', 'uz-Cyrl', 'ru', 'en'], {
        ...restaurant,
        untranslated: { categories: { ru: 2, en: 0 }, products: { ru: 3, en: 7 }, options: {} },
      }),
    ).toEqual([
      { kind: 'fields', fields: ['address'], languages: ['ru'] },
      { kind: 'fields', fields: ['work_time'], languages: ['ru', 'en'] },
      { kind: 'items', items: 'categories', count: 2, languages: ['ru'], perLanguage: [{ language: 'ru', count: 2 }] },
      {
        kind: 'items',
        items: 'products',
        count: 7,
        languages: ['ru', 'en'],
        perLanguage: [
          { language: 'ru', count: 3 },
          { language: 'en', count: 7 },
        ],
      },
    ]);
  });

  it('only the languages the menu offers count, Uzbek Cyrillic never; nothing missing is no gap', () => {
    const untranslated = { categories: { ru: 4, en: 5 }, products: {}, options: { en: 1 } };
    expect(restaurantTranslationGaps(['uz', 'en'], { ...restaurant, untranslated })).toEqual([
      { kind: 'fields', fields: ['work_time'], languages: ['en'] },
      { kind: 'items', items: 'categories', count: 5, languages: ['en'], perLanguage: [{ language: 'en', count: 5 }] },
      { kind: 'items', items: 'options', count: 1, languages: ['en'], perLanguage: [{ language: 'en', count: 1 }] },
    ]);
    expect(restaurantTranslationGaps(['uz', 'uz-Cyrl'], { ...restaurant, untranslated })).toEqual([]);
    expect(restaurantTranslationGaps(['uz', 'ru'], { name: 'A', address: '', work_time: '' })).toEqual([
      { kind: 'fields', fields: ['name'], languages: ['ru'] },
    ]);
  });
});
