import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProductDetailEvent } from '../../machines/products/productDetail.machine';
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
import { productDetailModel } from './models/product.model';
import { HeldCalls } from './support/calls';
import { answerDelete, neverInvoked } from './support/confirmDelete';

/**
 * Every generated path of the product detail machine as the admin's page runs it
 * (/admin/product-detail/{ProductId}/{category}?restaurant={id}, issue 18): the product is GET /user/products/{id}
 * (held and failed here), then its translations from GET /manager/products?category_id= of its category; the page
 * reads the restaurant's languages (GET /admin/restaurants?id=) for the product form's tabs.
 */

type DetailInvoke = 'loadProduct' | 'confirmDelete';

interface World {
  app?: RenderedApp;
  calls: HeldCalls<DetailInvoke>;
}

let ui: UiHarness;
let admin: TestUser;
let restaurantId: string;
let categoryId: string;
let productId: string;

const app = (w: World) => w.app!;
const dialog = () => screen.getByRole('dialog');
const toast = async (text: string) =>
  expect((await screen.findAllByText(text, { selector: '.toast-body' })).length).toBeGreaterThan(0);
const QUESTION = "Haqiqatan ham o'chirmoqchimisiz?";

const adminModel: PathModel = { ...(productDetailModel as PathModel), name: 'productDetail (admin)' };

const fixtures = {
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
} satisfies Record<PathEventType<ProductDetailEvent, DetailInvoke>, UiFixture<World>>;

/** Issue 18: the page read the restaurant's languages, and a shown product came with its category's manager read. */
const issue18Reads = async (shown: boolean) =>
  waitFor(() => {
    expect(ui.net.callsTo('GET', '/admin/restaurants').length).toBeGreaterThan(0);
    if (shown) expect(ui.net.callsTo('GET', '/manager/products').length).toBeGreaterThan(0);
  });

const checks = {
  loading: async () => {
    // Retried: a spinner found may be replaced by the next one (the route's, then the screen's) before it is checked.
    await waitFor(() => expect(screen.getAllByText('Yuklanmoqda...').at(-1)).toBeVisible());
    await issue18Reads(false);
  },
  failed: async () => {
    expect(await screen.findByText('Mahsulotlarni yuklashda xatolik yuz berdi!')).toBeVisible();
    await issue18Reads(false);
  },
  'ready.idle': async () => {
    expect(await screen.findByTestId('product-price')).toHaveTextContent("1 000 so'm");
    await waitFor(() => expect(screen.queryByText(QUESTION)).toBeNull());
    await issue18Reads(true);
    // The options link passes the restaurant on.
    expect(within(screen.getByTestId('product-detail')).getByRole('link', { name: /Opsiyalar/ })).toHaveAttribute(
      'href',
      `/admin/product-option/${productId}?restaurant=${restaurantId}`,
    );
  },
  'ready.confirming': async () => {
    expect(await screen.findByText(QUESTION)).toBeVisible();
  },
  deleted: async (w: World) => {
    await waitFor(() => expect(app(w).location()).toBe(`/ProductTable/${categoryId}`));
    expect(await ui.db.select().from(products).where(eq(products._id, productId))).toEqual([]);
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
  productId = (
    await createProduct(ui.db, categoryId, { name: 'P1', price: 1000, translations: { ru: { name: 'П1' } } })
  )._id;
});

describe('product detail machine: generated paths on /admin/product-detail/{ProductId}/{id}?restaurant= (issue 18)', () => {
  generatePaths(adminModel).forEach((path, index) => {
    it(pathName(adminModel, path, index), async () => {
      const world: World = {
        calls: new HeldCalls<DetailInvoke>(ui.net, {
          loadProduct: ['GET', /^\/user\/products\/[^/]+$/],
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
          w.app = renderApp(`/admin/product-detail/${productId}/${categoryId}?restaurant=${restaurantId}`, {
            token: admin.token,
          });
        },
        onInvoke: (w, id) => w.calls.arm(id),
      });
    });
  });
});
