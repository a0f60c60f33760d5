import type { StaffEvent } from '../server/schemas/table-orders';
import { ApiError, apiBaseUrl, request } from './client';

/**
 * The staff's live events: new and changed orders and waiter calls of a restaurant, as a Server-Sent Events
 * stream (`GET /manager/events`). EventSource cannot send the Authorization header, so each connection first asks for a
 * short-lived ticket (`POST /manager/events/ticket`, with the normal token) and puts it in the URL. Tickets expire within
 * a minute, so every reconnect is made here, with a fresh ticket and `last_event_id=` (the last event received): the
 * server replays what was missed, in order, and nothing twice. EventSource's own reconnect (which would reuse the old
 * ticket) is never left to run.
 */

/** A received event: the server's StaffEvent (`type` and the StaffOrder / StaffCall as `data`) and its stream id. */
export type StaffEventMessage = StaffEvent & { id: number };

/**
 * - `connecting`: a connection is being opened (the first one, or a reconnect underway);
 * - `live`: the stream is open, events arrive as they happen;
 * - `offline`: the connection is lost (or refused); another try follows on its own unless the session is over (401).
 *   What happens meanwhile is delivered after the reconnect.
 * - `paused`: the server closed this stream because the user opened more elsewhere (its `reconnect` hint); it
 *   reconnects when this tab is looked at again (shown, focused, back online), not at once: two tabs reconnecting at
 *   once would close each other's stream for ever. What happens meanwhile is delivered then.
 */
export type StaffEventsStatus = 'connecting' | 'live' | 'offline' | 'paused';

/** The server's `event: reconnect` before it closes a stream over the user's limit (server/events/stream.ts). */
export const RECONNECT_HINT_EVENT = 'reconnect';

export interface StaffEventsOptions {
  /** One restaurant; without it a manager hears all their restaurants (an admin must name one). */
  restaurantId?: string;
  /** Each event once, in the order the server recorded them. */
  onEvent: (event: StaffEventMessage) => void;
  onStatus?: (status: StaffEventsStatus) => void;
  /** Resume after this event id (an id a previous connection received); default: from now on. */
  lastEventId?: number;
}

export interface StaffEventsConnection {
  /** Stops for good: the stream is closed, no retry follows and no callback is called any more. */
  close(): void;
}

export const STAFF_EVENT_TYPES = [
  'order.created',
  'order.updated',
  'call.created',
  'call.updated',
] as const satisfies readonly StaffEvent['type'][];

/** Waits between tries after a failure: short first (a blip), growing to half a minute (the server is away). */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000] as const;

/** POST /manager/events/ticket `{ restaurant_id? }` → `{ data: { ticket, expires_in } }` (seconds). */
export async function staffEventsTicket(restaurantId: string | undefined, signal?: AbortSignal) {
  const answer = await request<{ data: { ticket: string; expires_in: number } }>('/manager/events/ticket', {
    method: 'POST',
    body: restaurantId ? { restaurant_id: restaurantId } : {},
    ...(signal ? { signal } : {}),
  });
  return answer.data;
}

/** Whether trying again can help: not after the session ended or the restaurant is refused (4xx but 408 and 429). */
function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export function openStaffEvents(options: StaffEventsOptions): StaffEventsConnection {
  let source: EventSource | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let ticketCall: AbortController | undefined;
  let failures = 0;
  let lastId = options.lastEventId;
  let closed = false;
  /** The server refused for good (the session ended, the restaurant is not the caller's): no more tries. */
  let refused = false;
  let status: StaffEventsStatus | undefined;

  const setStatus = (next: StaffEventsStatus) => {
    if (closed || next === status) return;
    status = next;
    options.onStatus?.(next);
  };

  const receive = (message: MessageEvent<string>) => {
    if (closed) return;
    const id = Number(message.lastEventId);
    // The server never sends an event twice on one connection; this keeps that true across reconnects as well.
    if (!Number.isSafeInteger(id) || (lastId !== undefined && id <= lastId)) return;
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    lastId = id;
    options.onEvent({ id, type: message.type, data } as StaffEventMessage);
  };

  const dropSource = () => {
    source?.close();
    source = undefined;
  };

  const retryLater = (error?: unknown) => {
    dropSource();
    setStatus('offline');
    if (error !== undefined && !worthRetrying(error)) refused = true;
    if (closed || refused) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
    failures += 1;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), delay);
  };

  async function connect(): Promise<void> {
    if (closed) return;
    setStatus('connecting');
    ticketCall = new AbortController();
    let ticket: string;
    try {
      ticket = (await staffEventsTicket(options.restaurantId, ticketCall.signal)).ticket;
    } catch (error) {
      if (!closed) retryLater(error);
      return;
    }
    if (closed) return;
    const query = new URLSearchParams();
    if (options.restaurantId) query.set('restaurant_id', options.restaurantId);
    query.set('ticket', ticket);
    if (lastId !== undefined) query.set('last_event_id', String(lastId));
    const opened = new EventSource(`${apiBaseUrl()}/manager/events?${query}`);
    source = opened;
    opened.onopen = () => {
      if (source !== opened) return;
      failures = 0;
      setStatus('live');
    };
    // Any error (the network, a server restart, a refused or expired ticket): reconnect here, with a new ticket.
    opened.onerror = () => {
      if (source === opened) retryLater();
    };
    // Closed for a newer stream of the same user: wait until this tab is used again (see `paused`).
    opened.addEventListener(RECONNECT_HINT_EVENT, () => {
      if (source !== opened) return;
      dropSource();
      clearTimeout(retryTimer);
      failures = 0;
      setStatus('paused');
    });
    for (const type of STAFF_EVENT_TYPES) opened.addEventListener(type, receive);
  }

  // Coming back online is the moment to try, not the end of a 30-second wait.
  const online = () => {
    if ((status === 'offline' || status === 'paused') && !source && !closed && !refused) {
      clearTimeout(retryTimer);
      void connect();
    }
  };
  // A paused tab looked at again: it takes its stream back (and the oldest elsewhere, hidden by now, pauses).
  const lookedAt = () => {
    if (status !== 'paused' || source || closed || refused) return;
    if (globalThis.document?.visibilityState === 'hidden') return;
    void connect();
  };
  globalThis.addEventListener?.('online', online);
  globalThis.addEventListener?.('focus', lookedAt);
  globalThis.document?.addEventListener('visibilitychange', lookedAt);

  void connect();
  return {
    close: () => {
      closed = true;
      clearTimeout(retryTimer);
      ticketCall?.abort();
      dropSource();
      globalThis.removeEventListener?.('online', online);
      globalThis.removeEventListener?.('focus', lookedAt);
      globalThis.document?.removeEventListener('visibilitychange', lookedAt);
    },
  };
}
