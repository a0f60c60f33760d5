import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { categoryForWrite, PRODUCT_NOT_FOUND, productForWrite, restaurantForWrite } from '../../access';
import { badRequest, notFound } from '../../errors';
import { unreferencedImages } from '../../repositories/categories';
import {
  createProduct,
  deleteProduct,
  listProducts,
  type ProductPatch,
  productOwners,
  saveProductOrder,
  setProductsAvailability,
  updateProduct,
} from '../../repositories/products';
import { answeredTranslations, newTranslations } from '../../repositories/translations';
import { IdParams, rejectBlank } from '../../schemas/categories';
import { bearer, errors, Ok } from '../../schemas/common';
import {
  AvailabilityAnswer,
  AvailabilityBody,
  CreatedProductAnswer,
  CreateProductBody,
  ManagerProductsQuery,
  ProductAnswer,
  ProductOrderBody,
  ProductsAnswer,
  UpdateProductBody,
} from '../../schemas/products';
import { missingStoredImages, removeStoredFiles } from '../../uploads/storage';
import { authenticated, ownsRestaurant } from '../../viewer';
import { answerDeleted } from '../deleted';
import type { RouteOptions } from '../options';

export const PRODUCT_DELETED = "Mahsulot muvaffaqiyatli o'chirildi!";
export const PRODUCT_NAME_REQUIRED = "Mahsulot nomi bo'sh bo'lishi mumkin emas!";
export const PRODUCT_ORDER_MISMATCH =
  '"ids" maydoni noto\'g\'ri: kategoriyaning barcha mahsulotlari aynan bir martadan yuborilishi kerak.';
export const OTHER_RESTAURANT_CATEGORY =
  "\"category_id\" maydoni noto'g'ri: mahsulotni faqat shu restoranning kategoriyasiga o'tkazish mumkin.";
export const IMAGE_MISSING = "Rasm topilmadi: u o'chirilgan bo'lishi mumkin. Iltimos, rasmni qayta yuklang.";
const FILTER_REQUIRED = '"category_id" yoki "restaurant_id" maydoni majburiy.';

const nameRule = { name: { message: PRODUCT_NAME_REQUIRED } };

/**
 * Product writes of the panel. Managers reach only their restaurants' products, admins every restaurant's (the admin
 * product screen is built on these calls); anything else is a 404. Static paths (order, availability) are matched
 * before `/:id`, so they never read as an id.
 */
export const managerProductRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, options) => {
  const staff = app.requireRole('admin', 'manager');
  const tags = ['products'];
  const assertImagesStored = async (files: string[]) => {
    if ((await missingStoredImages(options.config.dataDir, files)).length > 0) throw badRequest(IMAGE_MISSING);
  };

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
      if (!category_id && !restaurant_id && viewer.role === 'admin') throw badRequest(FILTER_REQUIRED);
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
          'its category. Optional `translations` of name and description by language (issue 18). Answers `data.id` ' +
          '(and `data._id`).',
        security: bearer,
        body: CreateProductBody,
        response: { 201: CreatedProductAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
      preValidation: rejectBlank(nameRule),
    },
    async (request, reply) => {
      const body = request.body;
      const { restaurant_id } = await categoryForWrite(app.db, authenticated(request), body.category_id);
      await assertImagesStored(body.images?.map((image) => image.file) ?? []);
      const product = await createProduct(app.db, {
        name: body.name.trim(),
        category_id: body.category_id,
        price: body.price,
        description: body.description?.trim() ?? '',
        // The schema's default (true) is already in the body when it was not sent.
        is_active: body.is_active,
        images: body.images ?? [],
        translations: newTranslations(body.translations),
      });
      app.menuChanged(restaurant_id);
      return reply.code(201).send({ data: { id: product._id, ...answeredTranslations(product) } });
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
        body: ProductOrderBody,
        response: { 200: ProductsAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => {
      const { category_id, ids } = request.body;
      const { restaurantId, data } = await app.db.transaction(async (tx) => {
        const { restaurant_id } = await categoryForWrite(tx, authenticated(request), category_id);
        if (!(await saveProductOrder(tx, category_id, ids))) throw badRequest(PRODUCT_ORDER_MISMATCH);
        const data = await listProducts(tx, { categoryId: category_id });
        return { restaurantId: restaurant_id, data: data.map(answeredTranslations) };
      });
      app.menuChanged(restaurantId);
      return { data };
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
      const { ids, is_active } = request.body;
      const { change, restaurantIds } = await app.db.transaction(async (tx) => {
        const owners = await productOwners(tx, ids);
        const viewer = authenticated(request);
        if (owners.length !== ids.length || !owners.every((owner) => ownsRestaurant(viewer, owner))) {
          throw notFound(PRODUCT_NOT_FOUND);
        }
        // A manager's move: the default source (the products and categories become the manager's).
        const change = await setProductsAvailability(tx, ids, is_active);
        return { change, restaurantIds: new Set(owners.map((owner) => owner.restaurant_id)) };
      });
      for (const restaurantId of restaurantIds) app.menuChanged(restaurantId);
      return { data: change };
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
          'clears the POS stop mark.',
        security: bearer,
        params: IdParams,
        body: UpdateProductBody,
        response: { 200: ProductAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
      preValidation: rejectBlank(nameRule),
    },
    async (request) => {
      const viewer = authenticated(request);
      const body = request.body;
      const { updated, restaurantId, orphans } = await app.db.transaction(async (tx) => {
        const { product, restaurant_id } = await productForWrite(tx, viewer, request.params.id);
        if (body.category_id !== undefined && body.category_id !== product.category_id) {
          const target = await categoryForWrite(tx, viewer, body.category_id);
          if (target.restaurant_id !== restaurant_id) throw badRequest(OTHER_RESTAURANT_CATEGORY);
        }
        // Fields not sent stay undefined, and an update leaves undefined columns as they are.
        const patch: ProductPatch = {
          name: body.name?.trim(),
          description: body.description?.trim(),
          price: body.price,
          is_active: body.is_active,
          translations: body.translations,
          category_id: body.category_id === product.category_id ? undefined : body.category_id,
          images: body.images,
        };
        if (body.images !== undefined) {
          const current = new Set(product.images.map((image) => image.file));
          await assertImagesStored(body.images.map((image) => image.file).filter((file) => !current.has(file)));
        }
        const updated = await updateProduct(tx, product._id, patch);
        if (!updated) throw notFound(PRODUCT_NOT_FOUND);
        // Of the files the product showed before, those nothing shows now (this product included) go after the commit.
        const before = product.images.map((image) => image.file);
        return { updated, restaurantId: restaurant_id, orphans: await unreferencedImages(tx, before) };
      });
      app.menuChanged(restaurantId);
      await removeStoredFiles(options.config.dataDir, orphans);
      return { data: answeredTranslations(updated) };
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
      const deletion = await app.db.transaction(async (tx) => {
        const { product, restaurant_id } = await productForWrite(tx, authenticated(request), request.params.id);
        const images = await deleteProduct(tx, product._id);
        return { restaurantId: restaurant_id, files: await unreferencedImages(tx, images) };
      });
      return answerDeleted(app, options.config.dataDir, deletion, PRODUCT_DELETED);
    },
  );
};
