import type { selectRole } from '../../machines/auth/auth.selectors';
import { type ScreenName, screens } from './screens';

type Role = NonNullable<ReturnType<typeof selectRole>>;

/**
 * What a role's session opens first (its shell and home screen), then every other screen it can reach. Fetched as
 * soon as the session has a role (right after login, or at start with a stored token), so that moving on from the
 * first screen never waits for the network: on a phone's mobile data a chunk can take a second or more.
 */
export const prefetchPlan: Record<Role, { now: ScreenName[]; later: ScreenName[] }> = {
  admin: {
    now: ['adminShell', 'restaurants'],
    later: [
      'restaurantView',
      'managers',
      'profile',
      'adminCategories',
      'adminProducts',
      'productDetail',
      'productOptions',
      'productOptionRows',
    ],
  },
  manager: {
    now: ['managerShell', 'manager'],
    later: ['stopList', 'managerCategories', 'managerProducts', 'roleShell', 'productDetail', 'productOptions'],
  },
};

const started = new Set<Role>();

/**
 * Downloads the role's screens, the first ones before the rest so they do not share the connection with screens
 * not needed yet. Once per role and page load. A failed prefetch is dropped on purpose: it only saves time, and the
 * navigation that needs the screen loads it again and shows its own error if that fails too.
 */
export async function prefetchFor(role: Role): Promise<void> {
  if (started.has(role)) return;
  started.add(role);
  const load = (names: ScreenName[]) => Promise.allSettled(names.map((name) => screens[name]()));
  await load(prefetchPlan[role].now);
  await load(prefetchPlan[role].later);
}
