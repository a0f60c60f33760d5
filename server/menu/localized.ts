import type { Language } from '../schemas/translations';
import type { MenuData, MenuProduct } from './data';
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
 * Each product's search key on a page in `lang`: the name shown there and its Uzbek name, so a diner finds a dish by
 * either ("shurva" on the Russian page finds Шурпа, whose Uzbek name is Sho'rva), in either script.
 */
export function searchKeys(shown: MenuData, uzbek: MenuData): Map<string, string> {
  const uzbekNames = new Map<string, string>();
  const collect = (p: MenuProduct) => uzbekNames.set(p._id, p.name);
  for (const c of uzbek.categories) c.products.forEach(collect);
  const keys = new Map<string, string>();
  for (const c of shown.categories) {
    for (const p of c.products) keys.set(p._id, menuSearchKey([p.name, uzbekNames.get(p._id) ?? '']));
  }
  return keys;
}
