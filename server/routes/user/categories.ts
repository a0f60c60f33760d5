import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../errors';
import { localize } from '../../menu/localize';
import { AnswerMemo, MenuReadCache } from '../../menu/read-cache';
import { messages } from '../../messages';
import { listCategories } from '../../repositories/categories';
import { findRestaurantAudience } from '../../repositories/restaurants';
import { errors } from '../../schemas/common';
import type { Language } from '../../schemas/translations';
import { UserCategoryLangQuery, UserCategoryListAnswer } from '../../schemas/user-reads';
import { ownsRestaurant } from '../../viewer';
import type { RouteOptions } from '../options';
import { inLanguage } from './languages';

type CategoryList = Awaited<ReturnType<typeof listCategories>>;

/** The list in `asked` (undefined: the spec's answer), kept in `memo` per language. */
function answer(list: CategoryList, offered: string[], asked: Language | undefined, memo?: Map<string, unknown>) {
  return inLanguage(
    offered,
    asked,
    (lang) => ({ categories: list.categories.map((category) => localize(category, lang)), count: list.count }),
    memo,
  );
}

/** Public read of a restaurant's categories (the public menu, the stop-list screen and the admin category screen). */
export const userCategoryRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  // What anonymous callers get, by restaurant: the active categories of an active restaurant. Signed-in callers read
  // the database (an owner sees inactive categories too). Each language's answer is made once per cached list.
  interface PublicList {
    restaurant_id: string;
    languages: string[];
    list: CategoryList;
    answers: AnswerMemo;
  }
  const publicLists = new MenuReadCache<PublicList>('category lists', app.menuCacheMemory);
  app.onMenuChanged((restaurantId) => publicLists.invalidate(restaurantId));
  const loadPublicList = async (restaurantId: string) => {
    const restaurant = await findRestaurantAudience(app.db, restaurantId);
    if (!restaurant?.is_active) return undefined;
    const list = await listCategories(app.db, { restaurantId, activeOnly: true });
    return { restaurant_id: restaurantId, languages: restaurant.languages, list, answers: new AnswerMemo() };
  };

  app.get(
    '/user/category',
    {
      schema: {
        tags: ['categories'],
        summary: "A restaurant's categories with counts",
        description:
          'Categories in display order (see PUT /manager/category/order). Anonymous callers and other managers get the ' +
          'active categories of an active restaurant (an inactive or unknown restaurant is a 404) and counts over those. ' +
          'An admin or the owning manager (Authorization header) gets every category, inactive ones too, with counts ' +
          'over all of them. With `lang`: each `title` in that language (falling back to Uzbek), and ' +
          "`lang`, the language used (the restaurant's first when it does not offer the asked one).",
        querystring: UserCategoryLangQuery,
        response: { 200: UserCategoryListAnswer, ...errors(400, 404) },
      },
      onRequest: app.identify,
    },
    async (request) => {
      const { restaurant_id: restaurantId, lang } = request.query;
      if (!request.viewer) {
        const cached = await publicLists.get(restaurantId.toLowerCase(), () => loadPublicList(restaurantId));
        if (!cached) throw notFound(messages.restaurantNotFound);
        return answer(cached.list, cached.languages, lang, cached.answers);
      }
      const restaurant = await findRestaurantAudience(app.db, restaurantId);
      if (!restaurant) throw notFound(messages.restaurantNotFound);
      const privileged = ownsRestaurant(request.viewer, restaurant);
      if (!privileged && !restaurant.is_active) throw notFound(messages.restaurantNotFound);
      return answer(
        await listCategories(app.db, { restaurantId, activeOnly: !privileged }),
        restaurant.languages,
        lang,
      );
    },
  );
};
