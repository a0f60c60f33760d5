import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RestaurantViewEvent } from '../../machines/restaurants/restaurantView.machine';
import { restaurants } from '../../server/db/schema';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { generatePaths, type PathEventType, pathName, runPathOnScreen, type UiFixture } from '../support/paths';
import { findToast, type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { confirmResult } from './models/confirmDelete.model';
import { restaurantViewModel, VIEWED } from './models/smallModels';
import { HeldCalls } from './support/calls';
import { answerDelete, neverInvoked } from './support/confirmDelete';
import { shownDialog } from './support/shownDialog';

/** Every generated path of the restaurant view machine, walked on /admin/viewRestaurant/{id}/{slug}. */

type ViewInvoke = 'loadRestaurant' | 'confirmDelete';

interface World {
  app?: RenderedApp;
  calls: HeldCalls<ViewInvoke>;
  manager: TestUser;
}

let ui: UiHarness;
let admin: TestUser;
const app = (w: World) => w.app!;

const fixtures = {
  'xstate.done.actor.loadRestaurant': {
    exec: async (w) => {
      w.calls.take('loadRestaurant').release();
      await screen.findByRole('heading', { name: VIEWED.name });
    },
  },
  'xstate.error.actor.loadRestaurant': {
    exec: async (w) => {
      w.calls.take('loadRestaurant').fail(500);
      await screen.findByText("Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.");
    },
  },
  'restaurant.retry': { exec: (w) => app(w).user.click(screen.getByRole('button', { name: 'Qayta urinish' })) },
  'restaurant.delete': { exec: (w) => app(w).user.click(screen.getByRole('button', { name: "O'chirish" })) },
  'confirm.yes': {
    exec: (w) => app(w).user.click(within(shownDialog()).getByRole('button', { name: 'Ha' })),
  },
  'confirm.no': {
    exec: (w) => app(w).user.click(within(shownDialog()).getByRole('button', { name: 'Yo‘q' })),
  },
  'xstate.done.actor.confirmDelete': {
    exec: async (w, e) => {
      await answerDelete(app(w).user, e, () => w.calls.take('confirmDelete'), 500);
      if (confirmResult(e) === 'deleted') {
        await findToast("Restoran o'chirildi");
        expect(await ui.db.select().from(restaurants).where(eq(restaurants.slug, VIEWED.slug))).toHaveLength(0);
      }
      if (confirmResult(e) === 'failed') await findToast("O'chirishda xatolik yuz berdi!");
    },
  },
  'xstate.error.actor.confirmDelete': neverInvoked,
  // The edit dialogs send `restaurant.reload` after a save: walked by the dialog's plan and the journeys. The
  // Telegram section sends `telegram.delivered` after a test message went through: walked by tests/ui/telegram.test.tsx.
} satisfies Record<
  Exclude<PathEventType<RestaurantViewEvent, ViewInvoke>, 'restaurant.reload' | 'telegram.delivered'>,
  UiFixture<World>
>;

const checks = {
  loading: async () => {
    // Retried: a spinner found may be replaced by the next one (the route's, then the screen's) before it is checked.
    await waitFor(() => expect(screen.getAllByText('Yuklanmoqda...').at(-1)).toBeVisible());
  },
  failed: async () => {
    expect(await screen.findByText("Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.")).toBeVisible();
  },
  ready: async (w: World) => {
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Spec 2.6: address, phone, status, work time, slug and the manager's login; the QR panel.
    expect(screen.getByText(VIEWED.slug)).toBeVisible();
    expect(screen.getByTestId('view-manager')).toHaveTextContent(w.manager.login);
    expect(screen.getByText('Faol')).toBeVisible();
    expect(screen.getByTestId('qr-panel')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Kategoriyalar/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/admin\/categoryList\//),
    );
  },
  confirmingDelete: async () => {
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`"${VIEWED.name}" restoranini o'chirmoqchimisiz?`)).toBeVisible();
  },
  deleted: async (w: World) => {
    await waitFor(() => expect(app(w).location()).toBe('/admin/restaurants'));
  },
};

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
});

const paths = generatePaths(restaurantViewModel);

describe('restaurant view machine: generated paths on the rendered screen', () => {
  paths.forEach((path, index) => {
    it(pathName(restaurantViewModel, path, index), async () => {
      const manager = await createUser(ui.testApp.app, ui.db, 'manager');
      const restaurant = await createRestaurant(ui.db, { ...VIEWED, _id: undefined, manager_id: manager._id });
      const world: World = {
        manager,
        calls: new HeldCalls<ViewInvoke>(ui.net, {
          loadRestaurant: ['GET', '/user/restaurants/view'],
          confirmDelete: ['DELETE', '/admin/restaurants/delete'],
        }),
      };
      await runPathOnScreen({
        model: restaurantViewModel,
        path,
        fixtures,
        checks,
        world,
        start: (w) => {
          w.app = renderApp(`/admin/viewRestaurant/${restaurant._id}/${restaurant.slug}`, { token: admin.token });
        },
        onInvoke: (w, id) => w.calls.arm(id),
      });
    });
  });
});
