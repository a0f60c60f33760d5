import { Type } from 'typebox';
import { CategoryListAnswer, UserCategoryQuery } from './categories';
import { CategoryProductsAnswer, CategoryProductsQuery, ProductWithOptionsAnswer } from './products';
import { RestaurantAnswer, SlugQuery } from './restaurants';
import { LANGUAGES } from './translations';

/**
 * The public `/user/...` reads in the diner's language. `?lang=` is one of our codes exactly (a program asks
 * for it, so an unknown value is a 400 naming the allowed ones, unlike the menu page, which a diner opens from a link).
 * A language the restaurant does not offer answers its first language, as the menu page does; `lang` in the answer is
 * the language used. Without `lang` the answers are exactly the spec's (no `lang` field).
 */
const Lang = Type.Optional(
  Type.Enum([...LANGUAGES], {
    description:
      'Answer the texts in this language: `uz` (Uzbek, Latin: the main fields), `uz-Cyrl` (Uzbek, Cyrillic; a text ' +
      'without a Cyrillic translation is transliterated), `ru`, `en`. Each text falls back to Uzbek when it has no ' +
      "translation; a language the restaurant does not offer answers the restaurant's first language.",
  }),
);
const AnsweredLang = Type.Optional(
  Type.Enum([...LANGUAGES], { description: 'The language of the texts: present only when `lang` was asked' }),
);

export const UserSlugQuery = Type.Object({ ...SlugQuery.properties, lang: Lang }, { additionalProperties: false });
export const UserCategoryLangQuery = Type.Object(
  { ...UserCategoryQuery.properties, lang: Lang },
  { additionalProperties: false },
);
export const UserCategoryProductsQuery = Type.Object(
  { ...CategoryProductsQuery.properties, lang: Lang },
  { additionalProperties: false },
);
/** The one-product read had no query string before: other parameters stay ignored, as they were. */
export const UserProductQuery = Type.Object({ lang: Lang });

export const UserRestaurantAnswer = Type.Object({ ...RestaurantAnswer.properties, lang: AnsweredLang });
export const UserCategoryListAnswer = Type.Object({ ...CategoryListAnswer.properties, lang: AnsweredLang });
export const UserCategoryProductsAnswer = Type.Object({ ...CategoryProductsAnswer.properties, lang: AnsweredLang });
export const UserProductAnswer = Type.Object({ ...ProductWithOptionsAnswer.properties, lang: AnsweredLang });
