import { type Static, Type } from 'typebox';
import { Id, Money, Timestamp, VisibleText } from './common';
import { OptionTranslations, OptionTranslationsBody, RowTranslations, RowTranslationsBody } from './translations';

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
  required: Type.Boolean({
    description: 'true: the diner must choose one of its rows (an option is one choice: at most one row either way)',
  }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  rows: Type.Array(OptionRow, { description: 'Rows in creation order' }),
});
export type OptionView = Static<typeof Option>;

/** An option row as the manager calls answer it: with the translations of its name (issue 18). */
export const ManagedOptionRow = Type.Object({ ...OptionRow.properties, translations: RowTranslations });
export type ManagedOptionRowView = Static<typeof ManagedOptionRow>;
/** An option as the manager calls answer it: with the translations of its name, and its rows' (issue 18). */
export const ManagedOption = Type.Object({
  ...Option.properties,
  translations: OptionTranslations,
  rows: Type.Array(ManagedOptionRow, { description: 'Rows in creation order' }),
});
export type ManagedOptionView = Static<typeof ManagedOption>;

export const OptionsAnswer = Type.Array(ManagedOption, { description: 'Options of the product in creation order' });
export const ProductIdParams = Type.Object({ productId: Id });
export const OptionIdParams = Type.Object({ optionId: Id });

const REQUIRED = 'The diner must choose one of its rows (an option is one choice: at most one row either way)';
export const CreateOptionBody = Type.Object(
  {
    product_id: Id,
    name: Name,
    required: Type.Optional(Type.Boolean({ default: false, description: `${REQUIRED}; default false` })),
    translations: Type.Optional(OptionTranslationsBody),
  },
  { additionalProperties: false },
);
/** `name` as before; since issue 18 `translations` alone may be sent too, and `required` (one of them is needed). */
export const UpdateOptionBody = Type.Object(
  {
    name: Type.Optional(Name),
    required: Type.Optional(Type.Boolean({ description: REQUIRED })),
    translations: Type.Optional(OptionTranslationsBody),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const RowAnswer = Type.Object({ data: ManagedOptionRow });
export const RowsAnswer = Type.Object({ data: Type.Array(ManagedOptionRow, { description: 'In creation order' }) });
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
    translations: Type.Optional(RowTranslationsBody),
  },
  { additionalProperties: false },
);
export const UpdateRowBody = Type.Object(
  { name: Type.Optional(Name), price: Type.Optional(RowPrice), translations: Type.Optional(RowTranslationsBody) },
  { additionalProperties: false, minProperties: 1, description: 'Only the sent fields change' },
);
