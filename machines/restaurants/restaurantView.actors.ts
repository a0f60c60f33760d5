import { fromPromise } from 'xstate';
import { ApiError } from '../../client/client';
import { lastSync } from '../../client/integration';
import { listManagers } from '../../client/managers';
import { deleteRestaurant, findRestaurant, myRestaurants, viewRestaurant } from '../../client/restaurants';
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

async function load(input: ViewInput, signal: AbortSignal): Promise<ViewOutput> {
  let slug = input.slug;
  if (!slug) {
    // An admin looks the one restaurant up by id; a manager's own list is short.
    const found =
      input.role === 'admin'
        ? await findRestaurant(input.id, { signal })
        : (await myRestaurants({ signal })).find((r) => r._id === input.id);
    slug = found?.slug ?? null;
    if (!slug) throw new ApiError(404, uz.restaurantLoadFailed);
  }
  const restaurant = await viewRestaurant(slug, { signal });
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
