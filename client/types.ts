import type { Static } from 'typebox';
import type { Profile as ProfileSchema } from '../server/schemas/auth';
import type { Counts as CountsSchema } from '../server/schemas/common';
import type {
  IntegrationRestaurant as IntegrationRestaurantSchema,
  SyncAnswer as SyncAnswerSchema,
  SyncRun as SyncRunSchema,
} from '../server/schemas/integration';
import type { ManagerView } from '../server/schemas/managers';
import type {
  CreateRestaurantInput,
  ManagedRestaurantView,
  RestaurantView,
  UntranslatedMenu as UntranslatedMenuSchema,
} from '../server/schemas/restaurants';
import type {
  CategoryTranslationsView,
  Language,
  OptionTranslationsView,
  ProductTranslationsView,
  RestaurantTranslationsView,
  RowTranslationsView,
  TranslationsPatch,
} from '../server/schemas/translations';

/**
 * Shapes of spec section 3 as the API answers them: the server's own TypeBox schemas, imported as types only, so
 * client and server cannot drift apart.
 */

export type Role = 'admin' | 'manager';
export type Profile = Static<typeof ProfileSchema>;
/**
 * Admin and manager answers also carry the menu's languages and the texts' translations, whether the
 * restaurant takes orders from its tables, and whether its orders go to Telegram and why Telegram last
 * refused them; the spec's public read carries none of them.
 */
export type Restaurant = RestaurantView & {
  languages?: Language[];
  translations?: RestaurantTranslationsView;
  ordering_enabled?: boolean;
  telegram_configured?: ManagedRestaurantView['telegram_configured'];
  telegram_error?: ManagedRestaurantView['telegram_error'];
  /** A page of the admin's list only: how much of the menu lacks each offered language. */
  untranslated?: UntranslatedMenu;
};
export type UntranslatedMenu = Static<typeof UntranslatedMenuSchema>;
export type RestaurantType = Restaurant['type'];
export type Counts = Static<typeof CountsSchema>;
/** What the restaurant form sends: the required fields of spec section 5 and the optional ones. */
export type RestaurantInput = CreateRestaurantInput;
export type Manager = ManagerView;
export type IntegrationRestaurant = Static<typeof IntegrationRestaurantSchema>;
export type SyncRun = Static<typeof SyncRunSchema>;
/** A sync's answer: what it changed (`data`: created, updated, deactivated) and its recorded run. */
export type SyncAnswer = Static<typeof SyncAnswerSchema>;
export type UploadKind = 'image' | 'logotype';
/** A menu language, and the translations each entity answers (absent when it has none) and sends. */
export type MenuLanguage = Language;
export type CategoryTranslations = CategoryTranslationsView;
export type ProductTranslations = ProductTranslationsView;
export type OptionTranslations = OptionTranslationsView;
export type RowTranslations = RowTranslationsView;
export type RestaurantTranslations = RestaurantTranslationsView;
export type TranslationsInput = TranslationsPatch;
