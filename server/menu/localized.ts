import type { Language } from '../schemas/translations';
import type { MenuData } from './data';
import { localize } from './localize';
import { menuSearchKey } from './search';

/**
 * One language's menu from the menu as loaded (with every text's translations): each text in that language, field by
 * field falling back to Uzbek (localize.ts), and no `translations` or `languages` left in it: what the page renders
 * and the JSON answers. In `uz` it is exactly the menu the spec describes.
 */
export function menuIn(data: MenuData, lang: Language): MenuData {
  const { languages: _languages, ...restaurant } = localize(data.restaurant, lang);
  return {
    restaurant,
    categories: data.categories.map((category) => ({
      ...localize(category, lang),
      products: category.products.map((product) => ({
        ...localize(product, lang),
        options: product.options.map((option) => ({
          ...localize(option, lang),
          rows: option.rows.map((row) => localize(row, lang)),
        })),
      })),
    })),
  };
}

/**
 * Each product's names in every language the menu offers (on the Uzbek page "плов" finds Самаркандский
 * плов, whose Russian name it is): the Uzbek name, then each offered language's own translation. Automatic Uzbek
 * Cyrillic adds nothing (it folds back to the Latin name's key), a translation into a language not offered is not
 * published, so neither is searched.
 */
export function productNames(data: MenuData, languages: readonly Language[]): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const c of data.categories) {
    for (const p of c.products) {
      const translated = languages
        .filter((lang) => lang !== 'uz')
        .map((lang) => p.translations?.[lang]?.name?.trim() ?? '')
        .filter((name) => name !== '');
      names.set(p._id, [p.name, ...translated]);
    }
  }
  return names;
}

/**
 * Each product's search key on a page: the name shown there first, then its names in every offered language
 * (`productNames`), so a diner finds a dish by any of them ("shurva" on the Russian page finds Шурпа, whose Uzbek name
 * is Sho'rva; "плов" on the Uzbek page finds Samarqand oshi, whose Russian name is Самаркандский плов), in either
 * script, since the keys fold Cyrillic and Latin alike.
 */
export function searchKeys(shown: MenuData, names: ReadonlyMap<string, readonly string[]>): Map<string, string> {
  const keys = new Map<string, string>();
  for (const c of shown.categories) {
    for (const p of c.products) keys.set(p._id, menuSearchKey([p.name, ...(names.get(p._id) ?? [])]));
  }
  return keys;
}

/**
 * The menu as the JSON (`/menu/data`) answers it: exactly the spec's fields, in its order. The page shows more (a dish's
 * facts and schedule, the restaurant's hours), which the spec's JSON does not carry.
 */
export function specMenu(shown: MenuData) {
  const { restaurant: r } = shown;
  return {
    restaurant: {
      _id: r._id,
      name: r.name,
      slug: r.slug,
      address: r.address,
      phone_number: r.phone_number,
      work_time: r.work_time,
      image: r.image,
      logotype: r.logotype,
      hide_stopped: r.hide_stopped,
    },
    categories: shown.categories.map((c) => ({
      _id: c._id,
      title: c.title,
      products: c.products.map((p) => ({
        _id: p._id,
        name: p.name,
        description: p.description,
        price: p.price,
        is_active: p.is_active,
        images: p.images,
        options: p.options.map((o) => ({
          _id: o._id,
          name: o.name,
          required: o.required,
          min_choices: o.min_choices,
          max_choices: o.max_choices,
          rows: o.rows.map((row) => ({ _id: row._id, name: row.name, price: row.price })),
        })),
      })),
    })),
  };
}
