import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { setApiBaseUrl } from '../../client/client';
import { PREFETCH_FRESH_MS, PREFETCHED_KEY, type PrefetchedCall } from '../../client/prefetched';
import { safeLocalStorage } from '../../client/safeStorage';
import { ACCESS_TOKEN_KEY } from '../../client/storage';
import { restaurantListMachine } from '../../machines/restaurants/restaurantList.machine';
import { callsToPrefetch } from '../../src/router/preload-table';

/**
 * The calls the route preloader starts on a direct visit (src/router/preload-table.ts) are the ones the screens'
 * machines make first: each machine runs here with the preloaded answers only. The API's address points at a port
 * nothing listens on, so a call the preloader did not make exactly as the machine asks fails the load.
 */

const TOKEN = 'token-of-the-session';
const RESTAURANT = '6f1c1a52-8a4f-4c56-9f5e-0c1d2e3f4a5b';

type Table = Record<string, PrefetchedCall | undefined>;
const table = () => (globalThis as Record<string, unknown>)[PREFETCHED_KEY] as Table | undefined;

function preload(addresses: Record<string, unknown>, options: { token?: string; at?: number; status?: number } = {}) {
  const started: Table = {};
  for (const [address, body] of Object.entries(addresses)) {
    started[address] = {
      token: options.token ?? TOKEN,
      at: options.at ?? Date.now(),
      answer: Promise.resolve(
        new Response(JSON.stringify(body), {
          status: options.status ?? 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    };
  }
  (globalThis as Record<string, unknown>)[PREFETCHED_KEY] = started;
}

const restaurantPage = {
  restaurants: [
    {
      _id: RESTAURANT,
      name: 'Rayhon',
      slug: 'rayhon',
      type: 'default',
      is_active: true,
    },
  ],
  total: 1,
  page: 1,
  limit: 10,
  counts: { all_count: 1, active_count: 1, inactive_count: 0 },
};

beforeEach(() => {
  // Port 9 (discard): nothing answers there, so any call that reaches the network fails.
  setApiBaseUrl('http://127.0.0.1:9');
  safeLocalStorage.setItem(ACCESS_TOKEN_KEY, TOKEN);
});

afterEach(() => {
  delete (globalThis as Record<string, unknown>)[PREFETCHED_KEY];
  setApiBaseUrl('');
});

describe('the preloaded first calls', () => {
  it("are the admin's restaurant list's first page: the list shows it without asking the server", async () => {
    const [address] = callsToPrefetch('/admin/restaurants');
    preload({ [address!]: restaurantPage });
    const list = createActor(restaurantListMachine).start();
    const ready = await waitFor(list, (s) => !s.matches({ data: 'loading' }), { timeout: 2_000 });
    expect(ready.matches({ data: 'ready' })).toBe(true);
    expect(ready.context.restaurants.map((r) => r.name)).toEqual(['Rayhon']);
    expect(ready.context.counts).toEqual(restaurantPage.counts);
    expect(table()?.[address!]).toBeUndefined();
    list.stop();
  });

  it('stand in for one call only: the next asks the server', async () => {
    const [address] = callsToPrefetch('/admin/restaurants');
    preload({ [address!]: restaurantPage });
    const first = createActor(restaurantListMachine).start();
    await waitFor(first, (s) => s.matches({ data: 'ready' }), { timeout: 2_000 });
    first.stop();
    const second = createActor(restaurantListMachine).start();
    const done = await waitFor(second, (s) => !s.matches({ data: 'loading' }), { timeout: 5_000 });
    expect(done.matches({ data: 'failed' })).toBe(true);
    second.stop();
  });

  it.each([
    ['made with another token (a new login since)', { token: 'token-of-someone-before' }],
    ['older than the page may trust', { at: Date.now() - PREFETCH_FRESH_MS - 1_000 }],
    ['not a success (an expired session: the call is made again and fails the usual way)', { status: 401 }],
  ])('are not used when %s', async (_, options) => {
    const [address] = callsToPrefetch('/admin/restaurants');
    preload({ [address!]: restaurantPage }, options);
    const list = createActor(restaurantListMachine).start();
    const done = await waitFor(list, (s) => !s.matches({ data: 'loading' }), { timeout: 5_000 });
    expect(done.matches({ data: 'failed' })).toBe(true);
    expect(done.context.restaurants).toEqual([]);
    list.stop();
  });
});
