import { join } from 'node:path';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../client/storage';
import { screenModules, TOKEN_KEY } from '../../scripts/route-preload';
import { preloadTable, screensToPreload } from '../../src/router/preload-table';
import { appRoutes } from '../../src/router/routes';
import { type ScreenName, screens } from '../../src/router/screens';

/**
 * The route preloader (scripts/route-preload.ts) starts, on a direct visit, the screens that
 * src/router/preload-table.ts names for the address. Those must be exactly the lazy screens react-router loads for
 * it, for every route of the table in routes.tsx: a screen added there without a line in the preload table, or a
 * line that names the wrong screen, fails here.
 */

const nameOf = new Map<unknown, ScreenName>(Object.entries(screens).map(([name, load]) => [load, name as ScreenName]));

/** Every path of the route tree with a sample value for each parameter and splat (`/admin/viewRestaurant/p/p`). */
function samplePaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const here = route.path
      ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`.replace(/:\w+/g, 'p').replace(/\/\*$/, '/any')
      : parent;
    const own = route.path || route.index ? [here || '/'] : [];
    return [...own, ...samplePaths(route.children ?? [], here)];
  });
}

/** The lazy screens react-router loads for a path, outermost first. */
function lazyScreens(path: string): ScreenName[] {
  return (matchRoutes(appRoutes, path) ?? []).flatMap(({ route }) => {
    const name = route.lazy ? nameOf.get(route.lazy) : undefined;
    return name ? [name] : [];
  });
}

describe('route preload table', () => {
  const paths = [...new Set(samplePaths(appRoutes))];

  it('covers the route table (sample paths include the lazy screens)', () => {
    expect(paths).toEqual(expect.arrayContaining(['/admin/restaurants', '/ProductStopList', '/login', '/']));
    expect(paths.filter((path) => lazyScreens(path).length > 0).length).toBeGreaterThanOrEqual(20);
  });

  it.each(paths)('%s: the preloaded screens are the ones react-router loads', (path) => {
    expect(screensToPreload(path)).toEqual(lazyScreens(path));
  });

  it('matches without case, like the routes (the bottom navigation links /productStopList)', () => {
    expect(screensToPreload('/productstoplist')).toEqual(lazyScreens('/productstoplist'));
    expect(screensToPreload('/productstoplist')).toEqual(['managerShell', 'stopList']);
  });

  it('preloads nothing for the login page and for addresses that are not the panel', () => {
    expect(screensToPreload('/login')).toEqual([]);
    expect(screensToPreload('/no/such/page')).toEqual([]);
    expect(lazyScreens('/no/such/page')).toEqual([]);
  });

  it('every screen the table names is one the build can find in screens.ts', () => {
    const modules = screenModules(join(import.meta.dirname, '../../src/router/screens.ts'));
    expect([...modules.keys()].sort()).toEqual(Object.keys(screens).sort());
    for (const [, names] of preloadTable) for (const name of names) expect(modules.has(name)).toBe(true);
  });

  it("reads the session token under the client's key", () => {
    expect(TOKEN_KEY).toBe(ACCESS_TOKEN_KEY);
  });
});
