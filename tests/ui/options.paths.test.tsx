import { within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { ApiError } from '../../client/client';
import type { OptionRow } from '../../client/options';
import type { OptionEvent, optionMachine } from '../../machines/options/option.machine';
import type { OptionListEvent, optionListMachine } from '../../machines/options/optionList.machine';
import type { RowEvent, rowMachine } from '../../machines/options/row.machine';
import { type ConfirmDeleteOutput, deleteError } from '../../machines/shared/confirmDelete.machine';
import {
  createCategory,
  createOption,
  createProduct,
  createRestaurant,
  createRow,
  createUser,
  type TestUser,
} from '../support/fixtures';
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
import { NEW_PRICE, OPTION, optionCardModel, optionListModel, RENAMED, ROW, rowModel } from './models/option.model';
import { HeldCalls } from './support/calls';
import { answerDelete, neverInvoked } from './support/confirmDelete';

/**
 * Every generated path of the option list, of one option card and of one row, walked on
 * /ManagerProductOptionRow/{ProductId} against the real server, with one seeded option "Hajmi" and its row "Katta".
 */

interface World {
  app?: RenderedApp;
  calls: HeldCalls<string>;
}

type Calls = Record<string, [string, RegExp]>;
const CALLS: Calls = {
  loadOptions: ['GET', /^\/manager\/product-option\/product\//],
  // The option card's confirm-delete cycle.
  confirmDelete: ['DELETE', /^\/manager\/product-option\/[^/]+$/],
};
/** In the row's walk, the confirm-delete cycle is the row's. */
const ROW_CALLS: Calls = { ...CALLS, confirmDelete: ['DELETE', /^\/manager\/product-option-row\/[^/]+$/] };

let ui: UiHarness;
let manager: TestUser;
let productId: string;
let optionId: string;

const app = (w: World) => w.app!;
const dialog = () => screen.getByRole('dialog');
const card = () => screen.queryByTestId(`option-${optionId}`);
const toggle = () => card()!.querySelector<HTMLButtonElement>('.option-toggle')!;
const rowEl = (name: string) => screen.queryAllByTestId(/^row-/).find((el) => el.dataset.name === name);
const toast = async (text: string) =>
  expect((await screen.findAllByText(text, { selector: '.toast-body' })).length).toBeGreaterThan(0);
const never = { exec: () => Promise.reject(new Error('not reachable on this screen')) };

async function expand(w: World) {
  if (toggle().getAttribute('aria-expanded') !== 'true') await app(w).user.click(toggle());
}

async function submit(w: World, message: string) {
  await app(w).user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
  await toast(message);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

async function addRow(w: World) {
  await expand(w);
  await app(w).user.click(within(card()!).getByRole('button', { name: "Qator qo'shish" }));
  await app(w).user.type(within(dialog()).getByLabelText(/^Qator nomi/), 'Kichik');
  // A free row is typed 0: an empty price is an error (issue 12 #7).
  await app(w).user.type(within(dialog()).getByLabelText(/^Narxi/), '0');
  await submit(w, "Yangi qator qo'shildi");
}

async function editRowPrice(w: World) {
  await app(w).user.click(screen.getByRole('button', { name: 'Tahrirlash: Katta' }));
  const price = within(dialog()).getByLabelText(/^Narxi/);
  await app(w).user.clear(price);
  await app(w).user.type(price, String(NEW_PRICE));
  await submit(w, 'Qator yangilandi');
}

async function rename(w: World) {
  await app(w).user.click(within(card()!).getByRole('button', { name: `Tahrirlash: ${card()!.dataset.name}` }));
  const name = within(dialog()).getByLabelText(/^Opsiya nomi/);
  await app(w).user.clear(name);
  await app(w).user.type(name, RENAMED);
  await submit(w, 'Variant yangilandi');
}

async function deleteRowKatta(w: World) {
  await app(w).user.click(screen.getByRole('button', { name: "O'chirish: Katta" }));
  await app(w).user.click(within(dialog()).getByRole('button', { name: 'Ha' }));
  await toast("Qator o'chirildi");
}

const confirms = {
  'confirm.yes': { exec: async (w: World) => app(w).user.click(within(dialog()).getByRole('button', { name: 'Ha' })) },
  'confirm.no': { exec: async (w: World) => app(w).user.click(within(dialog()).getByRole('button', { name: 'Yo‘q' })) },
};

// ---- the option list ----
const listFixtures = {
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
      // Spec 8: only HTTP 500 is told in a toast.
      if (status === 500) await toast("Ma'lumotlarni olishda xatolik yuz berdi");
    },
  },
  'options.retry': { exec: async (w) => app(w).user.click(screen.getByRole('button', { name: 'Qayta urinish' })) },
  'option.select': {
    exec: async (w) => {
      await expand(w);
      await app(w).user.click(within(card()!).getByRole('button', { name: "Qator qo'shish" }));
      expect(within(dialog()).getByLabelText(/^Opsiya/)).toHaveValue(optionId);
      await app(w).user.click(within(dialog()).getByRole('button', { name: 'Yopish' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    },
  },
  'option.saved': {
    exec: async (w, e) => {
      if ((e.option as typeof OPTION)._id === 'o1') return rename(w);
      await app(w).user.click(screen.getByRole('button', { name: "+ Option qo'shish" }));
      await app(w).user.type(within(dialog()).getByLabelText(/^Opsiya nomi/), 'Sous');
      await submit(w, "Yangi variant qo'shildi");
    },
  },
  'row.saved': { exec: async (w) => addRow(w) },
  'option.removed': {
    exec: async (w) => {
      await app(w).user.click(within(card()!).getByRole('button', { name: `O'chirish: ${card()!.dataset.name}` }));
      await app(w).user.click(within(dialog()).getByRole('button', { name: 'Ha' }));
      await toast("Variant o'chirildi");
    },
  },
} satisfies Record<PathEventType<OptionListEvent, 'loadOptions'>, UiFixture<World>>;

const listChecks = {
  loading: async () => {
    // Retried: a spinner found may be replaced by the next one (the route's, then the screen's) before it is checked.
    await waitFor(() => expect(screen.getAllByText('Yuklanmoqda...').at(-1)).toBeVisible());
  },
  failed: async () => {
    expect(await screen.findByText("Ma'lumotlarni olishda xatolik yuz berdi", { selector: 'span' })).toBeVisible();
  },
  ready: async (_: World, s: SnapshotFrom<typeof optionListMachine>) => {
    await waitFor(() => expect(screen.queryAllByTestId(/^option-/)).toHaveLength(s.context.options.length));
    if (s.context.options.length === 0) expect(screen.getByText('Opsiyalar mavjud emas')).toBeVisible();
  },
};

// ---- one option card ----
type CardSnapshot = SnapshotFrom<typeof optionMachine>;
const removed = (s: CardSnapshot) => s.matches({ removal: 'removed' });

const cardFixtures = {
  'option.toggle': { exec: async (w) => app(w).user.click(toggle()) },
  'option.delete': {
    exec: async (w) =>
      app(w).user.click(within(card()!).getByRole('button', { name: `O'chirish: ${card()!.dataset.name}` })),
  },
  ...confirms,
  'xstate.done.actor.confirmDelete': {
    exec: async (w, e) => {
      await answerDelete(app(w).user, e, () => w.calls.take('confirmDelete'), 500);
      if (confirmResult(e) === 'deleted') await toast("Variant o'chirildi");
      if (confirmResult(e) === 'failed') await toast("O'chirishda xatolik yuz berdi.");
    },
  },
  'xstate.error.actor.confirmDelete': neverInvoked,
  'option.update': { exec: async (w) => rename(w) },
  'row.saved': {
    exec: async (w, e) => ((e.row as OptionRow)._id === ROW._id ? editRowPrice(w) : addRow(w)),
  },
  'row.removed': { exec: async (w) => deleteRowKatta(w) },
  'rows.retry': never,
  'xstate.done.actor.loadRows': never,
  'xstate.error.actor.loadRows': never,
} satisfies Record<PathEventType<OptionEvent, 'confirmDelete' | 'loadRows'>, UiFixture<World>>;

const CARD_QUESTION = "Bu variantni o'chirishni xohlaysizmi?";
const cardChecks = {
  'card.collapsed': async (_: World, s: CardSnapshot) => {
    if (removed(s)) return;
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-expanded', 'false'));
    expect(within(card()!).queryAllByTestId(/^row-/)).toHaveLength(0);
  },
  'card.expanded': async (_: World, s: CardSnapshot) => {
    if (removed(s)) return;
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-expanded', 'true'));
    await waitFor(() => expect(within(card()!).queryAllByTestId(/^row-/)).toHaveLength(s.context.rows.length));
    if (s.context.rows.length === 0) expect(within(card()!).getByText('Qatorlar mavjud emas')).toBeVisible();
  },
  'rows.ready': async (_: World, s: CardSnapshot) => {
    if (removed(s)) return;
    expect(card()).toHaveAttribute('data-name', s.context.option.name);
  },
  'rows.loading': never.exec,
  'rows.failed': never.exec,
  'removal.idle': async () => {
    await waitFor(() => expect(screen.queryByText(CARD_QUESTION)).toBeNull());
  },
  'removal.confirming': async () => {
    expect(await screen.findByText(CARD_QUESTION)).toBeVisible();
  },
  'removal.removed': async () => {
    await waitFor(() => expect(card()).toBeNull());
  },
};

// ---- one row ----
type RowSnapshot = SnapshotFrom<typeof rowMachine>;
const ROW_QUESTION = "Bu qatorni o'chirishni xohlaysizmi?";

const rowFixtures = {
  'row.delete': { exec: async (w) => app(w).user.click(screen.getByRole('button', { name: "O'chirish: Katta" })) },
  ...confirms,
  'xstate.done.actor.confirmDelete': {
    exec: async (w, e) => {
      const status = (deleteError(e.output as ConfirmDeleteOutput) as ApiError | undefined)?.status ?? 500;
      await answerDelete(app(w).user, e, () => w.calls.take('confirmDelete'), status);
      if (confirmResult(e) === 'deleted') await toast("Qator o'chirildi");
      if (confirmResult(e) === 'failed') {
        if (status === 500) await toast("O'chirishda xatolik yuz berdi.");
        else await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      }
    },
  },
  'xstate.error.actor.confirmDelete': neverInvoked,
  'row.update': { exec: async (w) => editRowPrice(w) },
} satisfies Record<PathEventType<RowEvent, 'confirmDelete'>, UiFixture<World>>;

const rowChecks = {
  idle: async (_: World, s: RowSnapshot) => {
    await waitFor(() => expect(screen.queryByText(ROW_QUESTION)).toBeNull());
    // Issue 12 #2: a row price is shown as what it adds to the product's price.
    const price = `+${String(s.context.row.price).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} so'm`;
    await waitFor(() => expect(within(rowEl('Katta')!).getByText(price)).toBeVisible());
  },
  confirming: async () => {
    expect(await screen.findByText(ROW_QUESTION)).toBeVisible();
  },
  removed: async () => {
    await waitFor(() => expect(rowEl('Katta')).toBeUndefined());
  },
};

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  const restaurant = await createRestaurant(ui.db, { manager_id: manager._id });
  const category = await createCategory(ui.db, restaurant._id);
  productId = (await createProduct(ui.db, category._id, { name: 'Pitsa' }))._id;
  optionId = (await createOption(ui.db, productId, { name: OPTION.name }))._id;
  await createRow(ui.db, optionId, { name: ROW.name, price: ROW.price });
});

function walk<M extends PathModel>(
  title: string,
  model: M,
  fixtures: Record<string, UiFixture<World>>,
  checks: Record<string, (w: World, s: never) => unknown>,
  afterRender: (w: World) => Promise<void>,
  calls: Calls = CALLS,
) {
  describe(title, () => {
    generatePaths(model).forEach((path, index) => {
      it(pathName(model, path, index), async () => {
        const world: World = { calls: new HeldCalls<string>(ui.net, calls) };
        await runPathOnScreen({
          model,
          path,
          fixtures,
          checks: checks as never,
          world,
          start: async (w) => {
            w.app = renderApp(`/ManagerProductOptionRow/${productId}`, { token: manager.token });
            await afterRender(w);
          },
          // Spawned cards and rows are actors, not calls.
          onInvoke: (w, id) => (id in calls ? w.calls.arm(id) : undefined),
        });
      });
    });
  });
}

const noop = async () => {};
const cardShown = async () => {
  await waitFor(() => expect(card()).not.toBeNull());
};

walk('option list machine: generated paths', optionListModel, listFixtures, listChecks, noop);
walk(
  'option card machine (one child of the list): generated paths',
  optionCardModel,
  cardFixtures,
  cardChecks,
  cardShown,
);
walk(
  'row machine (one child of a card): generated paths',
  rowModel,
  rowFixtures,
  rowChecks,
  async (w) => {
    await cardShown();
    await expand(w);
  },
  ROW_CALLS,
);
