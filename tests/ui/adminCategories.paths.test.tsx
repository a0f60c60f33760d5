import { within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { ApiError } from '../../client/client';
import { adminCategoryListMachine } from '../../machines/categories/adminCategoryList.machine';
import type { CategoryListEvent } from '../../machines/categories/categoryList.machine';
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
import { categoryListModel, SEEDED } from './models/category.model';
import { confirmResult } from './models/confirmDelete.model';
import { HeldCalls } from './support/calls';
import { answerDelete, neverInvoked } from './support/confirmDelete';

/**
 * Every generated path of the category list machine as the admin's screen runs it (/admin/categoryList/{id}, issue
 * 18): the list is GET /user/category (held and failed here) with the translations of GET /manager/category and
 * the languages of GET /admin/restaurants?id= beside it. The restaurant offers Uzbek and Russian; K1 has its Russian
 * title, so whenever the list is shown K2 and K3 carry the "ru yo'q" badge and K1 none. The admin's table has no
 * drag handles, so refused positions (reorder.failed, a keyboard move) is not on this screen.
 */

type ListInvoke = 'loadCategories' | 'confirmDelete';
type ListSnapshot = SnapshotFrom<typeof adminCategoryListMachine>;

interface World {
  app?: RenderedApp;
  calls: HeldCalls<ListInvoke>;
}

let ui: UiHarness;
let admin: TestUser;
let restaurantId: string;

const app = (w: World) => w.app!;
const rows = () => screen.queryAllByTestId(/^category-row-/);
const dialog = () => screen.getByRole('dialog');
const toast = async (text: string) =>
  expect((await screen.findAllByText(text, { selector: '.toast-body' })).length).toBeGreaterThan(0);
const sessionLost = (s: ListSnapshot) => s.matches({ data: 'sessionLost' });
const DELETE_QUESTION = "Haqiqatan ham ushbu toifani o'chirmoqchimisiz?";

const adminModel: PathModel<typeof adminCategoryListMachine> = {
  ...(categoryListModel as unknown as PathModel<typeof adminCategoryListMachine>),
  name: 'categoryList (admin)',
  machine: adminCategoryListMachine,
  filterEvents: (s, e) => e.type !== 'reorder.failed' && (categoryListModel.filterEvents?.(s as never, e) ?? true),
};

const fixtures = {
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
  'reorder.failed': { exec: () => Promise.reject(new Error('the admin table has no drag handles')) },
} satisfies Record<Exclude<PathEventType<CategoryListEvent, ListInvoke>, 'categories.reload'>, UiFixture<World>>;

const checks = {
  'data.loading': async () => {
    // Retried: a spinner found may be replaced by the next one (the route's, then the screen's) before it is checked.
    await waitFor(() => expect(screen.getAllByText('Yuklanmoqda...').at(-1)).toBeVisible());
  },
  'data.ready': async () => {
    await waitFor(() => expect(screen.queryByText('Yuklanmoqda...')).toBeNull());
    for (const label of ['Jami', 'Faol', 'No faol']) expect(screen.getByTestId(`counter-${label}`)).toBeVisible();
    // Issue 18: the translations and the languages came with the admin's list.
    await waitFor(() => {
      const shown = rows();
      expect(shown.length).toBeGreaterThan(0);
      for (const row of shown) {
        const badge = within(row).queryByText("ru yo'q");
        if (row.dataset.title === 'K1') expect(badge).toBeNull();
        else expect(badge).not.toBeNull();
      }
    });
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
    // Every load of the admin's list also asks the manager read for the translations, and the languages are read.
    await waitFor(() => {
      expect(ui.net.callsTo('GET', '/manager/category').length).toBeGreaterThan(0);
      expect(ui.net.callsTo('GET', '/admin/restaurants').length).toBeGreaterThanOrEqual(2);
    });
    if (sessionLost(s)) return;
    await waitFor(() => expect(screen.queryByText(DELETE_QUESTION)).toBeNull());
  },
  'removal.confirming': async (_: World, s: ListSnapshot) => {
    if (sessionLost(s)) return;
    expect(await screen.findByText(DELETE_QUESTION)).toBeVisible();
    expect(within(dialog()).getByRole('button', { name: 'Ha' })).toBeEnabled();
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
  for (const [i, title] of SEEDED.entries()) {
    await createCategory(ui.db, restaurantId, {
      title,
      position: i,
      ...(title === 'K1' ? { translations: { ru: { title: 'К1' } } } : {}),
    });
  }
});

describe('category list machine: generated paths on /admin/categoryList/{id} (issue 18: badges)', () => {
  generatePaths(adminModel).forEach((path, index) => {
    it(pathName(adminModel, path, index), async () => {
      const world: World = {
        calls: new HeldCalls<ListInvoke>(ui.net, {
          loadCategories: ['GET', '/user/category'],
          confirmDelete: ['DELETE', /^\/manager\/category\/delete\//],
        }),
      };
      await runPathOnScreen({
        model: adminModel,
        path,
        fixtures,
        checks,
        world,
        start: (w) => {
          w.app = renderApp(`/admin/categoryList/${restaurantId}`, { token: admin.token });
        },
        // The reorder child is spawned, not a call; the languages and the translations run as they are.
        onInvoke: (w, id) => (id === 'reorder' || id === 'loadLanguages' ? undefined : w.calls.arm(id)),
      });
    });
  });
});
