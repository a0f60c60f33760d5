import { type Static, Type } from 'typebox';
import { Id, Money, Timestamp, VisibleText } from './common';

/** Spec section 5: a row needs its option; the client's own alert text answers a row without one. */
export const OPTION_REQUIRED = 'Avval opsiya tanlang';
export const OPTION_NAME_REQUIRED = "Opsiya nomi bo'sh bo'lishi mumkin emas!";
export const ROW_NAME_REQUIRED = "Qator nomi bo'sh bo'lishi mumkin emas!";

const RowPrice = Money({
  minimum: 0,
  maximum: 100_000_000_000,
  description: "Extra price in so'm, ≥ 0, at most 2 decimals",
});
const Name = VisibleText({ minLength: 1, maxLength: 100, description: '1-100 characters, not blank' });

export const OptionRow = Type.Object({
  _id: Id,
  product_option_id: Id,
  name: Type.String(),
  price: Type.Number(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type OptionRowView = Static<typeof OptionRow>;

export const Option = Type.Object({
  _id: Id,
  product_id: Id,
  name: Type.String(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  rows: Type.Array(OptionRow, { description: 'Rows in creation order' }),
});
export type OptionView = Static<typeof Option>;

export const OptionsAnswer = Type.Array(Option, { description: 'Options of the product in creation order' });
export const ProductIdParams = Type.Object({ productId: Id });
export const OptionIdParams = Type.Object({ optionId: Id });

export const CreateOptionBody = Type.Object({ product_id: Id, name: Name }, { additionalProperties: false });
export const UpdateOptionBody = Type.Object({ name: Name }, { additionalProperties: false });

export const RowAnswer = Type.Object({ data: OptionRow });
export const RowsAnswer = Type.Object({ data: Type.Array(OptionRow, { description: 'In creation order' }) });
export const CreateRowBody = Type.Object(
  {
    product_option_id: Id,
    name: Name,
    price: Type.Optional(
      Money({
        minimum: 0,
        maximum: 100_000_000_000,
        default: 0,
        description: "Extra price in so'm, ≥ 0, at most 2 decimals (default 0)",
      }),
    ),
  },
  { additionalProperties: false },
);
export const UpdateRowBody = Type.Object(
  { name: Type.Optional(Name), price: Type.Optional(RowPrice) },
  { additionalProperties: false, minProperties: 1, description: 'Only the sent fields change' },
);
