import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { ProductDetailEvent } from '../../machines/products/productDetail.machine';
import type { ProductListEvent, productListMachine } from '../../machines/products/productList.machine';
import { products } from '../../server/db/schema';
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
import {
  adminProductListModel,
  productDetailModel,
  productListModel,
  REFRESH_EVENT,
  SEEDED_PRODUCTS,
} from './models/product.model';
import { HeldCalls } from './support/calls';
import { answerDelete, neverInvoked } from './support/confirmDelete';
import { shownDialog } from './support/shownDialog';

/**
 * Every generated path of the product list machine and of the product detail machine as each role's screens run
 * them, against the real server with 12 seeded products P1…P12 of a restaurant offering Uzbek and Russian; P1 has its
 * Russian name, so wherever the list is shown every other product carries the "ru yo'q" badge. The manager's list
 * pages with numbered buttons, the admin's table with previous / next. The admin's screens show the spec's public
 * reads, with the translations of the manager reads and the restaurant's languages (GET /admin/restaurants?id=).
 */

type ListSnapshot = SnapshotFrom<typeof productListMachine>;
type Call = [method: string, path: string | RegExp];

interface Role {
  role: 'manager' | 'admin';
  list: { screen: string; model: PathModel; open: () => RenderedApp; load: Call; alsoReads: Call[] };
  detail: { screen: string; model: PathModel; open: () => RenderedApp; load: Call };
  /** The page shown is marked: the manager's numbered button, the admin's "page / pages". */
  pageShown: (page: number) => void;
  /** The detail page reads these while it loads, and these more once the product is shown. */
  detailReads: { always: Call[]; shown: Call[] };
  optionsHref: () => string;
  /** Where a deleted product's page goes. */
  listAfterDelete: () => string;
}

interface World {
  app?: RenderedApp;
  calls: HeldCalls<string>;
  loadsBefore: number;
}

let ui: UiHarness;
let admin: TestUser;
let manager: TestUser;
let restaurantId: string;
let categoryId: string;
let firstProduct: string;

const asManager = (path: string) => renderApp(path, { token: manager.token, storage: { restaurantId } });
const asAdmin = (path: string) => renderApp(path, { token: admin.token });

const ROLES: Role[] = [
  {
    role: 'manager',
    list: {
      screen: '/ManagerProductTable/{category_id}',
      model: productListModel,
      open: () => asManager(`/ManagerProductTable/${categoryId}`),
      load: ['GET', '/manager/products'],
      alsoReads: [],
    },
    detail: {
      screen: '/product-detail/{ProductId}/{id}',
      model: productDetailModel,
      open: () => asManager(`/product-detail/${firstProduct}/${categoryId}`),
      load: ['GET', '/manager/products'],
    },
    pageShown: (page) => expect(document.querySelector('.page-item.active')).toHaveTextContent(String(page)),
    detailReads: { always: [], shown: [] },
    optionsHref: () => `/ManagerProductOptionRow/${firstProduct}`,
    listAfterDelete: () => `/ManagerProductTable/${categoryId}`,
  },
  {
    role: 'admin',
    list: {
      screen: '/admin/viewProduct/{category_id}/{id}',
      model: adminProductListModel,
      open: () => asAdmin(`/admin/viewProduct/${categoryId}/${restaurantId}`),
      load: ['GET', '/user/products/category/'],
      alsoReads: [
        ['GET', '/manager/products'],
        ['GET', '/admin/restaurants'],
      ],
    },
    detail: {
      screen: '/admin/product-detail/{ProductId}/{id}?restaurant=',
      model: { ...productDetailModel, name: 'productDetail (admin)' } as PathModel,
      open: () => asAdmin(`/admin/product-detail/${firstProduct}/${categoryId}?restaurant=${restaurantId}`),
      load: ['GET', /^\/user\/products\/[^/]+$/],
    },
    pageShown: (page) => expect(screen.getByTestId('page-indicator')).toHaveTextContent(new RegExp(`^${page} / `)),
    // The restaurant's languages for the product form's tabs; the product's translations from its category's
    // manager read.
    detailReads: { always: [['GET', '/admin/restaurants']], shown: [['GET', '/manager/products']] },
    optionsHref: () => `/admin/product-option/${firstProduct}?restaurant=${restaurantId}`,
    listAfterDelete: () => `/ProductTable/${categoryId}`,
  },
];

