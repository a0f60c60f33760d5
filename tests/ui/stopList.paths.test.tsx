import { act, within } from '@testing-library/react';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { StopListEvent, stopListMachine } from '../../machines/stopList/stopList.machine';
import {
  groupCheckState,
  selectList,
  selectSelectedCount,
  selectTab,
  selectTabCounts,
} from '../../machines/stopList/stopList.selectors';
import { categories, products } from '../../server/db/schema';
import { generatePaths, type PathEventType, pathName, runPathOnScreen, type UiFixture } from '../support/paths';
import { type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { type StopListInvoke, stopListModel } from './models/stopList.model';
import { sampleCategoryTitle, sampleProductName } from './models/stopList.sample';
import { type SeededStopList, seedStopList } from './models/stopList.seed';
import { HeldCalls } from './support/calls';

/**
 * Every generated path of the stop-list machine (npm run paths stopList), walked on /ProductStopList against the
 * real server seeded with the model's sample restaurant. After each step the screen is compared with the model's
 * state: the tab, the groups and their products, the checkboxes, the floating button, the busy and failed states.
 */

type Snapshot = SnapshotFrom<typeof stopListMachine>;

interface World {
  app?: RenderedApp;
  seeded: SeededStopList;
  calls: HeldCalls<StopListInvoke>;
  /** The database was changed behind the screen (a "stale data" step): the sample no longer describes it. */
  stale: boolean;
}

let ui: UiHarness;
const AVAILABILITY = '/manager/products/availability';
const MOVE_FAILED = "Mahsulotlarni o'tkazib bo'lmadi, hech narsa o'zgarmadi.";

const tabButton = (tab: 'available' | 'stopped') =>
  screen.getByRole('tab', { name: new RegExp(`^${tab === 'available' ? 'Mavjud' : 'Stop-list'}`) });
const searchBox = () => screen.getByPlaceholderText('Mahsulot qidirish...');
const moveButton = () => screen.queryByRole('button', { name: /Stop-listga o'tkazish|Stop-listdan chiqarish/ });
const failedToast = () => (screen.queryByText(MOVE_FAILED)?.closest('[role="alert"]') ?? null) as HTMLElement | null;
const allChecks = () => screen.queryAllByRole('checkbox');
const click = async (w: World, element: HTMLElement) => w.app!.user.click(element);

/** The DB is changed so the server's cascade differs from the one the screen predicted (see the model). */
async function makeStale(w: World, before: Snapshot): Promise<void> {
  const pending = before.context.pending!;
  const first = before.context.catalog.products.find((p) => p._id === pending.ids[0])!;
  const categoryId = w.seeded.categoryIds.get(sampleCategoryTitle(first.category_id))!;
  const predicted = pending.expected.some((change) => change._id === first.category_id);
  if (pending.is_active) {
    // Taking out: an inactive category is predicted on (turn it on meanwhile), an active one not (turn it off).
    await ui.db.update(categories).set({ is_active: predicted }).where(eq(categories._id, categoryId));
  } else if (predicted) {
    // To the stop-list, the category was predicted off: someone turned it off already.
    await ui.db.update(categories).set({ is_active: false }).where(eq(categories._id, categoryId));
  } else {
    // ...predicted to stay on: someone stopped its other products, so the server turns it off.
    const moving = pending.ids.map((id) => w.seeded.productIds.get(sampleProductName(id))!);
    const others = before.context.catalog.products
      .filter((p) => p.category_id === first.category_id)
      .map((p) => w.seeded.productIds.get(sampleProductName(p._id))!)
      .filter((id) => !moving.includes(id));
    if (others.length > 0) await ui.db.update(products).set({ is_active: false }).where(inArray(products._id, others));
  }
  w.stale = true;
}

const fixtures = {
  'xstate.done.actor.loadStopList': {
    exec: async (w) => {
      w.calls.take('loadStopList').release();
      await screen.findByRole('tablist', {}, { timeout: 10_000 });
    },
  },
  'xstate.error.actor.loadStopList': {
    exec: async (w) => {
      w.calls.take('loadStopList').fail(500);
      await screen.findByText('Mahsulotlarni yuklashda xatolik yuz berdi!', {}, { timeout: 10_000 });
    },
  },
  'stopList.retry': { exec: async (w) => click(w, screen.getByRole('button', { name: 'Qayta urinish' })) },
  'stopList.tab': { exec: async (w, e) => click(w, tabButton(e.tab as 'available' | 'stopped')) },
  'stopList.search': {
    exec: async (w, e) => {
      await w.app!.user.clear(searchBox());
      await w.app!.user.type(searchBox(), String(e.query));
    },
  },
  'stopList.clearSearch': {
    exec: async (w) => click(w, screen.getByRole('button', { name: 'Qidiruvni tozalash' })),
  },
  'stopList.showMore': { exec: async (w) => click(w, screen.getByRole('button', { name: /^ko'proq ko'rsatish/ })) },
  'stopList.toggleProduct': {
    exec: async (w, e) => click(w, screen.getByRole('checkbox', { name: sampleProductName(String(e.id)) })),
  },
  'stopList.toggleCategory': {
    exec: async (w, e) =>
      click(
        w,
        screen.getByRole('checkbox', { name: `${sampleCategoryTitle(String(e.categoryId))}: hammasini tanlash` }),
      ),
  },
  'stopList.move': {
    // After a failure the toast's retry sends it; otherwise the floating button.
    exec: async (w, _e, step) => {
      const toast = (step.before as Snapshot).hasTag('moveFailed') ? failedToast() : null;
      await click(w, toast ? within(toast).getByRole('button', { name: 'Qayta urinish' }) : moveButton()!);
    },
  },
  'stopList.dismiss': {
    exec: async (w) => click(w, within(failedToast()!).getByRole('button', { name: 'Yopish' })),
  },
  'xstate.done.actor.moveProducts': {
    exec: async (w, _e, step) => {
      const held = w.calls.take('moveProducts');
      if ((step.after as Snapshot).hasTag('refreshing')) await makeStale(w, step.before as Snapshot);
      held.release();
      // While moving the button reads 'Yuklanmoqda...' (so moveButton() is already null): wait for the move to end.
      await waitFor(() => {
        expect(moveButton()).toBeNull();
        expect(screen.queryByText('Yuklanmoqda...')).toBeNull();
      });
    },
  },
  'xstate.error.actor.moveProducts': {
    exec: async (w) => {
      w.calls.take('moveProducts').fail(500);
      await screen.findByText(MOVE_FAILED);
    },
  },
  'xstate.done.actor.refreshStopList': {
    exec: async (w) => {
      w.calls.take('refreshStopList').release();
      await waitFor(() => expect(allChecks().every((c) => !(c as HTMLInputElement).disabled)).toBe(true));
    },
  },
  'xstate.error.actor.refreshStopList': {
    exec: async (w) => {
      w.calls.take('refreshStopList').fail(500);
      await screen.findByText('Mahsulotlarni yuklashda xatolik yuz berdi!', { selector: '.toast-body' });
    },
  },
} satisfies Record<PathEventType<StopListEvent, StopListInvoke>, UiFixture<World>>;

/** The screen shows what the model's state says: the tab, the list, the checkboxes, the button. */
async function expectList(w: World, s: Snapshot) {
  const tab = selectTab(s)!;
  await waitFor(() => expect(tabButton(tab)).toHaveAttribute('aria-selected', 'true'));
  const count = selectSelectedCount(s);
  const button = moveButton();
  if (count === 0) expect(button).toBeNull();
  else
    expect(button).toHaveTextContent(
      `${tab === 'available' ? "Stop-listga o'tkazish" : 'Stop-listdan chiqarish'} ${count}`,
    );
  expect(searchBox()).toHaveValue(s.context.query);
  // After a "stale data" step the database differs from the model's sample on purpose: only the shape is compared.
  if (w.stale) return;
  const view = selectList(s);
  const counts = selectTabCounts(s);
  expect(tabButton('available')).toHaveTextContent(String(counts.available));
  expect(tabButton('stopped')).toHaveTextContent(String(counts.stopped));
  const shown = screen.queryAllByRole('region');
  expect(shown.map((r) => within(r).getByRole('heading').textContent)).toEqual(
    view.groups.map((g) => g.category.title),
  );
  for (const [i, group] of view.groups.entries()) {
    const region = shown[i]!;
    const box = within(region).getByRole('checkbox', { name: `${group.category.title}: hammasini tanlash` });
    const state = groupCheckState(group, s.context.selected);
    if (state === 'indeterminate') expect(box).toBePartiallyChecked();
    else if (state === 'checked') expect(box).toBeChecked();
    else expect(box).not.toBeChecked();
    expect(within(region).getByText(group.category.is_active ? 'Faol' : 'No faol')).toBeVisible();
    for (const product of group.products) {
      const productBox = within(region).getByRole('checkbox', { name: product.name });
      if (s.context.selected.has(product._id)) expect(productBox).toBeChecked();
      else expect(productBox).not.toBeChecked();
    }
  }
  const more = screen.queryByRole('button', { name: /^ko'proq ko'rsatish/ });
  if (view.shown < view.total) expect(more).toHaveTextContent(`ko'proq ko'rsatish (${view.shown}/${view.total})`);
  else expect(more).toBeNull();
  if (view.empty === 'noResult')
    expect(screen.getByText(`"${s.context.query}" bo'yicha natija topilmadi`)).toBeVisible();
  if (view.empty === 'noProducts') expect(screen.getByText("Mahsulot yo'q")).toBeVisible();
}

const expectEditable = () => {
  for (const box of allChecks()) expect(box).toBeEnabled();
};
const expectLocked = async () => {
  await waitFor(() => {
    for (const box of allChecks()) expect(box).toBeDisabled();
  });
};

const idle = async (w: World, s: Snapshot) => {
  await waitFor(() => expect(failedToast()).toBeNull());
  await expectList(w, s);
  expectEditable();
};

const checks = {
  loading: async () => {
    // Retried: a spinner found may be replaced by the next one (the route's, then the screen's) before it is checked.
    await waitFor(() => expect(screen.getAllByText('Yuklanmoqda...').at(-1)).toBeVisible());
    expect(screen.queryByRole('tablist')).toBeNull();
  },
  loadFailed: async () => {
    expect(await screen.findByText('Mahsulotlarni yuklashda xatolik yuz berdi!')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Qayta urinish' })).toBeEnabled();
  },
  'available.idle': idle,
  'stopped.idle': idle,
  'available.moving': async (w: World, s: Snapshot) => moving(w, s),
  'stopped.moving': async (w: World, s: Snapshot) => moving(w, s),
  'available.failed': async (w: World, s: Snapshot) => failed(w, s),
  'stopped.failed': async (w: World, s: Snapshot) => failed(w, s),
  'available.refreshing': async (w: World, s: Snapshot) => refreshing(w, s),
  'stopped.refreshing': async (w: World, s: Snapshot) => refreshing(w, s),
};

async function moving(_w: World, s: Snapshot) {
  const busy = await screen.findByRole('button', { name: /Yuklanmoqda\.\.\./ });
  expect(busy).toBeDisabled();
  await expectLocked();
  const other = selectTab(s) === 'available' ? 'stopped' : 'available';
  expect(tabButton(other)).toBeDisabled();
}

async function failed(w: World, s: Snapshot) {
  const toast = await waitFor(() => failedToast()!);
  expect(within(toast).getByRole('button', { name: 'Qayta urinish' })).toBeEnabled();
  await expectList(w, s);
  expectEditable();
}

async function refreshing(w: World, s: Snapshot) {
  await expectLocked();
  expect(moveButton()).toBeNull();
  expect(searchBox()).toHaveValue(s.context.query);
  expect(w.stale).toBe(true);
}

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(() => ui.reset());

const paths = generatePaths(stopListModel);

describe('stop-list machine: generated paths on the rendered screen', () => {
  paths.forEach((path, index) => {
    it(pathName(stopListModel, path, index), async () => {
      const seeded = await seedStopList(ui.testApp.app, ui.db);
      const world: World = {
        seeded,
        stale: false,
        calls: new HeldCalls<StopListInvoke>(ui.net, {
          loadStopList: ['GET', '/manager/products'],
          moveProducts: ['PUT', AVAILABILITY],
          refreshStopList: ['GET', '/manager/products'],
        }),
      };
      await runPathOnScreen({
        model: stopListModel,
        path,
        fixtures,
        checks,
        world,
        start: async (w) => {
          w.app = renderApp('/ProductStopList', {
            token: seeded.manager.token,
            storage: { restaurantId: seeded.restaurantId },
          });
          await act(async () => {});
        },
        onInvoke: (w, id) => w.calls.arm(id),
      });
    });
  });
});
