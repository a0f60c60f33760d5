import { Type } from 'typebox';
import { Id, Money, Text, Timestamp } from './common';
import { TableToken } from './order-requests';
import { IKPU_DIGITS, PACKAGE_CODE_DIGITS } from './products';
import { Order, PaymentStatus } from './table-orders';

/**
 * Paying from the table: the restaurant's payment settings (`/manager/restaurants/{id}/payments`), the table's bill
 * and the diner's payments (`/menu/{slug}/bill`, `/menu/{slug}/payments`).
 */

export const MAX_SERVICE_PERCENT = 30;
/** A tip above the bill itself is a typo far more often than generosity. */
export const MAX_TIP_SHARE = 1;

const Digits = (description: string, maxLength: number) =>
  Text({ pattern: `^[0-9]{0,${maxLength}}$`, description: `${description}: digits, '' when not set` });
/** A key or secret as a provider's cabinet shows it: 1-100 visible characters, never answered back. */
const Key = (description: string) =>
  Type.Optional(
    Type.Union([Text({ minLength: 1, maxLength: 100, pattern: '^\\S+$' }), Type.Null()], {
      description: `${description}: write-only (answered as a \`…_set\` boolean); omitted keeps it, null removes it`,
    }),
  );

/**
 * The codes Payme's receipt prints on the service charge's or the tip's item, in the products' formats; '' or null
 * removes one, omitted keeps it.
 */
const ReceiptCode = (pattern: string, description: string) =>
  Type.Optional(
    Type.Union([Text({ pattern: `^(${pattern})?$` }), Type.Null()], {
      description: `${description}; '' or null removes it, omitted keeps it`,
    }),
  );
const receiptCodeFields = {
  service_ikpu: ReceiptCode(IKPU_DIGITS, 'The IKPU (MXIK) code of the receipt\'s "Xizmat haqi" item: 17 digits'),
  service_package_code: ReceiptCode(PACKAGE_CODE_DIGITS, 'The package code of the "Xizmat haqi" item: 1-20 digits'),
  tip_ikpu: ReceiptCode(IKPU_DIGITS, 'The IKPU (MXIK) code of the receipt\'s "Choy puli" (tip) item: 17 digits'),
  tip_package_code: ReceiptCode(PACKAGE_CODE_DIGITS, 'The package code of the "Choy puli" item: 1-20 digits'),
};
const StoredCode = (description: string) =>
  Type.Union([Type.String(), Type.Null()], { description: `${description}, or null when not set` });

export const PaymentSettingsBody = Type.Object(
  {
    payme: Type.Optional(
      Type.Object(
        {
          enabled: Type.Optional(Type.Boolean()),
          merchant_id: Type.Optional(
            Text({
              pattern: '^([0-9a-f]{24})?$',
              description: "The cashbox's Merchant ID: 24 hex digits, '' when not set",
            }),
          ),
          key: Key("The cashbox's KEY"),
          test_key: Key("The sandbox's TEST_KEY"),
          test_mode: Type.Optional(
            Type.Boolean({ description: 'Accept the TEST_KEY (and refuse the KEY): while testing with the sandbox' }),
          ),
          ...receiptCodeFields,
        },
        { additionalProperties: false },
      ),
    ),
    click: Type.Optional(
      Type.Object(
        {
          enabled: Type.Optional(Type.Boolean()),
          service_id: Type.Optional(Digits('service_id', 12)),
          merchant_id: Type.Optional(Digits('merchant_id', 12)),
          merchant_user_id: Type.Optional(Digits('merchant_user_id', 12)),
          secret_key: Key('SECRET_KEY'),
        },
        { additionalProperties: false },
      ),
    ),
    vat_percent: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 100, description: "The fiscal items' VAT percent (Uzbekistan: 12)" }),
    ),
    service_percent: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_SERVICE_PERCENT,
        description: `"Xizmat haqi": a percent added to every new order, 0-${MAX_SERVICE_PERCENT}; 0 is none`,
      }),
    ),
  },
  { additionalProperties: false },
);

export const PaymentSettings = Type.Object({
  payme: Type.Object({
    enabled: Type.Boolean(),
    merchant_id: Type.String(),
    key_set: Type.Boolean(),
    test_key_set: Type.Boolean(),
    test_mode: Type.Boolean(),
    service_ikpu: StoredCode('The "Xizmat haqi" item\'s IKPU (MXIK) code'),
    service_package_code: StoredCode('The "Xizmat haqi" item\'s package code'),
    tip_ikpu: StoredCode('The "Choy puli" item\'s IKPU (MXIK) code'),
    tip_package_code: StoredCode('The "Choy puli" item\'s package code'),
  }),
  click: Type.Object({
    enabled: Type.Boolean(),
    service_id: Type.String(),
    merchant_id: Type.String(),
    merchant_user_id: Type.String(),
    secret_key_set: Type.Boolean(),
  }),
  vat_percent: Type.Integer(),
  service_percent: Type.Integer(),
});
export const PaymentSettingsAnswer = Type.Object({ data: PaymentSettings });

export const PaymentMethod = Type.Union([Type.Literal('payme'), Type.Literal('click')]);

export const BillQuery = Type.Object({ table_id: TableToken });
export const Bill = Type.Object({
  orders: Type.Array(Order, {
    description: "The table's orders since it was last settled: every one not yet paid, and those paid since then",
  }),
  service: Type.Number({ description: 'Σ of the orders’ service charges' }),
  total: Type.Number({ description: 'Σ of the orders’ totals and their service charges' }),
  paid: Type.Number({ description: 'What of `total` is paid' }),
  unpaid: Type.Number({ description: '`total` − `paid`' }),
  methods: Type.Array(PaymentMethod, { description: 'How the restaurant takes payments from the phone' }),
});
export const BillAnswer = Type.Object({ data: Bill });

export const CreatePaymentBody = Type.Object(
  {
    table_id: TableToken,
    provider: PaymentMethod,
    order_id: Type.Optional(
      Type.String({
        format: 'uuid',
        description: 'Pay this order of the bill alone (and its service charge); the whole bill without it',
      }),
    ),
    tip: Type.Optional(
      Type.Integer({ minimum: 0, description: "A tip in whole so'm, added to the amount; at most the bill itself" }),
    ),
  },
  { additionalProperties: false },
);

export const PaymentState = Type.Union(
  [Type.Literal('pending'), Type.Literal('paid'), Type.Literal('cancelled'), Type.Literal('refunded')],
  { description: 'pending until the provider performs it (paid) or it is cancelled; paid then cancelled: refunded' },
);
export const Payment = Type.Object({
  _id: Id,
  provider: Type.Union([PaymentMethod, Type.Literal('cash')]),
  amount: Money({ description: "In so'm: the orders, their service charge and the tip" }),
  tip: Money(),
  status: PaymentState,
  order_ids: Type.Array(Id),
  redirect_url: Type.Union([Type.String(), Type.Null()], {
    description: "The provider's checkout page for this payment (null for cash)",
  }),
  paid_at: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
});
export const PaymentAnswer = Type.Object({ data: Payment });

export const CashPaymentBody = Type.Object({ table_id: Id }, { additionalProperties: false });

export { PaymentStatus };
