import type { selectRole } from '../../machines/auth/auth.selectors';
import { loadToastStack } from '../components/Toasts';
import { type ScreenName, screens } from './screens';

type Role = NonNullable<ReturnType<typeof selectRole>>;

/**
 * Every screen a role can reach, the likeliest next ones first. Fetched once the session has a role (after login,
 * or at start with a stored token) and the page has settled, so that moving on from the first screen never waits
 * for the network: on a phone's mobile data a chunk can take a second or more.
 */
export const prefetchPlan: Record<Role, ScreenName[]> = {
  admin: [
    'adminShell',
    'restaurants',
    'restaurantView',
    'managers',
    'profile',
    'adminCategories',
    'adminProducts',
    'productDetail',
    'productOptions',
    'productOptionRows',
  ],
  manager: [
    'managerShell',
    'manager',
    'stopList',
    'managerCategories',
    'managerProducts',
    'roleShell',
    'productDetail',
    'productOptions',
  ],
};

/** How long the network must be quiet (no resource finishing) before prefetching starts. */
const QUIET_MS = 1000;

/**
 * Resolves once the page has loaded and no file or API answer has arrived for QUIET_MS: the screen on show has what
 * it needs, so the prefetch does not compete with it for a slow connection (on a phone, or under Lighthouse).
 */
export function whenSettled(): Promise<void> {
  return new Promise((resolve) => {
    const afterLoad = () => {
      let timer = setTimeout(done, QUIET_MS);
      const observer =
        typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('resource')
          ? new PerformanceObserver(() => {
              clearTimeout(timer);
              timer = setTimeout(done, QUIET_MS);
            })
          : undefined;
      observer?.observe({ type: 'resource' });
      function done() {
        observer?.disconnect();
        resolve();
      }
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
}

const started = new Set<Role>();

/**
 * Downloads the role's screens once the page has settled. Once per role and page load. A failed prefetch is dropped on
 * purpose: it only saves time, and the navigation that needs the screen loads it again and shows its own error if
 * that fails too.
 */
export async function prefetchFor(role: Role): Promise<void> {
  if (started.has(role)) return;
  started.add(role);
  await whenSettled();
  await Promise.allSettled([loadToastStack(), ...prefetchPlan[role].map((name) => screens[name]())]);
}
