import { Type } from 'typebox';
import { Text } from '../schemas/common';
import { TICKET_TTL_SECONDS } from './tickets';

/** What `POST /manager/events/ticket` and `GET /manager/events` (the staff's live events) accept and answer. */

/** Like schemas/common's Id, with a description of its own. */
const Uuid = (description: string) => Type.String({ format: 'uuid', description });

export const TicketBody = Type.Object(
  {
    restaurant_id: Type.Optional(
      Uuid('The restaurant to follow; a manager may leave it out to follow all theirs, an admin may not'),
    ),
  },
  { additionalProperties: false },
);

export const TicketAnswer = Type.Object({
  data: Type.Object({
    ticket: Type.String({
      description: 'Put it in the `ticket` parameter of GET /manager/events; good for one minute and one connection',
    }),
    expires_in: Type.Integer({ description: `Seconds the ticket is valid (${TICKET_TTL_SECONDS})` }),
  }),
});

/** An event id as text (query strings are not coerced): 0 or a whole number of up to 15 digits. */
const EventId = (description: string) => Text({ pattern: '^(0|[1-9][0-9]{0,14})$', description });

export const EventsQuery = Type.Object({
  restaurant_id: Type.Optional(Uuid('The restaurant the ticket names (left out when it names none)')),
  ticket: Type.Optional(
    Text({ maxLength: 2000, description: 'From POST /manager/events/ticket (required: without it the answer is 401)' }),
  ),
  last_event_id: Type.Optional(
    EventId('Resume after this event id (the last one received): what was missed is sent first, in order'),
  ),
});

export const EventsHeaders = Type.Object({
  'last-event-id': Type.Optional(EventId('Like `last_event_id` (which wins when both are sent)')),
});

export const EVENT_STREAM_DESCRIPTION =
  'Server-Sent Events: each event has `id:` (increasing), `event:` (order.created, order.updated, call.created or ' +
  'call.updated) and `data:` (the order or call as GET /manager/orders and /manager/calls answer it); a `:` comment ' +
  'line every 25 seconds keeps the connection open.';
