import { createEvent, fireEvent, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { ApiError } from '../../client/client';
import type { CategoryListEvent, categoryListMachine } from '../../machines/categories/categoryList.machine';
import type { ReorderEvent, reorderMachine } from '../../machines/reorder/reorder.machine';
import { createCategory, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import {
  generatePaths,
  type PathEventType,
  type PathModel,
  pathName,
  runPathOnScreen,
  type UiFixture,
} from '../support/paths';
import { type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { adminCategoryListModel, categoryListModel, reorderModel, SEEDED } from './models/category.model';
import { confirmResult } from './models/confirmDelete.model';
import { HeldCalls } from './support/calls';
import { answerDelete, neverInvoked } from './support/confirmDelete';
import { shownDialog } from './support/shownDialog';

/**
 * Every generated path of the category list machine as each role's screen runs it, and of the manager's reorder
 * child, against the real server with three seeded categories K1, K2, K3 (c1, c2, c3 in the models). The restaurant
 * offers Uzbek and Russian and K1 has its Russian title, so wherever the list is shown K2 and K3 carry the "ru yo'q"
 * badge and K1 none. The manager's list is draggable; the admin's table has no drag handles, and its list is the
 * spec's public read with the translations of the manager read and the restaurant's languages beside it.
 */

type ListSnapshot = SnapshotFrom<typeof categoryListMachine>;
type ReorderSnapshot = SnapshotFrom<typeof reorderMachine>;
type Call = [method: string, path: string | RegExp];

interface Role {
  role: 'manager' | 'admin';
  screen: string;
  model: PathModel;
  open: () => RenderedApp;
  /** The list's call, held and failed by the walk. */
  loadCategories: Call;
  /** The counters shown (spec 2.8: the admin's also counts the inactive ones). */
  counters: string[];
  /** Rows with a drag handle: the manager's reorder child is walked too. */
  draggable: boolean;
  /** The reads the list makes beside its own call, each at least so many times. */
  alsoReads: Array<[...Call, number]>;
}

interface World {
  app?: RenderedApp;
  calls: HeldCalls<string>;
}

let ui: UiHarness;
let admin: TestUser;
let manager: TestUser;
let restaurantId: string;

const ROLES: Role[] = [
  {
    role: 'manager',
    screen: '/managerCategoryList',
    model: categoryListModel,
    open: () => renderApp('/managerCategoryList', { token: manager.token, storage: { restaurantId } }),
    loadCategories: ['GET', '/manager/category'],
    counters: ['Jami', 'Faol'],
    draggable: true,
    alsoReads: [],
  },
  {
    role: 'admin',
    screen: '/admin/categoryList/{id}',
    model: adminCategoryListModel,
    open: () => renderApp(`/admin/categoryList/${restaurantId}`, { token: admin.token }),
    loadCategories: ['GET', '/user/category'],
    counters: ['Jami', 'Faol', 'No faol'],
    draggable: false,
    alsoReads: [
      ['GET', '/manager/category', 1],
      // The restaurant's name in the title and its languages.
      ['GET', '/admin/restaurants', 2],
    ],
  },
];

const app = (w: World) => w.app!;
const rows = () => screen.queryAllByTestId(/^category-row-/);
const titles = () => rows().map((row) => row.dataset.title);
const handles = () => screen.queryAllByRole('button', { name: /^Tartibni o'zgartirish: / });
const dialog = shownDialog;
const titleOf = (id: unknown) => `K${String(id).slice(1)}`;
const rowOf = (id: unknown) => rows().find((row) => row.dataset.title === titleOf(id))!;
const toast = async (text: string) =>
  expect((await screen.findAllByText(text, { selector: '.toast-body' })).length).toBeGreaterThan(0);
const sessionLost = (s: ListSnapshot) => s.matches({ data: 'sessionLost' });
const DELETE_QUESTION = "Haqiqatan ham ushbu toifani o'chirmoqchimisiz?";

const listFixtures = {
  'xstate.done.actor.loadCategories': {
    exec: async (w) => {
      w.calls.take('loadCategories').release();
      await waitFor(() => expect(screen.queryByText('Yuklanmoqda...')).toBeNull());
    },
  },
  'xstate.error.actor.loadCategories': {
    exec: async (w, e) => {
      const status = (e.error as ApiError).status;
      w.calls.take('loadCategories').fail(status);
      if (status === 500) {
        await toast('Xatolik yuz berdi! Iltimos, qayta tizimga kiring.');
        await waitFor(() => expect(app(w).location()).toBe('/login'));
      } else {
        await screen.findByText('Kategoriyalarni olishda xatolik yuz berdi!', { selector: 'span' });
      }
    },
  },
  'categories.retry': { exec: async (w) => app(w).user.click(screen.getByRole('button', { name: 'Qayta urinish' })) },
  'category.delete': {
    exec: async (w) => app(w).user.click(within(rows()[1]!).getByRole('button', { name: /^O'chirish: / })),
  },
  'confirm.yes': { exec: async (w) => app(w).user.click(within(dialog()).getByRole('button', { name: 'Ha' })) },
  'confirm.no': { exec: async (w) => app(w).user.click(within(dialog()).getByRole('button', { name: 'Yo‘q' })) },
  'xstate.done.actor.confirmDelete': {
    exec: async (w, e) => {
      await answerDelete(app(w).user, e, () => w.calls.take('confirmDelete'));
      if (confirmResult(e) === 'deleted') await toast("Kategoriya muvaffaqiyatli o'chirildi!");
      if (confirmResult(e) === 'failed') await toast("Kategoriya o'chirishda xatolik yuz berdi!");
    },
  },
  'xstate.error.actor.confirmDelete': neverInvoked,
  // A keyboard move on a row's handle (the manager's list: the admin's model leaves it out).
  'reorder.failed': {
    exec: async (w) => {
      ui.net.fail('PUT', '/manager/category/order', 500);
      within(rows().at(-1)!)
        .getByRole('button', { name: /^Tartibni o'zgartirish: / })
        .focus();
      await app(w).user.keyboard('{ArrowUp}');
      await toast("Tartibni saqlab bo'lmadi");
    },
  },
  // `categories.reload` is sent by the category modal after a save (the generic dialog's plan walks it).
} satisfies Record<
  Exclude<PathEventType<CategoryListEvent, 'loadCategories' | 'confirmDelete'>, 'categories.reload'>,
  UiFixture<World>
>;

const listChecks = (role: Role) => ({
  'data.loading': async () => {
    // Retried: a spinner found may be replaced by the next one (the route's, then the screen's) before it is checked.
    await waitFor(() => expect(screen.getAllByText('Yuklanmoqda...').at(-1)).toBeVisible());
  },
  'data.ready': async () => {
    await waitFor(() => expect(screen.queryByText('Yuklanmoqda...')).toBeNull());
    for (const label of ['Jami', 'Faol', 'No faol']) {
      const counter = screen.queryByTestId(`counter-${label}`);
      if (role.counters.includes(label)) expect(counter).toBeVisible();
      else expect(counter).toBeNull();
    }
    // The restaurant's languages came with the list, and each category's translations.
    await waitFor(() => {
      const shown = rows();
      expect(shown.length).toBeGreaterThan(0);
      for (const row of shown) {
        const badge = within(row).queryByText("ru yo'q");
        if (row.dataset.title === 'K1') expect(badge).toBeNull();
        else expect(badge).not.toBeNull();
      }
    });
    expect(handles()).toHaveLength(role.draggable ? rows().length : 0);
  },
  'data.failed': async () => {
    expect(await screen.findByText('Kategoriyalarni olishda xatolik yuz berdi!', { selector: 'span' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Qayta urinish' })).toBeEnabled();
  },
  'data.sessionLost': async (w: World) => {
    expect(app(w).location()).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Kirish' })).toBeVisible();
  },
  'removal.idle': async (_: World, s: ListSnapshot) => {
    await waitFor(() => {
      for (const [method, path, atLeast] of role.alsoReads) {
        expect(ui.net.callsTo(method, path).length).toBeGreaterThanOrEqual(atLeast);
      }
    });
    if (sessionLost(s)) return;
    await waitFor(() => expect(screen.queryByText(DELETE_QUESTION)).toBeNull());
  },
  'removal.confirming': async (_: World, s: ListSnapshot) => {
    if (sessionLost(s)) return;
    expect(await screen.findByText(DELETE_QUESTION)).toBeVisible();
    expect(within(dialog()).getByRole('button', { name: 'Ha' })).toBeEnabled();
  },
});

/**
 * A drag event as react-dnd's HTML5 backend reads it (on the window, after the row's own listener): jsdom has no
 * DragEvent, so a plain event with a data transfer and the pointer at 0, 0. jsdom lays nothing out (every row's
 * middle is at 0), so the pointer has passed the middle of whichever row it enters.
 */
function drag(type: 'dragStart' | 'dragEnter' | 'drop' | 'dragEnd', node: Element) {
  const dataTransfer = { types: [], dropEffect: 'move', effectAllowed: 'all', setData: () => {}, getData: () => '' };
  const event = createEvent[type](node, { dataTransfer });
  Object.defineProperties(event, { clientX: { value: 0 }, clientY: { value: 0 } });
  fireEvent(node, event);
}

/** The positions stored on this device (spec 4), as titles. */
function storedTitles() {
  const titleById = new Map(
    rows().map((row) => [row.dataset.testid!.slice('category-row-'.length), row.dataset.title]),
  );
  const stored = JSON.parse(localStorage.getItem(`categoryOrder_${restaurantId}`) ?? '[]') as string[];
  return stored.map((id) => titleById.get(id));
}

// The model drags K1 (c1), by its handle.
const K1_HANDLE = () => screen.getByRole('button', { name: `Tartibni o'zgartirish: K1` });

const reorderFixtures = {
  'reorder.reset': {
    exec: async () => {
      await waitFor(() => expect(titles()).toEqual([...SEEDED]));
    },
  },
  'reorder.step': {
    exec: async (w, e) => {
      screen.getByRole('button', { name: `Tartibni o'zgartirish: ${titleOf(e.id)}` }).focus();
      await app(w).user.keyboard(e.delta === -1 ? '{ArrowUp}' : '{ArrowDown}');
    },
  },
  'reorder.forget': {
    exec: async (w) => {
      await app(w).user.click(screen.getByRole('button', { name: "O'chirish: K2" }));
      await app(w).user.click(within(dialog()).getByRole('button', { name: 'Ha' }));
      await toast("Kategoriya muvaffaqiyatli o'chirildi!");
      await waitFor(() => expect(titles()).not.toContain('K2'));
    },
  },
  'reorder.start': { exec: () => drag('dragStart', K1_HANDLE()) },
  // Entering a row is the backend's hover at once (a dragover's hover waits for an animation frame).
  'reorder.move': { exec: (_w, e) => drag('dragEnter', rowOf(e.overId)) },
  'reorder.drop': {
    exec: () => {
      drag('drop', rowOf('c1'));
      drag('dragEnd', K1_HANDLE());
    },
  },
  // Let go outside the list (or Escape): the drag ends with no drop.
  'reorder.cancel': { exec: () => drag('dragEnd', K1_HANDLE()) },
  'xstate.done.actor.savePositions': {
    exec: async (w) => {
      w.calls.take('savePositions').release();
    },
  },
  'xstate.error.actor.savePositions': {
    exec: async (w) => {
      w.calls.take('savePositions').fail(400);
      await toast("Tartibni saqlab bo'lmadi");
    },
  },
} satisfies Record<Exclude<PathEventType<ReorderEvent, 'savePositions'>, 'reorder.commit'>, UiFixture<World>>;

const reorderChecks = {
  'drag.idle': async (_: World, s: ReorderSnapshot) => {
    if (s.context.scopeId === null) return;
    await waitFor(() => expect(titles()).toEqual(s.context.ids.map(titleOf)));
    await waitFor(() => expect(document.querySelector('.is-dragging')).toBeNull());
    expect(storedTitles()).toEqual(s.context.ids.map(titleOf));
  },
  'drag.dragging': async (_: World, s: ReorderSnapshot) => {
    // The dragged row is dimmed and moves live; the positions are stored only when it is dropped.
    await waitFor(() => expect(rowOf('c1')).toHaveClass('is-dragging'));
    expect(document.querySelectorAll('.is-dragging')).toHaveLength(1);
    await waitFor(() => expect(titles()).toEqual(s.context.ids.map(titleOf)));
    expect(storedTitles()).toEqual(s.context.before.map(titleOf));
  },
  'save.idle': async (_: World, s: ReorderSnapshot) => {
    if (s.context.scopeId === null) return;
    await waitFor(() => expect(screen.getByTestId('category-list')).toHaveAttribute('aria-busy', 'false'));
  },
  'save.saving': async () => {
    await waitFor(() => expect(screen.getByTestId('category-list')).toHaveAttribute('aria-busy', 'true'));
  },
};

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  restaurantId = (await createRestaurant(ui.db, { manager_id: manager._id, languages: ['uz', 'ru'] }))._id;
  for (const [i, title] of SEEDED.entries()) {
    await createCategory(ui.db, restaurantId, {
      title,
      position: i,
      ...(title === 'K1' ? { translations: { ru: { title: 'К1' } } } : {}),
    });
  }
});

describe.each(ROLES)('category list machine: generated paths on $screen ($role)', (role) => {
  const checks = listChecks(role);
  generatePaths(role.model).forEach((path, index) => {
    it(pathName(role.model, path, index), async () => {
      const world: World = {
        calls: new HeldCalls<string>(ui.net, {
          loadCategories: role.loadCategories,
          confirmDelete: ['DELETE', /^\/manager\/category\/delete\//],
        }),
      };
      await runPathOnScreen({
        model: role.model,
        path,
        fixtures: listFixtures,
        checks,
        world,
        start: (w) => {
          w.app = role.open();
        },
        // The reorder child is spawned, not a call; the languages and the admin's translations run as they are.
        onInvoke: (w, id) => (id === 'reorder' || id === 'loadLanguages' ? undefined : w.calls.arm(id)),
      });
    });
  });
});

describe.each(ROLES.filter((role) => role.draggable))(
  'reorder machine (categories): generated paths on $screen ($role), by keyboard and by drag',
  (role) => {
    generatePaths(reorderModel).forEach((path, index) => {
      it(pathName(reorderModel, path, index), async () => {
        const world: World = {
          calls: new HeldCalls<string>(ui.net, { savePositions: ['PUT', '/manager/category/order'] }),
        };
        await runPathOnScreen({
          model: reorderModel,
          path,
          fixtures: reorderFixtures,
          checks: reorderChecks,
          world,
          start: (w) => {
            w.app = role.open();
          },
          onInvoke: (w, id) => w.calls.arm(id),
        });
      });
    });
  },
);
