import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { categoryForWrite, restaurantForWrite } from '../../access';
import { setAvailability } from '../../domain/catalog/availability';
import { createProduct, deleteProduct, reorderProducts, updateProduct } from '../../domain/catalog/products';
import { badRequest } from '../../errors';
import { messages } from '../../messages';
import { listProducts } from '../../repositories/products';
import { answeredTranslations } from '../../repositories/translations';
import { rejectBlank } from '../../schemas/categories';
import { bearer, errors, IdParams, Ok } from '../../schemas/common';
import { rejectUnknownDishFacts } from '../../schemas/dish-facts';
import {
  AvailabilityAnswer,
  AvailabilityBody,
  CreatedProductAnswer,
  CreateProductBody,
  ManagerProductsQuery,
  ProductAnswer,
  ProductPositionsBody,
  ProductsAnswer,
  UpdateProductBody,
} from '../../schemas/products';
import { rejectBadHours } from '../../schemas/schedule';
import { authenticated } from '../../viewer';
import { deleted } from '../deleted';
import type { RouteOptions } from '../options';

// The API tests compare answers with these names.
export const IMAGE_MISSING = messages.imageMissing;
export const PRODUCT_NAME_REQUIRED = messages.productNameRequired;

const nameRule = { name: { message: messages.productNameRequired } };

const rejectScheduleFaults = rejectBadHours({ schedule: true });

const DISH_FACTS_DOC =
  'Dish facts, all optional: `portion` ({ value, unit: g | ml | dona } or null), `calories` (kcal of a portion or ' +
  'null), `spiciness` (0-3), `tags` and `allergens` (each from its fixed list, each once; an unknown one is a 400 ' +
  'naming it), and `schedule` (days, from, to, outside, or null). Setting `portion`, `calories` or `allergens` (null ' +
  'or [] too) marks that fact as set by hand: the POS sync no longer fills it.';

/**
 * Product writes of the panel. Managers reach only their restaurants' products, admins every restaurant's (the admin
 * product screen is built on these calls); anything else is a 404. Static paths (order, availability) are matched
 * before `/:id`, so they never read as an id.
 */
export const managerProductRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, options) => {
  const staff = app.requireRole('admin', 'manager');
  const tags = ['products'];
  const deps = { db: app.db, work: app.work };

  app.get(
    '/manager/products',
    {
      schema: {
        tags,
        summary: "The caller's products",
        description:
          'Products in menu order (category order, then product order), without options. A manager gets all their ' +
          "restaurants' products unless filtered; an admin must filter by `category_id` or `restaurant_id`.",
        security: bearer,
        querystring: ManagerProductsQuery,
        response: { 200: ProductsAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => {
      const viewer = authenticated(request);
      const { category_id, restaurant_id } = request.query;
      if (category_id) await categoryForWrite(app.db, viewer, category_id);
      if (restaurant_id) await restaurantForWrite(app.db, viewer, restaurant_id);
      if (!category_id && !restaurant_id && viewer.role === 'admin') throw badRequest(messages.productFilterRequired);
      const data = await listProducts(app.db, {
        ...(category_id ? { categoryId: category_id } : {}),
        ...(restaurant_id ? { restaurantId: restaurant_id } : {}),
        ...(viewer.role === 'manager' ? { managerId: viewer._id } : {}),
      });
      return { data: data.map(answeredTranslations) };
    },
  );

  app.post(
    '/manager/products',
    {
      schema: {
        tags,
        summary: 'Create a product',
        description:
          'name, category_id and price (a number ≥ 0) are required; description defaults to empty, is_active to ' +
          'true, images to none (URLs answered by POST /manager/upload; a URL whose file is gone is a 400). Goes last in ' +
          'its category. Optional `translations` of name and description by language. Answers `data.id` ' +
          `(and \`data._id\`). ${DISH_FACTS_DOC}`,
        security: bearer,
        body: CreateProductBody,
        response: { 201: CreatedProductAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
      preValidation: [rejectBlank(nameRule), rejectUnknownDishFacts, rejectScheduleFaults],
    },
    async (request, reply) => {
      const product = await createProduct(deps, options.config.dataDir, authenticated(request), request.body);
      return reply.code(201).send({ data: product });
    },
  );

  app.put(
    '/manager/products/order',
    {
      schema: {
        tags,
        summary: "Save the display order of a category's products",
        description:
          '`ids` must be every product of the category exactly once (400 otherwise; nothing changes). Answers the ' +
          'products in the new order; every product list answers in this order.',
        security: bearer,
        body: ProductPositionsBody,
        response: { 200: ProductsAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => {
      return { data: await reorderProducts(deps, authenticated(request), request.body) };
    },
  );

  app.put(
    '/manager/products/availability',
    {
      schema: {
        tags,
        summary: 'Move products to or out of the stop-list',
        description:
          'In one transaction: every listed product gets `is_active`, then the category cascade of spec section 4 — ' +
          'to the stop-list (false): each active category of those products whose products are now all inactive ' +
          'becomes inactive; out of it (true): the inactive categories of those products become active. All ids must ' +
          "be the caller's products, otherwise 404 and nothing changes. A manual move clears the POS stop mark. " +
          'Answers the products whose is_active changed and the categories the cascade changed.',
        security: bearer,
        body: AvailabilityBody,
        response: { 200: AvailabilityAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => {
      return { data: await setAvailability(deps, authenticated(request), request.body) };
    },
  );

  app.put(
    '/manager/products/:id',
    {
      schema: {
        tags,
        summary: 'Edit a product (partial)',
        description:
          'Only the sent fields change; an empty body is a 400. `translations`: the languages sent replace the stored ' +
          'ones, `null` removes one. `category_id` moves the product (last) into another ' +
          'category of the same restaurant. `images` replaces the list (a new URL must be a stored file); files no ' +
          'longer used are deleted. Setting ' +
          'is_active changes only this product (no category cascade: use /manager/products/availability for that) and ' +
          `clears the POS stop mark. ${DISH_FACTS_DOC}`,
        security: bearer,
        params: IdParams,
        body: UpdateProductBody,
        response: { 200: ProductAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
      preValidation: [rejectBlank(nameRule), rejectUnknownDishFacts, rejectScheduleFaults],
    },
    async (request) => {
      const { dataDir } = options.config;
      return { data: await updateProduct(deps, dataDir, authenticated(request), request.params.id, request.body) };
    },
  );

  app.delete(
    '/manager/products/:id',
    {
      schema: {
        tags,
        summary: 'Delete a product',
        description: 'Deletes its options and rows, and its image files.',
        security: bearer,
        params: IdParams,
        response: { 200: Ok, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => {
      await deleteProduct(deps, options.config.dataDir, authenticated(request), request.params.id);
      return deleted(messages.productDeleted);
    },
  );
};
