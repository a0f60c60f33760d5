import { ApiError, apiBaseUrl } from './client';
import { type KitchenOrder, kitchenEventsTicket } from './kitchen';
import { RECONNECT_DELAYS_MS, RECONNECT_HINT_EVENT, type StaffEventsStatus } from './staff-events';

/**
 * The kitchen display's live events: orders of the device's station created or changed, as Server-Sent Events
 * (`GET /kitchen/events`). It connects, reconnects and replays as the panel's stream does (client/staff-events.ts):
 * each connection first takes a one-minute ticket (`POST /kitchen/events/ticket`, with the device token) and names it
 * in the URL with `last_event_id=` (the last event received), so the server replays what was missed, in order, and
 * nothing twice; EventSource's own reconnect (which would reuse the spent ticket) is never left to run.
 *
 * Unlike the panel's, a refusal is not the panel session's business: a 401 to the ticket call means the device was
 * removed in the panel, reported through `onRefused` (the display goes back to pairing) and never tried again. Any
 * other failure is tried again, growing to half a minute: a tablet on the kitchen's wall has no one to press retry.
 */

export type KitchenEventType = 'order.created' | 'order.updated';
/** A received event: its stream id, its kind and the order as the station sees it (`open: false`: off the display). */
export interface KitchenEventMessage {
  id: number;
  type: KitchenEventType;
  data: KitchenOrder;
}
/** The same four states as the panel's stream (staff-events.ts StaffEventsStatus). */
export type KitchenEventsStatus = StaffEventsStatus;

export const KITCHEN_EVENT_TYPES: readonly KitchenEventType[] = ['order.created', 'order.updated'];

export interface KitchenEventsOptions {
  token: string;
  /** Each event once, in the order the server recorded them. */
  onEvent: (event: KitchenEventMessage) => void;
  onStatus?: (status: KitchenEventsStatus) => void;
  /** The device token was refused (401): the device no longer exists. No more tries follow. */
  onRefused?: (error: ApiError) => void;
  /** Resume after this event id; default: from now on. */
  lastEventId?: number;
}

export interface KitchenEventsConnection {
  /** Stops for good: the stream is closed, no retry follows and no callback is called any more. */
  close(): void;
}

const isRefusal = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 401;

export function openKitchenEvents(options: KitchenEventsOptions): KitchenEventsConnection {
  let source: EventSource | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let ticketCall: AbortController | undefined;
  let failures = 0;
  let lastId = options.lastEventId;
  let closed = false;
  let refused = false;
  let status: KitchenEventsStatus | undefined;

  const setStatus = (next: KitchenEventsStatus) => {
    if (closed || next === status) return;
    status = next;
    options.onStatus?.(next);
  };

  const receive = (message: MessageEvent<string>) => {
    if (closed) return;
    const id = Number(message.lastEventId);
    // Never the same event twice, across reconnects too (the server sends each id once per connection).
    if (!Number.isSafeInteger(id) || (lastId !== undefined && id <= lastId)) return;
    let data: KitchenOrder;
    try {
      data = JSON.parse(message.data) as KitchenOrder;
    } catch {
      return;
    }
    lastId = id;
    options.onEvent({ id, type: message.type as KitchenEventType, data });
  };

  const dropSource = () => {
    source?.close();
    source = undefined;
  };

  const retryLater = () => {
    dropSource();
    setStatus('offline');
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
      ticket = await kitchenEventsTicket(options.token, ticketCall.signal);
    } catch (error) {
      if (closed) return;
      if (isRefusal(error)) {
        refused = true;
        setStatus('offline');
        options.onRefused?.(error);
        return;
      }
      retryLater();
      return;
    }
    if (closed) return;
    const query = new URLSearchParams({ ticket });
    if (lastId !== undefined) query.set('last_event_id', String(lastId));
    const opened = new EventSource(`${apiBaseUrl()}/kitchen/events?${query}`);
    source = opened;
    opened.onopen = () => {
      if (source !== opened) return;
      failures = 0;
      setStatus('live');
    };
    // The network, a server restart, a refused or spent ticket: reconnect here, with a new ticket.
    opened.onerror = () => {
      if (source === opened) retryLater();
    };
    // Closed for a newer stream of the same device (another tab): wait until this one is looked at again.
    opened.addEventListener(RECONNECT_HINT_EVENT, () => {
      if (source !== opened) return;
      dropSource();
      clearTimeout(retryTimer);
      failures = 0;
      setStatus('paused');
    });
    for (const type of KITCHEN_EVENT_TYPES) opened.addEventListener(type, receive);
  }

  // Back online is the moment to try, not the end of a 30-second wait.
  const online = () => {
    if ((status === 'offline' || status === 'paused') && !source && !closed && !refused) {
      clearTimeout(retryTimer);
      void connect();
    }
  };
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
