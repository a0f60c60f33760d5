import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PREFETCHED_KEY } from '../../client/prefetched';
import { ACCESS_TOKEN_KEY } from '../../client/storage';
import { preloaderSource, screenModules, TOKEN_KEY } from '../../scripts/route-preload';
import { prefetchTable, preloadTable, screensToPreload } from '../../src/router/preload-table';
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

/** Runs the generated preloader as the page would, with the stored values given; answers what it fetched and left. */
function runPreloader(pathname: string, stored: Record<string, string>) {
  const fetched: Array<{ url: string; headers: Record<string, string> }> = [];
  const links: string[] = [];
  const window: Record<string, unknown> = {};
  runInNewContext(
    preloaderSource(
      [[/^\/admin\/restaurants\/?$/i, ['assets/AdminShell-x.js', 'assets/RestaurantListScreen-x.js']]],
      '/',
      prefetchTable,
    ),
    {
      window,
      location: { pathname },
      localStorage: { getItem: (key: string) => stored[key] ?? null },
      document: {
        createElement: () => ({}),
        head: { appendChild: (link: { href: string }) => links.push(link.href) },
      },
      fetch: (url: string, init: { headers: Record<string, string> }) => {
        fetched.push({ url, headers: init.headers });
        return Promise.resolve({ ok: true });
      },
    },
  );
  const left = window[PREFETCHED_KEY] as Record<string, { token: string }> | undefined;
  return { fetched, links, left };
}

describe("the preloader's first calls", () => {
  it("starts the admin list's first page with the stored token, beside the screen's chunks, and leaves it for the client", () => {
    const { fetched, links, left } = runPreloader('/admin/restaurants', { [ACCESS_TOKEN_KEY]: 'the-token' });
    expect(links).toEqual(['/assets/AdminShell-x.js', '/assets/RestaurantListScreen-x.js']);
    expect(fetched).toEqual([
      {
        url: '/admin/restaurants?page=1&limit=10',
        headers: { authorization: 'Bearer the-token' },
      },
    ]);
    expect(Object.keys(left ?? {})).toEqual(['/admin/restaurants?page=1&limit=10']);
    expect(left?.['/admin/restaurants?page=1&limit=10']?.token).toBe('the-token');
    expect(typeof (left?.['/admin/restaurants?page=1&limit=10'] as { at?: unknown })?.at).toBe('number');
  });

  it('starts nothing without a session, and nothing for an address with no calls', () => {
    const none = runPreloader('/admin/restaurants', {});
    expect([none.fetched, none.links, none.left]).toEqual([[], [], undefined]);
    expect(runPreloader('/admin/managers', { [ACCESS_TOKEN_KEY]: 't' }).fetched).toEqual([]);
  });
});
