import type {
  CALL_STATUS_VALUES,
  CALL_TYPE_VALUES,
  OrderPaymentView,
  OrderPosView,
  OrderStatusValue,
  StaffCallView,
  StaffEvent as StaffEventSchema,
  StaffOrderView,
} from '../server/schemas/table-orders';
import { type CallOptions, request } from './client';
import { safeLocalStorage } from './safeStorage';

/**
 * The staff's side of ordering from the table: the orders and waiter calls of one restaurant, and their
 * status changes. The answers are the server's StaffOrder / StaffCall shapes (server/schemas/table-orders.ts).
 */

export type OrderStatus = OrderStatusValue;
/** The payment holding or having paid an order (null while unpaid): how, how much in all, when. */
export type OrderPayment = OrderPaymentView;
/** The order on the restaurant's till (null for a restaurant without one): sending, sent (its check number), failed. */
export type OrderPos = OrderPosView;
/**
 * The schema's `Type.Union(VALUES.map(Type.Literal))` types its status and call type as `never` (a mapped array is not
 * a tuple to TypeBox's Static), so the literal unions are restated here from the schema's own value lists.
 */
export type StaffOrder = Omit<StaffOrderView, 'status'> & { status: OrderStatus };
export type CallType = (typeof CALL_TYPE_VALUES)[number];
export type StaffCall = Omit<StaffCallView, 'status' | 'type'> & {
  status: (typeof CALL_STATUS_VALUES)[number];
  type: CallType;
};
/** What the live stream (GET /manager/events) delivers: an order or call created or changed. */
export type StaffEvent =
  | { type: Extract<StaffEventSchema['type'], `order.${string}`>; data: StaffOrder }
  | { type: Extract<StaffEventSchema['type'], `call.${string}`>; data: StaffCall };
/** The status changes staff make (new is where an order starts). */
export type OrderChange = Exclude<OrderStatus, 'new'>;

/** How many of the newest orders the screen reads at once: a whole service evening of one restaurant. */
export const ORDERS_LIMIT = 100;

/** GET /manager/orders?restaurant_id=&limit= → `{ data: [order…] newest first, count }`. */
export async function restaurantOrders(restaurantId: string, options: CallOptions = {}) {
  const answer = await request<{ data: StaffOrder[]; count: number }>('/manager/orders', {
    ...options,
    query: { restaurant_id: restaurantId, limit: String(ORDERS_LIMIT) },
  });
  return answer.data;
}

/** PUT /manager/orders/{id} `{ status }` → `{ data: order }` (409 when a colleague changed it first). */
export async function setOrderStatus(id: string, status: OrderChange, options: CallOptions = {}) {
  const answer = await request<{ data: StaffOrder }>(`/manager/orders/${encodeURIComponent(id)}`, {
    ...options,
    method: 'PUT',
    body: { status },
  });
  return answer.data;
}

/**
 * POST /manager/orders/{id}/pos-retry → `{ data: order }` with its till state back at "sending" (409 unless its sending
 * failed, with the server's reason).
 */
export async function retryOrderPos(id: string, options: CallOptions = {}) {
  const answer = await request<{ data: StaffOrder }>(`/manager/orders/${encodeURIComponent(id)}/pos-retry`, {
    ...options,
    method: 'POST',
  });
  return answer.data;
}

/** GET /manager/calls?restaurant_id=&status=new → `{ data: [call…] newest first, count }`: the calls still waiting. */
export async function waitingCalls(restaurantId: string, options: CallOptions = {}) {
  const answer = await request<{ data: StaffCall[]; count: number }>('/manager/calls', {
    ...options,
    query: { restaurant_id: restaurantId, status: 'new' },
  });
  return answer.data;
}

/** PUT /manager/calls/{id} `{ status: "done" }` → `{ data: call }`. */
export async function completeCall(id: string, options: CallOptions = {}) {
  const answer = await request<{ data: StaffCall }>(`/manager/calls/${encodeURIComponent(id)}`, {
    ...options,
    method: 'PUT',
    body: { status: 'done' },
  });
  return answer.data;
}

/** Whether the orders screen's sound and vibration are off on this device ("1"), kept across visits. */
export const ORDERS_MUTED_KEY = 'ordersMuted';

export function readOrdersMuted(): boolean {
  return safeLocalStorage.getItem(ORDERS_MUTED_KEY) === '1';
}

/** Remembers the mute choice (in memory only where the browser blocks storage: safeLocalStorage). */
export function storeOrdersMuted(muted: boolean): void {
  if (muted) safeLocalStorage.setItem(ORDERS_MUTED_KEY, '1');
  else safeLocalStorage.removeItem(ORDERS_MUTED_KEY);
}

/**
 * The bottom bar's badge: new orders plus waiting calls of all the manager's restaurants (no `restaurant_id`), read as
 * two `count`s with `limit=1` so that each answer carries one row at most.
 */
export async function waitingCount(options: CallOptions = {}): Promise<number> {
  const query = { status: 'new', limit: '1' };
  const [orders, calls] = await Promise.all([
    request<{ count: number }>('/manager/orders', { ...options, query }),
    request<{ count: number }>('/manager/calls', { ...options, query }),
  ]);
  return orders.count + calls.count;
}
