import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { NotificationListener } from '../db/notifications';
import {
  STAFF_EVENTS_CHANNEL,
  type StaffEventRow,
  settledStaffEventId,
  staffEventsAfter,
} from '../repositories/staff-events';

/** One open stream as the hub sees it: the restaurants it follows, where events go, how to end it. */
export interface StaffEventsSink {
  readonly restaurantIds: readonly string[];
  /** The user whose ticket opened it: a user's streams are capped (MAX_STREAMS_PER_USER). */
  readonly userId?: string;
  /** Too many streams of its user: tell the client why (a reconnect hint) and end. */
  displace?(): void;
  /** Called in id order, synchronously from the hub's read; never blocks it. */
  deliver(row: StaffEventRow): void;
  /** The app is closing: tell the client to reconnect elsewhere, and end the stream. */
  end(): void;
}

/**
 * Open streams per user in one process. The panel opens one per browser tab (client/shared-staff-events.ts), so this
 * leaves a manager five tabs or devices at once; a sixth closes the oldest with a reconnect hint (stream.ts), which the
 * panel answers by waiting until that tab is looked at again (client/staff-events.ts): no loop between open tabs.
 */
export const MAX_STREAMS_PER_USER = 5;

/** Rows read per query: a burst of orders is read in pages, never unbounded. */
export const READ_BATCH = 500;
/** A failed read (the database away for a moment) is tried again after this; the rows wait in the table. */
const RETRY_MS = 1000;

/**
 * The staff's live events of one server process. Every NOTIFY on STAFF_EVENTS_CHANNEL (from this process or, on
 * PostgreSQL, any other) makes it read the rows after `cursor` from staff_events and hand each to the open streams of
 * its restaurant: one read per notification whatever the number of panels open.
 *
 * Everything that moves `cursor` or the set of sinks runs one at a time on `queue`, so a stream that joins sees a
 * cursor C with this promise: every committed event up to C is in the table (its replay reads them), and every later
 * one will be delivered to it (the hub's next reads include its restaurants). The hub reads only up to the settled id
 * (settledStaffEventId: nothing below it is still to commit), so an event that commits after a higher one is never
 * skipped: the higher one waits for it, a few milliseconds.
 *
 * It subscribes on the first stream, not at start: a process whose panels are closed holds no listening connection.
 */
export class StaffEventsHub {
  private readonly sinks = new Set<StaffEventsSink>();
  private queue: Promise<unknown> = Promise.resolve();
  private listener: NotificationListener | undefined;
  private started = false;
  private cursor = 0;
  /** A read is queued and has not begun: more notifications meanwhile need no other one. */
  private readQueued = false;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;

  /** The hub's reads: on PostgreSQL a pool of their own (Database.eventsDb), never queued behind requests. */
  private readonly reader: Database['db'];

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly streamsPerUser = MAX_STREAMS_PER_USER,
  ) {
    this.reader = database.eventsDb ?? database.db;
  }

  /** How many streams are open in this process (tests, the bench). */
  get size(): number {
    return this.sinks.size;
  }

  /**
   * Adds a stream and answers the cursor it joined at: the stream replays from the table up to it, and the hub
   * delivers everything after it.
   */
  join(sink: StaffEventsSink): Promise<number> {
    return this.enqueue(async () => {
      if (this.closed) throw new Error('The staff events hub is closed');
      if (!this.started) await this.start();
      this.sinks.add(sink);
      this.capStreamsOf(sink.userId);
      return this.cursor;
    });
  }

  leave(sink: StaffEventsSink): void {
    this.sinks.delete(sink);
  }

  /** Past `streamsPerUser` of one user's streams, the oldest go (a Set iterates in the order of joining). */
  private capStreamsOf(userId: string | undefined): void {
    if (userId === undefined) return;
    const theirs = [...this.sinks].filter((each) => each.userId === userId);
    for (const oldest of theirs.slice(0, Math.max(0, theirs.length - this.streamsPerUser))) {
      this.sinks.delete(oldest);
      try {
        (oldest.displace ?? oldest.end)();
      } catch (error) {
        this.log.warn({ err: error }, 'Could not close a staff events stream over the limit');
      }
    }
  }

  /** Before the server stops listening: open streams would otherwise keep it from closing. */
  endStreams(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    for (const sink of this.sinks) sink.end();
    this.sinks.clear();
  }

  /** After the streams: waits for a read underway (the database closes next) and stops listening. */
  async close(): Promise<void> {
    this.endStreams();
    await this.queue.catch(() => {});
    await this.listener?.close();
    this.listener = undefined;
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => {});
    return run;
  }

  /** Listen first, then read the settled id: an event committed in between is announced, and read after it. */
  private async start(): Promise<void> {
    this.listener = await this.database.subscribe(STAFF_EVENTS_CHANNEL, {
      message: () => this.pump(),
      // PostgreSQL's listening connection was lost or is back: notifications may be missed, the rows are not.
      reset: () => this.pump(),
    });
    this.cursor = await settledStaffEventId(this.reader);
    this.started = true;
  }

  private pump(): void {
    if (this.closed || this.readQueued) return;
    this.readQueued = true;
    void this.enqueue(async () => {
      this.readQueued = false;
      if (this.closed) return;
      try {
        await this.readNew();
      } catch (error) {
        if (this.closed) return;
        this.log.warn({ err: error }, 'Could not read new staff events; trying again');
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => this.pump(), RETRY_MS).unref();
      }
    });
  }

  private async readNew(): Promise<void> {
    const newest = await settledStaffEventId(this.reader, {
      onSlow: (writers) =>
        this.log.warn(
          { writers },
          'Staff events wait for transactions that recorded an event and have not ended (pg_locks virtualtransaction)',
        ),
    });
    const restaurantIds = [...new Set([...this.sinks].flatMap((sink) => sink.restaurantIds))];
    while (this.cursor < newest && restaurantIds.length > 0) {
      const rows = await staffEventsAfter(this.reader, {
        restaurantIds,
        afterId: this.cursor,
        upToId: newest,
        limit: READ_BATCH,
      });
      for (const row of rows) this.deliver(row);
      if (rows.length < READ_BATCH) break;
      this.cursor = rows.at(-1)!.id;
    }
    this.cursor = Math.max(this.cursor, newest);
  }

  private deliver(row: StaffEventRow): void {
    if (this.closed) return;
    for (const sink of this.sinks) {
      if (!sink.restaurantIds.includes(row.restaurant_id)) continue;
      try {
        sink.deliver(row);
      } catch (error) {
        this.log.warn({ err: error }, 'A staff events stream failed to take an event');
      }
    }
  }
}
