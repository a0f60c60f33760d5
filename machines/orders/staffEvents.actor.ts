import { fromCallback } from 'xstate';
import type { StaffEvent } from '../../client/orders';
import { joinStaffEvents } from '../../client/shared-staff-events';
import type { StaffEventsStatus } from '../../client/staff-events';

export type LiveStatus = StaffEventsStatus;

/** What the live actor tells the orders machine. */
export type LiveEvent = { type: 'live.event'; event: StaffEvent } | { type: 'live.status'; status: LiveStatus };

/**
 * The orders screen's live child: one events connection (client/staff-events.ts: a ticket, EventSource, reconnects
 * with a fresh ticket that resume after the last event) for the restaurant, closed when the machine leaves `ready`
 * (another restaurant chosen, the screen or the shell unmounted). Events of another restaurant are not passed on.
 * Without a restaurant (the bottom bar's badge) a manager hears every restaurant of theirs.
 *
 * `followAll` (a manager's orders screen): listen on the stream of all the manager's restaurants, the one the badge
 * has open, and keep only the chosen restaurant's events: one connection for the tab (client/shared-staff-events.ts),
 * and choosing another restaurant reconnects nothing. An admin's screen names its restaurant (admins have no "all").
 */
export const staffEventsActor = fromCallback<{ type: string }, { restaurantId?: string; followAll?: boolean }>(
  ({ input, sendBack }) => {
    const connection = joinStaffEvents({
      ...(input.restaurantId && !input.followAll ? { restaurantId: input.restaurantId } : {}),
      onEvent: ({ type, data }) => {
        if (input.restaurantId && data.restaurant_id !== input.restaurantId) return;
        sendBack({ type: 'live.event', event: { type, data } as StaffEvent } satisfies LiveEvent);
      },
      onStatus: (status) => sendBack({ type: 'live.status', status } satisfies LiveEvent),
    });
    return () => connection.close();
  },
);
