import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';

/**
 * Whether the database has every migration this code ships. drizzle's migrator records each applied one in
 * drizzle.__drizzle_migrations with its folder's timestamp, and applies those newer than the last recorded: the same
 * comparison says whether any is left (a server started with migrations off, or a restore of an older backup).
 */
export async function migrationsApplied(db: Db, newestShipped: number): Promise<boolean> {
  const result = await db.execute(
    sql`select coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations`,
  );
  return Number(rowsOf<{ newest: string }>(result)[0]?.newest ?? 0) >= newestShipped;
}
