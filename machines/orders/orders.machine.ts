import { assign, type DoneActorEvent, type ErrorActorEvent, raise, setup } from 'xstate';
import type { OrderChange, StaffCall, StaffEvent, StaffOrder } from '../../client/orders';
import { uzOrdering } from '../../lib/uz-ordering';
import { serverMessage, statusOf } from '../shared/errors';
import type { Notice } from '../shared/notify';
import { knows, mergeAll, upsert } from './merge';
import {
  type ChangeOutput,
  type Lists,
  type LoadOutput,
  type OrderingRestaurant,
  ordersActors,
  type StatusChange,
} from './orders.actors';
import { callWaiting, canChange, type OrdersFilter } from './orders.rules';
import type { LiveStatus } from './staffEvents.actor';

/**
 * The staff's orders screen for one restaurant: the orders (the screen shows the waiting ones first) and the waiting calls, kept
 * live by a child actor on the events stream (GET /manager/events). Every event is merged by id and updatedAt, so an
 * event replayed after a reconnect, or a list reloaded after it, changes nothing. Each time the stream (re)connects
 * the lists are read again (what happened while it was down, or before it first opened, is then on screen too).
 *
 * Two regions while ready: `work` (one status change at a time; cancelling asks first) and `sync` (the re-reads).
 * A 409 (a colleague changed the order first) shows the server's message and re-reads the lists, which show the
 * order's current status. A new order or call from the stream asks React for the sound and vibration (`alert`)
 * unless muted; the mute choice is kept by `storeMuted`, which React provides (localStorage).
 */

export interface OrdersInput {
  /** An admin's restaurant, or a manager's preferred one (the working restaurant); null: the first with ordering on. */
  restaurantId: string | null;
  scope: 'admin' | 'manager';
  /** The stored mute choice. */
  muted: boolean;
}

export interface OrdersContext {
  scope: 'admin' | 'manager';
  restaurantId: string | null;
  restaurants: OrderingRestaurant[];
  orders: readonly StaffOrder[];
  calls: readonly StaffCall[];
  filter: OrdersFilter;
  connection: LiveStatus;
  muted: boolean;
  /** The change in flight, or the cancel being asked about. */
  pending: StatusChange | null;
}

export type OrdersEvent =
  | { type: 'orders.retry' }
  | { type: 'orders.restaurant'; restaurantId: string }
  | { type: 'orders.filter'; filter: OrdersFilter }
  | { type: 'orders.mute' }
  | { type: 'orders.refresh' }
  | { type: 'order.accept'; id: string }
  | { type: 'order.serve'; id: string }
  | { type: 'order.cancel'; id: string }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' }
  | { type: 'call.done'; id: string }
  | { type: 'live.event'; event: StaffEvent }
  | { type: 'live.status'; status: LiveStatus };

type IdParams = { id: string };
/** A live event's kind, read from its name (the stream's `event:`; `live` is the stream's event, not the machine's). */
const isOrderEvent = (live: StaffEvent) => live.type.startsWith('order.');
const isCreated = (live: StaffEvent) => live.type.endsWith('.created');
const liveData = ({ event }: { event: { event: StaffEvent } }) => event.event;
type OrderParams = { id: string; status: OrderChange };

