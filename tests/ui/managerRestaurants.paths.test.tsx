import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ManagerRestaurantsEvent } from '../../machines/manager/managerRestaurants.machine';
import { restaurants } from '../../server/db/schema';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { generatePaths, type PathEventType, pathName, runPathOnScreen, type UiFixture } from '../support/paths';
import { type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { managerRestaurantsModel } from './models/smallModels';
import { HeldCalls } from './support/calls';

/** Every generated path of the manager's restaurant screen (spec 2.7), walked on /manager. */

interface World {
  app?: RenderedApp;
  calls: HeldCalls<'loadMyRestaurants'>;
  manager: TestUser;
}

let ui: UiHarness;
const NAME = 'Menedjer Restorani';

const fixtures = {
  'xstate.done.actor.loadMyRestaurants': {
    // The sample answer decides: the manager has a restaurant, or none.
    arrange: async (w, e) => {
      await ui.db.delete(restaurants).where(eq(restaurants.manager_id, w.manager._id));
      if ((e.output as unknown[]).length > 0) await createRestaurant(ui.db, { name: NAME, manager_id: w.manager._id });
    },
    exec: async (w, e) => {
      w.calls.take('loadMyRestaurants').release();
      await screen.findByText((e.output as unknown[]).length > 0 ? NAME : 'No restaurants found.');
    },
  },
  'xstate.error.actor.loadMyRestaurants': {
    exec: async (w) => {
      w.calls.take('loadMyRestaurants').fail(500);
      await screen.findByText("Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.");
    },
  },
  'restaurants.retry': {
    exec: (w) => w.app!.user.click(screen.getByRole('button', { name: 'Qayta urinish' })),
  },
  // `restaurants.reload` follows a save of the Update Restaurant modal (tests/ui/journeys/manager.test.tsx).
} satisfies Record<
  Exclude<PathEventType<ManagerRestaurantsEvent, 'loadMyRestaurants'>, 'restaurants.reload'>,
  UiFixture<World>
>;

const checks = {
  loading: async () => {
    // Spec 2.7's loading text.
    expect(await screen.findByText('Loading...')).toBeVisible();
  },
  ready: async () => {
    expect(await screen.findByRole('heading', { name: NAME })).toBeVisible();
    expect(screen.getByText('Manzil')).toBeVisible();
    expect(screen.getByText('Telefon raqam')).toBeVisible();
    expect(screen.getByText('Ish vaqti')).toBeVisible();
    expect(screen.getByRole('button', { name: "O'zgartirish" })).toBeVisible();
    // No pictures yet: the placeholders are shown.
    expect(screen.getByRole('img', { name: `${NAME} logo` })).toHaveAttribute('src', expect.stringMatching(/^data:/));
    expect(screen.queryByText('Loading...')).toBeNull();
  },
  empty: async () => {
    expect(await screen.findByText('No restaurants found.')).toBeVisible();
  },
  failed: async () => {
    expect(await screen.findByText("Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.")).toBeVisible();
  },
};

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(() => ui.reset());

const paths = generatePaths(managerRestaurantsModel);

describe("manager restaurants machine: generated paths on the manager's screen", () => {
  paths.forEach((path, index) => {
    it(pathName(managerRestaurantsModel, path, index), async () => {
      const manager = await createUser(ui.testApp.app, ui.db, 'manager');
      const world: World = {
        manager,
        calls: new HeldCalls(ui.net, { loadMyRestaurants: ['GET', '/manager/restaurants/me'] }),
      };
      await runPathOnScreen({
        model: managerRestaurantsModel,
        path,
        fixtures,
        checks,
        world,
        start: async (w) => {
          w.app = renderApp('/manager', { token: manager.token, storage: { restaurantId: 'known' } });
          // The resumed session checks its stored restaurant first (the screens wait for it): that call met the
          // hold armed for the screen's load, so it goes through and the hold is armed again for the screen's own.
          const sessions = w.calls.take('loadMyRestaurants');
          await sessions.arrived;
          w.calls.arm('loadMyRestaurants');
          sessions.release();
          await waitFor(() => expect(ui.net.callsTo('GET', '/manager/restaurants/me')).toHaveLength(2));
        },
        onInvoke: (w, id) => w.calls.arm(id),
      });
    });
  });
});
