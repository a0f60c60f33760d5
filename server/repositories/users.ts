import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { cyrillicToLatinPattern, latinToCyrillicPattern } from '../../lib/search';
import type { Executor } from '../db/client';
import { restaurants, users } from '../db/schema';
import { badRequest } from '../errors';
import { messages } from '../messages';
import type { ManagerView } from '../schemas/managers';
import { likePattern, toIso } from './restaurants';

/** SQL for users: sign-in and sessions, one's own password, and the admin's manager accounts. */

// The API tests compare answers with this name.
export const UNKNOWN_MANAGER = messages.unknownManager;

/** Logins are unique without regard to case (a unique index on lower(login)), so they are looked up that way too. */
const sameLogin = (login: string): SQL => sql`lower(${users.login}) = lower(${login})`;

/** What the auth plugin checks a token against: the user must still exist, be active, have the role and the version. */
export async function findSessionUser(db: Executor, userId: string) {
  const [user] = await db
    .select({
      _id: users._id,
      role: users.role,
      login: users.login,
      is_active: users.is_active,
      is_demo: users.is_demo,
      session_version: users.session_version,
    })
    .from(users)
    .where(eq(users._id, userId))
    .limit(1);
  return user;
}

/** The whole user row for a login attempt (the password hash included). */
export async function findUserByLogin(db: Executor, login: string) {
  const [user] = await db.select().from(users).where(sameLogin(login)).limit(1);
  return user;
}

export async function findProfile(db: Executor, userId: string) {
  const [user] = await db
    .select({ _id: users._id, login: users.login, role: users.role, is_active: users.is_active })
    .from(users)
    .where(eq(users._id, userId))
    .limit(1);
  return user;
}

export async function findPasswordHash(db: Executor, userId: string): Promise<string | undefined> {
  const [user] = await db
    .select({ password_hash: users.password_hash })
    .from(users)
    .where(eq(users._id, userId))
    .limit(1);
  return user?.password_hash;
}

/**
 * A user's own new password, only while `currentHash` is still their password: of two changes checked against the same
 * password, one wins. The session version goes up, which ends every token issued before; answers what a new token for
 * this device is signed from (undefined when the user is gone or the password changed since it was checked).
 */
