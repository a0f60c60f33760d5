import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../passwords';

/** ADMIN_LOGIN + ADMIN_PASSWORD: create that admin when no user with the login exists. Returns whether it was created. */
export async function ensureAdmin(db: Db, login: string, password: string): Promise<boolean> {
  const [existing] = await db
    .select({ _id: users._id })
    .from(users)
    .where(sql`lower(${users.login}) = lower(${login})`)
    .limit(1);
  if (existing) return false;
  // Two processes starting together may both get here: the unique index on lower(login) lets one insert and the other
  // do nothing (no conflict target: an expression index cannot be named as a column).
  const created = await db
    .insert(users)
    .values({ login, password_hash: await hashPassword(password), role: 'admin' })
    .onConflictDoNothing()
    .returning({ _id: users._id });
  return created.length > 0;
}
