import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { MenuLanguage } from '../../client/types';
import { uzCatalog } from '../../lib/uz-catalog';
import type { categoryDialogMachine } from '../../machines/categories/categoryDialog.machine';
import type { DialogEvent } from '../../machines/dialog/dialog.machine';
import { selectTab } from '../../machines/dialog/dialog.selectors';
import { categories } from '../../server/db/schema';
import { createCategory, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { generatePaths, type PathEventType, pathName, runPathOnScreen, type UiFixture } from '../support/paths';
import { type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { categoryDialogModel, EDITED_CATEGORY } from './models/category.model';
import { TAB_LANGUAGES } from './models/dialogTabs';
import { formFacts } from './models/restaurantDialog.model';
import { HeldCalls } from './support/calls';
import { languageTabChecks, pressTab } from './support/dialogTabs';
import { shownDialog } from './support/shownDialog';

/**
 * Every generated path of the category modal (the generic dialog with the category calls) on /managerCategoryList,
 * of a restaurant offering every menu language: the modal has the language tabs.
 */

type Snapshot = SnapshotFrom<typeof categoryDialogMachine>;
type Invoke = 'loadOptions' | 'create' | 'update';

interface World {
  app?: RenderedApp;
  calls: HeldCalls<string>;
}

const CALLS: Record<string, [string, string | RegExp]> = {
  create: ['POST', '/manager/category/create'],
  update: ['PUT', /^\/manager\/category\/update\//],
};

let ui: UiHarness;
let manager: TestUser;
let restaurantId: string;

const app = (w: World) => w.app!;
const dialog = shownDialog;
const toast = async (text: string) =>
  expect((await screen.findAllByText(text, { selector: '.toast-body' })).length).toBeGreaterThan(0);
const TITLES = /^(Kategoriya qo'shish|Kategoriyani tahrirlash)$/;

const fixtures = {
  'dialog.open': {
    exec: async (w, e) => {
      const button = e.item
        ? screen.getByRole('button', { name: 'Tahrirlash: K1' })
        : screen.getByRole('button', { name: "Kategoriya qo'shish" });
      await app(w).user.click(button);
    },
  },
  'dialog.change': {
    exec: async (w, e) => {
      const input = within(dialog()).getByLabelText(/^Kategoriya nomi/);
      await app(w).user.clear(input);
      const title = (e.values as { title: string }).title;
      if (title) await app(w).user.type(input, title);
    },
  },
  'dialog.submit': {
    exec: async (w, _e, { before, after }) => {
      const puts = ui.net.callsTo('PUT', /^\/manager\/category\/update\//).length;
      await app(w).user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
      const s = before as Snapshot;
      const facts = formFacts(s as never);
      if (
        (after as Snapshot).matches({ open: { flow: 'editing' } }) &&
        s.context.item &&
        facts.valid &&
        !facts.changed
      ) {
        // Spec 5: the category modal's own words, and no call.
        await toast('O‘zgarishlar mavjud emas!');
        expect(ui.net.callsTo('PUT', /^\/manager\/category\/update\//)).toHaveLength(puts);
      }
    },
  },
  'dialog.close': { exec: async (w) => app(w).user.click(within(dialog()).getByRole('button', { name: 'Yopish' })) },
  'dialog.retry': { exec: () => Promise.reject(new Error('nothing to retry: the modal loads nothing')) },
  'dialog.tab': { exec: async (w, e) => pressTab(app(w).user, e.language as MenuLanguage) },
  // A category chooses no languages: the restaurant's are its tabs.
  'dialog.languages.toggle': { exec: () => Promise.reject(new Error('a restaurant form’s step')) },
  'dialog.languages.move': { exec: () => Promise.reject(new Error('a restaurant form’s step')) },
  'xstate.done.actor.loadOptions': {
    exec: async () => {
      await within(dialog()).findByLabelText(/^Kategoriya nomi/);
    },
  },
  'xstate.error.actor.loadOptions': { exec: () => Promise.reject(new Error('the modal loads nothing')) },
  'xstate.done.actor.create': {
    exec: async (w) => {
      w.calls.take('create').release();
      await toast('Kategoriya muvaffaqiyatli yaratildi!');
      const rows = await ui.db.select().from(categories).where(eq(categories.restaurant_id, restaurantId));
      expect(rows.map((c) => c.title)).toContain('Yangi kategoriya');
    },
  },
  'xstate.error.actor.create': {
    exec: async (w) => {
      w.calls.take('create').fail(500);
      await toast("Kategoriya qo'shishda xatolik yuz berdi!");
    },
  },
  'xstate.done.actor.update': {
    exec: async (w) => {
      w.calls.take('update').release();
      await toast('Kategoriya muvaffaqiyatli tahrirlandi!');
    },
  },
  'xstate.error.actor.update': {
    exec: async (w) => {
      await ui.db.delete(categories).where(eq(categories.title, 'K1'));
      w.calls.take('update').release();
      await toast('Tahrirlashda xatolik yuz berdi!');
    },
  },
} satisfies Record<PathEventType<DialogEvent, Invoke>, UiFixture<World>>;

const checks = {
  ...languageTabChecks([{ name: 'title', label: uzCatalog.fieldCategoryTitle }], /^Holati/),
  closed: async () => {
    await waitFor(() => expect(screen.queryByRole('heading', { name: TITLES })).toBeNull());
  },
  'open.mode.create': async () => {
    expect(await screen.findByRole('heading', { name: "Kategoriya qo'shish" })).toBeVisible();
  },
  'open.mode.edit': async () => {
    expect(await screen.findByRole('heading', { name: 'Kategoriyani tahrirlash' })).toBeVisible();
  },
  // Nothing to load: the form is there at once.
  'open.flow.loading': async () => {
    expect(await screen.findByRole('dialog')).toBeVisible();
  },
  'open.flow.loadFailed': () => {
    throw new Error('the modal loads nothing');
  },
  'open.flow.editing': async (_: World, s: Snapshot) => {
    expect(await within(dialog()).findByRole('button', { name: 'Saqlash' })).toBeEnabled();
    // Another language's tab shows its own field (the tab's check).
    if (selectTab(s) !== 'uz') return;
    expect(within(dialog()).getByLabelText(/^Kategoriya nomi/)).toHaveValue(String(s.context.values.title));
    if (s.context.errors.title) {
      expect(within(dialog()).getByText('Kategoriya nomi bo‘sh bo‘lishi mumkin emas!')).toBeVisible();
    } else {
      expect(within(dialog()).queryByText('Kategoriya nomi bo‘sh bo‘lishi mumkin emas!')).toBeNull();
    }
  },
  'open.flow.saving.creating': async () => {
    expect(await within(dialog()).findByRole('button', { name: 'Saqlanmoqda...' })).toBeDisabled();
  },
  'open.flow.saving.updating': async () => {
    expect(await within(dialog()).findByRole('button', { name: 'Saqlanmoqda...' })).toBeDisabled();
  },
  'open.flow.failed': async () => {
    await waitFor(() => expect(within(dialog()).getAllByRole('alert')[0]).toHaveTextContent(/\S/));
    expect(within(dialog()).getByRole('button', { name: 'Saqlash' })).toBeEnabled();
  },
};

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  restaurantId = (await createRestaurant(ui.db, { manager_id: manager._id, languages: [...TAB_LANGUAGES] }))._id;
  await createCategory(ui.db, restaurantId, { title: 'K1', translations: EDITED_CATEGORY.translations });
});

describe('category modal (generic dialog machine): generated paths on /managerCategoryList', () => {
  generatePaths(categoryDialogModel).forEach((path, index) => {
    it(pathName(categoryDialogModel, path, index), async () => {
      const world: World = { calls: new HeldCalls<string>(ui.net, CALLS) };
      await runPathOnScreen({
        model: categoryDialogModel,
        path,
        fixtures,
        checks,
        world,
        start: async (w) => {
          w.app = renderApp('/managerCategoryList', { token: manager.token, storage: { restaurantId } });
          await screen.findByRole('button', { name: 'Tahrirlash: K1' });
        },
        onInvoke: (w, id) => (id in CALLS ? w.calls.arm(id) : undefined),
      });
    });
  });
});
