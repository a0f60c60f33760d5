import { randomUUID } from 'node:crypto';
import { chromium, type Page } from '@playwright/test';
import type { Db } from '../server/db/client';
import { categories, products, restaurants, users } from '../server/db/schema';
import { hashPassword } from '../server/passwords';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';

/**
 * Stop-list benchmarks for `npm run bench`. bench/run.ts calls them; they report numbers and assert
 * nothing. Expected setup, all from this file:
 *
 *   1. Before the server starts serving: `const data = await seedStopListBench(database.db)` — one manager
 *      (`data.login` / `data.password`) with one restaurant of 1,000 available products in 50 categories: the first
 *      category ("Katta kategoriya") holds 100 products, the other 49 hold 18 or 19. Seeded with multi-row inserts.
 *   2. The server listening (any port, loopback), serving the built panel (`npm run build` / `vite build` first:
 *      the render benchmark opens /ProductStopList in Chromium).
 *   3. `const token = await loginToken(baseUrl, data.login, data.password)`.
 *   4. `await benchAvailabilityMove({ baseUrl, token, ids: data.moveIds })` and
 *      `await benchStopListRender({ baseUrl, token, restaurantId: data.restaurantId })`.
 * Both leave the data as they found it (every product available again).
 */

export interface StopListBenchData {
  login: string;
  password: string;
  managerId: string;
  restaurantId: string;
  /** 300 products: 15 from each of 20 categories (categories 2-21). */
  moveIds: string[];
  /** The category of 100 products (shown first). */
  bigCategoryTitle: string;
  totals: { categories: number; products: number };
}

export const BIG_CATEGORY_TITLE = 'Katta kategoriya';
const CATEGORY_COUNT = 50;
const PRODUCT_COUNT = 1000;
const BIG_CATEGORY_SIZE = 100;

/** Seeds the stop-list benchmark's manager and restaurant (see the setup above). */
export async function seedStopListBench(db: Db, options: { login?: string } = {}): Promise<StopListBenchData> {
  const login = options.login ?? 'bench-stoplist';
  const password = `${login}-password`;
  const [manager] = await db
    .insert(users)
    .values({ login, password_hash: await hashPassword(password), role: 'manager' })
    .returning({ _id: users._id });
  const restaurantId = randomUUID();
  const categoryRows = Array.from({ length: CATEGORY_COUNT }, (_, c) => ({
    _id: randomUUID(),
    title: c === 0 ? BIG_CATEGORY_TITLE : `Kategoriya ${c + 1}`,
    restaurant_id: restaurantId,
    position: c,
  }));
  // 100 in the first category, the other 900 spread over 49 categories (18 or 19 each).
  const rest = PRODUCT_COUNT - BIG_CATEGORY_SIZE;
  const sizes = [BIG_CATEGORY_SIZE, ...Array.from({ length: CATEGORY_COUNT - 1 }, (_, i) => (i < rest % 49 ? 19 : 18))];
  const productRows = categoryRows.flatMap((category, c) =>
    Array.from({ length: sizes[c]! }, (_, p) => ({
      _id: randomUUID(),
      name: `Taom ${c + 1}.${p + 1}`,
      description: '',
      price: 10_000 + p * 1_000,
      category_id: category._id,
      position: p,
      is_active: true,
    })),
  );
  await db.transaction(async (tx) => {
    await tx.insert(restaurants).values({
      _id: restaurantId,
      name: 'Stop-list benchmark',
      slug: `${login}-restaurant`,
      address: 'Toshkent',
      phone_number: '+998 71 000 00 00',
      work_time: '09:00 - 23:00',
      manager_id: manager!._id,
    });
    await tx.insert(categories).values(categoryRows);
    await tx.insert(products).values(productRows);
  });
  const moveIds = categoryRows
    .slice(1, 21)
    .flatMap((category) => productRows.filter((p) => p.category_id === category._id).slice(0, 15))
    .map((p) => p._id);
  return {
    login,
    password,
    managerId: manager!._id,
    restaurantId,
    moveIds,
    bigCategoryTitle: BIG_CATEGORY_TITLE,
    totals: { categories: categoryRows.length, products: productRows.length },
  };
}

