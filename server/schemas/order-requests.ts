import { Type } from 'typebox';
import { ErrorBody, Id, MultiLineText, Text } from './common';
import { Limit, Page } from './list-query';
import { ClosedFields } from './schedule';
import { Call, CallStatus, CallType, Order, OrderStatus, StaffCall, StaffOrder } from './table-orders';

/**
 * What the diner's (`/menu/{slug}/orders`, `/menu/{slug}/calls`) and the staff's (`/manager/orders`,
 * `/manager/calls`) calls accept, and their answer envelopes. The answer objects themselves are table-orders.ts.
 */

export const MAX_ORDER_LINES = 50;
export const MAX_QUANTITY = 50;
export const MAX_COMMENT_LENGTH = 300;

export const MenuOrderParams = Type.Object({ slug: Text({ description: 'The restaurant slug' }) });
export const MenuOrderIdParams = Type.Object({ slug: Text({ description: 'The restaurant slug' }), id: Id });

/** The diner's browser keeps a random id and sends it: the per-device limits and the Idempotency-Key's scope. */
const DeviceId = Type.Optional(
  Type.String({
    pattern: '^[A-Za-z0-9_-]{8,64}$',
    description:
      "A random id the diner's browser keeps (8-64 of A-Z a-z 0-9 _ -): limits count per device, and an " +
      'Idempotency-Key is only ever matched within its table and device. Optional (without it: per address only).',
  }),
);
export const DeviceHeaders = Type.Object({ 'x-device-id': DeviceId });
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Text({
    minLength: 1,
    maxLength: 100,
    description:
      'Required, 1-100 characters, chosen by the client once per order (a UUID): the same key from the same table ' +
      'and device with the same body answers the first order again (200) and creates nothing; with another body, ' +
      '422.',
  }),
  'x-device-id': DeviceId,
});
/** A table's token as its QR code carries it: any text reaches the lookup, which answers 404 for anything unknown. */
export const TableToken = Text({
  minLength: 1,
  maxLength: 100,
  description:
    "The table's token from its QR code (`?table=`; `token` of `GET /manager/tables`). A table's id, a replaced " +
    'token or an unknown one is a 404.',
});

export const OrderItemBody = Type.Object(
  {
    product_id: Id,
    quantity: Type.Integer({ minimum: 1, maximum: MAX_QUANTITY, description: `A whole number, 1-${MAX_QUANTITY}` }),
    row_ids: Type.Optional(
      Type.Array(Id, {
        maxItems: 50,
        description: "Chosen option rows of this product: at most one row of each of the product's options",
      }),
    ),
  },
  { additionalProperties: false },
);

export const CreateOrderBody = Type.Object(
  {
    table_id: TableToken,
    items: Type.Array(OrderItemBody, { minItems: 1, maxItems: MAX_ORDER_LINES, description: '1-50 lines' }),
    comment: Type.Optional(
      MultiLineText({ maxLength: MAX_COMMENT_LENGTH, description: 'For the kitchen, at most 300 characters' }),
    ),
  },
  { additionalProperties: false },
);

export const CreateCallBody = Type.Object({ table_id: TableToken, type: CallType }, { additionalProperties: false });

export const OrderAnswer = Type.Object({ data: Order });
export const CallAnswer = Type.Object({ data: Call });
export const StaffOrderAnswer = Type.Object({ data: StaffOrder });
export const StaffCallAnswer = Type.Object({ data: StaffCall });
export const StaffOrderListAnswer = Type.Object({
  data: Type.Array(StaffOrder, { description: 'Newest first' }),
  count: Type.Integer({ description: 'Orders matching the filters (all pages)' }),
});
export const StaffCallListAnswer = Type.Object({
  data: Type.Array(StaffCall, { description: 'Newest first' }),
  count: Type.Integer({ description: 'Calls matching the filters (all pages)' }),
});

/**
 * The 409 of an order naming the products that cannot be ordered now (the cart removes them), or, with `closed`,
 * every product of an order made while the restaurant is closed (the cart may keep them for when it opens).
 */
export const UnavailableAnswer = Type.Object(
  {
    ...ErrorBody.properties,
    unavailable: Type.Array(Id, {
      description:
        'Products stop-listed, outside their own or their category’s schedule, in an inactive category, unknown or ' +
        'of another restaurant; with `closed`, every product of the order',
    }),
    closed: Type.Optional(ClosedFields.closed),
    opens_at: Type.Optional(ClosedFields.opens_at),
  },
  {
    description:
      'Some products cannot be ordered now, or (`closed`) the restaurant is closed by its working hours and ' +
      '`message` says when it opens; nothing was created',
  },
);

const RestaurantFilter = Type.Optional(
  Type.String({
    format: 'uuid',
    description: "One of the caller's restaurants; required for admins, a manager without it gets all of theirs",
  }),
);

export const StaffOrderQuery = Type.Object(
  {
    restaurant_id: RestaurantFilter,
    status: Type.Optional(OrderStatus),
    page: Type.Optional(Page),
    limit: Type.Optional(Limit),
  },
  { additionalProperties: false },
);
export const StaffCallQuery = Type.Object(
  {
    restaurant_id: RestaurantFilter,
    status: Type.Optional(CallStatus),
    page: Type.Optional(Page),
    limit: Type.Optional(Limit),
  },
  { additionalProperties: false },
);

export const UpdateOrderBody = Type.Object({ status: OrderStatus }, { additionalProperties: false });
export const UpdateCallBody = Type.Object(
  { status: Type.Literal('done', { description: 'The only change: new → done' }) },
  { additionalProperties: false },
);
