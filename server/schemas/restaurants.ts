import { type Static, type TSchema, Type } from 'typebox';
import { Counts, Id, Text, Timestamp, VisibleText } from './common';
import { IsActiveFilter, Limit, Page, PageNumber, PageSize, Search, Total } from './list-query';
import { DigestTime, TimeZone, WorkingHours } from './schedule';
import { Languages, RestaurantTranslations, RestaurantTranslationsBody } from './translations';

/**
 * Latin letters and digits in words joined by single hyphens: safe in a URL (`/menu/<slug>`, `?slug=`) without escaping.
 * Any case is accepted and stored lowercase (`RAYHON` → `rayhon`), so a slug typed on a phone keyboard is not refused.
 */
export const SLUG_PATTERN = '^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$';

export const Slug = Text({
  minLength: 1,
  maxLength: 64,
  pattern: SLUG_PATTERN,
  description:
    'URL-safe, unique whatever the case: latin letters, digits and single hyphens (e.g. `rayhon-milliy`); stored ' +
    'and answered lowercase (`Rayhon-Milliy` → `rayhon-milliy`)',
});

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

// Text limits: generous for real data, small enough that nobody stores a novel in a phone number.
/** A restaurant's name at most; a POS organization's longer name is cut to it. */
export const RESTAURANT_NAME_MAX = 120;
const Name = VisibleText({ minLength: 1, maxLength: RESTAURANT_NAME_MAX, description: 'Restaurant name' });
const Address = VisibleText({ minLength: 1, maxLength: 300 });
const PHONE_RULE =
  'An Uzbek number: its 9 digits alone or after `+998`, `998` or `8` (`90 123 45 67`, `+998901234567`, `(90) 123-45-67`), ' +
  'spaces, hyphens and parentheses allowed; stored as `+998 90 123 45 67`';
const Phone = Text({ minLength: 1, maxLength: 40, uzPhone: 'required', description: PHONE_RULE });
const WorkTime = VisibleText({ minLength: 1, maxLength: 100, description: 'Free text, e.g. `09:00 - 23:00`' });
/**
 * On update, address, phone and work time may be sent empty; only an integration restaurant may keep them so (the POS
 * gives no work time, and often no address): the route answers 400 for a manual one, whose form requires them.
 */
const EMPTY_FOR_INTEGRATION = 'Empty (`""`) only on an integration restaurant';
const UpdateAddress = Text({ maxLength: 300, description: EMPTY_FOR_INTEGRATION });
const UpdatePhone = Text({
  maxLength: 40,
  uzPhone: 'or-empty',
  description: `${PHONE_RULE}. ${EMPTY_FOR_INTEGRATION}`,
});
const UpdateWorkTime = Text({ maxLength: 100, description: EMPTY_FOR_INTEGRATION });
const BotToken = Nullable(
  Text({ maxLength: 200, description: 'Telegram bot token; an empty string or null clears it' }),
);
const ChannelId = Nullable(
  Text({ maxLength: 100, description: 'Telegram channel id; an empty string or null clears it' }),
);

/** The admin's forms set it on create and edit; default false. */
const HideStopped = Type.Boolean({
  description: 'Public menu hides stop-listed products instead of greying them (default false)',
});

/** Diners at a table may order and call the waiter; admins and the owning manager set it; default false. */
const OrderingEnabled = Type.Boolean({
  description: 'Diners at a table (`/menu/{slug}?table={id}`) may order and call the waiter (default false)',
});

export const RestaurantType = Type.Enum(['manual', 'integration'], {
  description: '`manual` (default) or `integration` (mirrors a POS, can be synchronised)',
});

export const ManagerRef = Type.Object({ _id: Id, login: Type.String() }, { description: 'The assigned manager' });

/**
 * A restaurant as the API answers it (spec section 3). Who sees what: `bot_token` only admins; `manager_id`,
 * `manager` and `channel_id` only admins and the owning manager; everyone else gets the public fields.
 */
