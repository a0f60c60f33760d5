import { type Static, Type } from 'typebox';
import { Id, Timestamp } from './common';

/**
 * Ordering from the table: the answer shapes shared by the staff's calls (`/manager/tables`, `/manager/orders`,
 * `/manager/calls`, `/manager/events`) and the diner's (`/menu/{slug}/orders`, `/menu/{slug}/calls`). Request bodies
 * live next to their routes' own schemas.
 */

export const Table = Type.Object({
  _id: Id,
  restaurant_id: Id,
  name: Type.String({ description: 'Unique per restaurant (without regard to case), 1-40 characters' }),
  is_active: Type.Boolean({ description: 'An inactive table takes no orders or calls' }),
  token: Type.String({
    description:
      "What the table's QR code carries (`/menu/{slug}?table={token}`) and the diner's orders and calls send as " +
      "`table_id`: 32 hex digits, for the restaurant's staff only. `POST /manager/tables/{id}/token` replaces it.",
  }),
  source: Type.Union([Type.Literal('manual'), Type.Literal('pos')], {
    description:
      '`manual`: added in the panel. `pos`: mirrored from the POS by the sync (an integration restaurant), which ' +
      'owns its name: renaming or deleting it answers 409; it may still be turned on or off',
  }),
  pos_table_id: Type.Union([Type.String(), Type.Null()], {
    description: "The POS's id of a `pos` table (iiko: the table's id); null for a manual one",
  }),
  createdAt: Timestamp,
});
export type TableView = Static<typeof Table>;

export const ORDER_STATUS_VALUES = ['new', 'accepted', 'served', 'cancelled'] as const;
// Literals spelled out: a mapped array would type the union as `never` (TypeBox needs a tuple to infer it).
export const OrderStatus = Type.Union(
  [Type.Literal('new'), Type.Literal('accepted'), Type.Literal('served'), Type.Literal('cancelled')],
  { description: 'new → accepted → served; new or accepted → cancelled' },
);
export type OrderStatusValue = (typeof ORDER_STATUS_VALUES)[number];

export const PaymentStatus = Type.Union(
  [Type.Literal('unpaid'), Type.Literal('pending'), Type.Literal('paid'), Type.Literal('refunded')],
  {
    description:
      'Paying, apart from the kitchen: pending while a Payme or Click transaction holds it, paid once performed (or ' +
      'taken in cash), refunded when a paid transaction was cancelled',
  },
);

/** The table an order or call came from (its name as it was then: a table deleted later leaves `_id` null). */
export const TableRef = Type.Object({ _id: Type.Union([Id, Type.Null()]), name: Type.String() });

export const OrderRow = Type.Object({ _id: Id, name: Type.String(), price: Type.Number() });
export const OrderLine = Type.Object({
  product_id: Id,
  name: Type.String({ description: 'The product name when the order was made' }),
  quantity: Type.Integer({ minimum: 1, maximum: 50 }),
  rows: Type.Array(OrderRow, { description: 'The chosen option rows, with their prices then' }),
  line_total: Type.Number({ description: 'quantity × (price + Σ row prices), computed by the server' }),
});

export const Order = Type.Object({
  _id: Id,
  number: Type.Integer({ description: 'Counts per restaurant per day (Asia/Tashkent), from 1' }),
  status: OrderStatus,
  table: TableRef,
  items: Type.Array(OrderLine),
  total: Type.Number(),
  comment: Type.String(),
  needs_confirmation: Type.Boolean({
    description:
      "Made past its table's threshold of orders per hour: suspicious, it waits for staff to confirm it (accepting " +
      'it does, and clears the flag); the diner sees "Tasdiqlash kutilmoqda"',
  }),
  service_percent: Type.Integer({
    description: 'The restaurant\'s service charge ("Xizmat haqi") when the order was made, 0 when none',
  }),
  service: Type.Number({ description: "The service charge's amount in whole so'm, on top of `total`" }),
  payment_status: PaymentStatus,
  createdAt: Timestamp,
});
export type OrderView = Static<typeof Order>;
/** The payment holding or having paid an order, as the staff see it ("To'landi · Payme · 125 000 so'm"). */
export const OrderPayment = Type.Object(
  {
    provider: Type.Union([Type.Literal('payme'), Type.Literal('click'), Type.Literal('cash')]),
    amount: Type.Number({
      description: "The whole payment in so'm (it may cover several orders of the table), tip included",
    }),
    tip: Type.Number({ description: "The tip in so'm, part of `amount`" }),
    paid_at: Type.Union([Timestamp, Type.Null()], {
      description: 'When the provider performed it (or cash was taken)',
    }),
  },
  { description: 'Null while unpaid; set while pending, once paid and after a refund' },
);
export type OrderPaymentView = Static<typeof OrderPayment>;

