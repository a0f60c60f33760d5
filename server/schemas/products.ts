import { type Static, Type } from 'typebox';
import { Counts, Id, Money, MultiLineText, Text, Timestamp, VisibleText } from './common';
import { dishFactsBodyFields, dishFactsFields } from './dish-facts';
import { Option, OptionRow } from './options';
import { Schedule } from './schedule';
import { ProductTranslations, ProductTranslationsBody } from './translations';

/** Only images this server stored (see server/uploads/storage.ts): a product cannot point at arbitrary URLs. */
export const IMAGE_URL_PATTERN = '^/uploads/[a-z0-9-]+\\.webp$';
/** numeric(14,2) holds up to 10^12; a lower bound keeps an absurd price a 400 instead of a database error. */
export const MAX_PRICE = 100_000_000_000;

export const ProductImage = Type.Object({
  file: Text({ pattern: IMAGE_URL_PATTERN, description: 'Stored image URL `/uploads/<name>.webp`' }),
});
export const Price = Money({
  minimum: 0,
  maximum: MAX_PRICE,
  description: "Price in so'm, a number ≥ 0 with at most 2 decimals",
});
const Name = VisibleText({ minLength: 1, maxLength: 200, description: 'Product name, not blank' });
const Description = MultiLineText({ maxLength: 2000, description: 'Optional, empty by default; may span lines' });
const Images = Type.Array(ProductImage, { maxItems: 20, description: 'Images as `[{ file }]`, in display order' });

const productFields = {
  _id: Id,
  name: Type.String(),
  category_id: Id,
  description: Type.String(),
  price: Type.Number(),
  is_active: Type.Boolean({ description: 'true: Mavjud (available); false: on the stop-list' }),
  images: Type.Array(Type.Object({ file: Type.String() })),
  position: Type.Integer({ description: 'Display order within the category (0 first)' }),
  pos_stopped: Type.Boolean({ description: 'On the stop-list because the POS says so; a manual change clears it' }),
  ...dishFactsFields,
  schedule: Schedule,
  createdAt: Timestamp,
  updatedAt: Timestamp,
};
export const Product = Type.Object(productFields);
export type ProductView = Static<typeof Product>;
/** A Payme receipt item's codes as the API takes them: the IKPU (MXIK) code, 17 digits; the package code, 1-20 digits. */
export const IKPU_DIGITS = '[0-9]{17}';
export const PACKAGE_CODE_DIGITS = '[0-9]{1,20}';
/** Fiscal receipt data of a product (a Payme receipt's item): both optional, null when not set. */
const Ikpu = Type.Union([Text({ pattern: `^${IKPU_DIGITS}$` }), Type.Null()], {
  description: "The product's IKPU (MXIK) code from tasnif.soliq.uz: 17 digits; null removes it",
});
const PackageCode = Type.Union([Text({ pattern: `^${PACKAGE_CODE_DIGITS}$` }), Type.Null()], {
  description: "The package code from the product's IKPU card: digits; null removes it",
});
const fiscalFields = {
  ikpu: Type.Union([Type.String(), Type.Null()], { description: 'IKPU (MXIK) code, 17 digits, or null' }),
  package_code: Type.Union([Type.String(), Type.Null()], { description: 'Package code of the IKPU card, or null' }),
};

/** A product as the manager calls answer it: with the translations of its name and description, and its fiscal codes. */
export const ManagedProduct = Type.Object({ ...productFields, ...fiscalFields, translations: ProductTranslations });
export type ManagedProductView = Static<typeof ManagedProduct>;

/** A product as the public reads answer it: its options, each with its rows, and all its rows flat (spec 3). */
export const ProductWithOptions = Type.Object({
  ...productFields,
  options: Type.Array(Option, { description: 'Options in creation order, each with its rows' }),
  rows: Type.Array(OptionRow, { description: 'Every row of every option (the same rows as under options)' }),
});
export type ProductWithOptionsView = Static<typeof ProductWithOptions>;

export const ProductAnswer = Type.Object({ data: ManagedProduct });
/** POST answers `data.id` (spec section 7) next to the usual `_id`. */
export const CreatedProductAnswer = Type.Object({
  data: Type.Object({ id: Id, ...productFields, ...fiscalFields, translations: ProductTranslations }),
});
export const ProductsAnswer = Type.Object({ data: Type.Array(ManagedProduct) });
export const ProductWithOptionsAnswer = Type.Object({ data: ProductWithOptions });
export const CategoryProductsAnswer = Type.Object({
  data: Type.Object({
    products: Type.Array(ProductWithOptions, { description: 'In display order' }),
    count: Counts,
  }),
});

export const ManagerProductsQuery = Type.Object(
  {
    category_id: Type.Optional(Type.String({ format: 'uuid', description: "Only this category's products" })),
    restaurant_id: Type.Optional(Type.String({ format: 'uuid', description: "Only this restaurant's products" })),
  },
  { additionalProperties: false },
);
export const CategoryProductsQuery = Type.Object({ category_id: Id }, { additionalProperties: false });

export const CreateProductBody = Type.Object(
  {
    name: Name,
    category_id: Id,
    price: Price,
    description: Type.Optional(Description),
    is_active: Type.Optional(Type.Boolean({ default: true, description: 'Default true' })),
    images: Type.Optional(Images),
    translations: Type.Optional(ProductTranslationsBody),
    ikpu: Type.Optional(Ikpu),
    package_code: Type.Optional(PackageCode),
    ...dishFactsBodyFields,
    schedule: Type.Optional(Schedule),
  },
  { additionalProperties: false },
);
export const UpdateProductBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    price: Type.Optional(Price),
    is_active: Type.Optional(Type.Boolean()),
    category_id: Type.Optional(Type.String({ format: 'uuid', description: 'Another category of the same restaurant' })),
    images: Type.Optional(Images),
    translations: Type.Optional(ProductTranslationsBody),
    ikpu: Type.Optional(Ikpu),
    package_code: Type.Optional(PackageCode),
    ...dishFactsBodyFields,
    schedule: Type.Optional(Schedule),
  },
  { additionalProperties: false, minProperties: 1, description: 'Only the sent fields change' },
);
export const ProductPositionsBody = Type.Object(
  {
    category_id: Id,
    ids: Type.Array(Id, {
      uniqueItems: true,
      maxItems: 5000,
      description: 'Every product id of the category, exactly once, in the new display order',
    }),
  },
  { additionalProperties: false },
);
export const AvailabilityBody = Type.Object(
  {
    ids: Type.Array(Id, { minItems: 1, maxItems: 5000, uniqueItems: true, description: 'Products to move' }),
    is_active: Type.Boolean({ description: 'false: to the stop-list; true: out of the stop-list' }),
  },
  { additionalProperties: false },
);
export const AvailabilityAnswer = Type.Object({
  data: Type.Object({
    products: Type.Array(Id, { description: 'Products whose is_active changed' }),
    categories: Type.Array(Type.Object({ _id: Id, is_active: Type.Boolean() }), {
      description: 'Categories the cascade changed, with their new is_active',
    }),
  }),
});
