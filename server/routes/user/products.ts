import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../errors';
import { AnswerMemo, MenuReadCache } from '../../menu/read-cache';
import { messages } from '../../messages';
import { categoryMenu, type MenuPlace, productMenu } from '../../repositories/products';
import { errors, IdParams } from '../../schemas/common';
import type { Language } from '../../schemas/translations';
import {
  UserCategoryProductsAnswer,
  UserCategoryProductsQuery,
  UserProductAnswer,
  UserProductQuery,
} from '../../schemas/user-reads';
import { ownsRestaurant } from '../../viewer';
import type { RouteOptions } from '../options';
import { inLanguage, localizeProduct } from './languages';

const WHO_SEES =
  'Anonymous callers and other managers see it only while its restaurant and category are active (404 otherwise); ' +
  'an admin or the owning manager (Authorization header) always. Stop-listed products are included with ' +
  '`is_active: false` (the public menu greys them). With `lang`: product `name` and `description`, ' +
  'option and row `name` in that language (each falling back to Uzbek), and `lang`, the language used (the ' +
  "restaurant's first when it does not offer the asked one).";

/** An admin or the owner sees everything; everyone else only what is published (restaurant and category active). */
function visible(request: FastifyRequest, place: MenuPlace): boolean {
  return ownsRestaurant(request.viewer, place) || (place.restaurant_active && place.category_active);
}

/**
 * Public reads of products with their options and rows: one database round trip each on a miss (no query per
 * product), none on a hit (they are benchmarked).
 */
export const userProductRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  const tags = ['products'];
  // Each entry keeps its answers per language, made once and dropped with it.
  type PerLanguage = { answers: AnswerMemo };
  const categoryCache = new MenuReadCache<NonNullable<Awaited<ReturnType<typeof categoryMenu>>> & PerLanguage>(
    'category products',
    app.menuCacheMemory,
  );
  const productCache = new MenuReadCache<NonNullable<Awaited<ReturnType<typeof productMenu>>> & PerLanguage>(
    'products',
    app.menuCacheMemory,
  );
  const withAnswers = <T extends object>(menu: T | undefined) => menu && { ...menu, answers: new AnswerMemo() };
  app.onMenuChanged((restaurantId) => {
    categoryCache.invalidate(restaurantId);
    productCache.invalidate(restaurantId);
  });

  const categoryProducts = {
    schema: {
      tags,
      summary: "A category's products with options and rows",
      description: `Products in display order, each with \`options\` (each with its \`rows\`) and \`rows\` (all rows flat), and the counts over them. ${WHO_SEES}`,
      querystring: UserCategoryProductsQuery,
      response: { 200: UserCategoryProductsAnswer, ...errors(400, 404) },
    },
    onRequest: app.identify,
  };
  const handler = async (request: FastifyRequest<{ Querystring: { category_id: string; lang?: Language } }>) => {
    const id = request.query.category_id.toLowerCase();
    const menu = await categoryCache.get(id, async () => withAnswers(await categoryMenu(app.db, id)));
    if (!menu || !visible(request, menu)) throw notFound(messages.categoryNotFound);
    return inLanguage(
      menu.languages,
      request.query.lang,
      (lang) => ({ data: { products: menu.products.map((p) => localizeProduct(p, lang)), count: menu.count } }),
      menu.answers,
    );
  };
  // The spec writes the path with a trailing slash; the form without one answers the same (hidden from the docs).
  app.get('/user/products/category/', categoryProducts, handler);
  app.get(
    '/user/products/category',
    { ...categoryProducts, schema: { ...categoryProducts.schema, hide: true } },
    handler,
  );

  app.get(
    '/user/products/:id',
    {
      schema: {
        tags,
        summary: 'One product with options and rows',
        description: WHO_SEES,
        params: IdParams,
        querystring: UserProductQuery,
        response: { 200: UserProductAnswer, ...errors(400, 404) },
      },
      onRequest: app.identify,
    },
    async (request) => {
      const id = request.params.id.toLowerCase();
      const menu = await productCache.get(id, async () => withAnswers(await productMenu(app.db, id)));
      if (!menu || !visible(request, menu)) throw notFound(messages.productNotFound);
      return inLanguage(
        menu.languages,
        request.query.lang,
        (lang) => ({ data: localizeProduct(menu.product, lang) }),
        menu.answers,
      );
    },
  );
};
