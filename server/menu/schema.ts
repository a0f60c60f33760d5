import { Type } from 'typebox';
import { Text } from '../schemas/common';

/**
 * Query strings of the public menu. The slug is optional in the schema on purpose: a page that lacks it (or names
 * nobody) answers the friendly 404 page, not a JSON validation error a diner cannot read. Other parameters (a
 * messenger's `utm_*`, `fbclid`) are allowed and ignored. A slug with a control character is a 400 like any text:
 * no restaurant has one, and PostgreSQL cannot even compare a NUL.
 */
const Lang = Type.Optional(
  Text({
    maxLength: 100,
    description:
      'The language: `uz` (Uzbek, Latin), `uz-Cyrl` (Uzbek, Cyrillic), `ru`, `en`, in any case. One the restaurant ' +
      'does not offer (or any other text) shows its first language: a diner never gets an error for a link.',
  }),
);
/** A table's link: any text, so a stale or mangled link still shows the menu (with a note), never a 400. */
const Table = Type.Optional(
  Text({
    maxLength: 100,
    description:
      "The table's token from its QR code: with ordering on and the table active, the page to order from; an unknown " +
      'or switched-off table (or a replaced token, or a table id), the menu with a note.',
  }),
);
/**
 * A filter chip, once or repeated (`?tag=vegetarian&tag=halal`). Any text: a value the page does not offer is ignored
 * (the page is the unfiltered one), never a 400, since a link is all a diner has. Bounded only so that a crafted
 * address cannot make the server compare thousands of values.
 */
const Chips = (description: string) =>
  Type.Optional(
    Type.Union([Text({ maxLength: 40 }), Type.Array(Text({ maxLength: 40 }), { maxItems: 30 })], { description }),
  );
const Tag = Chips(
  'Show only dishes with this tag (`halal`, `vegetarian`, `vegan`); repeat for several (each must hold). A value ' +
    'the page offers no chip for is ignored.',
);
const Without = Chips(
  'Leave out dishes containing this: an allergen (`nuts`, `peanuts`, `milk`, `gluten`, `eggs`, `fish`) or `spicy` ' +
    '(a spiciness or the spicy tag); repeat for several. A value the page offers no chip for is ignored.',
);
export const MenuPageQuery = Type.Object({
  slug: Type.Optional(Text({ description: 'The restaurant slug' })),
  lang: Lang,
  table: Table,
  tag: Tag,
  without: Without,
});
/** What shows a table's code asks for the staff's print pass (print-pass.ts). */
const Pass = Type.Optional(
  Text({
    maxLength: 100,
    description: "The staff's `print_pass.pass` from `GET /manager/tables` (needed whenever a table's code is shown)",
  }),
);
/** A card: the restaurant's, or with `table` (a table's id) and the staff's pass, that table's. */
export const MenuCardQuery = Type.Object({
  slug: Type.Optional(Text({ description: 'The restaurant slug' })),
  lang: Lang,
  table: Type.Optional(Text({ maxLength: 100, description: "A table's id (`_id` of `GET /manager/tables`)" })),
  pass: Pass,
});
/** Every active table's card: the restaurant, the staff's pass, and the language of a 404 page. */
export const MenuCardsQuery = Type.Object({
  slug: Type.Optional(Text({ description: 'The restaurant slug' })),
  lang: Lang,
  pass: Pass,
});
export const MenuSlugParams = Type.Object({ slug: Text({ description: 'The restaurant slug' }) });
export const MenuSlugQuery = Type.Object({ lang: Lang, table: Table, tag: Tag, without: Without });

/** The QR and JSON calls are for programs: a missing slug is a 400 there. */
export const QrQuery = Type.Object({
  slug: Text({ minLength: 1, maxLength: 100, description: 'The restaurant slug' }),
  table: Type.Optional(
    Type.String({
      format: 'uuid',
      description: "A table's id: the code opens the table's page `/menu/<slug>?table=<token>` instead (needs `pass`)",
    }),
  ),
  pass: Pass,
  download: Type.Optional(
    Type.Union([Type.Literal('1'), Type.Literal('0')], {
      description: '1: answer as an attachment (the browser saves it as menyu-<slug>-qr.<ext>)',
    }),
  ),
});
export const MenuDataQuery = Type.Object({
  slug: Text({ minLength: 1, maxLength: 100, description: 'The restaurant slug' }),
  lang: Lang,
});

const Row = Type.Object({ _id: Type.String(), name: Type.String(), price: Type.Number() });
const Option = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  required: Type.Boolean({ description: 'true: an order of the dish must choose at least one of its rows' }),
  min_choices: Type.Integer({ description: 'The fewest rows an order of the dish chooses (0: optional)' }),
  max_choices: Type.Integer({ description: 'The most rows an order chooses, each once (1: one of them)' }),
  rows: Type.Array(Row),
});
const Product = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  price: Type.Number(),
  is_active: Type.Boolean({ description: 'false: on the stop-list (listed last in its category)' }),
  images: Type.Array(Type.Object({ file: Type.String() })),
  options: Type.Array(Option),
});
/** For the OpenAPI document: the body is sent pre-serialized from the cache, so it is not re-validated. */
export const MenuDataAnswer = Type.Object({
  data: Type.Object({
    restaurant: Type.Object({
      _id: Type.String(),
      name: Type.String(),
      slug: Type.String(),
      address: Type.String(),
      phone_number: Type.String(),
      work_time: Type.String(),
      image: Type.Union([Type.String(), Type.Null()]),
      logotype: Type.Union([Type.String(), Type.Null()]),
      hide_stopped: Type.Boolean(),
    }),
    categories: Type.Array(Type.Object({ _id: Type.String(), title: Type.String(), products: Type.Array(Product) })),
  }),
});
