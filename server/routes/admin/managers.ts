import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createManagerAccount, deleteManagerAccount, updateManagerAccount } from '../../domain/users/managers';
import { messages } from '../../messages';
import { listManagers, pageManagers } from '../../repositories/users';
import { bearer, errors, IdParams, Ok } from '../../schemas/common';
import { asksForPage, pageOf } from '../../schemas/list-query';
import {
  CreateManagerBody,
  ManagerAnswer,
  ManagerListQuery,
  ManagersAnswer,
  UpdateManagerBody,
} from '../../schemas/managers';
import type { RouteOptions } from '../options';

// The API tests compare answers with these names.
export const MANAGER_DELETED = messages.managerDeleted;
export const MANAGER_HAS_RESTAURANTS = messages.managerHasRestaurants;
export const MANAGER_NOT_FOUND = messages.managerNotFound;

/**
 * Managers (admin only). The spec's restaurant form needs a manager list; these calls create, edit and delete the
 * accounts so no database access is needed to onboard a restaurant.
 */
export const adminManagerRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  const admin = app.requireRole('admin');
  const deps = { db: app.db, work: app.work };

  app.get(
    '/admin/managers',
    {
      schema: {
        tags: ['managers'],
        summary: 'All managers, or one page of them',
        description:
          'Without parameters, every manager ordered by login, each with the number of restaurants assigned to ' +
          'them. With any of `page`, `limit` (1-100, default 20), `q` (part of the login, without regard to case) ' +
          'and `is_active`: that page of the matching managers in the same order, plus `total` (matching managers ' +
          'in all pages), `page` and `limit`.',
        security: bearer,
        querystring: ManagerListQuery,
        response: { 200: ManagersAnswer, ...errors(400, 401, 403) },
      },
      preHandler: admin,
    },
    async (request) => {
      const query = request.query;
      if (!asksForPage(query)) return { data: await listManagers(app.db) };
      const page = pageOf(query);
      const filter = { q: query.q, is_active: query.is_active === undefined ? undefined : query.is_active === 'true' };
      const { rows, total } = await pageManagers(app.db, filter, page);
      return { data: rows, total, ...page };
    },
  );

  app.post(
    '/admin/managers',
    {
      schema: {
        tags: ['managers'],
        summary: 'Create a manager',
        description:
          'login (3-50 characters: letters, digits, `.`, `_`, `-`; unique among all users regardless of case, 409) ' +
          'and password (at least 8 characters). Answers 201 with `{ data: manager }`.',
        security: bearer,
        body: CreateManagerBody,
        response: { 201: ManagerAnswer, ...errors(400, 401, 403, 409) },
      },
      preHandler: admin,
    },
    async (request, reply) => {
      const manager = await createManagerAccount(deps, request.body);
      return reply.code(201).send({ data: manager });
    },
  );

  app.put(
    '/admin/managers/:id',
    {
      schema: {
        tags: ['managers'],
        summary: 'Change a manager',
        description:
          'Partial: login, password and/or is_active; only the sent fields change. A deactivated manager cannot log ' +
          'in and their existing tokens stop working at once; so do they after a new password. 404 for an unknown id ' +
          '(or an admin account).',
        security: bearer,
        params: IdParams,
        body: UpdateManagerBody,
        response: { 200: ManagerAnswer, ...errors(400, 401, 403, 404, 409) },
      },
      preHandler: admin,
    },
    async (request) => {
      return { data: await updateManagerAccount(deps, request.params.id, request.body) };
    },
  );

  app.delete(
    '/admin/managers/:id',
    {
      schema: {
        tags: ['managers'],
        summary: 'Delete a manager',
        description:
          'Refused with 409 while restaurants are still assigned to the manager (reassign or delete them first). ' +
          'Answers `{ success: true, message }`.',
        security: bearer,
        params: IdParams,
        response: { 200: Ok, ...errors(400, 401, 403, 404, 409) },
      },
      preHandler: admin,
    },
    async (request) => {
      await deleteManagerAccount(deps, request.params.id);
      return { success: true as const, message: messages.managerDeleted };
    },
  );
};
