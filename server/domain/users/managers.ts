import type { Executor } from '../../db/client';
import {
  conflict,
  notFound,
  PG_FOREIGN_KEY_VIOLATION,
  PG_RESTRICT_VIOLATION,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
} from '../../errors';
import { messages } from '../../messages';
import { hashPassword } from '../../passwords';
import { createManager, deleteManager, isLoginTaken, listManagers, updateManager } from '../../repositories/users';
import type { CreateManagerInput, ManagerView, UpdateManagerInput } from '../../schemas/managers';
import type { DomainDeps } from '../deps';

/**
 * The admin's manager accounts. A password is hashed before the transaction opens (scrypt takes tens of milliseconds
 * a transaction need not be held for); each write and the answer read back run in one transaction.
 */

/** The database refusing a write with one of `pgCodes` (a unique index, the restaurants' foreign key) answers 409. */
function rethrowAs(message: string, ...pgCodes: string[]) {
  return (error: unknown): never => {
    throw pgCodes.includes(pgErrorCode(error) ?? '') ? conflict(message) : error;
  };
}

/**
 * Logins are unique among all users, admins included, and compared without case: "Rayhon" and "rayhon" would be
 * two accounts nobody can tell apart. Checked before any hashing; the unique index still decides a race (409 as well).
 */
async function assertLoginFree(db: Executor, login: string, exceptId?: string): Promise<void> {
  if (await isLoginTaken(db, login, exceptId)) throw conflict(messages.loginTaken);
}

/** A new manager, active unless the body says otherwise; answered as the list shows it. */
export async function createManagerAccount(deps: DomainDeps, body: CreateManagerInput): Promise<ManagerView> {
  const { login, password, is_active } = body;
  await assertLoginFree(deps.db, login);
  const password_hash = await hashPassword(password);
  return deps.work(async (w) => {
    const created = await createManager(w.tx, { login, password_hash, is_active: is_active ?? true }).catch(
      rethrowAs(messages.loginTaken, PG_UNIQUE_VIOLATION),
    );
    const [manager] = await listManagers(w.tx, created._id);
    return manager!;
  });
}

/**
 * Only the fields sent change (login, password, is_active: activating and deactivating are this call). A new password
 * or a deactivation ends the manager's sessions (repositories/users.ts). An unknown id, or an admin's, is a 404.
 */
export async function updateManagerAccount(
  deps: DomainDeps,
  managerId: string,
  body: UpdateManagerInput,
): Promise<ManagerView> {
  const { login, password, is_active } = body;
  const [existing] = await listManagers(deps.db, managerId);
  if (!existing) throw notFound(messages.managerNotFound);
  if (login !== undefined) await assertLoginFree(deps.db, login, managerId);
  // Fields not sent stay undefined, and the update leaves undefined columns as they are.
  const password_hash = password === undefined ? undefined : await hashPassword(password);
  return deps.work(async (w) => {
    await updateManager(w.tx, managerId, { login, password_hash, is_active }).catch(
      rethrowAs(messages.loginTaken, PG_UNIQUE_VIOLATION),
    );
    // Deleted meanwhile: the update changed nothing, and the answer says so.
    const [manager] = await listManagers(w.tx, managerId);
    if (!manager) throw notFound(messages.managerNotFound);
    return manager;
  });
}

/**
 * Deletes a manager account. The foreign key (ON DELETE RESTRICT) refuses a manager who still runs a restaurant,
 * even one assigned a moment ago: answered 409, nothing deleted.
 */
export function deleteManagerAccount(deps: DomainDeps, managerId: string): Promise<void> {
  return deps.work(async (w) => {
    const [existing] = await listManagers(w.tx, managerId);
    if (!existing) throw notFound(messages.managerNotFound);
    await deleteManager(w.tx, managerId).catch(
      rethrowAs(messages.managerHasRestaurants, PG_FOREIGN_KEY_VIOLATION, PG_RESTRICT_VIOLATION),
    );
  });
}