export async function changeOwnPassword(db: Executor, userId: string, passwordHash: string, currentHash: string) {
  const [updated] = await db
    .update(users)
    .set({
      password_hash: passwordHash,
      password_changed_at: sql`now()`,
      session_version: sql`${users.session_version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users._id, userId), eq(users.password_hash, currentHash)))
    .returning({ _id: users._id, role: users.role, session_version: users.session_version });
  return updated;
}

/** Whether any user (admins too) has this login, whatever its case; `exceptId` leaves that user out (a rename). */
export async function isLoginTaken(db: Executor, login: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ _id: users._id })
    .from(users)
    .where(exceptId ? and(sameLogin(login), ne(users._id, exceptId)) : sameLogin(login))
    .limit(1);
  return row !== undefined;
}

/**
 * The admin named by ADMIN_LOGIN. Two processes starting together may both try: the unique index on lower(login)
 * lets one insert and the other do nothing (no conflict target: an expression index cannot be named as a column).
 * Answers whether this call created it.
 */
export async function createAdminUnlessTaken(db: Executor, login: string, passwordHash: string): Promise<boolean> {
  const created = await db
    .insert(users)
    .values({ login, password_hash: passwordHash, role: 'admin' })
    .onConflictDoNothing()
    .returning({ _id: users._id });
  return created.length > 0;
}

/** manager_id must name an existing manager (not an admin): 400 naming the field otherwise. */
export async function assertManagerExists(db: Executor, managerId: string): Promise<void> {
  const [row] = await db
    .select({ _id: users._id })
    .from(users)
    .where(and(eq(users._id, managerId), eq(users.role, 'manager')))
    .limit(1);
  if (!row) throw badRequest(messages.unknownManager);
}

/** Managers ordered by login, each with how many restaurants they run; `managerId` narrows it to that one. */
export async function listManagers(db: Executor, managerId?: string): Promise<ManagerView[]> {
  const rows = await db
    .select({
      _id: users._id,
      login: users.login,
      is_active: users.is_active,
      restaurants_count: sql<number>`count(${restaurants._id})::int`,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(restaurants, eq(restaurants.manager_id, users._id))
    .where(and(eq(users.role, 'manager'), managerId === undefined ? undefined : eq(users._id, managerId)))
    .groupBy(users._id)
    .orderBy(asc(users.login));
  return rows.map((row) => ({ ...row, createdAt: toIso(row.createdAt) }));
}

export interface ManagerFilter {
  /** Part of the login, without regard to case. */
  q?: string | undefined;
  is_active?: boolean | undefined;
}

/** Part of the login; a query also as the letters of the other script it stands for (lib/search.ts). */
function loginSearch(q: string): SQL | undefined {
  const other = cyrillicToLatinPattern(q) ?? latinToCyrillicPattern(q);
  return or(ilike(users.login, likePattern(q)), other === undefined ? undefined : sql`${users.login} ~* ${other}`);
}

function managerFilter(filter: ManagerFilter): SQL | undefined {
  const q = filter.q?.trim();
  return and(
    eq(users.role, 'manager'),
    q ? loginSearch(q) : undefined,
    filter.is_active === undefined ? undefined : eq(users.is_active, filter.is_active),
  );
}

/** One page of managers by login (as the whole list): users_role_login_idx is in this order, so no sort of them all. */
export function managerPageQuery(db: Executor, filter: ManagerFilter, page: { page: number; limit: number }) {
  return db
    .select({
      _id: users._id,
      login: users.login,
      is_active: users.is_active,
      // Counted for the page's managers only (after the LIMIT), by the manager index, not grouped over everyone.
      restaurants_count: sql<number>`(select count(*) from restaurants r where r.manager_id = "users"."id")::int`,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(managerFilter(filter))
    .orderBy(asc(users.login), asc(users._id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
}

/** How many managers match the filter in all. */
export function managerMatchCountQuery(db: Executor, filter: ManagerFilter) {
  return db.select({ n: count() }).from(users).where(managerFilter(filter));
}

/** One page of managers (by login, as the whole list), narrowed by login and status, and how many match in all. */
export async function pageManagers(
  db: Executor,
  filter: ManagerFilter,
  page: { page: number; limit: number },
): Promise<{ rows: ManagerView[]; total: number }> {
  const found = await managerPageQuery(db, filter, page);
  const [counted] = await managerMatchCountQuery(db, filter);
  return { rows: found.map((row) => ({ ...row, createdAt: toIso(row.createdAt) })), total: counted!.n };
}

export async function createManager(
  db: Executor,
  values: { login: string; password_hash: string; is_active: boolean },
): Promise<{ _id: string }> {
  const [created] = await db
    .insert(users)
    .values({ ...values, role: 'manager' })
    .returning({ _id: users._id });
  return created!;
}

/**
 * Only the given fields change. A new password or a deactivation ends the manager's sessions for good (a manager who
 * left, a password that leaked): tokens carry the session version, so reactivating later does not revive them.
 */
export async function updateManager(
  db: Executor,
  managerId: string,
  changes: { login?: string; password_hash?: string; is_active?: boolean },
): Promise<void> {
  const newPassword = changes.password_hash !== undefined;
  await db
    .update(users)
    .set({
      ...changes,
      ...(newPassword && { password_changed_at: sql`now()` }),
      ...((newPassword || changes.is_active === false) && {
        session_version: sql`${users.session_version} + 1`,
      }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(users._id, managerId), eq(users.role, 'manager')));
}

/** The foreign key (ON DELETE RESTRICT) refuses it while a restaurant is still assigned to the manager. */
export async function deleteManager(db: Executor, managerId: string): Promise<void> {
  await db.delete(users).where(and(eq(users._id, managerId), eq(users.role, 'manager')));
}