export const ORDER_POS_STATUS_VALUES = ['sending', 'sent', 'failed'] as const;
/** The order on the restaurant's till (POS): "Kassaga yuborilmoqda…", "Kassada № 12", "Kassaga yuborilmadi: …". */
export const OrderPos = Type.Object(
  {
    status: Type.Union([Type.Literal('sending'), Type.Literal('sent'), Type.Literal('failed')], {
      description: 'sending: on its way (or waiting for the till to answer); sent: on the till; failed: given up',
    }),
    error: Type.Union([Type.String(), Type.Null()], {
      description: 'Why it is not on the till, in Uzbek, for the staff (when failed; null otherwise)',
    }),
    number: Type.Union([Type.Integer(), Type.Null()], { description: "The till's number of its check, once known" }),
  },
  {
    description:
      'Null when the order is not for a till: a restaurant without a POS, or an order waiting for the staff’s confirmation (sent once they accept it)',
  },
);
export type OrderPosView = Static<typeof OrderPos>;

export const LineStatus = Type.Union(
  [Type.Literal('new'), Type.Literal('cooking'), Type.Literal('ready'), Type.Literal('served')],
  {
    description:
      'yangi → tayyorlanmoqda → tayyor → berildi. Moves go forward (a step or more); back only one step, as an undo ' +
      'of its last move within a minute',
  },
);
export const LineMove = Type.Object({
  to: LineStatus,
  at: Timestamp,
  by: Type.String({ description: "A panel login, or a kitchen device's name" }),
});
/** A line as the staff and the kitchen see it: its station and where it is in the kitchen. */
export const StaffOrderLine = Type.Object({
  ...OrderLine.properties,
  station_id: Type.Union([Id, Type.Null()], {
    description:
      "The kitchen station that makes it (its category's station, else the restaurant's first); null without stations",
  }),
  status: LineStatus,
  moves: Type.Array(LineMove, { description: 'Every change of its status, oldest first' }),
});
export type StaffOrderLineView = Static<typeof StaffOrderLine>;

export const KitchenStatus = Type.Union(
  [Type.Literal('new'), Type.Literal('cooking'), Type.Literal('ready'), Type.Literal('served')],
  {
    description:
      'Where the order is in the kitchen, from its lines: served when every line is, ready when every line is ready or served, cooking once any line has started, else new',
  },
);

/** Its kitchen tickets: "Printer javob bermadi" when a station's printer has not answered. */
export const OrderPrint = Type.Object(
  {
    status: Type.Union([Type.Literal('printing'), Type.Literal('printed'), Type.Literal('failed')], {
      description:
        'printing: a ticket waits for its printer (it has failed at least once); printed: all printed; failed: given up',
    }),
    error: Type.Union([Type.String(), Type.Null()], {
      description: 'Why a ticket is not printed, in Uzbek, for the staff',
    }),
  },
  { description: 'Null while nothing is to report (no printer, or printed at the first try is reported as printed)' },
);
export type OrderPrintView = Static<typeof OrderPrint>;

/** An order as the staff's calls answer it: which restaurant, when and by whom its status last changed. */
export const StaffOrder = Type.Object({
  ...Order.properties,
  items: Type.Array(StaffOrderLine),
  kitchen_status: KitchenStatus,
  print: Type.Union([OrderPrint, Type.Null()]),
  payment: Type.Union([OrderPayment, Type.Null()]),
  pos: Type.Union([OrderPos, Type.Null()]),
  restaurant_id: Id,
  updatedAt: Timestamp,
  status_changed_by: Type.Union([Type.String(), Type.Null()]),
  telegram_error: Type.Union([Type.String(), Type.Null()], {
    description: 'Why its Telegram message could not be delivered, or null',
  }),
});
export type StaffOrderView = Static<typeof StaffOrder>;

export const CALL_TYPE_VALUES = ['waiter', 'bill'] as const;
export const CallType = Type.Union([Type.Literal('waiter'), Type.Literal('bill')], {
  description: 'waiter: call the waiter; bill: ask for the bill',
});
export const CALL_STATUS_VALUES = ['new', 'done'] as const;
export const CallStatus = Type.Union([Type.Literal('new'), Type.Literal('done')]);

export const Call = Type.Object({
  _id: Id,
  type: CallType,
  table: TableRef,
  status: CallStatus,
  createdAt: Timestamp,
});
export type CallView = Static<typeof Call>;
export const StaffCall = Type.Object({
  ...Call.properties,
  restaurant_id: Id,
  updatedAt: Timestamp,
  status_changed_by: Type.Union([Type.String(), Type.Null()]),
  telegram_error: Type.Union([Type.String(), Type.Null()], {
    description: 'Why its Telegram message could not be delivered, or null',
  }),
});
export type StaffCallView = Static<typeof StaffCall>;

/** What `GET /manager/events` streams: the SSE `event:` name and its `data:` (the object as the staff's calls answer it). */
export type StaffEvent =
  | { type: 'order.created' | 'order.updated'; data: StaffOrderView }
  | { type: 'call.created' | 'call.updated'; data: StaffCallView };
