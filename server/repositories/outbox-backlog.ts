import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';
import { posOutbox, printOutbox, telegramOutbox } from '../db/schema';

export type OutboxName = 'telegram' | 'till' | 'print';

export interface OutboxBacklog {
  outbox: OutboxName;
  pending: number;
  /** Seconds since the oldest pending row was written; 0 when none is pending. */
  oldestSeconds: number;
}

/**
 * Each outbox's pending rows and the age of its oldest: Telegram's messages (telegram_outbox), the till's orders
 * (pos_outbox), the kitchen's tickets (print_outbox). Only pending rows are read, through each table's partial index
 * on them: what was sent long ago costs nothing here.
 */
export async function outboxBacklog(db: Db): Promise<OutboxBacklog[]> {
  const part = (name: OutboxName, table: typeof telegramOutbox | typeof posOutbox | typeof printOutbox) =>
    sql`select ${name}::text as outbox, count(*)::int as pending,
      coalesce(extract(epoch from now() - min(${table.createdAt})), 0)::float8 as "oldestSeconds"
      from ${table} where ${table.state} = 'pending'`;
  const result = await db.execute(
    sql`${part('telegram', telegramOutbox)} union all ${part('till', posOutbox)} union all ${part('print', printOutbox)}`,
  );
  return rowsOf<OutboxBacklog>(result).map((row) => ({
    outbox: row.outbox,
    pending: Number(row.pending),
    oldestSeconds: Math.max(0, Number(row.oldestSeconds)),
  }));
}
