import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Executor } from '../../db/client';
import {
  conflict,
  notFound,
  PG_FOREIGN_KEY_VIOLATION,
  PG_RESTRICT_VIOLATION,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
} from '../../errors';
import { hashPassword } from '../../passwords';
import {
  createManager,
  deleteManager,
  isLoginTaken,
  listManagers,
  pageManagers,
  updateManager,
} from '../../repositories/users';
import { bearer, errors, Ok } from '../../schemas/common';
import { asksForPage, pageOf } from '../../schemas/list-query';
import {
  CreateManagerBody,
  ManagerAnswer,
  ManagerListQuery,
  ManagerParams,
  ManagersAnswer,
  UpdateManagerBody,
} from '../../schemas/managers';
import type { RouteOptions } from '../options';

export const MANAGER_NOT_FOUND = 'Menedjer topilmadi.';
export const LOGIN_TAKEN = 'Bu login allaqachon band.';
export const MANAGER_HAS_RESTAURANTS =
  "Menedjerga restoranlar biriktirilgan: avval ularni boshqa menedjerga o'tkazing yoki o'chiring.";
export const MANAGER_DELETED = "Menedjer o'chirildi.";

/** The database refusing a write with one of `pgCodes` (a unique index, the restaurants' foreign key) answers 409. */
function rethrowAs(message: string, ...pgCodes: string[]) {
  return (error: unknown): never => {
    throw pgCodes.includes(pgErrorCode(error) ?? '') ? conflict(message) : error;
  };
}

/**
 * Logins are unique among all users, admins included, and compared without case: "Rayhon" and "rayhon" would be
 * two accounts nobody can tell apart. The unique index still decides a race (answered 409 as well).
 */
async function assertLoginFree(db: Executor, login: string, exceptId?: string): Promise<void> {
  if (await isLoginTaken(db, login, exceptId)) throw conflict(LOGIN_TAKEN);
}

/**
 * Managers (admin only). The spec's restaurant form needs a manager list; these calls create, edit and delete the
 * accounts so no database access is needed to onboard a restaurant.
 */
export const adminManagerRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  const admin = app.requireRole('admin');

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
      const { login, password, is_active } = request.body;
      await assertLoginFree(app.db, login);
      const created = await createManager(app.db, {
        login,
        password_hash: await hashPassword(password),
        is_active: is_active ?? true,
      }).catch(rethrowAs(LOGIN_TAKEN, PG_UNIQUE_VIOLATION));
      const [manager] = await listManagers(app.db, created._id);
      return reply.code(201).send({ data: manager! });
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
        params: ManagerParams,
        body: UpdateManagerBody,
        response: { 200: ManagerAnswer, ...errors(400, 401, 403, 404, 409) },
      },
      preHandler: admin,
    },
    async (request) => {
      const { id } = request.params;
      const { login, password, is_active } = request.body;
      const [existing] = await listManagers(app.db, id);
      if (!existing) throw notFound(MANAGER_NOT_FOUND);
      if (login !== undefined) await assertLoginFree(app.db, login, id);
      // Fields not sent stay undefined, and the update leaves undefined columns as they are.
      const password_hash = password === undefined ? undefined : await hashPassword(password);
      await updateManager(app.db, id, { login, password_hash, is_active }).catch(
        rethrowAs(LOGIN_TAKEN, PG_UNIQUE_VIOLATION),
      );
      const [manager] = await listManagers(app.db, id);
      if (!manager) throw notFound(MANAGER_NOT_FOUND);
      return { data: manager };
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
        params: ManagerParams,
        response: { 200: Ok, ...errors(400, 401, 403, 404, 409) },
      },
      preHandler: admin,
    },
    async (request) => {
      const { id } = request.params;
      const [existing] = await listManagers(app.db, id);
      if (!existing) throw notFound(MANAGER_NOT_FOUND);
      // The foreign key (ON DELETE RESTRICT) refuses a manager who still runs a restaurant, even one assigned a moment
      // ago: answered 409, nothing deleted.
      await deleteManager(app.db, id).catch(
        rethrowAs(MANAGER_HAS_RESTAURANTS, PG_FOREIGN_KEY_VIOLATION, PG_RESTRICT_VIOLATION),
      );
      return { success: true as const, message: MANAGER_DELETED };
    },
  );
};
