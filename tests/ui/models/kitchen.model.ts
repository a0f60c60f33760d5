import type { EventObject } from 'xstate';
import { ApiError } from '../../../client/client';
import type { KitchenDevice, KitchenLine, KitchenOrder } from '../../../client/kitchen';
import type { KitchenLiveEvent } from '../../../machines/kitchen/kitchenDisplay.actors';
import { type KitchenDisplayEvent, kitchenDisplayMachine } from '../../../machines/kitchen/kitchenDisplay.machine';
import type { MoveOutput } from '../../../machines/kitchen/kitchenDisplay.rules';
import { type KitchenPairingEvent, kitchenPairingMachine } from '../../../machines/kitchen/kitchenPairing.machine';
import { kitchenMessages } from '../../../server/messages/kitchen';
import { type ActorEventType, byTransition, type ModelEvent, type PathModel } from '../../support/paths';

/**
 * The kitchen display and its pairing as test plans: their machines, sample answers and live events. A device of the
 * "Oshxona" station of Samarqand Darvozasi shows two orders: №1 (table 5: two Osh with an option, not started, and a
 * Lag'mon cooking; the diner's comment) and №2 (table 3: a Somsa ready for the waiter).
 */

const at = (minute: number) => `2026-11-26T12:${String(minute).padStart(2, '0')}:00.000Z`;

export function sampleLine(index: number, values: Partial<KitchenLine> = {}): KitchenLine {
  return {
    index,
    product_id: `p${index}`,
    name: 'Osh',
    quantity: 1,
    rows: [],
    station_id: 's1',
    status: 'new',
    moves: [],
    ...values,
  };
}

export function sampleOrder(id: string, values: Partial<KitchenOrder> = {}): KitchenOrder {
  return {
    _id: id,
    number: 1,
    status: 'new',
    table: { _id: 't5', name: '5' },
    comment: '',
    createdAt: at(0),
    updatedAt: at(0),
    items: [sampleLine(0)],
    open: true,
    ...values,
  };
}

export const STATION = {
  _id: 's1',
  restaurant_id: 'r1',
  name: 'Oshxona',
  position: 0,
  printer: null,
  print_on: 'placed' as const,
  amber_minutes: 10,
  red_minutes: 20,
  createdAt: at(0),
  updatedAt: at(0),
};

export const DEVICE: KitchenDevice = {
  _id: 'd1',
  name: 'Oshxona plansheti',
  restaurant: { _id: 'r1', name: 'Samarqand Darvozasi' },
  station: STATION,
};

export const ORDER_1 = sampleOrder('o1', {
  number: 1,
  comment: 'Piyozsiz, tezroq',
  createdAt: at(1),
  updatedAt: at(2),
  items: [
    sampleLine(0, { name: 'Osh', quantity: 2, rows: [{ _id: 'row1', name: 'Katta porsiya', price: 5000 }] }),
    sampleLine(2, {
      name: "Lag'mon",
      status: 'cooking',
      moves: [{ to: 'cooking', at: at(2), by: 'Oshxona plansheti' }],
    }),
  ],
});
export const ORDER_2 = sampleOrder('o2', {
  number: 2,
  table: { _id: 't3', name: '3' },
  status: 'accepted',
  createdAt: at(3),
  updatedAt: at(4),
  items: [
    sampleLine(1, {
      name: 'Somsa',
      quantity: 3,
      status: 'ready',
      moves: [
        { to: 'cooking', at: at(3), by: 'Oshxona plansheti' },
        { to: 'ready', at: at(4), by: 'Oshxona plansheti' },
      ],
    }),
  ],
});
export const LOADED = { data: [ORDER_1, ORDER_2], device: DEVICE };

/** An order that arrives on the stream while the display is open. */
export const ARRIVING = sampleOrder('o3', {
  number: 3,
  table: { _id: 't7', name: '7' },
  createdAt: at(6),
  updatedAt: at(6),
  items: [sampleLine(0, { name: 'Shashlik', quantity: 4 })],
});
export const ARRIVED: KitchenLiveEvent = { type: 'order.created', data: ARRIVING };

/** №1 after its Osh was tapped: cooking, moved by this device. */
export const ORDER_1_COOKING: KitchenOrder = {
  ...ORDER_1,
  status: 'accepted',
  updatedAt: at(8),
  items: [
    { ...ORDER_1.items[0]!, status: 'cooking', moves: [{ to: 'cooking', at: at(8), by: 'Oshxona plansheti' }] },
    ORDER_1.items[1]!,
  ],
};
export const MOVED: MoveOutput = { order: ORDER_1_COOKING, sentAt: Date.parse(at(8)) };

export const REFUSED = new ApiError(409, kitchenMessages.lineMoveRefused('ready', 'cooking'));
export const REMOVED = new ApiError(401, kitchenMessages.kitchenSessionInvalid);

type DisplayInvoke = 'loadOrders' | 'refreshOrders' | 'sendMove';
/** The display's timers, as xstate names their events (`xstate.after.<delay>.<state id>`). */
export const LOAD_RETRY_EVENT = 'xstate.after.loadRetry.kitchenDisplay.loadFailed';
export const UNDO_EXPIRED_EVENT = 'xstate.after.undoWindow.kitchenDisplay.ready.undo.offered';
/**
 * Every event of a display path: the view's and the stream's events, the calls' outcomes and the timers.
 * `kitchen.undoOffered` is left out: only the machine raises it, as part of a move's answer.
 */
