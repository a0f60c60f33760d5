import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { ManagersEvent, managersMachine } from '../../machines/managers/managers.machine';
import { restaurants, users } from '../../server/db/schema';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { generatePaths, type PathEventType, pathName, runPathOnScreen, type UiFixture } from '../support/paths';
import { findToast, type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { confirmResult } from './models/confirmDelete.model';
import { MANAGER_SEARCH, MANAGER_SEARCH_SENT, managersModel } from './models/smallModels';
import { HeldCalls } from './support/calls';
import { answerDelete, neverInvoked } from './support/confirmDelete';
import type { Held } from './support/network';
import { shownDialog } from './support/shownDialog';

/** Every generated path of the managers machine, walked on /admin/managers against the real server. */

type ManagersInvoke = 'loadManagers' | 'confirmDelete' | 'setActive';
/** The list's own load is held by hand (`load`): a search's call may start before its step (after 300 ms). */
type HeldInvoke = Exclude<ManagersInvoke, 'loadManagers'>;
type Snapshot = SnapshotFrom<typeof managersMachine>;

interface World {
  app?: RenderedApp;
  calls: HeldCalls<HeldInvoke>;
  /** The list's running load, held; and one held ahead for the search typed (sent after the pause). */
  load?: Held;
  searchLoad?: Held;
  manager: TestUser;
}

let ui: UiHarness;
let admin: TestUser;
const app = (w: World) => w.app!;
const searchBox = () => screen.getByRole('searchbox', { name: 'Qidirish: login' });
const holdLoad = () => ui.net.hold('GET', '/admin/managers');
const row = (w: World) => screen.getByTestId(`manager-row-${w.manager.login}`);
const activeInDb = async (w: World) =>
  (await ui.db.select().from(users).where(eq(users._id, w.manager._id)))[0]!.is_active;

const fixtures = {
  'xstate.done.actor.loadManagers': {
    exec: async (w) => {
      w.load!.release();
      await screen.findByTestId(`manager-row-${w.manager.login}`);
      await waitFor(() => expect(within(row(w)).getByRole('button', { name: /^O'chirish/ })).toBeEnabled());
    },
  },
  'xstate.error.actor.loadManagers': {
    exec: async (w) => {
      w.load!.fail(500);
      await screen.findByText("Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.");
    },
  },
  'managers.retry': { exec: (w) => app(w).user.click(screen.getByRole('button', { name: 'Qayta urinish' })) },
  'search.change': {
    exec: async (w) => {
      // The call goes out on its own 300 ms later, maybe before the next step: held from now on.
      w.searchLoad = holdLoad();
      await app(w).user.type(searchBox(), MANAGER_SEARCH);
    },
  },
  [MANAGER_SEARCH_SENT]: {
    exec: async (w) => {
      await w.load!.arrived;
      expect(searchBox()).toHaveValue(MANAGER_SEARCH);
    },
  },
  'filter.status': {
    exec: async (w) => app(w).user.selectOptions(screen.getByRole('combobox', { name: 'Holati' }), 'active'),
  },
  // One manager, one page: the model never pages (guarded); paging is walked by the journeys.
  'page.next': { exec: async (w) => app(w).user.click(screen.getByRole('button', { name: /Keyingi/ })) },
  'page.prev': { exec: async (w) => app(w).user.click(screen.getByRole('button', { name: /Oldingi/ })) },
  'manager.delete': {
    exec: (w) => app(w).user.click(within(row(w)).getByRole('button', { name: `O'chirish: ${w.manager.login}` })),
  },
  'manager.toggleActive': {
    exec: (w) => app(w).user.click(within(row(w)).getByRole('button', { name: /O'chirib qo'yish|Faollashtirish/ })),
  },
  // Only the deactivation question sends these as steps (the delete question's answers are its child's outcome).
  'confirm.yes': {
    exec: (w) => app(w).user.click(within(shownDialog()).getByRole('button', { name: "O'chirib qo'yish" })),
  },
  'confirm.no': {
    exec: (w) => app(w).user.click(within(shownDialog()).getByRole('button', { name: 'Bekor qilish' })),
  },
  'xstate.done.actor.confirmDelete': {
    // A refusal: the manager gets a restaurant meanwhile, and the server refuses with 409 and says why.
    arrange: async (w, e) => {
      if (confirmResult(e) === 'failed') await createRestaurant(ui.db, { manager_id: w.manager._id });
    },
    exec: async (w, e) => {
      await answerDelete(app(w).user, e, () => w.calls.take('confirmDelete'), 'server');
      if (confirmResult(e) === 'deleted') {
        await findToast("Menedjer o'chirildi");
        expect(await ui.db.select().from(users).where(eq(users._id, w.manager._id))).toHaveLength(0);
      }
      if (confirmResult(e) === 'failed') {
        await screen.findByText(/^O'chirishda xatolik yuz berdi! \S/, { selector: '.toast-body' });
        expect(await ui.db.select().from(users).where(eq(users._id, w.manager._id))).toHaveLength(1);
        await ui.db.delete(restaurants).where(eq(restaurants.manager_id, w.manager._id));
      }
    },
  },
  'xstate.error.actor.confirmDelete': neverInvoked,
  'xstate.done.actor.setActive': {
    exec: async (w) => {
      const before = await activeInDb(w);
      w.calls.take('setActive').release();
      await findToast('Menedjer tahrirlandi');
      await waitFor(async () => expect(await activeInDb(w)).toBe(!before));
    },
  },
  'xstate.error.actor.setActive': {
    exec: async (w) => {
      w.calls.take('setActive').fail(500);
      await screen.findByText(/^Tahrirlashda xatolik yuz berdi!/, { selector: '.toast-body' });
    },
  },
  // `managers.reload` comes from the manager dialog after a save (tests/ui/journeys/managers.test.tsx).
} satisfies Record<
  Exclude<PathEventType<ManagersEvent, ManagersInvoke>, 'managers.reload'> | typeof MANAGER_SEARCH_SENT,
  UiFixture<World>
>;

const checks = {
  loading: async (w: World, s: Snapshot) => {
    if (s.context.managers.length === 0)
      // Retried: a spinner found may be replaced by the next one (the route's, then the screen's) before it is checked.
      await waitFor(() => expect(screen.getAllByText('Yuklanmoqda...').at(-1)).toBeVisible());
    // A reload keeps the rows; their buttons wait.
    else await waitFor(() => expect(within(row(w)).getByRole('button', { name: /^O'chirish/ })).toBeDisabled());
    // Arrived and held: a step that leaves this state aborts a call the network has seen.
    await w.load!.arrived;
  },
  typing: async (_: World, s: Snapshot) => {
    expect(searchBox()).toHaveValue(s.context.query);
  },
  failed: async () => {
    expect(await screen.findByText("Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.")).toBeVisible();
  },
  ready: async (w: World, s: Snapshot) => {
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(row(w)).getByText(w.manager.login)).toBeVisible();
    expect(screen.getByTestId('list-range')).toHaveTextContent('1–1 / jami 1');
    expect(searchBox()).toHaveValue(s.context.query);
    expect(within(row(w)).getByRole('button', { name: /^O'chirish/ })).toBeEnabled();
  },
  confirmingDelete: async (w: World) => {
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`"${w.manager.login}" menedjerini o'chirmoqchimisiz?`)).toBeVisible();
  },
  confirmingDeactivate: async (w: World) => {
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`"${w.manager.login}" menedjerini o'chirib qo'yasizmi?`)).toBeVisible();
    expect(ui.net.callsTo('PUT', /^\/admin\/managers\//)).toHaveLength(0);
  },
  toggling: async (w: World) => {
    await waitFor(() => expect(within(row(w)).getByRole('button', { name: /^O'chirish/ })).toBeDisabled());
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

const paths = generatePaths(managersModel);

describe('managers machine: generated paths on the rendered screen', () => {
  paths.forEach((path, index) => {
    it(pathName(managersModel, path, index), async () => {
      const manager = await createUser(ui.testApp.app, ui.db, 'manager');
      const world: World = {
        manager,
        calls: new HeldCalls<HeldInvoke>(ui.net, {
          confirmDelete: ['DELETE', /^\/admin\/managers\/[^/]+$/],
          setActive: ['PUT', /^\/admin\/managers\/[^/]+$/],
        }),
      };
      await runPathOnScreen({
        model: managersModel,
        path,
        fixtures,
        checks,
        world,
        start: (w) => {
          w.app = renderApp('/admin/managers', { token: admin.token });
        },
        onInvoke: (w, id) => {
          if (id !== 'loadManagers') return w.calls.arm(id);
          w.load = w.searchLoad ?? holdLoad();
          w.searchLoad = undefined;
        },
      });
    });
  });
});
