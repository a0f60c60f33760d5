import { within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { ApiError } from '../../client/client';
import type { OptionListEvent, optionListMachine } from '../../machines/options/optionList.machine';
import {
  createCategory,
  createOption,
  createProduct,
  createRestaurant,
  createRow,
  createUser,
  type TestUser,
} from '../support/fixtures';
import { generatePaths, type PathEventType, pathName, runPathOnScreen, type UiFixture } from '../support/paths';
import { type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { OPTION, optionListModel, RENAMED, ROW } from './models/option.model';
import { HeldCalls } from './support/calls';

/**
 * Every generated path of the option list machine as the admin's screen runs it
 * (/admin/product-option/{ProductId}?restaurant={id}, the admin's product table's link, issue 18): the options are the
 * manager's option call (with their translations) and the list reads the restaurant's languages (GET
 * /admin/restaurants?id=). The restaurant offers Uzbek and Russian and no name is translated, so every card shown
 * carries the "ru yo'q" badge, and the forms have a tab per language.
 */

interface World {
  app?: RenderedApp;
  calls: HeldCalls<'loadOptions'>;
}

let ui: UiHarness;
let admin: TestUser;
let restaurantId: string;
let productId: string;
let optionId: string;

const app = (w: World) => w.app!;
const dialog = () => screen.getByRole('dialog');
const card = () => screen.queryByTestId(`option-${optionId}`);
const toggle = () => card()!.querySelector<HTMLButtonElement>('.option-toggle')!;
const toast = async (text: string) =>
  expect((await screen.findAllByText(text, { selector: '.toast-body' })).length).toBeGreaterThan(0);
/** The Uzbek field of a form with language tabs (O'zbekcha is the first). */
const uzbekField = (label: string) => within(dialog()).getAllByLabelText(new RegExp(`^${label}`))[0]!;

async function expand(w: World) {
  if (toggle().getAttribute('aria-expanded') !== 'true') await app(w).user.click(toggle());
}

async function submit(w: World, message: string) {
  await app(w).user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
  await toast(message);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

async function tabsShown() {
  const tabs = await within(dialog()).findAllByRole('tab');
  expect(tabs.map((tab) => tab.textContent)).toEqual(["O'zbekcha", 'Русский']);
}

const fixtures = {
  'xstate.done.actor.loadOptions': {
    exec: async (w) => {
      w.calls.take('loadOptions').release();
      await waitFor(() => expect(screen.queryByText('Yuklanmoqda...')).toBeNull());
    },
  },
  'xstate.error.actor.loadOptions': {
    exec: async (w, e) => {
      const status = (e.error as ApiError).status;
      w.calls.take('loadOptions').fail(status);
      await screen.findByText("Ma'lumotlarni olishda xatolik yuz berdi", { selector: 'span' });
      if (status === 500) await toast("Ma'lumotlarni olishda xatolik yuz berdi");
    },
  },
  'options.retry': { exec: async (w) => app(w).user.click(screen.getByRole('button', { name: 'Qayta urinish' })) },
  'option.select': {
    exec: async (w) => {
      await expand(w);
      await app(w).user.click(within(card()!).getByRole('button', { name: "Qator qo'shish" }));
      await tabsShown();
      expect(within(dialog()).getByLabelText(/^Opsiya/)).toHaveValue(optionId);
      await app(w).user.click(within(dialog()).getByRole('button', { name: 'Yopish' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    },
  },
  'option.saved': {
    exec: async (w, e) => {
      if ((e.option as typeof OPTION)._id === 'o1') {
        await app(w).user.click(within(card()!).getByRole('button', { name: `Tahrirlash: ${card()!.dataset.name}` }));
        await tabsShown();
        const name = uzbekField('Opsiya nomi');
        await app(w).user.clear(name);
        await app(w).user.type(name, RENAMED);
        return submit(w, 'Variant yangilandi');
      }
      await app(w).user.click(screen.getByRole('button', { name: "+ Option qo'shish" }));
      await tabsShown();
      await app(w).user.type(uzbekField('Opsiya nomi'), 'Sous');
      await submit(w, "Yangi variant qo'shildi");
    },
  },
  'row.saved': {
    exec: async (w) => {
      await expand(w);
      await app(w).user.click(within(card()!).getByRole('button', { name: "Qator qo'shish" }));
      await app(w).user.type(uzbekField('Qator nomi'), 'Kichik');
      await app(w).user.type(within(dialog()).getByLabelText(/^Narxi/), '0');
      await submit(w, "Yangi qator qo'shildi");
    },
  },
  'option.removed': {
    exec: async (w) => {
      await app(w).user.click(within(card()!).getByRole('button', { name: `O'chirish: ${card()!.dataset.name}` }));
      await app(w).user.click(within(dialog()).getByRole('button', { name: 'Ha' }));
      await toast("Variant o'chirildi");
    },
  },
} satisfies Record<PathEventType<OptionListEvent, 'loadOptions'>, UiFixture<World>>;

const languagesRead = () =>
  waitFor(() => expect(ui.net.callsTo('GET', '/admin/restaurants').length).toBeGreaterThan(0));

const checks = {
  loading: async () => {
    // Retried: a spinner found may be replaced by the next one (the route's, then the screen's) before it is checked.
    await waitFor(() => expect(screen.getAllByText('Yuklanmoqda...').at(-1)).toBeVisible());
    await languagesRead();
  },
  failed: async () => {
    expect(await screen.findByText("Ma'lumotlarni olishda xatolik yuz berdi", { selector: 'span' })).toBeVisible();
    await languagesRead();
  },
  ready: async (_: World, s: SnapshotFrom<typeof optionListMachine>) => {
    await waitFor(() => expect(screen.queryAllByTestId(/^option-/)).toHaveLength(s.context.options.length));
    if (s.context.options.length === 0) expect(screen.getByText('Opsiyalar mavjud emas')).toBeVisible();
    // Issue 18: no option name is translated into Russian, which the restaurant offers.
    await waitFor(() => {
      for (const shown of screen.queryAllByTestId(/^option-/)) {
        expect(within(shown.querySelector('.option-toggle')!).queryByText("ru yo'q")).not.toBeNull();
      }
    });
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
  const category = await createCategory(ui.db, restaurantId);
  productId = (await createProduct(ui.db, category._id, { name: 'Pitsa' }))._id;
  optionId = (await createOption(ui.db, productId, { name: OPTION.name }))._id;
  await createRow(ui.db, optionId, { name: ROW.name, price: ROW.price });
});

describe('option list machine: generated paths on /admin/product-option/{ProductId}?restaurant= (issue 18)', () => {
  generatePaths(optionListModel).forEach((path, index) => {
    it(pathName(optionListModel, path, index), async () => {
      const world: World = {
        calls: new HeldCalls<'loadOptions'>(ui.net, { loadOptions: ['GET', /^\/manager\/product-option\/product\//] }),
      };
      await runPathOnScreen({
        model: optionListModel,
        path,
        fixtures,
        checks,
        world,
        start: (w) => {
          w.app = renderApp(`/admin/product-option/${productId}?restaurant=${restaurantId}`, { token: admin.token });
        },
        // Spawned cards and rows are actors, not calls; the languages run as they are.
        onInvoke: (w, id) => (id === 'loadOptions' ? w.calls.arm(id) : undefined),
      });
    });
  });
});
