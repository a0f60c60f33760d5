import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { restaurantForWrite } from '../../access';
import { createCategory, deleteCategory, reorderCategories, updateCategory } from '../../domain/catalog/categories';
import { badRequest } from '../../errors';
import { messages } from '../../messages';
import { listCategories } from '../../repositories/categories';
import { answeredTranslations } from '../../repositories/translations';
import {
  CategoriesAnswer,
  CategoryAnswer,
  CategoryPositionsBody,
  CreateCategoryBody,
  ManagedCategoryListAnswer,
  ManagerCategoryQuery,
  rejectBlank,
  UpdateCategoryBody,
} from '../../schemas/categories';
import { bearer, errors, IdParams, Ok } from '../../schemas/common';
import { rejectBadHours } from '../../schemas/schedule';
import { authenticated } from '../../viewer';
import { deleted } from '../deleted';
import type { RouteOptions } from '../options';

/**
 * Category writes of the panel. Managers reach only their restaurants' categories, admins every restaurant's
 * (the admin category screen is built on these calls); anything else is a 404.
 */
export const managerCategoryRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, options) => {
  const staff = app.requireRole('admin', 'manager');
  const tags = ['categories'];
  const deps = { db: app.db, work: app.work };

  app.get(
    '/manager/category',
    {
      schema: {
        tags,
        summary: "The caller's categories with counts",
        description:
          'Categories in display order and their counts. A manager without `restaurant_id` gets the categories of all ' +
          'their restaurants; an admin must name the restaurant.',
        security: bearer,
        querystring: ManagerCategoryQuery,
        response: { 200: ManagedCategoryListAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => {
      const viewer = authenticated(request);
      const restaurantId = request.query.restaurant_id;
      if (restaurantId) await restaurantForWrite(app.db, viewer, restaurantId);
      else if (viewer.role === 'admin') throw badRequest(messages.fieldRequired('restaurant_id'));
      const list = await listCategories(app.db, restaurantId ? { restaurantId } : { managerId: viewer._id });
      return { ...list, categories: list.categories.map(answeredTranslations) };
    },
  );

  app.post(
    '/manager/category/create',
    {
      schema: {
        tags,
        summary: 'Create a category',
        description: `Goes last in the restaurant's order; is_active defaults to true. An empty or blank title answers 400 "${messages.categoryTitleRequired}". Optional \`translations\` of the title by language, and \`schedule\`: the days and hours its dishes are served (400 naming a time that is not \`HH:MM\` or a window whose \`from\` equals its \`to\`).`,
        security: bearer,
        body: CreateCategoryBody,
        response: { 201: CategoryAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
      preValidation: [
        rejectBlank({ title: { message: messages.categoryTitleRequired, required: true } }),
        rejectBadHours({ schedule: true }),
      ],
    },
    async (request, reply) => {
      const category = await createCategory(deps, authenticated(request), request.body);
      return reply.code(201).send({ data: category });
    },
  );

  app.put(
    '/manager/category/update/:id',
    {
      schema: {
        tags,
        summary: 'Edit a category (partial)',
        description:
          'Only the sent fields change (title, is_active, schedule: `null` removes it, translations: the languages ' +
          'sent replace the stored ones, `null` removes one); an empty body is a 400. Setting is_active clears the POS ' +
          'stop mark: the category is then the manager’s.',
        security: bearer,
        params: IdParams,
        body: UpdateCategoryBody,
        response: { 200: CategoryAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
      preValidation: [
        rejectBlank({ title: { message: messages.categoryTitleRequired } }),
        rejectBadHours({ schedule: true }),
      ],
    },
    async (request) => {
      return { data: await updateCategory(deps, authenticated(request), request.params.id, request.body) };
    },
  );

  app.delete(
    '/manager/category/delete/:id',
    {
      schema: {
        tags,
        summary: 'Delete a category',
        description: 'Deletes its products with their options and rows, and the product image files.',
        security: bearer,
        params: IdParams,
        response: { 200: Ok, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => {
      await deleteCategory(deps, options.config.dataDir, authenticated(request), request.params.id);
      return deleted(messages.categoryDeleted);
    },
  );

  app.put(
    '/manager/category/order',
    {
      schema: {
        tags,
        summary: "Save the display order of a restaurant's categories",
        description:
          '`ids` must be every category of the restaurant exactly once (400 otherwise; nothing changes). Answers the ' +
          'categories in the new order. GET /manager/category and GET /user/category answer in this order.',
        security: bearer,
        body: CategoryPositionsBody,
        response: { 200: CategoriesAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => {
      return { data: await reorderCategories(deps, authenticated(request), request.body) };
    },
  );
};
