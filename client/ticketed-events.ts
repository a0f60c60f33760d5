/**
 * The reconnect loop both live streams share (the panel's, client/staff-events.ts, and the kitchen display's,
 * client/kitchen-events.ts): Server-Sent Events that EventSource opens with a short-lived ticket in the URL, because it
 * cannot send the Authorization header. Tickets are good for one connection and a minute, so every (re)connection is
 * made here with a fresh ticket and the last event id received: the server replays what was missed, in order, and
 * nothing twice. EventSource's own reconnect (which would reuse the spent ticket) is never left to run.
 */

/**
 * - `connecting`: a connection is being opened (the first one, or a reconnect underway);
 * - `live`: the stream is open, events arrive as they happen;
 * - `offline`: the connection is lost (or refused); another try follows on its own unless the refusal is final.
 *   What happens meanwhile is delivered after the reconnect.
 * - `paused`: the server closed this stream because the same user (or device) opened more elsewhere (its `reconnect`
 *   hint); it reconnects when this tab is looked at again (shown, focused, back online), not at once: two tabs
 *   reconnecting at once would close each other's stream for ever. What happens meanwhile is delivered then.
 *   A `reconnect` hint that says `when: "now"` (the server process is stopping) reconnects at once instead.
 */
export type TicketedEventsStatus = 'connecting' | 'live' | 'offline' | 'paused';

/**
 * The server's `event: reconnect` before it closes a stream: over the user's limit (`when: "visible"`), or because its
 * process is stopping (`when: "now"`; server/events/stream.ts).
 */
export const RECONNECT_HINT_EVENT = 'reconnect';

/** Whether a reconnect hint asks for a reconnect at once. */
function reconnectNow(event: Event): boolean {
  try {
    return (JSON.parse((event as MessageEvent).data) as { when?: unknown }).when === 'now';
  } catch {
    return false;
  }
}

/** Waits between tries after a failure: short first (a blip), growing to half a minute (the server is away). */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000] as const;

/** An event as received: its stream id, its name and its parsed data (each stream gives the data its type). */
export interface TicketedEvent {
  id: number;
  type: string;
  data: unknown;
}

export interface TicketedEventsOptions {
  /** A ticket for one connection; throws the client's ApiError when refused. */
  takeTicket: (signal: AbortSignal) => Promise<string>;
  /** The stream's URL with this ticket, resuming after `lastEventId` when there is one. */
  streamUrl: (ticket: string, lastEventId: number | undefined) => string;
  /** The event names listened to. */
  eventTypes: readonly string[];
  /** Each event once, in the order the server recorded them. */
  onEvent: (event: TicketedEvent) => void;
  onStatus?: ((status: TicketedEventsStatus) => void) | undefined;
  /** Whether a failed ticket call ends the tries for good (the session or device is gone); `onRefused` is told. */
  isFinalRefusal: (error: unknown) => boolean;
  onRefused?: ((error: unknown) => void) | undefined;
  /** Resume after this event id (an id a previous connection received); default: from now on. */
  lastEventId?: number | undefined;
}

export interface TicketedEventsConnection {
  /** Stops for good: the stream is closed, no retry follows and no callback is called any more. */
  close(): void;
}

export function openTicketedEvents(options: TicketedEventsOptions): TicketedEventsConnection {
  let source: EventSource | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let ticketCall: AbortController | undefined;
  let failures = 0;
  let lastId = options.lastEventId;
  let closed = false;
  /** The server refused for good: no more tries. */
  let refused = false;
  let status: TicketedEventsStatus | undefined;

  const setStatus = (next: TicketedEventsStatus) => {
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
    options.onEvent({ id, type: message.type, data });
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
      ticket = await options.takeTicket(ticketCall.signal);
    } catch (error) {
      if (closed) return;
      if (options.isFinalRefusal(error)) {
        refused = true;
        dropSource();
        setStatus('offline');
        options.onRefused?.(error);
        return;
      }
      retryLater();
      return;
    }
    if (closed) return;
    const opened = new EventSource(options.streamUrl(ticket, lastId));
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
    // Closed for a newer stream of the same user: wait until this tab is used again (see `paused`). Closed because
    // the server process is stopping: connect again at once (another process answers).
    opened.addEventListener(RECONNECT_HINT_EVENT, (event) => {
      if (source !== opened) return;
      dropSource();
      clearTimeout(retryTimer);
      failures = 0;
      if (reconnectNow(event)) void connect();
      else setStatus('paused');
    });
    for (const type of options.eventTypes) opened.addEventListener(type, receive);
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
