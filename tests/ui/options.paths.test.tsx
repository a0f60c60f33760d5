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
import {
  NEW_PRICE,
  OPTION,
  optionCardModel,
  optionListModel,
  optionRowsScreenModel,
  RENAMED,
  ROW,
  rowModel,
} from './models/option.model';
import { HeldCalls } from './support/calls';
import { answerDelete, neverInvoked } from './support/confirmDelete';
import { shownDialog } from './support/shownDialog';

/**
 * Every generated path of the option list, of one option card, of one row and of the card alone on the rows screen,
 * as each role's screens run them, against the real server with one seeded option "Hajmi" and its row "Katta" of a
 * restaurant offering Uzbek and Russian: every card shown carries the "ru yo'q" badge, and the forms have a tab per
 * language. The manager's screens read the working restaurant's languages; the admin's options screen those of the
 * restaurant its link names (`?restaurant=`, GET /admin/restaurants?id=).
 */

interface Role {
  role: 'manager' | 'admin';
  options: { screen: string; open: () => RenderedApp };
  rows: { screen: string; open: () => RenderedApp };
  /** The options screen's read of the restaurant's languages. */
  languagesRead: [method: string, path: string];
}

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
const ROWS_SCREEN_CALLS: Calls = { loadRows: ['GET', /^\/manager\/product-option-row\/[^/]+$/] };

let ui: UiHarness;
let admin: TestUser;
let manager: TestUser;
let restaurantId: string;
let productId: string;
let optionId: string;

const asManager = (path: string) => renderApp(path, { token: manager.token, storage: { restaurantId } });
const asAdmin = (path: string) => renderApp(path, { token: admin.token });

const ROLES: Role[] = [
  {
    role: 'manager',
    options: {
      screen: '/ManagerProductOptionRow/{ProductId}',
      open: () => asManager(`/ManagerProductOptionRow/${productId}`),
    },
    rows: { screen: '/product-option-row/{id}', open: () => asManager(`/product-option-row/${optionId}`) },
    languagesRead: ['GET', '/manager/restaurants/me'],
  },
  {
    role: 'admin',
    options: {
      screen: '/admin/product-option/{ProductId}?restaurant=',
      open: () => asAdmin(`/admin/product-option/${productId}?restaurant=${restaurantId}`),
    },
    rows: { screen: '/admin/product-option-row/{id}', open: () => asAdmin(`/admin/product-option-row/${optionId}`) },
    languagesRead: ['GET', '/admin/restaurants'],
  },
];

const app = (w: World) => w.app!;
const dialog = shownDialog;
const card = () => screen.queryByTestId(`option-${optionId}`);
const toggle = () => card()!.querySelector<HTMLButtonElement>('.option-toggle')!;
const rowEl = (name: string) => screen.queryAllByTestId(/^row-/).find((el) => el.dataset.name === name);
const toast = async (text: string) =>
  expect((await screen.findAllByText(text, { selector: '.toast-body' })).length).toBeGreaterThan(0);
const never = { exec: () => Promise.reject(new Error('not reachable on this screen')) };
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

