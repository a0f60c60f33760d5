import type { Static } from 'typebox';
import type { Profile as ProfileSchema } from '../server/schemas/auth';
import type { Counts as CountsSchema } from '../server/schemas/common';
import type {
  IntegrationRestaurant as IntegrationRestaurantSchema,
  SyncRun as SyncRunSchema,
} from '../server/schemas/integration';
import type { ManagerView } from '../server/schemas/managers';
import type { CreateRestaurantInput, RestaurantView } from '../server/schemas/restaurants';

/**
 * Shapes of spec section 3 as the API answers them: the server's own TypeBox schemas, imported as types only, so
 * client and server cannot drift apart.
 */

export type Role = 'admin' | 'manager';
export type Profile = Static<typeof ProfileSchema>;
export type Restaurant = RestaurantView;
export type RestaurantType = Restaurant['type'];
export type Counts = Static<typeof CountsSchema>;
/** What the restaurant form sends: the required fields of spec section 5 and the optional ones. */
export type RestaurantInput = CreateRestaurantInput;
export type Manager = ManagerView;
export type IntegrationRestaurant = Static<typeof IntegrationRestaurantSchema>;
export type SyncRun = Static<typeof SyncRunSchema>;
export type UploadKind = 'image' | 'logotype';
