import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../passwords';

/** ADMIN_LOGIN + ADMIN_PASSWORD: create that admin when no user with the login exists. Returns whether it was created. */
export async function ensureAdmin(db: Db, login: string, password: string): Promise<boolean> {
  const [existing] = await db.select({ _id: users._id }).from(users).where(eq(users.login, login)).limit(1);
  if (existing) return false;
  // Two processes starting together may both get here: the unique login lets one insert and the other do nothing.
  const created = await db
    .insert(users)
    .values({ login, password_hash: await hashPassword(password), role: 'admin' })
    .onConflictDoNothing({ target: users.login })
    .returning({ _id: users._id });
  return created.length > 0;
}