export const Restaurant = Type.Object({
  _id: Id,
  name: Type.String(),
  slug: Type.String(),
  address: Type.String(),
  phone_number: Type.String(),
  work_time: Type.String(),
  manager_id: Type.Optional(Nullable(Id)),
  manager: Type.Optional(Nullable(ManagerRef)),
  type: RestaurantType,
  is_active: Type.Boolean(),
  bot_token: Type.Optional(Nullable(Type.String())),
  channel_id: Type.Optional(Nullable(Type.String())),
  image: Nullable(
    Type.String({ description: 'Cover image URL (`/uploads/<name>.webp`; thumbnail `<name>-thumb.webp`)' }),
  ),
  logotype: Nullable(Type.String({ description: 'Logo URL (`/uploads/<name>.webp`; thumbnail `<name>-thumb.webp`)' })),
  hide_stopped: Type.Boolean({ description: 'Public menu hides stop-listed products instead of greying them' }),
  time_zone: TimeZone,
  working_hours: WorkingHours,
  digest_time: Type.Optional(DigestTime),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type RestaurantView = Static<typeof Restaurant>;

/**
 * A restaurant as the admin and manager calls answer it: with its menu languages and the translations of its texts
 *. The public reads keep answering `Restaurant`.
 */
export const ManagedRestaurant = Type.Object({
  ...Restaurant.properties,
  languages: Languages,
  translations: RestaurantTranslations,
  ordering_enabled: OrderingEnabled,
  telegram_configured: Type.Boolean({
    description: 'Both a bot token and a channel are set: orders and calls are delivered to Telegram',
  }),
  telegram_error: Nullable(
    Type.String({
      description: 'Why Telegram last refused its messages for good (shown as "Telegramga yuborilmadi: …")',
    }),
  ),
  pos_terminal_group_id: Nullable(
    Type.String({
      description:
        'An integration restaurant: the POS terminal group (iiko: iikoFront group) that receives its table orders and ' +
        "whose tables the sync mirrors; null: the POS's first terminal group",
    }),
  ),
});
export type ManagedRestaurantView = Static<typeof ManagedRestaurant>;

export const TerminalGroupsAnswer = Type.Object({
  data: Type.Array(
    Type.Object({
      id: Type.String({ description: 'What `pos_terminal_group_id` takes' }),
      name: Type.String(),
    }),
    { description: "In the POS's order: the first is the default" },
  ),
});
export const RestaurantAnswer = Type.Object({ data: Restaurant });
export const ManagedRestaurantAnswer = Type.Object({ data: ManagedRestaurant });
export const RestaurantsAnswer = Type.Object({ data: Type.Array(ManagedRestaurant) });
const LanguageCounts = Type.Object(
  { ru: Type.Optional(Type.Integer({ minimum: 1 })), en: Type.Optional(Type.Integer({ minimum: 1 })) },
  { description: 'How many lack each offered language (`ru`, `en`); a language with none missing is left out' },
);
/** The restaurant list's rows name what is left to translate of the menu, not only of the restaurant's own texts. */
export const UntranslatedMenu = Type.Object(
  { categories: LanguageCounts, products: LanguageCounts, options: LanguageCounts },
  {
    description:
      "Only in a page of the list: the menu's categories, products and options (an option with its rows) with a " +
      'non-empty Uzbek text that has no translation, per language the restaurant offers (Uzbek Cyrillic never ' +
      'counts: it is written from the Latin text)',
  },
);
export const ListedRestaurant = Type.Object({
  ...ManagedRestaurant.properties,
  untranslated: Type.Optional(UntranslatedMenu),
});
export const RestaurantListAnswer = Type.Object({
  restaurants: Type.Array(ListedRestaurant),
  counts: Counts,
  total: Type.Optional(Total),
  page: Type.Optional(PageNumber),
  limit: Type.Optional(PageSize),
});
/** GET /admin/restaurants: without parameters the whole list (spec); with any of them one page. */
export const RestaurantListQuery = Type.Object(
  {
    page: Type.Optional(Page),
    limit: Type.Optional(Limit),
    q: Type.Optional(Search),
    is_active: Type.Optional(IsActiveFilter),
    type: Type.Optional(
      Type.Union([Type.Literal('manual'), Type.Literal('integration')], { description: 'Only this type' }),
    ),
    id: Type.Optional(
      Type.String({
        format: 'uuid',
        description: "Only the restaurant with this _id (a page of one row, or none): the panel's lookup by id",
      }),
    ),
  },
  { additionalProperties: false },
);

export const SlugQuery = Type.Object(
  { slug: Text({ minLength: 1, maxLength: 64, description: 'The restaurant slug' }) },
  { additionalProperties: false },
);
export const RestaurantIdQuery = Type.Object({ restaurantId: Id }, { additionalProperties: false });

/** Spec section 5: every field of the admin restaurant form is required except bot_token, channel_id and hide_stopped. */
export const CreateRestaurantBody = Type.Object(
  {
    name: Name,
    slug: Slug,
    address: Address,
    manager_id: Id,
    is_active: Type.Boolean(),
    phone_number: Phone,
    work_time: WorkTime,
    bot_token: Type.Optional(BotToken),
    channel_id: Type.Optional(ChannelId),
    hide_stopped: Type.Optional(HideStopped),
    ordering_enabled: Type.Optional(OrderingEnabled),
    languages: Type.Optional(Languages),
    translations: Type.Optional(RestaurantTranslationsBody),
    time_zone: Type.Optional(TimeZone),
    working_hours: Type.Optional(WorkingHours),
    digest_time: Type.Optional(DigestTime),
  },
  { additionalProperties: false },
);
export type CreateRestaurantInput = Static<typeof CreateRestaurantBody>;

/**
 * Fields a manager may change on their own restaurant (spec 2.7: the Update Restaurant modal; its languages;
 * whether diners may order from the table; its time zone and working hours; when its daily digest goes).
 */
export const MANAGER_EDITABLE = [
  'name',
  'address',
  'phone_number',
  'work_time',
  'languages',
  'translations',
  'ordering_enabled',
  'pos_terminal_group_id',
  'time_zone',
  'working_hours',
  'digest_time',
] as const;

/** Partial update: only the sent fields change. The admin-only fields are refused (403) for managers. */
export const UpdateRestaurantBody = Type.Object(
  {
    name: Type.Optional(Name),
    address: Type.Optional(UpdateAddress),
    phone_number: Type.Optional(UpdatePhone),
    work_time: Type.Optional(UpdateWorkTime),
    slug: Type.Optional(Slug),
    manager_id: Type.Optional(Id),
    is_active: Type.Optional(Type.Boolean()),
    bot_token: Type.Optional(BotToken),
    channel_id: Type.Optional(ChannelId),
    hide_stopped: Type.Optional(HideStopped),
    ordering_enabled: Type.Optional(OrderingEnabled),
    languages: Type.Optional(Languages),
    translations: Type.Optional(RestaurantTranslationsBody),
    time_zone: Type.Optional(TimeZone),
    working_hours: Type.Optional(WorkingHours),
    digest_time: Type.Optional(DigestTime),
    pos_terminal_group_id: Type.Optional(
      Nullable(
        Type.String({
          format: 'uuid',
          description:
            'Integration restaurants only: a terminal group the POS lists (400 otherwise), or null for its first',
        }),
      ),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateRestaurantInput = Static<typeof UpdateRestaurantBody>;
