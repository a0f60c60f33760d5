import { type Static, Type } from 'typebox';
import { messages } from '../messages';
import { Id, Money, Timestamp, VisibleText } from './common';
import { OptionTranslations, OptionTranslationsBody, RowTranslations, RowTranslationsBody } from './translations';

// The API tests compare answers with these names.
export const OPTION_NAME_REQUIRED = messages.optionNameRequired;
export const ROW_NAME_REQUIRED = messages.rowNameRequired;

/** The most rows one option may ask for or allow: more is no menu a diner reads on a phone. */
export const CHOICES_LIMIT = 20;

/** How many rows of an option a diner chooses (product_options.min_choices / max_choices). */
export interface ChoiceCounts {
  min_choices: number;
  max_choices: number;
}

/** The API's `required`: the diner must choose at least one row. */
export const isRequired = (counts: ChoiceCounts) => counts.min_choices > 0;

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
  required: Type.Boolean({ description: 'true: the diner must choose at least one of its rows (min_choices ≥ 1)' }),
  min_choices: Type.Integer({
    minimum: 0,
    description: 'The fewest rows an order of the product chooses (0: optional)',
  }),
  max_choices: Type.Integer({
    minimum: 1,
    description: 'The most rows an order chooses, each once (1: its rows are alternatives, as a portion is)',
  }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  rows: Type.Array(OptionRow, { description: 'Rows in creation order' }),
});
export type OptionView = Static<typeof Option>;

/** An option row as the manager calls answer it: with the translations of its name. */
export const ManagedOptionRow = Type.Object({ ...OptionRow.properties, translations: RowTranslations });
export type ManagedOptionRowView = Static<typeof ManagedOptionRow>;
/** An option as the manager calls answer it: with the translations of its name, and its rows'. */
export const ManagedOption = Type.Object({
  ...Option.properties,
  translations: OptionTranslations,
  rows: Type.Array(ManagedOptionRow, { description: 'Rows in creation order' }),
});
export type ManagedOptionView = Static<typeof ManagedOption>;

export const OptionsAnswer = Type.Array(ManagedOption, { description: 'Options of the product in creation order' });
export const ProductIdParams = Type.Object({ productId: Id });
export const OptionIdParams = Type.Object({ optionId: Id });

const REQUIRED = 'true: min_choices becomes at least 1; false: min_choices becomes 0';
const MinChoices = Type.Integer({
  minimum: 0,
  maximum: CHOICES_LIMIT,
  description: `The fewest rows an order of the product must choose, 0..${CHOICES_LIMIT} (0: optional)`,
});
const MaxChoices = Type.Integer({
  minimum: 1,
  maximum: CHOICES_LIMIT,
  description: `The most rows an order may choose, each once, 1..${CHOICES_LIMIT} (1: its rows are alternatives)`,
});
export const CreateOptionBody = Type.Object(
  {
    product_id: Id,
    name: Name,
    required: Type.Optional(Type.Boolean({ description: `${REQUIRED}; default false` })),
    min_choices: Type.Optional(MinChoices),
    max_choices: Type.Optional(MaxChoices),
    translations: Type.Optional(OptionTranslationsBody),
  },
  { additionalProperties: false },
);
/** `name` as before; `translations`, `required` and the choice counts may each be sent alone (one field is needed). */
export const UpdateOptionBody = Type.Object(
  {
    name: Type.Optional(Name),
    required: Type.Optional(Type.Boolean({ description: REQUIRED })),
    min_choices: Type.Optional(MinChoices),
    max_choices: Type.Optional(MaxChoices),
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
