import type { Cart } from './cart';

/** The diner's calls of the ordering API (server/routes/menu/orders.ts), each answer reduced to what the page does next. */

export type OrderStatus = 'new' | 'accepted' | 'served' | 'cancelled';

export interface Order {
  _id: string;
  number: number;
  status: OrderStatus;
  table: { _id: string | null; name: string };
  items: { product_id: string; name: string; quantity: number; rows: { name: string }[]; line_total: number }[];
  total: number;
  comment: string;
  /** Made past the table's threshold: it waits for staff to confirm it ("Tasdiqlash kutilmoqda"). */
  needs_confirmation?: boolean;
  /** The service charge ("Xizmat haqi") in whole so'm on top of `total`, and its percent when the order was made. */
  service?: number;
  service_percent?: number;
}

export type Answer<T> =
  | { kind: 'ok'; data: T }
  /** 409 on an order: these products are stop-listed or gone since the page was loaded. */
  | { kind: 'unavailable'; productIds: string[] }
  /** 409 on an order or a call: the restaurant is outside its working hours (nothing of the diner's is wrong). */
  | { kind: 'closed' }
  /** Any other answer, by its status (403 ordering off, 404 table or order gone, 429 too often, a proxy's 502…). */
  | { kind: 'refused'; status: number }
  /** No answer at all: offline or a dropped connection (the request may still have reached the server). */
  | { kind: 'network' };

async function send<T>(url: string, init: RequestInit): Promise<Answer<T>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, cache: 'no-store', credentials: 'omit' });
  } catch {
    return { kind: 'network' };
  }
  let body: { data?: T; unavailable?: unknown; closed?: unknown } | undefined;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (res.ok && body?.data) return { kind: 'ok', data: body.data };
  if (res.status === 409 && body?.closed === true) return { kind: 'closed' };
  if (res.status === 409 && Array.isArray(body?.unavailable))
    return { kind: 'unavailable', productIds: body.unavailable.filter((id): id is string => typeof id === 'string') };
  return { kind: 'refused', status: res.status };
}

const base = (slug: string) => `/menu/${encodeURIComponent(slug)}`;
const json = { 'content-type': 'application/json' };

/**
 * `tableToken` is what the table's QR code carries (`?table=`), `device` this browser's id (device.ts): the server
 * limits per device, and matches an Idempotency-Key only within its table and device.
 */
export function placeOrder(slug: string, tableToken: string, cart: Cart, idempotencyKey: string, device: string) {
  const items = cart.lines.map((l) => ({
    product_id: l.product_id,
    quantity: l.quantity,
    ...(l.rows.length > 0 ? { row_ids: l.rows.map((r) => r._id) } : {}),
  }));
  const comment = cart.comment.trim();
  return send<Order>(`${base(slug)}/orders`, {
    method: 'POST',
    headers: { ...json, 'idempotency-key': idempotencyKey, 'x-device-id': device },
    body: JSON.stringify({ table_id: tableToken, items, ...(comment ? { comment } : {}) }),
  });
}

export function readOrder(slug: string, orderId: string) {
  return send<Order>(`${base(slug)}/orders/${encodeURIComponent(orderId)}`, { method: 'GET' });
}

/** The order's status stream (Server-Sent Events: `event: status`, `data: {"status": …}`); the page's CSP allows 'self'. */
export const orderEventsUrl = (slug: string, orderId: string) =>
  `${base(slug)}/orders/${encodeURIComponent(orderId)}/events`;

/** A status event's data, or undefined for anything else. */
export function readStatusEvent(data: string): OrderStatus | undefined {
  try {
    const { status } = JSON.parse(data) as { status?: unknown };
    return ['new', 'accepted', 'served', 'cancelled'].includes(status as string) ? (status as OrderStatus) : undefined;
  } catch {
    return undefined;
  }
}

export function callStaff(slug: string, tableToken: string, type: 'waiter' | 'bill', device: string) {
  return send<{ _id: string }>(`${base(slug)}/calls`, {
    method: 'POST',
    headers: { ...json, 'x-device-id': device },
    body: JSON.stringify({ table_id: tableToken, type }),
  });
}

export type PaymentStatus = 'unpaid' | 'pending' | 'paid' | 'refunded';
export type PaymentMethod = 'payme' | 'click';

/** An order as the bill lists it: the order's own fields and its service charge and payment state. */
export interface BillOrder extends Order {
  service: number;
  service_percent: number;
  payment_status: PaymentStatus;
}

/** GET /menu/{slug}/bill: the table's orders since it was last settled, in so'm (`total` with the service charge). */
export interface Bill {
  orders: BillOrder[];
  service: number;
  total: number;
  paid: number;
  unpaid: number;
  methods: PaymentMethod[];
}

/** A payment as the diner's calls answer it (`redirect_url`: the provider's checkout while it is pending). */
export interface Payment {
  _id: string;
  provider: PaymentMethod | 'cash';
  amount: number;
  tip: number;
  status: 'pending' | 'paid' | 'cancelled' | 'refunded';
  order_ids: string[];
  redirect_url: string | null;
  paid_at: string | null;
  createdAt: string;
}

/** What a tap on "Payme/Click orqali to'lash" asks for: the whole bill, or one order of it, and the tip. */
export interface PaymentChoice {
  provider: PaymentMethod;
  orderId?: string | undefined;
  /** Whole so'm. */
  tip: number;
}

export function readBill(slug: string, tableToken: string) {
  return send<Bill>(`${base(slug)}/bill?${new URLSearchParams({ table_id: tableToken })}`, { method: 'GET' });
}

export function createPayment(
  slug: string,
  tableToken: string,
  choice: PaymentChoice,
  idempotencyKey: string,
  device: string,
) {
  return send<Payment>(`${base(slug)}/payments`, {
    method: 'POST',
    headers: { ...json, 'idempotency-key': idempotencyKey, 'x-device-id': device },
    body: JSON.stringify({
      table_id: tableToken,
      provider: choice.provider,
      ...(choice.orderId === undefined ? {} : { order_id: choice.orderId }),
      ...(choice.tip > 0 ? { tip: choice.tip } : {}),
    }),
  });
}

export function readPayment(slug: string, paymentId: string) {
  return send<Payment>(`${base(slug)}/payments/${encodeURIComponent(paymentId)}`, { method: 'GET' });
}
