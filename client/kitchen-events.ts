import { ApiError, apiBaseUrl } from './client';
import { type KitchenOrder, kitchenEventsTicket } from './kitchen';
import { openTicketedEvents, type TicketedEventsStatus } from './ticketed-events';

/**
 * The kitchen display's live events: orders of the device's station created or changed, as Server-Sent Events
 * (`GET /kitchen/events`). It connects, reconnects and replays through the loop the panel's stream uses
 * (client/ticketed-events.ts): each connection first takes a one-minute ticket (`POST /kitchen/events/ticket`, with the
 * device token) and resumes after the last event received.
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
/** The same four states as the panel's stream (ticketed-events.ts TicketedEventsStatus). */
export type KitchenEventsStatus = TicketedEventsStatus;

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
  return openTicketedEvents({
    takeTicket: (signal) => kitchenEventsTicket(options.token, signal),
    streamUrl: (ticket, lastEventId) => {
      const query = new URLSearchParams({ ticket });
      if (lastEventId !== undefined) query.set('last_event_id', String(lastEventId));
      return `${apiBaseUrl()}/kitchen/events?${query}`;
    },
    eventTypes: KITCHEN_EVENT_TYPES,
    onEvent: ({ id, type, data }) =>
      options.onEvent({ id, type: type as KitchenEventType, data: data as KitchenOrder }),
    onStatus: options.onStatus,
    isFinalRefusal: isRefusal,
    onRefused: (error) => options.onRefused?.(error as ApiError),
    lastEventId: options.lastEventId,
  });
}
