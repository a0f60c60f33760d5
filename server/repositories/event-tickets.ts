import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { usedEventTickets } from '../db/schema';

/**
 * Marks a staff events ticket used: true the first time, false for a ticket already used (by this process or any
 * other on the same database). One statement: of two requests with one ticket at once, the primary key lets one in.
 */
export async function useEventTicket(db: Executor, ticketId: string): Promise<boolean> {
  const inserted = await db
    .insert(usedEventTickets)
    .values({ ticket_id: ticketId })
    .onConflictDoNothing()
    .returning({ id: usedEventTickets.ticket_id });
  return inserted.length === 1;
}

/** Forgets tickets used more than `maxAgeMs` ago: expired by then, they are refused for their age. */
export async function pruneUsedEventTickets(db: Executor, maxAgeMs: number): Promise<number> {
  const deleted = await db
    .delete(usedEventTickets)
    .where(sql`${usedEventTickets.usedAt} < now() - make_interval(secs => ${maxAgeMs / 1000})`)
    .returning({ id: usedEventTickets.ticket_id });
  return deleted.length;
}
