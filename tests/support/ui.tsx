import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sql } from 'drizzle-orm';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setApiBaseUrl } from '../../client/client';
import { ACCESS_TOKEN_KEY } from '../../client/storage';
import type { Db } from '../../server/db/client';
import { appRoutes } from '../../src/router/routes';
import { Network } from '../ui/support/network';
import { createTestApp, type TestApp } from './app';
import { EMPTY_EVERY_TABLE } from './database';

/**
 * The UI test harness: the real server (createTestApp on a fresh PGlite) listening on a random port, the panel's
 * real API client pointed at it, and the panel's real route table in a memory router. Screens are rendered into
 * jsdom and driven with Testing Library and user-event. Between the two sits `net` (tests/ui/support/network.ts):
 * a recording pass-through that can also hold a call or fail it when a test needs a state the real server does
 * not produce on its own.
 *
 *   let ui: UiHarness;
 *   beforeAll(async () => { ui = await startUi(); });
 *   afterAll(() => ui.close());
 *   beforeEach(() => ui.reset());            // empty database, no rules, nothing recorded
 *   const { user } = renderApp('/admin/restaurants', { token: admin.token });
 */

export interface UiHarness {
  testApp: TestApp;
  db: Db;
  net: Network;
  /** Empties every table and forgets the network's rules and records. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

declare global {
  // Vitest's jsdom environment exposes its JSDOM instance.
  var jsdom: { reconfigure(options: { url?: string }): void; window: object } | undefined;
}

export async function startUi(env: Record<string, string> = {}): Promise<UiHarness> {
  const testApp = await createTestApp(env);
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the test server is not listening on a port');
  const net = await Network.start(`http://127.0.0.1:${address.port}`);
  // The page's origin is the server's (through the network), as in production: same-origin calls, uploads and
  // localStorage behave as they do in the browser (jsdom applies CORS to XMLHttpRequest).
  if (!globalThis.jsdom) throw new Error('UI tests need the jsdom environment (vitest project "ui")');
  globalThis.jsdom.reconfigure({ url: `${net.origin}/` });
  // reconfigure() moves the document, not the window's own origin, which XMLHttpRequest checks CORS against.
  (globalThis.jsdom.window as unknown as { _origin: string })._origin = net.origin;
  setApiBaseUrl(net.origin);
  return {
    testApp,
    db: testApp.db,
    net,
    reset: async () => {
      await net.reset();
      await clearData(testApp.db);
    },
    close: async () => {
      await net.close();
      await testApp.close();
    },
  };
}

/** Empties every table and sets the sequences back (the schema stays): each test states its own data. */
export async function clearData(db: Db): Promise<void> {
  await db.execute(sql.raw(EMPTY_EVERY_TABLE));
}

export interface RenderOptions {
  /** Stored as localStorage accessToken before the app starts (a logged-in visit). */
  token?: string;
  /** Extra localStorage entries (e.g. restaurantId). */
  storage?: Record<string, string>;
}

/** Renders the whole panel at `path` with the real route table. */
export function renderApp(path: string, options: RenderOptions = {}) {
  if (options.token) localStorage.setItem(ACCESS_TOKEN_KEY, options.token);
  for (const [key, value] of Object.entries(options.storage ?? {})) localStorage.setItem(key, value);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const user = userEvent.setup({ delay: null });
  const result = render(<RouterProvider router={router} />);
  return {
    ...result,
    router,
    user,
    /** The current path (and search) of the memory router. */
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}

export type RenderedApp = ReturnType<typeof renderApp>;

/** Waits until the router is at `path`. */
export async function expectPath(app: RenderedApp, path: string): Promise<void> {
  await waitFor(() => {
    if (app.location() !== path) throw new Error(`expected to be at ${path}, at ${app.location()}`);
  });
}

/** A toast with this text is shown. */
/**
 * The newest toast with this text. Two saves within a toast's two seconds show the same success twice (a slow
 * machine keeps the first one up longer): the second save's toast is the last of them.
 */
export async function findToast(text: string): Promise<HTMLElement> {
  const toasts = await screen.findAllByText(text, { selector: '.toast-body' });
  return toasts[toasts.length - 1]!;
}

export { screen, waitFor };
