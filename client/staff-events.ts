import type { StaffEvent } from '../server/schemas/table-orders';
import { ApiError, apiBaseUrl, request } from './client';
import { openTicketedEvents, type TicketedEventsStatus } from './ticketed-events';

/**
 * The staff's live events: new and changed orders and waiter calls of a restaurant, as a Server-Sent Events
 * stream (`GET /manager/events`), opened with a ticket (`POST /manager/events/ticket`, with the normal token) and
 * reconnected with a fresh one after the last event received (client/ticketed-events.ts).
 */

/** A received event: the server's StaffEvent (`type` and the StaffOrder / StaffCall as `data`) and its stream id. */
export type StaffEventMessage = StaffEvent & { id: number };

/** The stream's state (client/ticketed-events.ts TicketedEventsStatus). */
export type StaffEventsStatus = TicketedEventsStatus;

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
  return openTicketedEvents({
    takeTicket: async (signal) => (await staffEventsTicket(options.restaurantId, signal)).ticket,
    streamUrl: (ticket, lastEventId) => {
      const query = new URLSearchParams();
      if (options.restaurantId) query.set('restaurant_id', options.restaurantId);
      query.set('ticket', ticket);
      if (lastEventId !== undefined) query.set('last_event_id', String(lastEventId));
      return `${apiBaseUrl()}/manager/events?${query}`;
    },
    eventTypes: STAFF_EVENT_TYPES,
    onEvent: ({ id, type, data }) => options.onEvent({ id, type, data } as StaffEventMessage),
    onStatus: options.onStatus,
    // The session ended or the restaurant is not the caller's: no more tries.
    isFinalRefusal: (error) => !worthRetrying(error),
    lastEventId: options.lastEventId,
  });
}
