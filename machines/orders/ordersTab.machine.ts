import { assign, setup } from 'xstate';
import { ordersTabActors } from './ordersTab.actors';
import type { LiveEvent, LiveStatus } from './staffEvents.actor';

/**
 * The badge of the manager's fourth bottom tab, "Buyurtmalar": new orders plus waiting calls of all the
 * manager's restaurants. Whether the tab is there at all is the session's to say (selectAnyOrderingOn: the session
 * already reads /manager/restaurants/me, and screens that reload it tell the session), so this machine only runs
 * while the tab is shown and costs no request otherwise.
 *
 * Kept cheap: the two counts (`limit=1`) are read when the tab appears, then again only when the events stream says
 * something changed or (re)connects. While the stream is not live (offline, or a server without it) they are read
 * once a minute instead.
 */

/** How often the counts are read while the live stream is down. */
export const RECOUNT_MS = 60_000;

export interface OrdersTabContext {
  count: number;
  live: boolean;
}

export type OrdersTabEvent = LiveEvent;

export const ordersTabMachine = setup({
  types: { context: {} as OrdersTabContext, events: {} as OrdersTabEvent },
  actors: ordersTabActors,
  actions: {
    setCount: assign((_, { count }: { count: number }) => ({ count })),
    setLive: assign((_, { live }: { live: boolean }) => ({ live })),
  },
  guards: {
    isLive: (_, { status }: { status: LiveStatus }) => status === 'live',
    notLive: ({ context }) => !context.live,
  },
  delays: { recount: RECOUNT_MS },
}).createMachine({
  id: 'ordersTab',
  context: { count: 0, live: false },
  invoke: { id: 'staffEvents', src: 'staffEvents', input: {} },
  on: {
    // Not `reenter`: that would restart the root, and with it the stream. A running count starts over all the same.
    'live.event': { target: '.counting' },
    'live.status': [
      {
        guard: { type: 'isLive', params: ({ event }) => ({ status: event.status }) },
        target: '.counting',
        actions: { type: 'setLive', params: { live: true } },
      },
      { actions: { type: 'setLive', params: { live: false } } },
    ],
  },
  initial: 'counting',
  states: {
    counting: {
      invoke: {
        id: 'countWaiting',
        src: 'countWaiting',
        onDone: { target: 'idle', actions: { type: 'setCount', params: ({ event }) => ({ count: event.output }) } },
        // The badge keeps its number; the next event or minute reads again.
        onError: { target: 'idle' },
      },
    },
    idle: {
      after: {
        recount: [
          { guard: 'notLive', target: 'counting' },
          { target: 'idle', reenter: true },
        ],
      },
    },
  },
});