async function addRow(w: World) {
  await expand(w);
  await app(w).user.click(within(card()!).getByRole('button', { name: "Qator qo'shish" }));
  await app(w).user.type(uzbekField('Qator nomi'), 'Kichik');
  // A free row is typed 0: an empty price is an error.
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
  await tabsShown();
  const name = uzbekField('Opsiya nomi');
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
      await tabsShown();
      expect(within(dialog()).getByLabelText(/^Opsiya/)).toHaveValue(optionId);
      await app(w).user.click(within(dialog()).getByRole('button', { name: 'Yopish' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    },
  },
  'option.saved': {
    exec: async (w, e) => {
      if ((e.option as typeof OPTION)._id === 'o1') return rename(w);
      await app(w).user.click(screen.getByRole('button', { name: "+ Option qo'shish" }));
      await tabsShown();
      await app(w).user.type(uzbekField('Opsiya nomi'), 'Sous');
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

const listChecks = (role: Role) => {
  const languagesRead = () => waitFor(() => expect(ui.net.callsTo(...role.languagesRead).length).toBeGreaterThan(0));
  return {
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
      // No option name is translated into Russian, which the restaurant offers.
      await waitFor(() => {
        for (const shown of screen.queryAllByTestId(/^option-/)) {
          expect(within(shown.querySelector('.option-toggle')!).queryByText("ru yo'q")).not.toBeNull();
        }
      });
    },
  };
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
  // The card in the list was given its rows: loading them is the rows screen's walk, below.
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

// ---- the card alone: the rows screen ----
const LOAD_FAILED = "Ma'lumotlarni olishda xatolik yuz berdi";
/** A row price is shown as what it adds to the product's price. */
const rowPrice = (price: number) => `+${String(price).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} so'm`;

/** The card's fixtures and checks, with the rows loaded by the card: the rest of the card is not on that screen. */
const rowsScreenFixtures = {
  ...cardFixtures,
  'xstate.done.actor.loadRows': {
    exec: async (w) => {
      w.calls.take('loadRows').release();
      await waitFor(() => expect(screen.queryByText('Yuklanmoqda...')).toBeNull());
    },
  },
  'xstate.error.actor.loadRows': {
    exec: async (w, e) => {
      const status = (e.error as ApiError).status;
      w.calls.take('loadRows').fail(status);
      await screen.findByText(LOAD_FAILED, { selector: 'span' });
      // Spec 8: only HTTP 500 is told in a toast.
      if (status === 500) await toast(LOAD_FAILED);
    },
  },
  'rows.retry': { exec: async (w) => app(w).user.click(screen.getByRole('button', { name: 'Qayta urinish' })) },
} satisfies Record<PathEventType<OptionEvent, 'confirmDelete' | 'loadRows'>, UiFixture<World>>;

const rowsScreenChecks = {
  ...cardChecks,
  'card.expanded': async () => {
    expect(await screen.findByRole('heading', { name: 'Qatorlar' })).toBeVisible();
  },
  'rows.loading': async () => {
    // Retried: a spinner found may be replaced by the next one (the route's, then the screen's) before it is checked.
    await waitFor(() => expect(screen.getAllByText('Yuklanmoqda...').at(-1)).toBeVisible());
    expect(screen.queryAllByTestId(/^row-/)).toHaveLength(0);
  },
  'rows.failed': async () => {
    expect(await screen.findByText(LOAD_FAILED, { selector: 'span' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Qayta urinish' })).toBeEnabled();
    expect(screen.queryAllByTestId(/^row-/)).toHaveLength(0);
  },
  'rows.ready': async () => {
    await waitFor(() => expect(within(rowEl('Katta')!).getByText(rowPrice(ROW.price))).toBeVisible());
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
    await waitFor(() => expect(within(rowEl('Katta')!).getByText(rowPrice(s.context.row.price))).toBeVisible());
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
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  restaurantId = (await createRestaurant(ui.db, { manager_id: manager._id, languages: ['uz', 'ru'] }))._id;
  const category = await createCategory(ui.db, restaurantId);
  productId = (await createProduct(ui.db, category._id, { name: 'Pitsa' }))._id;
  optionId = (await createOption(ui.db, productId, { name: OPTION.name }))._id;
  await createRow(ui.db, optionId, { name: ROW.name, price: ROW.price });
});

interface Walk {
  title: string;
  model: PathModel;
  fixtures: Record<string, UiFixture<World>>;
  checks: (role: Role) => Record<string, (w: World, s: never) => unknown>;
  /** The role's screen the walk runs on. */
  on: 'options' | 'rows';
  afterRender?: (w: World) => Promise<void>;
  calls: Calls;
  /**
   * The manager alone walks the machines both screens render alike (a card and a row are the same components on
   * either route); the admin walks what its own route changes: the list (its languages' read) and the rows screen.
   */
  managerOnly?: boolean;
}

const cardShown = async () => {
  await waitFor(() => expect(card()).not.toBeNull());
};

const WALKS: Walk[] = [
  {
    title: 'option list machine',
    model: optionListModel,
    fixtures: listFixtures,
    checks: listChecks,
    on: 'options',
    calls: CALLS,
  },
  {
    title: 'option card machine (one child of the list)',
    model: optionCardModel,
    fixtures: cardFixtures,
    checks: () => cardChecks,
    on: 'options',
    afterRender: cardShown,
    calls: CALLS,
    managerOnly: true,
  },
  {
    title: 'option card machine alone (the rows screen)',
    model: optionRowsScreenModel,
    fixtures: rowsScreenFixtures,
    checks: () => rowsScreenChecks,
    on: 'rows',
    calls: ROWS_SCREEN_CALLS,
  },
  {
    title: 'row machine (one child of a card)',
    model: rowModel,
    fixtures: rowFixtures,
    checks: () => rowChecks,
    on: 'options',
    afterRender: async (w) => {
      await cardShown();
      await expand(w);
    },
    calls: ROW_CALLS,
    managerOnly: true,
  },
];

describe.each(ROLES)('options as the $role sees them', (role) => {
  for (const walk of WALKS.filter((w) => role.role === 'manager' || !w.managerOnly)) {
    describe(`${walk.title}: generated paths on ${role[walk.on].screen}`, () => {
      generatePaths(walk.model).forEach((path, index) => {
        it(pathName(walk.model, path, index), async () => {
          const world: World = { calls: new HeldCalls<string>(ui.net, walk.calls) };
          await runPathOnScreen({
            model: walk.model,
            path,
            fixtures: walk.fixtures,
            checks: walk.checks(role) as never,
            world,
            start: async (w) => {
              w.app = role[walk.on].open();
              await walk.afterRender?.(w);
            },
            // Spawned cards and rows are actors, not calls; the languages run as they are.
            onInvoke: (w, id) => (id in walk.calls ? w.calls.arm(id) : undefined),
          });
        });
      });
    });
  }
});
