import { PassThrough } from 'node:stream';
import type { Executor } from '../db/client';
import { type StaffEventRow, staffEventsAfter } from '../repositories/staff-events';
import { READ_BATCH, type StaffEventsHub, type StaffEventsSink } from './hub';

/** A comment line this often: proxies and load balancers close a connection that is silent for a minute or so. */
export const HEARTBEAT_MS = 25_000;
/**
 * A panel that stops reading (a phone asleep with the socket still open) must not make the server hold its events
 * for ever: past this much unsent text the stream is closed, and the panel's reconnect replays from the table.
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * Sent before a stream is closed because its user opened too many (hub.ts MAX_STREAMS_PER_USER): no `id:` (it is no
 * staff event, and the client's Last-Event-ID stays the last real one). The panel then reconnects only when the tab is
 * looked at again (client/staff-events.ts), instead of at once, which would close another tab's stream in turn.
 */
export const STREAM_LIMIT_HINT = 'event: reconnect\ndata: {"reason":"streams_limit","when":"visible"}\n\n';

/**
 * Sent before a stream is closed because this server process is stopping (a restart, a deploy): the panel reconnects
 * at once with a new ticket, which a proxy gives to a process that stays, without showing the connection as lost.
 */
export const SERVER_STOPPING_HINT = 'event: reconnect\ndata: {"reason":"server_stopping","when":"now"}\n\n';

/** One event as Server-Sent Events text: JSON.stringify writes no line break, so `data:` is one line. */
export function formatEvent(row: StaffEventRow): string {
  return `id: ${row.id}\nevent: ${row.type}\ndata: ${JSON.stringify(row.data)}\n\n`;
}

export interface OpenStreamOptions {
  db: Executor;
  hub: StaffEventsHub;
  restaurantIds: readonly string[];
  /** The user the ticket was for: their streams are capped (hub.ts). */
  userId?: string;
  /** The last event the client has: replay after it. */
  afterId: number;
  heartbeatMs?: number;
  /**
   * Asked every `recheckMs` (default RECHECK_MS) while the stream is open: false ends it (the user deactivated, the
   * restaurant given to another manager). The panel then reconnects with a new ticket, which answers why. A failure to
   * ask (the database away for a moment) keeps the stream.
   */
  stillAllowed?: () => Promise<boolean>;
  recheckMs?: number;
  /**
   * What this stream's reader sees of each event (a kitchen device sees an order as its station does), or undefined
   * to skip it; every event as it is when absent.
   */
  present?: (row: StaffEventRow) => StaffEventRow | undefined;
}

/** A ticket is checked on connect; an open stream is checked again this often, so a refusal ends it within minutes. */
export const RECHECK_MS = 5 * 60_000;

/**
 * Opens one stream: joins the hub (which answers the cursor C it joined at), replays (afterId, C] from the table,
 * then what the hub delivers, each id once and in order. Events the hub delivers during the replay wait in `held`.
 * The returned body is what the route sends; destroying it (the client went away) leaves the hub.
 */
export async function openStaffEventsStream(options: OpenStreamOptions): Promise<PassThrough> {
  const body = new PassThrough();
  let sent = options.afterId;
  let held: StaffEventRow[] | undefined = [];
  let heartbeat: NodeJS.Timeout | undefined;
  let recheck: NodeJS.Timeout | undefined;

  const write = (row: StaffEventRow) => {
    if (row.id <= sent || body.destroyed || body.writableEnded) return;
    sent = row.id;
    const shown = options.present ? options.present(row) : row;
    if (!shown) return;
    body.write(formatEvent(shown));
    if (body.writableLength > MAX_BUFFERED_BYTES) body.end();
  };
  const sink: StaffEventsSink = {
    restaurantIds: options.restaurantIds,
    ...(options.userId ? { userId: options.userId } : {}),
    deliver: (row) => (held ? held.push(row) : write(row)),
    end: () => {
      if (!body.destroyed && !body.writableEnded) body.end(SERVER_STOPPING_HINT);
    },
    displace: () => {
      if (!body.destroyed && !body.writableEnded) body.end(STREAM_LIMIT_HINT);
    },
  };
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(heartbeat);
    clearInterval(recheck);
    options.hub.leave(sink);
  };
  body.once('close', stop);
  body.once('finish', stop);

  const joinedAt = await options.hub.join(sink);
  try {
    // Sent at once, so the browser's EventSource opens (and the panel shows "live") before any event.
    body.write(': ok\n\n');
    for (let after = sent; after < joinedAt; ) {
      const rows = await staffEventsAfter(options.db, {
        restaurantIds: options.restaurantIds,
        afterId: after,
        upToId: joinedAt,
        limit: READ_BATCH,
      });
      for (const row of rows) write(row);
      if (rows.length < READ_BATCH) break;
      after = rows.at(-1)!.id;
    }
  } catch (error) {
    stop();
    body.destroy();
    throw error;
  }
  const waiting = held;
  held = undefined;
  for (const row of waiting) write(row);
  // Gone during the replay (or ended by a slow read): no timers for a stream that is over.
  if (stopped || body.destroyed || body.writableEnded) {
    stop();
    return body;
  }
  heartbeat = setInterval(() => {
    if (!body.destroyed && !body.writableEnded) body.write(': ping\n\n');
  }, options.heartbeatMs ?? HEARTBEAT_MS).unref();
  const { stillAllowed } = options;
  if (stillAllowed) {
    recheck = setInterval(() => {
      stillAllowed().then(
        (allowed) => {
          if (!allowed) body.end();
        },
        () => {},
      );
    }, options.recheckMs ?? RECHECK_MS).unref();
  }
  return body;
}
