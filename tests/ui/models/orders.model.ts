import type { EventObject } from 'xstate';
import { ApiError } from '../../../client/client';
import type { StaffCall, StaffEvent, StaffOrder } from '../../../client/orders';
import type { LoadOutput } from '../../../machines/orders/orders.actors';
import { type OrdersEvent, ordersMachine } from '../../../machines/orders/orders.machine';
import { type ActorEventType, byTransition, type ModelEvent, type PathModel } from '../../support/paths';

/**
 * The staff's orders screen as a test plan: its machine, sample answers and live events. A manager with
 * two restaurants taking orders; Rayhon shows one new and one accepted order and a waiting call.
 */

const at = (minute: number) => `2026-11-26T12:${String(minute).padStart(2, '0')}:00.000Z`;

export function sampleOrder(id: string, values: Partial<StaffOrder> = {}): StaffOrder {
  return {
    _id: id,
    restaurant_id: 'r1',
    number: 1,
    status: 'new',
    table: { _id: 't5', name: '5' },
    items: [
      {
        product_id: 'p1',
        name: 'Osh',
        quantity: 2,
        rows: [],
        line_total: 50000,
        station_id: null,
        status: 'new' as const,
        moves: [],
      },
    ],
    total: 50000,
    comment: '',
    needs_confirmation: false,
    service_percent: 0,
    service: 0,
    payment_status: 'unpaid',
    payment: null,
    kitchen_status: 'new',
    print: null,
    pos: null,
    createdAt: at(0),
    updatedAt: at(0),
    status_changed_by: null,
    telegram_error: null,
    ...values,
  };
}

export function sampleCall(id: string, values: Partial<StaffCall> = {}): StaffCall {
  return {
    _id: id,
    restaurant_id: 'r1',
    type: 'waiter',
    table: { _id: 't5', name: '5' },
    status: 'new',
    createdAt: at(1),
    updatedAt: at(1),
    status_changed_by: null,
    telegram_error: null,
    ...values,
  };
}

export const RESTAURANTS = [
  { _id: 'r1', name: 'Rayhon' },
  { _id: 'r2', name: 'Bahor' },
];
export const NEW_ORDER = sampleOrder('o1', { number: 1, createdAt: at(2), updatedAt: at(2) });
export const ACCEPTED_ORDER = sampleOrder('o2', { number: 2, status: 'accepted', createdAt: at(1), updatedAt: at(3) });
export const CALL = sampleCall('c1');
export const LOADED: LoadOutput = {
  restaurantId: 'r1',
  restaurants: RESTAURANTS,
  orders: [NEW_ORDER, ACCEPTED_ORDER],
  calls: [CALL],
};
export const OFF: LoadOutput = { restaurantId: null, restaurants: [], orders: [], calls: [] };
/** An order that arrives on the stream while the screen is open. */
export const ARRIVING = sampleOrder('o3', { number: 3, createdAt: at(5), updatedAt: at(5) });
export const ARRIVED: StaffEvent = { type: 'order.created', data: ARRIVING };

type Invoke = 'loadOrders' | 'refreshOrders' | 'changeStatus';

const liveType = (e: EventObject) => ((e as ModelEvent).event as StaffEvent).type;
const errorStatus = (e: EventObject) => ((e as ModelEvent).error as ApiError).status;

/** byTransition, with what makes two events of one type different outcomes: the live event's kind, a call's status. */
function serializeState(snapshot: { value: unknown }, event: EventObject | undefined, previous?: { value: unknown }) {
  let shown = event;
  if (event?.type === 'live.event') shown = { type: `live.event:${liveType(event)}` };
  if (event?.type === 'live.status') shown = { type: `live.status:${(event as ModelEvent).status}` };
  if (event?.type === 'xstate.error.actor.changeStatus') shown = { type: `${event.type}:${errorStatus(event)}` };
  if (event?.type === 'xstate.done.actor.loadOrders') {
    shown = { type: `${event.type}:${(event as ModelEvent & { output: LoadOutput }).output.restaurantId ?? 'off'}` };
  }
  return byTransition(snapshot, shown, previous);
}

export const ordersModel: PathModel<typeof ordersMachine> = {
  name: 'orders',
  machine: ordersMachine,
  input: { scope: 'manager', restaurantId: null, muted: false },
  events: [
    { type: 'xstate.done.actor.loadOrders', output: LOADED },
    { type: 'xstate.done.actor.loadOrders', output: OFF },
    { type: 'xstate.error.actor.loadOrders', error: new ApiError(500, 'Serverda xatolik') },
    { type: 'orders.retry' },
    { type: 'live.status', status: 'live' },
    { type: 'live.status', status: 'offline' },
    { type: 'live.event', event: ARRIVED },
    { type: 'xstate.done.actor.refreshOrders', output: { orders: [NEW_ORDER, ACCEPTED_ORDER], calls: [CALL] } },
    { type: 'xstate.error.actor.refreshOrders', error: new ApiError(0, 'offline') },
    { type: 'orders.refresh' },
    { type: 'orders.filter', filter: 'new' },
    { type: 'orders.mute' },
    { type: 'orders.restaurant', restaurantId: 'r2' },
    { type: 'order.accept', id: 'o1' },
    { type: 'order.serve', id: 'o2' },
    { type: 'order.cancel', id: 'o1' },
    { type: 'confirm.yes' },
    { type: 'confirm.no' },
    { type: 'call.done', id: 'c1' },
    { type: 'xstate.done.actor.changeStatus', output: { kind: 'order', order: { ...NEW_ORDER, status: 'accepted' } } },
    {
      type: 'xstate.error.actor.changeStatus',
      error: new ApiError(409, 'Buyurtma hozir "qabul qilingan": uni "qabul qilingan" holatiga o\'tkazib bo\'lmaydi.'),
    },
    { type: 'xstate.error.actor.changeStatus', error: new ApiError(500, '') },
  ] satisfies Array<ModelEvent & { type: OrdersEvent['type'] | ActorEventType<Invoke> }>,
  serializeState: serializeState as PathModel<typeof ordersMachine>['serializeState'],
};
