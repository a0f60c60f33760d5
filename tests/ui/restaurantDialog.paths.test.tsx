import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { MenuLanguage } from '../../client/types';
import { uz } from '../../lib/uz';
import type { DialogEvent } from '../../machines/dialog/dialog.machine';
import { changedFields } from '../../machines/dialog/dialog.rules';
import { selectTab } from '../../machines/dialog/dialog.selectors';
import type { restaurantDialogMachine } from '../../machines/restaurants/restaurantDialog.machine';
import { restaurants } from '../../server/db/schema';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { generatePaths, type PathEventType, pathName, runPathOnScreen, type UiFixture } from '../support/paths';
import { findToast, type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import {
  EDITED_ITEM,
  formFacts,
  MANAGER,
  NEW_RESTAURANT,
  restaurantDialogModel,
} from './models/restaurantDialog.model';
import { HeldCalls } from './support/calls';
import { languageTabChecks, pressTab } from './support/dialogTabs';
import { shownDialog } from './support/shownDialog';

/**
 * Every generated path of the generic create/edit dialog machine, walked on the admin's restaurant dialog
 * (/admin/restaurants) against the real server. The edited restaurant offers every menu language: its form has the
 * language tabs.
 */

type DialogInvoke = 'loadOptions' | 'create' | 'update';
type Snapshot = SnapshotFrom<typeof restaurantDialogMachine>;

interface World {
  app?: RenderedApp;
  calls: HeldCalls<DialogInvoke>;
  manager: TestUser;
}

let ui: UiHarness;
let admin: TestUser;

const app = (w: World) => w.app!;
const dialog = shownDialog;
const LABELS: Record<string, RegExp> = {
  name: /^Nomi/,
  slug: /^Slug/,
  address: /^Manzil/,
  phone_number: /^Telefon raqam/,
  work_time: /^Ish vaqti/,
};

async function ensureEditedRestaurant(w: World) {
  const [found] = await ui.db.select().from(restaurants).where(eq(restaurants.slug, EDITED_ITEM.slug));
  if (!found) {
    await createRestaurant(ui.db, {
      name: EDITED_ITEM.name,
      slug: EDITED_ITEM.slug,
      address: EDITED_ITEM.address,
      phone_number: EDITED_ITEM.phone_number,
      work_time: EDITED_ITEM.work_time,
      manager_id: w.manager._id,
      languages: EDITED_ITEM.languages,
      translations: EDITED_ITEM.translations,
    });
  }
}

const fixtures = {
  'dialog.open': {
    exec: async (w, e) => {
      const button = e.item
        ? await screen.findByRole('button', { name: `Tahrirlash: ${EDITED_ITEM.name}` })
        : screen.getByRole('button', { name: "Restoran qo'shish" });
      await app(w).user.click(button);
    },
  },
  'dialog.change': {
    exec: async (w, e) => {
      const { user } = app(w);
      for (const [field, value] of Object.entries(e.values as Record<string, string>)) {
        if (field === 'manager_id') {
          const select = within(dialog()).getByLabelText(/^Menedjer/);
          await user.selectOptions(select, value === MANAGER ? w.manager._id : value);
          continue;
        }
        const input = within(dialog()).getByLabelText(LABELS[field]!);
        await user.clear(input);
        if (value !== '') await user.type(input, value);
      }
    },
  },
  'dialog.submit': {
    exec: async (w, _e, { before, after }) => {
      const puts = ui.net.callsTo('PUT', '/manager/restaurants/update').length;
      await app(w).user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
      const s = before as Snapshot;
      const stays = (after as Snapshot).matches({ open: { flow: 'editing' } });
      if (stays && s.context.item && formFacts(s).valid && !formFacts(s).changed) {
        // Spec 4: nothing changed → the info message and no call.
        await findToast("Hech qanday o'zgarish yo'q.");
        expect(ui.net.callsTo('PUT', '/manager/restaurants/update')).toHaveLength(puts);
      }
    },
  },
  'dialog.close': {
    exec: async (w) => app(w).user.click(within(dialog()).getByRole('button', { name: 'Yopish' })),
  },
  'dialog.retry': {
    exec: async (w) => app(w).user.click(within(dialog()).getByRole('button', { name: 'Qayta urinish' })),
  },
  'dialog.tab': { exec: async (w, e) => pressTab(app(w).user, e.language as MenuLanguage) },
  // Choosing the languages is walked by tests/machines/dialogTabs.machine.test.ts and tests/ui/translations.test.tsx.
  'dialog.languages.toggle': { exec: () => Promise.reject(new Error('not in this model')) },
  'dialog.languages.move': { exec: () => Promise.reject(new Error('not in this model')) },
  'xstate.done.actor.loadOptions': {
    exec: async (w) => {
      w.calls.take('loadOptions').release();
      await within(dialog()).findByLabelText(/^Nomi/);
    },
  },
  'xstate.error.actor.loadOptions': {
    exec: async (w) => {
      w.calls.take('loadOptions').fail(500);
      await within(dialog()).findByText("Ro'yxatlarni yuklab bo'lmadi");
    },
  },
  'xstate.done.actor.create': {
    arrange: async () => {
      await ui.db.delete(restaurants).where(eq(restaurants.slug, NEW_RESTAURANT.slug));
    },
    exec: async (w) => {
      w.calls.take('create').release();
      await findToast("Restoran qo'shildi");
      const [created] = await ui.db.select().from(restaurants).where(eq(restaurants.slug, NEW_RESTAURANT.slug));
      expect(created).toMatchObject({ name: NEW_RESTAURANT.name, manager_id: w.manager._id, is_active: true });
    },
  },
  'xstate.error.actor.create': {
    // The slug is taken by then: the server refuses with 409 and its own reason.
    arrange: async (w) => {
      await createRestaurant(ui.db, { slug: NEW_RESTAURANT.slug, manager_id: w.manager._id });
    },
    exec: async (w) => {
      w.calls.take('create').release();
      await findToast("Restoran qo'shishda xatolik yuz berdi!");
    },
  },
  'xstate.done.actor.update': {
    arrange: (w) => ensureEditedRestaurant(w),
    exec: async (w, _e, { before }) => {
      w.calls.take('update').release();
      await findToast('Restoran tahrirlandi');
      // Spec 4: only the changed fields were sent.
      const s = before as Snapshot;
      const sent = ui.net.callsTo('PUT', '/manager/restaurants/update').at(-1)!;
      expect(Object.keys(JSON.parse(sent.body!)).sort()).toEqual(
        Object.keys(changedFields(s.context.initial, s.context.values)).sort(),
      );
    },
  },
  'xstate.error.actor.update': {
    // The restaurant was deleted meanwhile: the server answers 404.
    exec: async (w) => {
      await ui.db.delete(restaurants).where(eq(restaurants.slug, EDITED_ITEM.slug));
      w.calls.take('update').release();
      await findToast('Tahrirlashda xatolik yuz berdi!');
    },
  },
} satisfies Record<PathEventType<DialogEvent, DialogInvoke>, UiFixture<World>>;

const TITLES = /^(Restoran qo'shish|Restoranni tahrirlash)$/;

const checks = {
  // A new restaurant offers Uzbek alone (no tabs); the edited one every language.
  ...languageTabChecks(
    [
      { name: 'name', label: uz.fieldName },
      { name: 'address', label: uz.fieldAddress },
      { name: 'work_time', label: uz.fieldWorkTime },
    ],
    LABELS.slug!,
  ),
  closed: async () => {
    await waitFor(() => expect(screen.queryByRole('heading', { name: TITLES })).toBeNull());
  },
  'open.mode.create': async () => {
    expect(await screen.findByRole('heading', { name: "Restoran qo'shish" })).toBeVisible();
  },
  'open.mode.edit': async (_: World, s: Snapshot) => {
    expect(await screen.findByRole('heading', { name: 'Restoranni tahrirlash' })).toBeVisible();
    if (!s.matches({ open: { flow: 'loading' } }) && !s.matches({ open: { flow: 'loadFailed' } })) {
      // Pictures are uploaded on edit (the restaurant exists).
      expect(within(dialog()).getByLabelText('Logotip')).toBeInTheDocument();
    }
  },
  'open.flow.loading': async () => {
    expect(await within(dialog()).findByText('Yuklanmoqda...')).toBeVisible();
  },
  'open.flow.loadFailed': async () => {
    expect(await within(dialog()).findByText("Ro'yxatlarni yuklab bo'lmadi")).toBeVisible();
  },
  'open.flow.editing': async (_: World, s: Snapshot) => {
    const save = await within(dialog()).findByRole('button', { name: 'Saqlash' });
    expect(save).toBeEnabled();
    // Another language's tab shows its own fields (the tab's check).
    if (selectTab(s) !== 'uz') return;
    expect(within(dialog()).getByLabelText(/^Nomi/)).toHaveValue(String(s.context.values.name));
    const shownErrors = dialog().querySelectorAll('.is-invalid').length;
    expect(shownErrors).toBe(Object.keys(s.context.errors).length);
  },
  'open.flow.saving.creating': async () => {
    const saving = await within(dialog()).findByRole('button', { name: 'Saqlanmoqda...' });
    expect(saving).toBeDisabled();
    expect(within(dialog()).getByRole('button', { name: 'Yopish' })).toBeDisabled();
  },
  'open.flow.saving.updating': async () => {
    expect(await within(dialog()).findByRole('button', { name: 'Saqlanmoqda...' })).toBeDisabled();
  },
  'open.flow.failed': async () => {
    // The server's reason inside the dialog; the form can be sent again.
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
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
});

const paths = generatePaths(restaurantDialogModel);

describe('create/edit dialog machine: generated paths on the restaurant dialog', () => {
  paths.forEach((path, index) => {
    it(pathName(restaurantDialogModel, path, index), async () => {
      const manager = await createUser(ui.testApp.app, ui.db, 'manager');
      const world: World = {
        manager,
        calls: new HeldCalls<DialogInvoke>(ui.net, {
          loadOptions: ['GET', '/admin/managers'],
          create: ['POST', '/admin/restaurants/create'],
          update: ['PUT', '/manager/restaurants/update'],
        }),
      };
      await ensureEditedRestaurant(world);
      await runPathOnScreen({
        model: restaurantDialogModel,
        path,
        fixtures,
        checks,
        world,
        start: async (w) => {
          w.app = renderApp('/admin/restaurants', { token: admin.token });
          await screen.findByRole('button', { name: `Tahrirlash: ${EDITED_ITEM.name}` });
        },
        onInvoke: (w, id) => w.calls.arm(id),
      });
    });
  });
});