/** POST /auth/login → the access token. */
export async function loginToken(baseUrl: string, login: string, password: string): Promise<string> {
  const res = await fetch(`${trim(baseUrl)}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  if (!res.ok) throw new Error(`login as ${login} answered ${res.status}`);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

const trim = (url: string) => url.replace(/\/+$/, '');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

export interface AvailabilityMoveOptions {
  baseUrl: string;
  /** A manager's token (loginToken) owning every id. */
  token: string;
  /** Products to move, all available at the start (seedStopListBench's moveIds: 300 of 20 categories). */
  ids: string[];
  /** Measured runs (default 5), after one unmeasured warm-up. */
  runs?: number;
}

export interface AvailabilityMoveResult {
  name: string;
  products: number;
  /** Median time of `PUT /manager/products/availability` to the stop-list, as seen on loopback. */
  toStopListMs: number;
  /** Median time of the call moving them back out. */
  backMs: number;
  runsMs: number[];
}

/**
 * Server time of moving many products in one bulk call (one transaction: products, then the category cascade).
 * Timed as the loopback round trip of the call (the server's own work dominates: no other traffic). Each run moves
 * the products to the stop-list and back, so every run starts from the same data and the data ends as it started.
 */
export async function benchAvailabilityMove(options: AvailabilityMoveOptions): Promise<AvailabilityMoveResult> {
  const url = `${trim(options.baseUrl)}/manager/products/availability`;
  const move = async (isActive: boolean) => {
    const started = performance.now();
    const res = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
      body: JSON.stringify({ ids: options.ids, is_active: isActive }),
    });
    const body = (await res.json()) as { data?: { products: string[] } };
    const ms = performance.now() - started;
    // A benchmark of refused or empty calls measures nothing.
    if (!res.ok || body.data?.products.length !== options.ids.length) {
      throw new Error(`availability call answered ${res.status}, changed ${body.data?.products.length ?? 0}`);
    }
    return ms;
  };
  await move(false);
  await move(true);
  const there: number[] = [];
  const back: number[] = [];
  for (let i = 0; i < (options.runs ?? 5); i++) {
    there.push(await move(false));
    back.push(await move(true));
  }
  return {
    name: `PUT /manager/products/availability (${options.ids.length} products)`,
    products: options.ids.length,
    toStopListMs: round(median(there)),
    backMs: round(median(back)),
    runsMs: there.map(round),
  };
}

export interface StopListRenderOptions {
  baseUrl: string;
  /** The seeded manager's token (loginToken). */
  token: string;
  /** The seeded restaurant (stored as localStorage restaurantId, as the login does). */
  restaurantId: string;
  /** The 100-product category (default "Katta kategoriya"). */
  categoryTitle?: string;
  /** Page loads measured (default 3); the median of each figure is answered. */
  runs?: number;
  executablePath?: string;
}

export interface StopListRenderResult {
  name: string;
  /** Navigation start → the first categories on screen (includes loading the 1,000 products). */
  firstRenderMs: number;
  /** "ko'proq ko'rsatish" clicked until all categories are shown: sum of click → next frame. */
  showAllMs: number;
  /** Product rows in the page after that (1,000 expected). */
  rows: number;
  categories: number;
  /** Category checkbox of 100 products: click → next frame, all 100 ticked. */
  toggleCategoryMs: number;
  /** And unticking it again. */
  untoggleCategoryMs: number;
}

/** What a timed click waits for (checked in the page, frame by frame). */
type Done = { groupsAbove: number } | { category: string; checked: boolean };

/** Clicks in the page, waits until `done` holds, then for the next frame; answers the milliseconds. */
async function timedClick(page: Page, selector: string, done: Done): Promise<number> {
  return page.evaluate(
    async ({ selector, done }) => {
      const check = () => {
        if ('groupsAbove' in done) return document.querySelectorAll('.stop-group').length > done.groupsAbove;
        const box = document.querySelector(`input[aria-label="${done.category}: hammasini tanlash"]`);
        const rows = Array.from(box?.closest('section')?.querySelectorAll<HTMLInputElement>('.stop-row input') ?? []);
        return rows.length > 0 && rows.every((row) => row.checked === done.checked);
      };
      const target = document.querySelector(selector) as HTMLElement | null;
      if (!target) throw new Error(`nothing matches ${selector}`);
      const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const started = performance.now();
      target.click();
      for (let i = 0; i < 600 && !check(); i++) await frame();
      if (!check()) throw new Error(`not done after clicking ${selector}`);
      await frame();
      return performance.now() - started;
    },
    { selector, done },
  );
}

/**
 * The stop-list screen in Chromium at phone size (390 x 844): time to first render a restaurant of 1,000 products
 * in 50 categories, to show all 50 categories through "ko'proq ko'rsatish" (1,000 rows in the page), and to tick
 * and untick a category of 100 products. See the setup at the top of this file.
 */
export async function benchStopListRender(options: StopListRenderOptions): Promise<StopListRenderResult> {
  const baseUrl = trim(options.baseUrl);
  const title = options.categoryTitle ?? BIG_CATEGORY_TITLE;
  const browser = await chromium.launch({
    executablePath: options.executablePath ?? CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  const first: number[] = [];
  const showAll: number[] = [];
  const toggle: number[] = [];
  const untoggle: number[] = [];
  let rows = 0;
  let shownCategories = 0;
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    // tsx (esbuild keepNames) wraps named functions in __name(): functions sent to the page need it defined there.
    await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    await context.addInitScript(
      ({ token, restaurantId }) => {
        localStorage.setItem('accessToken', token);
        localStorage.setItem('restaurantId', restaurantId);
        // When the first category appears, measured from navigation start.
        new MutationObserver((_, observer) => {
          if (document.querySelector('.stop-group')) {
            (window as unknown as { __firstGroup: number }).__firstGroup = performance.now();
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      },
      { token: options.token, restaurantId: options.restaurantId },
    );
    for (let run = 0; run < (options.runs ?? 3); run++) {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/ProductStopList`);
      await page.waitForSelector('.stop-group', { timeout: 60_000 });
      first.push(await page.evaluate(() => (window as unknown as { __firstGroup: number }).__firstGroup));

      let total = 0;
      for (;;) {
        const more = await page.$('.stop-more');
        if (!more) break;
        const before = await page.$$eval('.stop-group', (groups) => groups.length);
        total += await timedClick(page, '.stop-more', { groupsAbove: before });
      }
      showAll.push(total);
      rows = await page.$$eval('.stop-row', (found) => found.length);
      shownCategories = await page.$$eval('.stop-group', (found) => found.length);

      const box = `input[aria-label="${title}: hammasini tanlash"]`;
      toggle.push(await timedClick(page, box, { category: title, checked: true }));
      untoggle.push(await timedClick(page, box, { category: title, checked: false }));
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return {
    name: `Stop-list screen, ${rows} products in ${shownCategories} categories (Chromium, 390x844)`,
    firstRenderMs: round(median(first)),
    showAllMs: round(median(showAll)),
    rows,
    categories: shownCategories,
    toggleCategoryMs: round(median(toggle)),
    untoggleCategoryMs: round(median(untoggle)),
  };
}