export type DisplayPathEvent =
  | Exclude<KitchenDisplayEvent['type'], 'kitchen.undoOffered'>
  | ActorEventType<DisplayInvoke>
  | typeof LOAD_RETRY_EVENT
  | typeof UNDO_EXPIRED_EVENT;

const errorStatus = (e: EventObject) => ((e as ModelEvent).error as ApiError).status;

/** byTransition, with what makes two events of one type different outcomes: a live status, a call's status. */
function serializeDisplay(snapshot: { value: unknown }, event: EventObject | undefined, previous?: { value: unknown }) {
  let shown = event;
  if (event?.type === 'kitchen.live.status') shown = { type: `${event.type}:${(event as ModelEvent).status}` };
  if (event?.type.startsWith('xstate.error.actor.')) shown = { type: `${event.type}:${errorStatus(event)}` };
  return byTransition(snapshot, shown, previous);
}

export const kitchenDisplayEvents = [
  { type: 'xstate.done.actor.loadOrders', output: LOADED },
  { type: 'xstate.error.actor.loadOrders', error: new ApiError(500, 'Serverda xatolik') },
  { type: 'xstate.error.actor.loadOrders', error: REMOVED },
  { type: 'kitchen.retry' },
  { type: LOAD_RETRY_EVENT },
  { type: 'kitchen.live.status', status: 'live' },
  { type: 'kitchen.live.status', status: 'offline' },
  { type: 'kitchen.live.status', status: 'connecting' },
  { type: 'kitchen.live.event', event: ARRIVED },
  { type: 'kitchen.live.refused', message: kitchenMessages.kitchenSessionInvalid },
  { type: 'kitchen.refresh' },
  { type: 'xstate.done.actor.refreshOrders', output: LOADED },
  { type: 'xstate.error.actor.refreshOrders', error: new ApiError(0, 'offline') },
  { type: 'xstate.error.actor.refreshOrders', error: REMOVED },
  { type: 'kitchen.filter', filter: 'ready' },
  { type: 'kitchen.move', orderId: 'o1', index: 0 },
  { type: 'kitchen.readyAll', orderId: 'o1' },
  { type: 'kitchen.undo' },
  { type: 'kitchen.dismiss', orderId: 'o1' },
  { type: 'kitchen.sound' },
  { type: 'xstate.done.actor.sendMove', output: MOVED },
  { type: 'xstate.error.actor.sendMove', error: REFUSED },
  { type: 'xstate.error.actor.sendMove', error: REMOVED },
  { type: UNDO_EXPIRED_EVENT },
] satisfies Array<ModelEvent & { type: DisplayPathEvent }>;

export const kitchenDisplayModel: PathModel<typeof kitchenDisplayMachine> = {
  name: 'kitchenDisplay',
  machine: kitchenDisplayMachine,
  input: { token: 'kd_token' },
  events: kitchenDisplayEvents,
  serializeState: serializeDisplay as PathModel<typeof kitchenDisplayMachine>['serializeState'],
};

type PairingInvoke = 'pair' | 'display';
export type PairingPathEvent = KitchenPairingEvent['type'] | ActorEventType<PairingInvoke>;

export const PAIR_CODE = '482913';

export const kitchenPairingEvents = [
  { type: 'kitchen.code', value: '48291' },
  { type: 'kitchen.code', value: PAIR_CODE },
  { type: 'kitchen.pair' },
  { type: 'xstate.done.actor.pair', output: 'kd_token' },
  { type: 'xstate.error.actor.pair', error: new ApiError(400, kitchenMessages.pairCodeInvalid) },
  { type: 'xstate.error.actor.pair', error: new ApiError(429, kitchenMessages.tooManyPairAttempts(60)) },
  { type: 'xstate.done.actor.display', output: { message: kitchenMessages.kitchenSessionInvalid } },
  { type: 'xstate.error.actor.display', error: new Error('the display broke') },
  { type: 'kitchen.retry' },
] satisfies Array<ModelEvent & { type: PairingPathEvent }>;

/** Serialized with the code's length: a complete code is what lets "Ulash" pair. */
function serializePairing(snapshot: { value: unknown }, event: EventObject | undefined, previous?: { value: unknown }) {
  const codeLength = (snapshot as unknown as { context: { code: string } }).context.code.length;
  let shown = event;
  if (event?.type === 'xstate.error.actor.pair') shown = { type: `${event.type}:${errorStatus(event)}` };
  return `${byTransition(snapshot, shown, previous)} code:${codeLength}`;
}

export const kitchenPairingModel: PathModel<typeof kitchenPairingMachine> = {
  name: 'kitchenPairing',
  machine: kitchenPairingMachine,
  input: { token: null },
  events: kitchenPairingEvents,
  serializeState: serializePairing as PathModel<typeof kitchenPairingMachine>['serializeState'],
};

/** A tablet that was paired before: the stored token starts the display at once. */
export const kitchenPairingStoredModel: PathModel<typeof kitchenPairingMachine> = {
  ...kitchenPairingModel,
  name: 'kitchenPairing (stored token)',
  input: { token: 'kd_token' },
};
