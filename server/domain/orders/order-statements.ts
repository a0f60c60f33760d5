import type { Db } from '../../db/client';
import { type BatchLimits, StatementBatches } from '../../db/statement-batches';
import {
  createOrders,
  type NewOrder,
  type OrderReadRequest,
  type OrderReads,
  type PlacingOutcome,
  readForOrders,
} from '../../repositories/order-placing';
import { currentRequestId } from '../../request-context';
import type { AfterCommit } from '../unit-of-work';
import type { OrderingReads } from './ordering-reads';

/** A diner's order's two statements: what it reads before it is priced, and the write with its commit. */
export interface OrderStatements {
  read(request: OrderReadRequest): Promise<OrderReads>;
  /** Answers once the order's statement committed, the outbox senders woken if it queued rows for them. */
  write(order: NewOrder): Promise<PlacingOutcome>;
}

/**
 * How many of the orders' statements are sent at once. PGlite is one connection: a second statement in flight would
 * only wait for the first, so each carries everything that gathered. On PostgreSQL two reads run side by side on the
 * pool (they lock nothing). The writes go on their own pipelined connection (`writer`): the next is already on the
 * wire while the last runs, and PostgreSQL starts it as soon as the last one committed, without the round trip back to
 * this process and its event loop in between (bench/orders.ts: a write's cycle was more than twice its execution).
 * Two are sent at most, one running and one waiting behind it with what gathered meanwhile: three measured no better,
 * splitting the orders waiting into more statements and commits (a restaurant's writes queue on its counter anyway).
 */
export const ORDER_BATCHES: Record<'pglite' | 'postgres', { reads: BatchLimits; writes: BatchLimits }> = {
  pglite: { reads: { inFlight: 1, maxItems: 50 }, writes: { inFlight: 1, maxItems: 50 } },
  postgres: { reads: { inFlight: 2, maxItems: 50 }, writes: { inFlight: 2, maxItems: 50 } },
};

/**
 * The orders of every diner at once share their statements (db/statement-batches.ts): the reads that arrive while
 * others run are one statement, and so are the writes, each with one commit. Quiet, an order is two statements of its
 * own as before. Each order keeps the request that made it for its outbox rows, whichever request's turn runs the
 * statement. The reads run on `db`, the writes on `writer` (on PostgreSQL db/client.ts's pipelined connection). An
 * order reads only what `remembered` does not hold (ordering-reads.ts): once its table and dishes were ordered
 * before, nothing.
 */
export function batchedOrderStatements(
  db: Db,
  effects: AfterCommit,
  limits: { reads: BatchLimits; writes: BatchLimits },
  remembered: OrderingReads,
  writer: Db = db,
): OrderStatements {
  const reads = new StatementBatches((requests: OrderReadRequest[]) => readForOrders(db, requests), limits.reads);
  const writes = new StatementBatches(async (batch: NewOrder[]) => {
    const outcomes = await createOrders(writer, batch);
    const queued = outcomes.some(
      (outcome) => outcome.kind === 'created' && (outcome.telegramQueued || outcome.posQueued || outcome.ticketsQueued),
    );
    if (queued) effects.outboxWritten();
    return outcomes;
  }, limits.writes);
  return {
    read: (request) => remembered.read(request, (narrowed) => reads.submit(narrowed)),
    write: (order) =>
      writes.submit({ ...order, request_id: order.request_id === undefined ? currentRequestId() : order.request_id }),
  };
}
