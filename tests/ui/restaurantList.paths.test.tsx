import { act, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { RestaurantListEvent, restaurantListMachine } from '../../machines/restaurants/restaurantList.machine';
import { LIST_PAGE_SIZE } from '../../machines/shared/listQuery';
import { type PosSimulator, startPosSimulator } from '../../server/dev/pos/server';
import { ERROR_TOAST_MS } from '../../src/components/Toasts';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { generatePaths, type PathEventType, pathName, runPathOnScreen, type UiFixture } from '../support/paths';
import { findToast, type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { confirmResult } from './models/confirmDelete.model';
import { LIST_SIZE, restaurantListModel, SEARCH_SENT, SEARCH_TEXT } from './models/restaurantList.model';
import { HeldCalls } from './support/calls';
import { answerDelete, neverInvoked } from './support/confirmDelete';
import type { Held } from './support/network';

/** Every generated path of the restaurant list machine, walked on /admin/restaurants against the real server. */

type ListInvoke = 'loadRestaurants' | 'confirmDelete' | 'syncRestaurant';
/** The list's own load is held by hand (`load`): a search's call may start before its step (after 300 ms). */
type HeldInvoke = Exclude<ListInvoke, 'loadRestaurants'>;
type Snapshot = SnapshotFrom<typeof restaurantListMachine>;

interface World {
  app?: RenderedApp;
  calls: HeldCalls<HeldInvoke>;
  /** The list's running load, held; and one held ahead for the search typed (sent after the pause). */
  load?: Held;
  searchLoad?: Held;
  integrationName: string;
  /** The row a delete was asked for, and the rows deleted (still on screen until the reload answers). */
  asked?: string;
  deleted: string[];
  /** The rows the last answered load put on screen. */
  shown: string[];
}

let ui: UiHarness;
let sim: PosSimulator;
let admin: TestUser;

const app = (w: World) => w.app!;
const rows = () => screen.queryAllByTestId(/^restaurant-row-/);
const rowIds = () => rows().map((row) => row.dataset.testid!);
const searchBox = () => screen.getByRole('searchbox', { name: 'Qidirish: nomi, slug yoki telefon' });
const holdLoad = () => ui.net.hold('GET', '/admin/restaurants');
const dialog = () => screen.queryByRole('dialog');

async function click(w: World, element: HTMLElement) {
  await app(w).user.click(element);
}

const fixtures = {
  'xstate.done.actor.loadRestaurants': {
    exec: async (w) => {
      w.load!.release();
      await waitFor(() => expect(screen.queryByText('Yuklanmoqda...')).toBeNull());
    },
  },
  'xstate.error.actor.loadRestaurants': {
    exec: async (w) => {
      w.load!.fail(500);
      await screen.findByText("Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.");
    },
  },
  'restaurants.retry': {
    exec: async (w) => click(w, screen.getByRole('button', { name: 'Qayta urinish' })),
  },
  'page.next': {
    exec: async (w) => click(w, screen.getByRole('button', { name: /Keyingi/ })),
  },
  'page.prev': {
    exec: async (w) => click(w, screen.getByRole('button', { name: /Oldingi/ })),
  },
  'search.change': {
    exec: async (w) => {
      // The call goes out on its own 300 ms later, maybe before the next step: held from now on.
      w.searchLoad = holdLoad();
      await app(w).user.type(searchBox(), SEARCH_TEXT);
    },
  },
  [SEARCH_SENT]: {
    exec: async (w) => {
      await w.load!.arrived;
      expect(searchBox()).toHaveValue(SEARCH_TEXT);
    },
  },
  'filter.status': {
    exec: async (w) => app(w).user.selectOptions(screen.getByRole('combobox', { name: 'Holati' }), 'active'),
  },
  'restaurant.delete': {
    exec: async (w) => {
      // Any restaurant of the standard type on the current page (the integration one is kept for sync).
      const row = rows().find((r) => within(r).queryByText('Oddiy') && !w.deleted.includes(r.dataset.testid!))!;
      w.asked = row.dataset.testid;
      await click(w, within(row).getByRole('button', { name: /^O'chirish: / }));
    },
  },
  'confirm.yes': { exec: async (w) => click(w, within(dialog()!).getByRole('button', { name: 'Ha' })) },
  'confirm.no': { exec: async (w) => click(w, within(dialog()!).getByRole('button', { name: 'Yo‘q' })) },
  'restaurant.sync': {
    exec: async (w) => click(w, screen.getByRole('button', { name: `Sinxronlash: ${w.integrationName}` })),
  },
  'xstate.done.actor.confirmDelete': {
    exec: async (w, e) => {
      await answerDelete(app(w).user, e, () => w.calls.take('confirmDelete'), 500);
      if (confirmResult(e) === 'deleted') {
        await findToast("Restoran o'chirildi");
        w.deleted.push(w.asked!);
      }
      if (confirmResult(e) === 'failed') await findToast("O'chirishda xatolik yuz berdi!");
    },
  },
  'xstate.error.actor.confirmDelete': neverInvoked,
  'xstate.done.actor.syncRestaurant': {
    exec: async (w) => {
      // The till adds a dish before the held call reaches the server: the toast counts exactly it.
      const org = sim.control.organizations()[0]!.id;
      const menu = sim.control.nomenclature(org);
      const group = menu.groups.find((g) => !g.isGroupModifier && menu.products.some((p) => p.parentGroup === g.id))!;
      sim.control.addProduct(org, { groupId: group.id, name: `Yangi taom ${menu.products.length}`, price: 30_000 });
      w.calls.take('syncRestaurant').release();
      await screen.findByText(
        "Sinxronlandi: 1 ta yangi, 0 ta yangilandi, 0 ta o'chirildi",
        { selector: '.toast-body' },
        { timeout: 10_000 },
      );
    },
  },
  'xstate.error.actor.syncRestaurant': {
    exec: async (w) => {
      // The POS itself fails: the server answers 502 and the panel shows the spec's sync error, which as an error
      // stays at least ERROR_TOAST_MS (the spec's 5 s is too short to read).
      sim.control.fail('/api/1/nomenclature', { status: 500, times: 1 });
      w.calls.take('syncRestaurant').release();
      const toast = await findToast('Restoranni yangilashda xatolik yuz berdi!');
      expect(toast.closest('.toast')).toHaveAttribute('data-duration', String(ERROR_TOAST_MS));
    },
  },
  // `restaurants.reload` is raised by the machine itself after a delete or a sync (walked here) and sent by the
  // dialogs after a save (walked by the dialog's plan, tests/ui/restaurantDialog.paths.test.tsx).
  // `filter.type` is walked by tests/ui/journeys/listSearch.test.tsx (any type but Hammasi changes the rows).
} satisfies Record<
  Exclude<PathEventType<RestaurantListEvent, ListInvoke>, 'restaurants.reload' | 'filter.type'> | typeof SEARCH_SENT,
  UiFixture<World>
>;

const checks = {
  'data.loading': async (w: World) => {
    // Retried: a spinner found may be replaced by the next one (the route's, then the screen's) before it is checked.
    await waitFor(() => expect(screen.getAllByText('Yuklanmoqda...').at(-1)).toBeVisible());
    // Arrived and held: a step that leaves this state aborts a call the network has seen.
    await w.load!.arrived;
  },
  'data.typing': async (_: World, s: Snapshot) => {
    expect(searchBox()).toHaveValue(s.context.query);
  },
  'data.ready': async (w: World, s: Snapshot) => {
    await waitFor(() => expect(screen.queryByText('Yuklanmoqda...')).toBeNull());
    // The search ('o') and the status filter (Faol) keep every restaurant: the page of all that are left.
    const total = LIST_SIZE - w.deleted.length;
    const first = (s.context.page - 1) * LIST_PAGE_SIZE + 1;
    const last = Math.min(s.context.page * LIST_PAGE_SIZE, total);
    expect(screen.getByTestId('list-range')).toHaveTextContent(`${first}–${last} / jami ${total}`);
    expect(rows()).toHaveLength(last - first + 1);
    w.shown = rowIds();
    expect(searchBox()).toHaveValue(s.context.query);
    // Counters Jami / Faol / No faol from the server's counts.
    expect(screen.getByTestId('counter-Jami')).toHaveTextContent(/\d+/);
  },
  'data.failed': async (w: World, s: Snapshot) => {
    expect(await screen.findByText("Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.")).toBeVisible();
    expect(screen.getByRole('button', { name: 'Qayta urinish' })).toBeEnabled();
    // A failed search or filter keeps what was asked for, and the rows shown before it: the screen is not emptied.
    expect(searchBox()).toHaveValue(s.context.query);
    expect(screen.getByRole('combobox', { name: 'Holati' })).toHaveValue(s.context.status);
    expect(rowIds()).toEqual(w.shown);
  },
  'removal.idle': async () => {
    await waitFor(() => expect(screen.queryByText("O'chirishni tasdiqlang")).toBeNull());
  },
  'removal.confirming': async () => {
    const d = await screen.findByRole('dialog');
    expect(within(d).getByText("O'chirishni tasdiqlang")).toBeVisible();
    expect(within(d).getByRole('button', { name: 'Ha' })).toBeEnabled();
    expect(within(d).getByRole('button', { name: 'Yo‘q' })).toBeEnabled();
  },
  'sync.idle': async (w: World, s: Snapshot) => {
    if (!s.matches({ data: 'ready' }) || s.context.page !== 1) return;
    const button = await screen.findByRole('button', { name: `Sinxronlash: ${w.integrationName}` });
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy', 'true'));
  },
  'sync.syncing': async (w: World, s: Snapshot) => {
    if (s.context.page !== 1) return;
    const button = await screen.findByRole('button', { name: `Sinxronlanmoqda...: ${w.integrationName}` });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
  },
};

beforeAll(async () => {
  sim = await startPosSimulator();
  ui = await startUi({ IIKO_API_URL: sim.url, IIKO_API_LOGIN: sim.apiLogin });
});
afterAll(async () => {
  await ui.close();
  await sim.close();
});
beforeEach(async () => {
  sim.control.reset();
  await ui.reset();
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
});

/** 12 standard restaurants, then the newest: one created from the integration source (first in the list). */
async function seed(): Promise<string> {
  const manager = await createUser(ui.testApp.app, ui.db, 'manager');
  for (let i = 0; i < LIST_SIZE - 1; i++) await createRestaurant(ui.db, { manager_id: manager._id });
  const org = sim.control.organizations()[0]!;
  const res = await ui.testApp.app.inject({
    method: 'POST',
    url: '/admin/integration/restaurants/create',
    headers: admin.headers,
    payload: { id: org.id, manager_id: manager._id },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.name as string;
}

const paths = generatePaths(restaurantListModel);

describe('restaurant list machine: generated paths on the rendered screen', () => {
  paths.forEach((path, index) => {
    it(pathName(restaurantListModel, path, index), async () => {
      const integrationName = await seed();
      const world: World = {
        integrationName,
        deleted: [],
        shown: [],
        calls: new HeldCalls<HeldInvoke>(ui.net, {
          confirmDelete: ['DELETE', '/admin/restaurants/delete'],
          syncRestaurant: ['PUT', /^\/admin\/integration\/restaurants\/[^/]+\/sync$/],
        }),
      };
      await runPathOnScreen({
        model: restaurantListModel,
        path,
        fixtures,
        checks,
        world,
        start: async (w) => {
          w.app = renderApp('/admin/restaurants', { token: admin.token });
          await act(async () => {});
        },
        onInvoke: (w, id) => {
          if (id !== 'loadRestaurants') return w.calls.arm(id);
          w.load = w.searchLoad ?? holdLoad();
          w.searchLoad = undefined;
        },
      });
    });
  });
});
