import { and, assign, type DoneActorEvent, type ErrorActorEvent, raise, setup, stateIn } from 'xstate';
import type { KitchenDevice, KitchenOrder } from '../../client/kitchen';
import { UNDO_WINDOW_MS } from '../../lib/kitchen-lines';
import { statusOf } from '../shared/errors';
import {
  type KitchenLiveEvent,
  kitchenDisplayActors,
  type LiveMessage,
  type LiveStatus,
} from './kitchenDisplay.actors';
import {
  arrivesNew,
  failureText,
  findLine,
  findOrder,
  type Heard,
  type KitchenFilter,
  lineMayMove,
  type MoveOutput,
  mergeOrder,
  mergeReread,
  nextStatus,
  notReadyLines,
  oldestFirst,
  orderBusy,
  orderMayReadyAll,
  type QueuedMove,
  rereadBringsNew,
  type UndoEntry,
  undoAfter,
  undoMoves,
  undoStillValid,
} from './kitchenDisplay.rules';

/**
 * The kitchen display of a paired device: the open orders of its station as cards, kept live by a child on the
 * kitchen's event stream, and the cook's taps that move lines on.
 *
 * While ready, four regions run side by side:
 * - `moves`: every tap (a line one step on, "Hammasi tayyor", "Qaytarish") joins one queue, sent one call at a time in
 *   the order tapped; a line waits for its own answer before it takes another tap, while other lines take theirs at
 *   once. A queue rather than one actor per move: the server sees the moves in the order the cook made them, and an
 *   undo can never overtake the move it takes back. A refused move leaves the server's Uzbek message on its card and
 *   the orders are read again, so the card shows where its lines really are; nothing tapped after it is lost.
 * - `sync`: the re-reads, at each (re)connection of the stream and after a refused move. Cards are merged by `_id`,
 *   the newer `updatedAt` winning, so replayed events and re-reads never duplicate a card (kitchenDisplay.rules.ts).
 * - `undo`: "Qaytarish" takes back the last move made on this device while the lib's UNDO_WINDOW_MS lasts, counted
 *   from when that move was sent (so the server, which counts from its own record of the move, never refuses it for
 *   time); then it is gone.
 * - `sound`: browsers play sound only after a tap on the page; until that tap the screen asks for one, then a new card
 *   sounds (`alert`, which React provides with src/app/alertSound.ts).
 * A 401 from any call or the stream means the device was removed in the panel: the machine ends in `unpaired` with the
 * server's message as its output (the pairing machine forgets the token and shows the message).
 */

export interface KitchenDisplayInput {
  token: string;
}
/** Why the display ended: the server's message (the device was removed), null when it sent none. */
export interface KitchenDisplayOutput {
  message: string | null;
}

export interface KitchenDisplayContext {
  token: string;
  device: KitchenDevice | null;
  /** The open orders, oldest first. */
  orders: readonly KitchenOrder[];
  connection: LiveStatus;
  /** Which column a narrow screen shows. */
  filter: KitchenFilter;
  /** Taps not yet answered, the first on its way. */
  queue: readonly QueuedMove[];
  /** A card's refused move: order id → the message (null: no message came with it). */
  failures: Readonly<Record<string, string | null>>;
  undo: UndoEntry | null;
  /** Orders heard of since the running re-read began (kitchenDisplay.rules.ts mergeReread). */
  heard: Heard;
  unpairMessage: string | null;
}

export type KitchenDisplayEvent =
  | { type: 'kitchen.retry' }
  | { type: 'kitchen.refresh' }
  | { type: 'kitchen.filter'; filter: KitchenFilter }
  | { type: 'kitchen.move'; orderId: string; index: number }
  | { type: 'kitchen.readyAll'; orderId: string }
  | { type: 'kitchen.undo' }
  | { type: 'kitchen.dismiss'; orderId: string }
  | { type: 'kitchen.sound' }
  /** Raised by the machine itself when a move's answer offers an undo (starts the undo window). */
  | { type: 'kitchen.undoOffered' }
  | LiveMessage;

/** A load that failed for another reason than the device being removed is tried again after this long. */
export const LOAD_RETRY_MS = 10_000;

type Loaded = { data: KitchenOrder[]; device: KitchenDevice };
type LineParams = { orderId: string; index: number };
type OrderParams = { orderId: string };

