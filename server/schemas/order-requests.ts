import { Type } from 'typebox';
import { ErrorBody, Id, MultiLineText, Text } from './common';
import { Limit, Page } from './list-query';
import { Call, CallStatus, CallType, Order, OrderStatus, StaffCall, StaffOrder } from './table-orders';

/**
 * Issue 17: what the diner's (`/menu/{slug}/orders`, `/menu/{slug}/calls`) and the staff's (`/manager/orders`,
 * `/manager/calls`) calls accept, and their answer envelopes. The answer objects themselves are table-orders.ts.
 */

export const MAX_ORDER_LINES = 50;
export const MAX_QUANTITY = 50;
export const MAX_COMMENT_LENGTH = 300;

export const MenuOrderParams = Type.Object({ slug: Text({ description: 'The restaurant slug' }) });
export const MenuOrderIdParams = Type.Object({ slug: Text({ description: 'The restaurant slug' }), id: Id });

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Text({
    minLength: 1,
    maxLength: 100,
    description:
      'Required, 1-100 characters, chosen by the client once per order (a UUID): the same key for the same ' +
      'restaurant answers the first order again (200) and creates nothing.',
  }),
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
    table_id: Id,
    items: Type.Array(OrderItemBody, { minItems: 1, maxItems: MAX_ORDER_LINES, description: '1-50 lines' }),
    comment: Type.Optional(
      MultiLineText({ maxLength: MAX_COMMENT_LENGTH, description: 'For the kitchen, at most 300 characters' }),
    ),
  },
  { additionalProperties: false },
);

export const CreateCallBody = Type.Object({ table_id: Id, type: CallType }, { additionalProperties: false });

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

/** The 409 of an order naming the products that cannot be ordered now (the cart removes them). */
export const UnavailableAnswer = Type.Object(
  {
    ...ErrorBody.properties,
    unavailable: Type.Array(Id, {
      description: 'Products stop-listed, in an inactive category, unknown or of another restaurant',
    }),
  },
  { description: 'Some products cannot be ordered now; nothing was created' },
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
export const StaffIdParams = Type.Object({ id: Id });