export const ordersMachine = setup({
  types: {
    context: {} as OrdersContext,
    events: {} as OrdersEvent,
    input: {} as OrdersInput,
  },
  actors: ordersActors,
  actions: {
    /** React shows it as a toast. */
    notify: (_, _params: Notice) => {},
    /** React plays the sound and vibrates (src/app/alertSound.ts). */
    alert: () => {},
    /** React stores the choice (client/orders.ts storeOrdersMuted). */
    storeMuted: (_, _params: { muted: boolean }) => {},
    takeLoad: assign((_, output: LoadOutput) => ({
      restaurantId: output.restaurantId,
      restaurants: output.restaurants,
      orders: output.orders,
      calls: output.calls,
      connection: 'connecting' as const,
    })),
    mergeLists: assign(({ context }, lists: Lists) => ({
      orders: mergeAll(context.orders, lists.orders),
      calls: mergeAll(context.calls, lists.calls),
    })),
    mergeEvent: assign(
      ({ context }, live: StaffEvent): Partial<OrdersContext> =>
        isOrderEvent(live)
          ? { orders: upsert(context.orders, live.data as StaffOrder) }
          : { calls: upsert(context.calls, live.data as StaffCall) },
    ),
    takeChange: assign(
      ({ context }, output: ChangeOutput): Partial<OrdersContext> =>
        output.kind === 'order'
          ? { orders: upsert(context.orders, output.order) }
          : { calls: upsert(context.calls, output.call) },
    ),
    setConnection: assign((_, { status }: { status: LiveStatus }) => ({ connection: status })),
    setFilter: assign((_, { filter }: { filter: OrdersFilter }) => ({ filter })),
    setRestaurant: assign((_, { id }: IdParams) => ({ restaurantId: id })),
    toggleMuted: assign(({ context }) => ({ muted: !context.muted })),
    askCancel: assign((_, { id }: IdParams) => ({
      pending: { kind: 'order' as const, id, status: 'cancelled' as const },
    })),
    prepareOrder: assign((_, { id, status }: OrderParams) => ({ pending: { kind: 'order' as const, id, status } })),
    prepareCall: assign((_, { id }: IdParams) => ({ pending: { kind: 'call' as const, id } })),
    clearPending: assign({ pending: null }),
  },
  guards: {
    hasRestaurant: (_, output: LoadOutput) => output.restaurantId !== null,
    otherRestaurant: ({ context }, { id }: IdParams) =>
      id !== context.restaurantId && context.restaurants.some((r) => r._id === id),
    canChange: ({ context }, { id, status }: OrderParams) => canChange(context.orders, id, status),
    callWaiting: ({ context }, { id }: IdParams) => callWaiting(context.calls, id),
    /** A created order or call the screen did not have: the staff must hear of it (unless muted). */
    arrivesNew: ({ context }, live: StaffEvent) => {
      if (context.muted || !isCreated(live)) return false;
      return !knows(isOrderEvent(live) ? context.orders : context.calls, live.data._id);
    },
    isLive: (_, { status }: { status: LiveStatus }) => status === 'live',
    isConflict: (_, error: unknown) => statusOf(error) === 409,
    isCallDone: (_, output: ChangeOutput) => output.kind === 'call',
  },
}).createMachine({
  id: 'orders',
  context: ({ input }) => ({
    scope: input.scope,
    restaurantId: input.restaurantId,
    restaurants: [],
    orders: [],
    calls: [],
    filter: 'open',
    connection: 'connecting',
    muted: input.muted,
    pending: null,
  }),
  on: {
    'orders.mute': {
      actions: ['toggleMuted', { type: 'storeMuted', params: ({ context }) => ({ muted: context.muted }) }],
    },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadOrders',
        src: 'loadOrders',
        input: ({ context }) => ({ restaurantId: context.restaurantId, scope: context.scope }),
        onDone: [
          {
            guard: { type: 'hasRestaurant', params: ({ event }) => event.output },
            target: 'ready',
            actions: { type: 'takeLoad', params: ({ event }) => event.output },
          },
          { target: 'off', actions: { type: 'takeLoad', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { 'orders.retry': { target: 'loading' } },
    },
    /** None of the manager's restaurants takes orders from the table. */
    off: {},
    ready: {
      type: 'parallel',
      invoke: {
        id: 'staffEvents',
        src: 'staffEvents',
        // A manager's screen shares the tab's one stream of all their restaurants (the badge's); an admin names one.
        input: ({ context }) => ({ restaurantId: context.restaurantId!, followAll: context.scope === 'manager' }),
      },
      on: {
        'live.event': [
          {
            guard: { type: 'arrivesNew', params: liveData },
            actions: [{ type: 'mergeEvent', params: liveData }, 'alert'],
          },
          { actions: { type: 'mergeEvent', params: liveData } },
        ],
        'live.status': [
          {
            guard: { type: 'isLive', params: ({ event }) => ({ status: event.status }) },
            actions: [
              { type: 'setConnection', params: ({ event }) => ({ status: event.status }) },
              raise({ type: 'orders.refresh' }),
            ],
          },
          { actions: { type: 'setConnection', params: ({ event }) => ({ status: event.status }) } },
        ],
        'orders.filter': { actions: { type: 'setFilter', params: ({ event }) => ({ filter: event.filter }) } },
        'orders.restaurant': {
          guard: { type: 'otherRestaurant', params: ({ event }) => ({ id: event.restaurantId }) },
          target: 'loading',
          actions: { type: 'setRestaurant', params: ({ event }) => ({ id: event.restaurantId }) },
        },
      },
      states: {
        work: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'order.accept': {
                  guard: { type: 'canChange', params: ({ event }) => ({ id: event.id, status: 'accepted' as const }) },
                  target: 'updating',
                  actions: {
                    type: 'prepareOrder',
                    params: ({ event }) => ({ id: event.id, status: 'accepted' as const }),
                  },
                },
                'order.serve': {
                  guard: { type: 'canChange', params: ({ event }) => ({ id: event.id, status: 'served' as const }) },
                  target: 'updating',
                  actions: {
                    type: 'prepareOrder',
                    params: ({ event }) => ({ id: event.id, status: 'served' as const }),
                  },
                },
                'order.cancel': {
                  guard: { type: 'canChange', params: ({ event }) => ({ id: event.id, status: 'cancelled' as const }) },
                  target: 'confirmingCancel',
                  actions: { type: 'askCancel', params: ({ event }) => ({ id: event.id }) },
                },
                'call.done': {
                  guard: { type: 'callWaiting', params: ({ event }) => ({ id: event.id }) },
                  target: 'updating',
                  actions: { type: 'prepareCall', params: ({ event }) => ({ id: event.id }) },
                },
              },
            },
            confirmingCancel: {
              tags: ['confirmingCancel'],
              on: {
                'confirm.yes': { target: 'updating' },
                'confirm.no': { target: 'idle', actions: 'clearPending' },
              },
            },
            updating: {
              tags: ['updating'],
              invoke: {
                id: 'changeStatus',
                src: 'changeStatus',
                input: ({ context }) => context.pending!,
                onDone: [
                  {
                    // A call leaves the list when done: the toast says it was the one meant.
                    guard: { type: 'isCallDone', params: ({ event }) => event.output },
                    target: 'idle',
                    actions: [
                      { type: 'takeChange', params: ({ event }) => event.output },
                      'clearPending',
                      { type: 'notify', params: ({ event }) => callDone(event.output) },
                    ],
                  },
                  {
                    target: 'idle',
                    actions: [{ type: 'takeChange', params: ({ event }) => event.output }, 'clearPending'],
                  },
                ],
                onError: [
                  {
                    guard: { type: 'isConflict', params: ({ event }: { event: ErrorActorEvent }) => event.error },
                    target: 'idle',
                    actions: [
                      { type: 'notify', params: ({ event }) => failure(event.error) },
                      'clearPending',
                      raise({ type: 'orders.refresh' }),
                    ],
                  },
                  {
                    target: 'idle',
                    actions: [{ type: 'notify', params: ({ event }) => failure(event.error) }, 'clearPending'],
                  },
                ],
              },
            },
          },
        },
        sync: {
          initial: 'quiet',
          states: {
            quiet: { on: { 'orders.refresh': { target: 'refreshing' } } },
            refreshing: {
              tags: ['refreshing'],
              invoke: {
                id: 'refreshOrders',
                src: 'refreshOrders',
                input: ({ context }) => ({ restaurantId: context.restaurantId! }),
                onDone: {
                  target: 'quiet',
                  actions: {
                    type: 'mergeLists',
                    params: ({ event }: { event: DoneActorEvent<Lists> }) => event.output,
                  },
                },
                // The lists on screen stay; the stream keeps them going and the next reconnect reads again.
                onError: { target: 'quiet' },
              },
            },
          },
        },
      },
    },
  },
});

/** The toast after a call is marked done. */
function callDone(output: ChangeOutput): Notice {
  const table = output.kind === 'call' ? output.call.table.name : '';
  return { kind: 'success', text: uzOrdering.callDoneToast(uzOrdering.tableTitle(table)) };
}

/** The server's Uzbek message (a 409 says what the colleague did), or ours when it sent none. */
function failure(error: unknown): Notice {
  return { kind: 'error', text: serverMessage(error) ?? uzOrdering.ordersChangeFailed };
}