const lineOf = ({ event }: { event: { orderId: string; index: number } }) => ({
  orderId: event.orderId,
  index: event.index,
});
const orderOf = ({ event }: { event: { orderId: string } }) => ({ orderId: event.orderId });
const doneOutput = <T>({ event }: { event: DoneActorEvent<T> }) => event.output;
const errorOf = ({ event }: { event: ErrorActorEvent }) => event.error;
const liveOrder = ({ event }: { event: { event: KitchenLiveEvent } }) => event.event.data;

export const kitchenDisplayMachine = setup({
  types: {
    context: {} as KitchenDisplayContext,
    events: {} as KitchenDisplayEvent,
    input: {} as KitchenDisplayInput,
    output: {} as KitchenDisplayOutput,
  },
  actors: kitchenDisplayActors,
  delays: {
    loadRetry: LOAD_RETRY_MS,
    /** What is left of the undo window of the move on offer. */
    undoWindow: ({ context }) => (context.undo ? Math.max(0, context.undo.sentAt + UNDO_WINDOW_MS - Date.now()) : 0),
  },
  actions: {
    /** React sounds the new order (src/app/alertSound.ts). */
    alert: () => {},
    /** React plays the alert inside the tap, which is what lets the browser sound later ones. */
    allowSound: () => {},
    takeLoad: assign((_, loaded: Loaded) => ({
      orders: [...loaded.data].sort(oldestFirst),
      device: loaded.device,
      connection: 'connecting' as const,
    })),
    takeReread: assign(({ context }, loaded: Loaded) => ({
      orders: mergeReread(context.orders, loaded.data, context.heard),
      device: loaded.device,
    })),
    forgetHeard: assign({ heard: {} }),
    mergeOrder: assign(({ context }, order: KitchenOrder) => ({
      orders: mergeOrder(context.orders, order),
      heard: { ...context.heard, [order._id]: order.updatedAt },
    })),
    setConnection: assign((_, { status }: { status: LiveStatus }) => ({ connection: status })),
    setFilter: assign((_, { filter }: { filter: KitchenFilter }) => ({ filter })),
    enqueueLine: assign(({ context }, { orderId, index }: LineParams) => {
      const line = findLine(findOrder(context.orders, orderId), index)!;
      const move: QueuedMove = {
        kind: 'line',
        orderId,
        index,
        from: line.status,
        to: nextStatus(line.status)!,
        undo: false,
      };
      return { queue: [...context.queue, move] };
    }),
    enqueueAll: assign(({ context }, { orderId }: OrderParams) => {
      const lines = notReadyLines(findOrder(context.orders, orderId)!);
      const move: QueuedMove = {
        kind: 'all',
        orderId,
        from: lines.map(({ index, status }) => ({ index, from: status })),
      };
      return { queue: [...context.queue, move] };
    }),
    enqueueUndo: assign(({ context }) => ({ queue: [...context.queue, ...undoMoves(context.undo!)], undo: null })),
    dequeue: assign(({ context }) => ({ queue: context.queue.slice(1) })),
    /** The answered order replaces its card (or takes it off); the card's old error goes with a move that worked. */
    takeMove: assign(({ context }, output: MoveOutput) => {
      const { [output.order._id]: _solved, ...failures } = context.failures;
      return {
        orders: mergeOrder(context.orders, output.order),
        heard: { ...context.heard, [output.order._id]: output.order.updatedAt },
        failures,
      };
    }),
    offerUndo: assign(({ context }, output: MoveOutput) => ({ undo: undoAfter(context.queue[0]!, output) })),
    clearUndo: assign({ undo: null }),
    recordFailure: assign(({ context }, error: unknown) => ({
      failures: { ...context.failures, [context.queue[0]!.orderId]: failureText(error) },
    })),
    dismissFailure: assign(({ context }, { orderId }: OrderParams) => {
      const { [orderId]: _dismissed, ...failures } = context.failures;
      return { failures };
    }),
    setUnpairMessage: assign((_, { message }: { message: string | null }) => ({ unpairMessage: message })),
  },
  guards: {
    isUnauthorized: (_, error: unknown) => statusOf(error) === 401,
    isLive: (_, { status }: { status: LiveStatus }) => status === 'live',
    /** Tries to reconnect after a loss still show the loss ("Aloqa yo'q"), not "connecting". */
    stillOffline: ({ context }, { status }: { status: LiveStatus }) =>
      status === 'connecting' && context.connection === 'offline',
    soundOn: stateIn({ ready: { sound: 'on' } }),
    /**
     * A live event's order is not on the display yet. Only 'kitchen.live.event' names it (inside `and`, which takes no
     * params, the event is read as that one).
     */
    liveOrderIsNew: ({ context, event }) =>
      arrivesNew(context.orders, liveOrder({ event: event as unknown as { event: KitchenLiveEvent } })),
    /** A re-read's answer brings an order the display has not shown (the event is refreshOrders' done event). */
    rereadIsNew: ({ context, event }) =>
      rereadBringsNew(context.orders, (event as unknown as DoneActorEvent<Loaded>).output.data, context.heard),
    canMove: ({ context }, { orderId, index }: LineParams) => {
      const order = findOrder(context.orders, orderId);
      return lineMayMove(context.queue, order, findLine(order, index));
    },
    canReadyAll: ({ context }, { orderId }: OrderParams) =>
      orderMayReadyAll(context.queue, findOrder(context.orders, orderId)),
    canUndo: ({ context }) =>
      undoStillValid(context.orders, context.undo) && !orderBusy(context.queue, context.undo!.orderId),
    offersUndo: ({ context }, output: MoveOutput) => undoAfter(context.queue[0]!, output) !== null,
    hasQueued: ({ context }) => context.queue.length > 0,
    hasFailure: ({ context }, { orderId }: OrderParams) => orderId in context.failures,
  },
}).createMachine({
  id: 'kitchenDisplay',
  context: ({ input }) => ({
    token: input.token,
    device: null,
    orders: [],
    connection: 'connecting',
    filter: 'cooking',
    queue: [],
    failures: {},
    undo: null,
    heard: {},
    unpairMessage: null,
  }),
  initial: 'loading',
  output: ({ context }) => ({ message: context.unpairMessage }),
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadOrders',
        src: 'loadOrders',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'ready', actions: { type: 'takeLoad', params: doneOutput<Loaded> } },
        onError: [
          {
            guard: { type: 'isUnauthorized', params: errorOf },
            target: 'unpaired',
            actions: { type: 'setUnpairMessage', params: ({ event }) => ({ message: failureText(event.error) }) },
          },
          { target: 'loadFailed' },
        ],
      },
    },
    loadFailed: {
      on: { 'kitchen.retry': { target: 'loading' } },
      after: { loadRetry: { target: 'loading' } },
    },
    ready: {
      type: 'parallel',
      invoke: {
        id: 'kitchenEvents',
        src: 'kitchenEvents',
        input: ({ context }) => ({ token: context.token }),
        // A callback actor never finishes, so there is no onDone; one that throws leaves the cards as they are.
        onError: { actions: { type: 'setConnection', params: { status: 'offline' } } },
      },
      on: {
        'kitchen.live.event': [
          {
            guard: and(['soundOn', 'liveOrderIsNew']),
            actions: [{ type: 'mergeOrder', params: liveOrder }, 'alert'],
          },
          { actions: { type: 'mergeOrder', params: liveOrder } },
        ],
        'kitchen.live.status': [
          {
            guard: { type: 'isLive', params: ({ event }) => ({ status: event.status }) },
            actions: [
              { type: 'setConnection', params: ({ event }) => ({ status: event.status }) },
              raise({ type: 'kitchen.refresh' }),
            ],
          },
          { guard: { type: 'stillOffline', params: ({ event }) => ({ status: event.status }) } },
          { actions: { type: 'setConnection', params: ({ event }) => ({ status: event.status }) } },
        ],
        'kitchen.live.refused': {
          target: 'unpaired',
          actions: { type: 'setUnpairMessage', params: ({ event }) => ({ message: event.message }) },
        },
        'kitchen.filter': { actions: { type: 'setFilter', params: ({ event }) => ({ filter: event.filter }) } },
        'kitchen.dismiss': {
          guard: { type: 'hasFailure', params: orderOf },
          actions: { type: 'dismissFailure', params: orderOf },
        },
      },
      states: {
        moves: {
          initial: 'idle',
          on: {
            // Taps while a move is on its way wait in the queue.
            'kitchen.move': {
              guard: { type: 'canMove', params: lineOf },
              actions: { type: 'enqueueLine', params: lineOf },
            },
            'kitchen.readyAll': {
              guard: { type: 'canReadyAll', params: orderOf },
              actions: { type: 'enqueueAll', params: orderOf },
            },
            'kitchen.undo': { guard: 'canUndo', actions: 'enqueueUndo' },
          },
          states: {
            idle: {
              on: {
                'kitchen.move': {
                  guard: { type: 'canMove', params: lineOf },
                  target: 'sending',
                  actions: { type: 'enqueueLine', params: lineOf },
                },
                'kitchen.readyAll': {
                  guard: { type: 'canReadyAll', params: orderOf },
                  target: 'sending',
                  actions: { type: 'enqueueAll', params: orderOf },
                },
                'kitchen.undo': { guard: 'canUndo', target: 'sending', actions: 'enqueueUndo' },
              },
            },
            sending: {
              tags: ['sending'],
              invoke: {
                id: 'sendMove',
                src: 'sendMove',
                input: ({ context }) => ({ token: context.token, move: context.queue[0]! }),
                onDone: [
                  {
                    guard: { type: 'offersUndo', params: doneOutput<MoveOutput> },
                    target: 'next',
                    actions: [
                      { type: 'takeMove', params: doneOutput<MoveOutput> },
                      { type: 'offerUndo', params: doneOutput<MoveOutput> },
                      'dequeue',
                      raise({ type: 'kitchen.undoOffered' }),
                    ],
                  },
                  {
                    target: 'next',
                    actions: [{ type: 'takeMove', params: doneOutput<MoveOutput> }, 'dequeue'],
                  },
                ],
                onError: [
                  {
                    guard: { type: 'isUnauthorized', params: errorOf },
                    target: '#kitchenDisplay.unpaired',
                    actions: {
                      type: 'setUnpairMessage',
                      params: ({ event }) => ({ message: failureText(event.error) }),
                    },
                  },
                  {
                    // The card says why; the re-read shows where its lines really are.
                    target: 'next',
                    actions: [
                      { type: 'recordFailure', params: errorOf },
                      'dequeue',
                      raise({ type: 'kitchen.refresh' }),
                    ],
                  },
                ],
              },
            },
            /** The answered move has left the queue: the next one goes, or nothing is left to send. */
            next: {
              always: [{ guard: 'hasQueued', target: 'sending' }, { target: 'idle' }],
            },
          },
        },
        sync: {
          initial: 'quiet',
          states: {
            quiet: { on: { 'kitchen.refresh': { target: 'refreshing' } } },
            refreshing: {
              tags: ['refreshing'],
              entry: 'forgetHeard',
              // Asked again while reading (a refused move): the running answer may predate it, so read anew.
              on: { 'kitchen.refresh': { target: 'refreshing', reenter: true } },
              invoke: {
                id: 'refreshOrders',
                src: 'refreshOrders',
                input: ({ context }) => ({ token: context.token }),
                onDone: [
                  {
                    guard: and(['soundOn', 'rereadIsNew']),
                    target: 'quiet',
                    actions: [{ type: 'takeReread', params: doneOutput<Loaded> }, 'alert'],
                  },
                  { target: 'quiet', actions: { type: 'takeReread', params: doneOutput<Loaded> } },
                ],
                onError: [
                  {
                    guard: { type: 'isUnauthorized', params: errorOf },
                    target: '#kitchenDisplay.unpaired',
                    actions: {
                      type: 'setUnpairMessage',
                      params: ({ event }) => ({ message: failureText(event.error) }),
                    },
                  },
                  // The cards stay; the stream keeps them going and the next reconnection reads again.
                  { target: 'quiet' },
                ],
              },
            },
          },
        },
        undo: {
          initial: 'none',
          // On the leaf states, not the region: a transition from the region itself would leave and enter all of
          // `ready` (a parallel state is no transition domain), restarting every region and the stream.
          states: {
            none: { on: { 'kitchen.undoOffered': { target: 'offered' } } },
            offered: {
              tags: ['undoOffered'],
              on: {
                // A newer move's undo replaces the one on offer, with a whole window of its own.
                'kitchen.undoOffered': { target: 'offered', reenter: true },
                'kitchen.undo': { guard: 'canUndo', target: 'none' },
              },
              after: { undoWindow: { target: 'none', actions: 'clearUndo' } },
            },
          },
        },
        sound: {
          initial: 'locked',
          states: {
            locked: { on: { 'kitchen.sound': { target: 'on', actions: 'allowSound' } } },
            on: {},
          },
        },
      },
    },
    /** The device was removed in the panel (401): the pairing machine takes over. */
    unpaired: { type: 'final' },
  },
});
