import { within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { ProductListEvent, productListMachine } from '../../machines/products/productList.machine';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import {
  generatePaths,
  type PathEventType,
  type PathModel,
  pathName,
  runPathOnScreen,
  type UiFixture,
} from '../support/paths';
import { type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { confirmResult } from './models/confirmDelete.model';
import { productListModel, REFRESH_EVENT, racesTheRefresh, SEEDED_PRODUCTS } from './models/product.model';
import { HeldCalls } from './support/calls';
import { answerDelete, neverInvoked } from './support/confirmDelete';

/**
 * Every generated path of the product list machine as the admin's screen runs it (/admin/viewProduct/{category}/
 * {restaurant}, issue 18): the list is GET /user/products/category/ (held and failed here) with the translations of
 * GET /manager/products and the languages of GET /admin/restaurants?id= beside it. The admin's table pages with
 * previous / next (the numbered buttons are the manager's) and has no drag handles. The restaurant offers Uzbek and
 * Russian; P1 has its Russian name, so wherever the list is shown every other product carries the "ru yo'q" badge.
 */

type ListInvoke = 'loadProducts' | 'confirmDelete';
type ListSnapshot = SnapshotFrom<typeof productListMachine>;

interface World {
  app?: RenderedApp;
  calls: HeldCalls<ListInvoke>;
  loadsBefore: number;
}

let ui: UiHarness;
let admin: TestUser;
let restaurantId: string;
let categoryId: string;

const app = (w: World) => w.app!;
const rows = () => screen.queryAllByTestId(/^product-row-/);
const dialog = () => screen.getByRole('dialog');
const toast = async (text: string) =>
  expect((await screen.findAllByText(text, { selector: '.toast-body' })).length).toBeGreaterThan(0);
const QUESTION = "Haqiqatan ham o'chirmoqchimisiz?";
const loads = () => ui.net.callsTo('GET', '/user/products/category/').length;
const never = { exec: () => Promise.reject(new Error('not offered on the admin table')) };

const adminModel: PathModel<typeof productListMachine> = {
  ...productListModel,
  name: 'productList (admin)',
  input: { categoryId: 'c', restaurantId: 'r' },
  filterEvents: (s, e) =>
    !['page.go', 'reorder.failed', 'confirm.yes', 'confirm.no'].includes(e.type) && !racesTheRefresh(s, e),
};

const fixtures = {
  'xstate.done.actor.loadProducts': {
    exec: async (w) => {
      w.calls.take('loadProducts').release();
      await waitFor(() => expect(screen.queryByText('Yuklanmoqda...')).toBeNull());
    },
  },
  'xstate.error.actor.loadProducts': {
    exec: async (w) => {
      w.calls.take('loadProducts').fail(500);
      await screen.findByText('Mahsulotlarni yuklashda xatolik yuz berdi!');
    },
  },
  'products.retry': { exec: async (w) => app(w).user.click(screen.getByRole('button', { name: 'Qayta urinish' })) },
  'page.next': { exec: async (w) => app(w).user.click(screen.getByRole('button', { name: /Keyingi/ })) },
  'page.prev': { exec: async (w) => app(w).user.click(screen.getByRole('button', { name: /Oldingi/ })) },
  'product.delete': {
    exec: async (w) => {
      await app(w).user.click(within(rows().at(-1)!).getByRole('button', { name: /^O'chirish: / }));
    },
  },
  'confirm.yes': { exec: async (w) => app(w).user.click(within(dialog()).getByRole('button', { name: 'Ha' })) },
  'confirm.no': { exec: async (w) => app(w).user.click(within(dialog()).getByRole('button', { name: 'Yo‘q' })) },
  'xstate.done.actor.confirmDelete': {
    exec: async (w, e) => {
      w.loadsBefore = loads();
      await answerDelete(app(w).user, e, () => w.calls.take('confirmDelete'), 500);
      if (confirmResult(e) === 'deleted') {
        await toast("Mahsulot muvaffaqiyatli o'chirildi!");
        expect(loads()).toBe(w.loadsBefore);
      }
      if (confirmResult(e) === 'failed') await toast("Mahsulotni o'chirishda xatolik yuz berdi!");
    },
  },
  'xstate.error.actor.confirmDelete': neverInvoked,
  [REFRESH_EVENT]: {
    exec: async (w) => {
      await waitFor(() => expect(loads()).toBe(w.loadsBefore + 1), { timeout: 2000 });
    },
  },
  'page.go': never,
  'reorder.failed': never,
} satisfies Record<
  Exclude<PathEventType<ProductListEvent, ListInvoke>, 'products.reload'> | typeof REFRESH_EVENT,
  UiFixture<World>
>;

const checks = {
  'data.loading': async () => {
    // Retried: a spinner found may be replaced by the next one (the route's, then the screen's) before it is checked.
    await waitFor(() => expect(screen.getAllByText('Yuklanmoqda...').at(-1)).toBeVisible());
  },
  'data.ready': async (_: World, s: ListSnapshot) => {
    await waitFor(() => expect(screen.queryByText('Yuklanmoqda...')).toBeNull());
    expect(screen.getByTestId('page-indicator')).toHaveTextContent(new RegExp(`^${s.context.page} / `));
    expect(rows().length).toBeGreaterThan(0);
    expect(rows().length).toBeLessThanOrEqual(10);
    // Issue 18: the translations and the languages came with the admin's list.
    await waitFor(() => {
      for (const row of rows()) {
        const badge = within(row).queryByText("ru yo'q");
        if (row.dataset.name === 'P1') expect(badge).toBeNull();
        else expect(badge).not.toBeNull();
      }
    });
  },
  'data.failed': async () => {
    expect(await screen.findByText('Mahsulotlarni yuklashda xatolik yuz berdi!')).toBeVisible();
  },
  'removal.idle': async () => {
    // Every load also asks the manager read for the translations, and the restaurant's languages are read.
    await waitFor(() => {
      expect(ui.net.callsTo('GET', '/manager/products').length).toBeGreaterThan(0);
      expect(ui.net.callsTo('GET', '/admin/restaurants').length).toBeGreaterThan(0);
    });
    await waitFor(() => expect(screen.queryByText(QUESTION)).toBeNull());
  },
  'removal.confirming': async () => {
    expect(await screen.findByText(QUESTION)).toBeVisible();
    expect(within(dialog()).getByRole('button', { name: 'Ha' })).toBeEnabled();
  },
  'removal.refreshing': async () => {
    await waitFor(() => expect(screen.queryByText(QUESTION)).toBeNull());
  },
};

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
  const manager = await createUser(ui.testApp.app, ui.db, 'manager');
  restaurantId = (await createRestaurant(ui.db, { manager_id: manager._id, languages: ['uz', 'ru'] }))._id;
  categoryId = (await createCategory(ui.db, restaurantId))._id;
  for (let i = 1; i <= SEEDED_PRODUCTS; i++) {
    await createProduct(ui.db, categoryId, {
      name: `P${i}`,
      price: 1000,
      position: i - 1,
      ...(i === 1 ? { translations: { ru: { name: 'П1' } } } : {}),
    });
  }
});

describe('product list machine: generated paths on /admin/viewProduct/{category_id}/{id} (issue 18: badges)', () => {
  generatePaths(adminModel).forEach((path, index) => {
    it(pathName(adminModel, path, index), async () => {
      const world: World = {
        loadsBefore: 0,
        calls: new HeldCalls<ListInvoke>(ui.net, {
          loadProducts: ['GET', '/user/products/category/'],
          confirmDelete: ['DELETE', /^\/manager\/products\/[^/]+$/],
        }),
      };
      await runPathOnScreen({
        model: adminModel,
        path,
        fixtures,
        checks,
        world,
        start: (w) => {
          w.app = renderApp(`/admin/viewProduct/${categoryId}/${restaurantId}`, { token: admin.token });
        },
        // The reorder child is spawned, not a call; the languages and the translations run as they are.
        onInvoke: (w, id) => (id === 'reorder' || id === 'loadLanguages' ? undefined : w.calls.arm(id)),
      });
    });
  });
});
