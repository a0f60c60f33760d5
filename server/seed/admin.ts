import type { Db } from '../db/client';
import { hashPassword } from '../passwords';
import { createAdminUnlessTaken, isLoginTaken } from '../repositories/users';

/** ADMIN_LOGIN + ADMIN_PASSWORD: create that admin when no user with the login exists. Returns whether it was created. */
export async function ensureAdmin(db: Db, login: string, password: string): Promise<boolean> {
  // Checked first so that a restart does not hash a password for nothing.
  if (await isLoginTaken(db, login)) return false;
  return createAdminUnlessTaken(db, login, await hashPassword(password));
}