const app = (w: World) => w.app!;
const rows = () => screen.queryAllByTestId(/^product-row-/);
const dialog = shownDialog;
const toast = async (text: string) =>
  expect((await screen.findAllByText(text, { selector: '.toast-body' })).length).toBeGreaterThan(0);
const QUESTION = "Haqiqatan ham o'chirmoqchimisiz?";
const DELETE_CALL: Call = ['DELETE', /^\/manager\/products\/[^/]+$/];
const reads = (calls: Call[]) =>
  waitFor(() => {
    for (const [method, path] of calls) expect(ui.net.callsTo(method, path).length).toBeGreaterThan(0);
  });

const listFixtures = (role: Role) => {
  const loads = () => ui.net.callsTo(...role.list.load).length;
  return {
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
    'products.retry': {
      exec: async (w) => app(w).user.click(screen.getByRole('button', { name: 'Qayta urinish' })),
    },
    'page.go': {
      exec: async (w, e) => app(w).user.click(screen.getByRole('button', { name: `${String(e.page)}-sahifa` })),
    },
    'page.next': { exec: async (w) => app(w).user.click(screen.getByRole('button', { name: /Keyingi/ })) },
    'page.prev': { exec: async (w) => app(w).user.click(screen.getByRole('button', { name: /Oldingi/ })) },
    'product.delete': {
      exec: async (w) => app(w).user.click(within(rows().at(-1)!).getByRole('button', { name: /^O'chirish: / })),
    },
    'confirm.yes': {
      exec: async (w) => {
        w.loadsBefore = loads();
        await app(w).user.click(within(dialog()).getByRole('button', { name: 'Ha' }));
      },
    },
    'confirm.no': { exec: async (w) => app(w).user.click(within(dialog()).getByRole('button', { name: 'Yo‘q' })) },
    'xstate.done.actor.confirmDelete': {
      exec: async (w, e) => {
        w.loadsBefore = loads();
        await answerDelete(app(w).user, e, () => w.calls.take('confirmDelete'), 500);
        if (confirmResult(e) === 'deleted') {
          await toast("Mahsulot muvaffaqiyatli o'chirildi!");
          // The row is gone at once; the list is not loaded again yet.
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
    // Refused positions are walked on the category screen (the same reorder machine).
    'reorder.failed': { exec: () => Promise.reject(new Error('not walked on the product list')) },
  } satisfies Record<
    | Exclude<PathEventType<ProductListEvent, 'loadProducts' | 'confirmDelete'>, 'products.reload'>
    | typeof REFRESH_EVENT,
    UiFixture<World>
  >;
};

const listChecks = (role: Role) => ({
  'data.loading': async () => {
    // Retried: a spinner found may be replaced by the next one (the route's, then the screen's) before it is checked.
    await waitFor(() => expect(screen.getAllByText('Yuklanmoqda...').at(-1)).toBeVisible());
  },
  'data.ready': async (_: World, s: ListSnapshot) => {
    await waitFor(() => expect(screen.queryByText('Yuklanmoqda...')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Mahsulotlar' })).toBeVisible();
    expect(screen.getByTestId('counter-No faol')).toBeVisible();
    role.pageShown(s.context.page);
    expect(rows().length).toBeGreaterThan(0);
    expect(rows().length).toBeLessThanOrEqual(10);
    // The restaurant's languages came with the list, and each product's translations.
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
    await reads(role.list.alsoReads);
    await waitFor(() => expect(screen.queryByText(QUESTION)).toBeNull());
  },
  'removal.confirming': async () => {
    expect(await screen.findByText(QUESTION)).toBeVisible();
    expect(within(dialog()).getByRole('button', { name: 'Ha' })).toBeEnabled();
  },
  'removal.refreshing': async () => {
    await waitFor(() => expect(screen.queryByText(QUESTION)).toBeNull());
  },
});

const detailFixtures = {
  'xstate.done.actor.loadProduct': {
    exec: async (w) => {
      w.calls.take('loadProduct').release();
      await screen.findByTestId('product-detail');
    },
  },
  'xstate.error.actor.loadProduct': {
    exec: async (w) => {
      w.calls.take('loadProduct').fail(500);
      await screen.findByText('Mahsulotlarni yuklashda xatolik yuz berdi!');
    },
  },
  'product.retry': { exec: async (w) => app(w).user.click(screen.getByRole('button', { name: 'Qayta urinish' })) },
  'product.delete': {
    exec: async (w) =>
      app(w).user.click(within(screen.getByTestId('product-detail')).getByRole('button', { name: /O'chirish/ })),
  },
  'confirm.yes': { exec: async (w) => app(w).user.click(within(dialog()).getByRole('button', { name: 'Ha' })) },
  'confirm.no': { exec: async (w) => app(w).user.click(within(dialog()).getByRole('button', { name: 'Yo‘q' })) },
  'xstate.done.actor.confirmDelete': {
    exec: async (w, e) => {
      await answerDelete(app(w).user, e, () => w.calls.take('confirmDelete'), 500);
      if (confirmResult(e) === 'deleted') await toast("Mahsulot muvaffaqiyatli o'chirildi!");
      if (confirmResult(e) === 'failed') await toast("Mahsulotni o'chirishda xatolik yuz berdi!");
    },
  },
  'xstate.error.actor.confirmDelete': neverInvoked,
  'product.reload': { exec: () => Promise.reject(new Error('walked by the product form')) },
} satisfies Record<PathEventType<ProductDetailEvent, 'loadProduct' | 'confirmDelete'>, UiFixture<World>>;

const detailChecks = (role: Role) => ({
  loading: async () => {
    // Retried: a spinner found may be replaced by the next one (the route's, then the screen's) before it is checked.
    await waitFor(() => expect(screen.getAllByText('Yuklanmoqda...').at(-1)).toBeVisible());
    await reads(role.detailReads.always);
  },
  failed: async () => {
    expect(await screen.findByText('Mahsulotlarni yuklashda xatolik yuz berdi!')).toBeVisible();
    await reads(role.detailReads.always);
  },
  'ready.idle': async () => {
    expect(await screen.findByTestId('product-price')).toHaveTextContent("1 000 so'm");
    await waitFor(() => expect(screen.queryByText(QUESTION)).toBeNull());
    await reads([...role.detailReads.always, ...role.detailReads.shown]);
    // The admin's options link passes the restaurant on.
    expect(within(screen.getByTestId('product-detail')).getByRole('link', { name: /Opsiyalar/ })).toHaveAttribute(
      'href',
      role.optionsHref(),
    );
  },
  'ready.confirming': async () => {
    expect(await screen.findByText(QUESTION)).toBeVisible();
  },
  deleted: async (w: World) => {
    await waitFor(() => expect(app(w).location()).toBe(role.listAfterDelete()));
    expect(await ui.db.select().from(products).where(eq(products._id, firstProduct))).toEqual([]);
  },
});

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  restaurantId = (await createRestaurant(ui.db, { manager_id: manager._id, languages: ['uz', 'ru'] }))._id;
  categoryId = (await createCategory(ui.db, restaurantId))._id;
  for (let i = 1; i <= SEEDED_PRODUCTS; i++) {
    const p = await createProduct(ui.db, categoryId, {
      name: `P${i}`,
      price: 1000,
      position: i - 1,
      ...(i === 1 ? { translations: { ru: { name: 'П1' } } } : {}),
    });
    if (i === 1) firstProduct = p._id;
  }
});

describe.each(ROLES)('product list machine: generated paths on $list.screen ($role)', (role) => {
  const fixtures = listFixtures(role);
  const checks = listChecks(role);
  generatePaths(role.list.model).forEach((path, index) => {
    it(pathName(role.list.model, path, index), async () => {
      const world: World = {
        loadsBefore: 0,
        calls: new HeldCalls<string>(ui.net, { loadProducts: role.list.load, confirmDelete: DELETE_CALL }),
      };
      await runPathOnScreen({
        model: role.list.model,
        path,
        fixtures,
        checks,
        world,
        start: (w) => {
          w.app = role.list.open();
        },
        // The reorder child is spawned, not a call; the languages and the admin's translations run as they are.
        onInvoke: (w, id) => (id === 'reorder' || id === 'loadLanguages' ? undefined : w.calls.arm(id)),
      });
    });
  });
});

describe.each(ROLES)('product detail machine: generated paths on $detail.screen ($role)', (role) => {
  const checks = detailChecks(role);
  generatePaths(role.detail.model).forEach((path, index) => {
    it(pathName(role.detail.model, path, index), async () => {
      const world: World = {
        loadsBefore: 0,
        calls: new HeldCalls<string>(ui.net, { loadProduct: role.detail.load, confirmDelete: DELETE_CALL }),
      };
      await runPathOnScreen({
        model: role.detail.model,
        path,
        fixtures: detailFixtures,
        checks,
        world,
        start: (w) => {
          w.app = role.detail.open();
        },
        onInvoke: (w, id) => w.calls.arm(id),
      });
    });
  });
});
