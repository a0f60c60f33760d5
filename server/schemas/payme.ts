import { Type } from 'typebox';

/** Payme's Merchant API endpoint (`/payments/payme/{id}`): what /docs says of it. Its body is read by the endpoint. */

export const PaymeParams = Type.Object({
  id: Type.String({ format: 'uuid', description: "The restaurant's id (the cashbox's Endpoint URL ends with it)" }),
});

const Localized = Type.Object({ ru: Type.String(), uz: Type.String(), en: Type.String() });

export const PaymeAnswer = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Union([Type.Number(), Type.String(), Type.Null()], { description: "The request's `id`, echoed" }),
    result: Type.Optional(
      Type.Object({}, { additionalProperties: true, description: "The method's result (Payme's Merchant API)" }),
    ),
    error: Type.Optional(
      Type.Object({
        code: Type.Integer(),
        message: Localized,
        data: Type.Optional(Type.Unknown({ description: 'The account field (-31050…-31099), the method (-32601)' })),
      }),
    ),
  },
  { description: 'A JSON-RPC 2.0 answer: `result`, or `error`, always with HTTP 200' },
);
