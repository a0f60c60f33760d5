import { fromPromise } from 'xstate';
import { ApiError } from '../../client/client';
import { lastSync } from '../../client/integration';
import { listManagers } from '../../client/managers';
import { myRestaurants } from '../../client/myRestaurants';
import { deleteRestaurant, findRestaurant, viewRestaurant } from '../../client/restaurants';
import type { Restaurant, Role, SyncRun } from '../../client/types';
import { uz } from '../../lib/uz';

export interface ViewInput {
  id: string;
  /** Known on /admin/viewRestaurant/{id}/{slug}; /viewRestaurant/{id} finds it through the viewer's list. */
  slug: string | null;
  role: Role;
}

export interface ViewOutput {
  restaurant: Restaurant;
  /** The manager's login as an admin sees it (a manager sees their own login from the profile). */
  managerLogin: string | null;
  /** Integration restaurants, for an admin: the last recorded sync (null before the first); undefined otherwise. */
  lastSync?: SyncRun | null;
}

/**
 * The restaurant as the viewer's own read answers it (an admin: GET /admin/restaurants?id=, one row; a manager: their
 * short list): with what the spec's public read leaves out, the menu's languages, the translations,
 * `ordering_enabled`, so the page's edit form offers them as the lists' forms do, and the Telegram delivery's
 * state for the page's Telegram section. Undefined when that read does not know it (a manager on another
 * manager's restaurant): then the page has no Telegram section.
 */
async function managedCopy(input: ViewInput, signal: AbortSignal): Promise<Restaurant | undefined> {
  return input.role === 'admin'
    ? ((await findRestaurant(input.id, { signal })) ?? undefined)
    : (await myRestaurants({ signal })).find((r) => r._id === input.id);
}

async function load(input: ViewInput, signal: AbortSignal): Promise<ViewOutput> {
  const managed = await managedCopy(input, signal);
  // /viewRestaurant/{id} names no slug: the viewer's own read gives it.
  const slug = input.slug ?? managed?.slug ?? null;
  if (!slug) throw new ApiError(404, uz.restaurantLoadFailed);
  const viewed = await viewRestaurant(slug, { signal });
  const restaurant: Restaurant =
    managed?._id === viewed._id
      ? {
          ...viewed,
          languages: managed.languages,
          translations: managed.translations,
          ordering_enabled: managed.ordering_enabled,
          telegram_configured: managed.telegram_configured,
          telegram_error: managed.telegram_error,
        }
      : viewed;
  let managerLogin = restaurant.manager?.login ?? null;
  if (!managerLogin && input.role === 'admin' && restaurant.manager_id) {
    const managers = await listManagers({ signal });
    managerLogin = managers.find((m) => m._id === restaurant.manager_id)?.login ?? null;
  }
  const sync =
    input.role === 'admin' && restaurant.type === 'integration'
      ? await lastSync(restaurant._id, { signal })
      : undefined;
  return { restaurant, managerLogin, lastSync: sync };
}

export const restaurantViewActors = {
  loadRestaurant: fromPromise(({ input, signal }: { input: ViewInput; signal: AbortSignal }) => load(input, signal)),
};

/** DELETE /admin/restaurants/delete?slug=: the call of the restaurant screens' confirm-delete cycle. */
export const deleteRestaurantActor = fromPromise<unknown, { slug: string }>(({ input, signal }) =>
  deleteRestaurant(input.slug, { signal }),
);
