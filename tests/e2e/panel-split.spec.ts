import type { APIRequestContext, Page, Request } from '@playwright/test';
import { DEMO_ADMIN } from '../../server/dev/demo/data';
import { signIn } from './support/session';
import { expect, test } from './support/test';

/**
 * The panel's split into chunks, in Chromium against the real server (brotli assets): the login page downloads only the
 * login, the screens behind it come in their own chunks (prefetched after login), and a chunk that cannot be downloaded
 * says so. Bytes are counted as the browser received them (CDP encodedDataLength: headers and compressed bodies).
 */

const LOGIN_BUDGET = 140 * 1024;
/** Bootstrap's whole sheet is 230 KB; the panel's stylesheets together stay under half of that. */
const CSS_BUDGET = 115 * 1024;
/** The code of the screens and shells behind the login, and the drag libraries (see vite.config.ts). */
const BEHIND_LOGIN = /\/assets\/(\w+Screen|\w+Shell|\w+Route|dnd)-[\w-]+\.js$/;

async function logIn(page: Page): Promise<void> {
  await page.getByLabel('Login').fill(DEMO_ADMIN.login);
  await page.getByLabel('Parol').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Kirish' }).click();
  await expect(page.getByRole('heading', { name: 'Restoranlar' })).toBeVisible();
}

test('/login in a fresh browser moves at most 140 KB and none of the screens behind the login', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const bytes = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
  cdp.on('Network.loadingFinished', (event) => bytes.set(event.requestId, event.encodedDataLength));

  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Kirish' })).toBeVisible();

  const listing = [...bytes].map(([id, n]) => `${n} ${urls.get(id)}`).join('\n');
  const total = [...bytes.values()].reduce((sum, n) => sum + n, 0);
  expect(total, `bytes on the wire:\n${listing}`).toBeLessThanOrEqual(LOGIN_BUDGET);
  expect([...urls.values()].filter((url) => BEHIND_LOGIN.test(url))).toEqual([]);

  const cssBytes = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.css'))
      .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).decodedBodySize, 0),
  );
  expect(cssBytes).toBeGreaterThan(0);
  expect(cssBytes).toBeLessThanOrEqual(CSS_BUDGET);
});

test('after login the next screens are downloaded once the page settles: opening one fetches no code', async ({
  page,
}) => {
  await page.goto('/login');
  // Prefetched (src/router/prefetch.ts), never part of the login page (the test above).
  const prefetched = page.waitForResponse(/\/assets\/ManagersScreen-[\w-]+\.js$/);
  await logIn(page);
  await prefetched;
  await page.waitForLoadState('networkidle');

  const afterClick: string[] = [];
  page.on('request', (request) => {
    if (/\.(js|css)$/.test(new URL(request.url()).pathname)) afterClick.push(request.url());
  });
  await page.getByRole('link', { name: 'Menedjerlar' }).click();
  await expect(page.getByRole('heading', { name: 'Menedjerlar' })).toBeVisible();
  expect(afterClick).toEqual([]);
});

test("a screen opened directly shows 'Yuklanmoqda...' until its code arrives", async ({ page, request }) => {
  const answer = await request.post('/auth/login', { data: DEMO_ADMIN });
  const token = ((await answer.json()) as { data: { accessToken: string } }).data.accessToken;
  await page.addInitScript((value) => localStorage.setItem('accessToken', value), token);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/RestaurantListScreen-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/admin/restaurants');
  await expect(page.getByRole('status')).toHaveText('Yuklanmoqda...');
  await expect(page.getByRole('heading', { name: 'Restoranlar' })).toBeHidden();
  release();
  await expect(page.getByRole('heading', { name: 'Restoranlar' })).toBeVisible();
});

/**
 * A direct visit with a stored admin session whose panel entry is held back until `release`: what is asked for before
 * it runs is what the route preloader (scripts/route-preload.ts) asked for.
 */
async function holdEntryWithSession(page: Page, request: APIRequestContext): Promise<() => void> {
  const answer = await request.post('/auth/login', { data: DEMO_ADMIN });
  const token = ((await answer.json()) as { data: { accessToken: string } }).data.accessToken;
  await page.addInitScript((value) => localStorage.setItem('accessToken', value), token);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("a screen opened directly starts its code in the entry's round, before the panel's entry has run", async ({
  page,
  request,
}) => {
  // Without the route preloader nothing asks for the screen until the entry has run and react-router has matched the
  // address.
  const release = await holdEntryWithSession(page, request);
  const screenRequested = page.waitForRequest(/\/assets\/RestaurantListScreen-[\w-]+\.js$/, { timeout: 10_000 });
  const shellRequested = page.waitForRequest(/\/assets\/AdminShell-[\w-]+\.js$/, { timeout: 10_000 });
  await page.goto('/admin/restaurants', { waitUntil: 'commit' });
  await Promise.all([screenRequested, shellRequested]);
  release();
  await expect(page.getByRole('heading', { name: 'Restoranlar' })).toBeVisible();
});

test("a list opened directly asks for its first page in the entry's round, and only once", async ({
  page,
  request,
}) => {
  // The list's call is made by the route preloader, not by the screen, whose code has not run.
  const release = await holdEntryWithSession(page, request);
  // The API call, not the page's own navigation (the panel's address is the API's path too).
  const isListCall = (sent: Request) =>
    sent.resourceType() === 'fetch' && new URL(sent.url()).pathname === '/admin/restaurants';
  const listCalls: string[] = [];
  page.on('request', (sent) => {
    if (isListCall(sent)) listCalls.push(sent.url());
  });
  const listRequested = page.waitForRequest(isListCall, { timeout: 10_000 });
  await page.goto('/admin/restaurants', { waitUntil: 'commit' });
  await listRequested;
  release();
  // The screen shows that answer: its first row is the demo's first restaurant, and no second call was made.
  await expect(page.getByRole('heading', { name: 'Restoranlar' })).toBeVisible();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  expect(listCalls.map((url) => new URL(url).search)).toEqual(['?page=1&limit=10']);
});

test("before the panel's script has run, the page already says 'Yuklanmoqda...' (not a blank page)", async ({
  page,
}) => {
  // The entry is held: what a slow phone shows while its ~130 KB arrive is index.html's own markup.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByRole('status')).toHaveText('Yuklanmoqda...');
  await expect(page.getByRole('button', { name: 'Kirish' })).toBeHidden();
  release();
  await expect(page.getByRole('button', { name: 'Kirish' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
});

test("a screen whose code cannot be downloaded says so in Uzbek; 'Qayta urinish' loads it", async ({ page }) => {
  let offline = true;
  await page.route(/\/assets\/ManagersScreen-[\w-]+\.js$/, (route) =>
    offline ? route.abort('internetdisconnected') : route.continue(),
  );
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin/restaurants');
  await page.getByRole('link', { name: 'Menedjerlar' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    "Sahifani yuklab bo'lmadi. Internet aloqasini tekshirib, qayta urinib ko'ring.",
  );

  offline = false;
  await page.getByRole('button', { name: 'Qayta urinish' }).click();
  await expect(page.getByRole('heading', { name: 'Menedjerlar' })).toBeVisible();
});
