import { act, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { uz } from '../../lib/uz';
import { uzOrdering } from '../../lib/uz-ordering';
import type { TableListEvent, tableListMachine } from '../../machines/tables/tableList.machine';
import { restaurantTables } from '../../server/db/schema';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { generatePaths, type PathEventType, pathName, runPathOnScreen, type UiFixture } from '../support/paths';
import { findToast, type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { confirmResult } from './models/confirmDelete.model';
import {
  SAMPLE_RESTAURANT,
  SAMPLE_TABLES,
  sampleTableName,
  type TableListInvoke,
  tableScreenModel,
} from './models/tables.model';
import { HeldCalls } from './support/calls';
import { answerDelete, neverInvoked } from './support/confirmDelete';

// The bottom bar's orders tab follows the live events of a restaurant with ordering on: jsdom has no
// EventSource, and these screens do not test the stream (tests/ui/orders.journeys.test.tsx does), so it stays silent.
/**
 * Every generated path of the "Stollar" list machine (tableScreenModel), walked on the rendered
 * screen against the real server seeded with the model's sample restaurant (tables "1" on and "2" off): as its
 * manager at /tables and as an admin at /admin/tables/{id}. After each step the screen is compared with the model's
 * state: the cards (name, switch, QR code, link and card for an active table, the note for an inactive one), the
 * switches waiting while a switch call runs, the delete question, the load failure.
 */

type Snapshot = SnapshotFrom<typeof tableListMachine>;
type Role = 'manager' | 'admin';

interface World {
  app?: RenderedApp;
  calls: HeldCalls<TableListInvoke>;
  /** The real table ids by the model's ('t1' → the id of table "1"). */
  ids: Map<string, string>;
  restaurantId: string;
}

let ui: UiHarness;
let manager: TestUser;
let admin: TestUser;
const app = (w: World) => w.app!;
const TABLE = /^\/manager\/tables\/[^/]+$/;
const LOAD_FAILED = uzOrdering.tablesLoadFailed;
/** Queries inside the list also find what an open modal hides from the accessibility tree. */
const hidden = { hidden: true } as const;
const card = (name: string) => within(screen.getByTestId(`table-${name}`));
const switchOf = (name: string) =>
  card(name).getByRole('switch', { name: uzOrdering.tableActiveSwitch(name), ...hidden });
const renewOf = (name: string) => card(name).getByRole('button', { name: uzOrdering.tokenRenewFor(name), ...hidden });
const deleteOf = (name: string) => card(name).getByRole('button', { name: uzOrdering.tableDelete(name), ...hidden });
const stored = async (w: World) =>
  await ui.db.select().from(restaurantTables).where(eq(restaurantTables.restaurant_id, w.restaurantId));

const fixtures = {
  'xstate.done.actor.loadTables': {
    exec: async (w) => {
      w.calls.take('loadTables').release();
      await screen.findByTestId('table-list', {}, { timeout: 10_000 });
    },
  },
  'xstate.error.actor.loadTables': {
    exec: async (w) => {
      w.calls.take('loadTables').fail(500);
      await screen.findByText(LOAD_FAILED, { selector: '.toast-body' }, { timeout: 10_000 });
    },
  },
  'tables.retry': {
    exec: (w) => app(w).user.click(screen.getByRole('button', { name: uz.retry })),
  },
  'table.toggle': {
    exec: (w, e) => app(w).user.click(switchOf(sampleTableName(String(e.id)))),
  },
  'xstate.done.actor.setActive': {
    exec: async (w, e) => {
      const answer = e.output as { _id: string; name: string; is_active: boolean };
      w.calls.take('setActive').release();
      await findToast(answer.is_active ? uzOrdering.tableOn(answer.name) : uzOrdering.tableOff(answer.name));
      const row = (await stored(w)).find((t) => t._id === w.ids.get(answer._id));
      expect(row?.is_active).toBe(answer.is_active);
    },
  },
  'xstate.error.actor.setActive': {
    exec: async (w) => {
      w.calls.take('setActive').fail(500);
      await findToast(`${uzOrdering.tableToggleFailed}: Sinov xatosi`);
    },
  },
  'table.delete': {
    exec: (w, e) => app(w).user.click(deleteOf(sampleTableName(String(e.id)))),
  },
  'xstate.done.actor.confirmDelete': {
    exec: async (w, e, step) => {
      const target = (step.before as Snapshot).context.deleteId!;
      await answerDelete(app(w).user, e, () => w.calls.take('confirmDelete'));
      if (confirmResult(e) === 'deleted') await findToast(uzOrdering.tableDeleted);
      if (confirmResult(e) === 'failed') await findToast(`${uzOrdering.tableDeleteFailed} Sinov xatosi`);
      const ids = (await stored(w)).map((t) => t._id);
      if (confirmResult(e) === 'deleted') expect(ids).not.toContain(w.ids.get(target));
      else expect(ids).toContain(w.ids.get(target));
    },
  },
  'xstate.error.actor.confirmDelete': neverInvoked,
  'token.renew': {
    exec: (w, e) => app(w).user.click(renewOf(sampleTableName(String(e.id)))),
  },
  'renew.yes': {
    exec: async (w) =>
      app(w).user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: uz.yes })),
  },
  'renew.no': {
    exec: async (w) =>
      app(w).user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: uz.no })),
  },
  'xstate.done.actor.renewToken': {
    exec: async (w, e, step) => {
      const target = (step.before as Snapshot).context.renewId!;
      const shownBefore = card(sampleTableName(target)).getByDisplayValue(/\?table=/) as HTMLInputElement;
      const oldLink = shownBefore.value;
      w.calls.take('renewToken').release();
      await findToast(uzOrdering.tokenRenewed((e.output as { name: string }).name));
      // The card's link is the table's new token, as stored; the old one is gone.
      const row = (await stored(w)).find((t) => t._id === w.ids.get(target))!;
      const link = `${ui.net.origin}/menu/${SAMPLE_RESTAURANT.slug}?table=${row.token}`;
      await waitFor(() => expect(card(sampleTableName(target)).getByDisplayValue(link)).toBeInTheDocument());
      expect(link).not.toBe(oldLink);
    },
  },
  'xstate.error.actor.renewToken': {
    exec: async (w, _e, step) => {
      const target = (step.before as Snapshot).context.renewId!;
      const before = (await stored(w)).find((t) => t._id === w.ids.get(target))!.token;
      w.calls.take('renewToken').fail(500);
      await findToast(`${uzOrdering.tokenRenewFailed}: Sinov xatosi`);
      expect((await stored(w)).find((t) => t._id === w.ids.get(target))!.token).toBe(before);
    },
  },
  // Not steps of the screen's paths (tableScreenModel): a dialog's save (the journeys), the delete question's
  // answers (the confirm-delete outcome presses them).
  'tables.reload': neverInvoked,
  'confirm.yes': neverInvoked,
  'confirm.no': neverInvoked,
} satisfies Record<Exclude<PathEventType<TableListEvent, TableListInvoke>, 'tables.choose'>, UiFixture<World>>;

/** The cards are the model's tables, each as its state says, with the real ids in its links. */
function expectCards(w: World, s: Snapshot) {
  const list = screen.getByTestId('table-list');
  const shown = within(list)
    .getAllByRole('heading', { level: 2, ...hidden })
    .map((h) => h.textContent);
  expect(shown).toEqual(
    s.context.tables.map((t) =>
      t.is_active ? uzOrdering.tableTitle(t.name) : `${uzOrdering.tableTitle(t.name)}${uz.inactive}`,
    ),
  );
  for (const table of s.context.tables) {
    const id = w.ids.get(table._id)!;
    const c = card(table.name);
    expect(screen.getByTestId(`table-${table.name}`)).toHaveAttribute('data-active', String(table.is_active));
    if (table.is_active) expect(switchOf(table.name)).toBeChecked();
    else expect(switchOf(table.name)).not.toBeChecked();
    const qr = c.queryByRole('img', { name: uzOrdering.tableQrAlt(table.name), ...hidden });
    const print = c.queryByRole('link', {
      name: `${uzOrdering.printCard}: ${uzOrdering.tableTitle(table.name)}`,
      ...hidden,
    });
    if (table.is_active) {
      // The code and the card show the token: they carry the staff's print pass; the link is the token's.
      expect(qr!.getAttribute('src')).toMatch(
        new RegExp(`^/menu/qr\\.svg\\?slug=${SAMPLE_RESTAURANT.slug}&table=${id}&pass=\\d+\\.[\\w-]{43}$`),
      );
      expect(print!.getAttribute('href')).toMatch(
        new RegExp(`^/menu/card\\?slug=${SAMPLE_RESTAURANT.slug}&table=${id}&pass=\\d+\\.[\\w-]{43}$`),
      );
      expect(
        c.getByDisplayValue(new RegExp(`^${ui.net.origin}/menu/${SAMPLE_RESTAURANT.slug}\\?table=[0-9a-f]{32}$`)),
      ).toBeInTheDocument();
      expect(c.queryByText(uzOrdering.tableInactiveNote)).toBeNull();
    } else {
      expect(qr).toBeNull();
      expect(print).toBeNull();
      expect(c.getByText(uzOrdering.tableInactiveNote)).toBeInTheDocument();
    }
  }
  const all = screen.queryByRole('link', { name: uzOrdering.printAllCards, ...hidden });
  if (s.context.tables.some((t) => t.is_active))
    expect(all!.getAttribute('href')).toMatch(
      new RegExp(`^/menu/cards\\?slug=${SAMPLE_RESTAURANT.slug}&pass=\\d+\\.[\\w-]{43}$`),
    );
  else expect(all).toBeNull();
}

const checks = {
  'data.loading': async (_w: World, s: Snapshot) => {
    // The screen is there (the shell shows its own 'Yuklanmoqda...' until the session knows the restaurant).
    const add = await screen.findByRole('button', { name: new RegExp(uzOrdering.addTable) }, { timeout: 10_000 });
    if (s.context.tables.length === 0) expect(screen.getByText(uz.loadingUz)).toBeVisible();
    expect(screen.queryByTestId('table-list')).toBeNull();
    expect(add).toBeDisabled();
  },
  'data.failed': async () => {
    expect(await screen.findByText(LOAD_FAILED, { selector: '.alert span' })).toBeVisible();
    expect(screen.getByRole('button', { name: uz.retry })).toBeEnabled();
    expect(screen.queryByTestId('table-list')).toBeNull();
  },
  'data.ready': async (w: World, s: Snapshot) => {
    await waitFor(() => expectCards(w, s));
    expect(screen.getByTestId('tables-restaurant')).toHaveTextContent(SAMPLE_RESTAURANT.name);
    // The sample restaurant takes orders: no "ordering is off" note.
    expect(screen.queryByTestId('ordering-off')).toBeNull();
    expect(screen.getByRole('button', { name: new RegExp(uzOrdering.addTable), ...hidden })).toBeEnabled();
    expect(screen.getByRole('button', { name: new RegExp(uzOrdering.addTablesBulk), ...hidden })).toBeEnabled();
  },
  'toggle.idle': async (_w: World, s: Snapshot) => {
    await waitFor(() => {
      for (const t of s.context.tables) {
        expect(switchOf(t.name)).toBeEnabled();
        expect(switchOf(t.name)).toHaveAttribute('aria-busy', 'false');
      }
    });
  },
  'toggle.saving': async (_w: World, s: Snapshot) => {
    await waitFor(() => {
      for (const t of s.context.tables) {
        expect(switchOf(t.name)).toBeDisabled();
        expect(switchOf(t.name)).toHaveAttribute('aria-busy', String(t._id === s.context.toggleId));
      }
    });
  },
  'removal.idle': async (_w: World, s: Snapshot) => {
    await waitFor(() => expect(screen.queryByText(uzOrdering.tableDeleteConfirm)).toBeNull());
    for (const t of s.context.tables) expect(deleteOf(t.name)).toBeEnabled();
  },
  'removal.confirming': async (_w: World, s: Snapshot) => {
    const dialog = within(await screen.findByRole('dialog'));
    const name = sampleTableName(s.context.deleteId!);
    expect(dialog.getByText(uzOrdering.tableDeleteConfirm)).toBeVisible();
    expect(dialog.getByText(uzOrdering.tableDeleteWhat(name))).toBeVisible();
    for (const t of s.context.tables) expect(deleteOf(t.name)).toBeDisabled();
  },
  'renewal.idle': async (_w: World, s: Snapshot) => {
    await waitFor(() => expect(screen.queryByTestId('renew-warning')).toBeNull());
    for (const t of s.context.tables) expect(renewOf(t.name)).toBeEnabled();
  },
  'renewal.confirming': async (_w: World, s: Snapshot) => {
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(uzOrdering.tokenRenewConfirm(sampleTableName(s.context.renewId!)))).toBeVisible();
    expect(dialog.getByTestId('renew-warning')).toHaveTextContent(uzOrdering.tokenRenewWarning);
    expect(dialog.getByRole('button', { name: uz.yes })).toBeEnabled();
    for (const t of s.context.tables) expect(renewOf(t.name)).toBeDisabled();
  },
  'renewal.renewing': async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await waitFor(() => expect(dialog.getByRole('button', { name: uz.yes })).toBeDisabled());
    expect(dialog.getByTestId('renew-warning')).toBeVisible();
  },
};

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
});

/** The model's sample restaurant in the real database: its tables made in order, so they list in order. */
async function seed(): Promise<Pick<World, 'ids' | 'restaurantId'>> {
  const restaurant = await createRestaurant(ui.db, {
    name: SAMPLE_RESTAURANT.name,
    slug: SAMPLE_RESTAURANT.slug,
    manager_id: manager._id,
    ordering_enabled: true,
  });
  const ids = new Map<string, string>();
  for (const table of SAMPLE_TABLES) {
    const [row] = await ui.db
      .insert(restaurantTables)
      .values({ restaurant_id: restaurant._id, name: table.name, is_active: table.is_active })
      .returning();
    ids.set(table._id, row!._id);
  }
  return { ids, restaurantId: restaurant._id };
}

const paths = generatePaths(tableScreenModel);

describe.each<Role>(['manager', 'admin'])('tables screen: generated paths as the %s', (role) => {
  paths.forEach((path, index) => {
    it(pathName(tableScreenModel, path, index), async () => {
      const world: World = {
        ...(await seed()),
        calls: new HeldCalls<TableListInvoke>(ui.net, {
          loadTables: ['GET', '/manager/tables'],
          setActive: ['PUT', TABLE],
          confirmDelete: ['DELETE', TABLE],
          renewToken: ['POST', /^\/manager\/tables\/[^/]+\/token$/],
        }),
      };
      await runPathOnScreen({
        model: tableScreenModel,
        path,
        fixtures,
        checks,
        world,
        start: async (w) => {
          w.app =
            role === 'manager'
              ? renderApp('/tables', { token: manager.token, storage: { restaurantId: w.restaurantId } })
              : renderApp(`/admin/tables/${w.restaurantId}`, { token: admin.token });
          await act(async () => {});
        },
        onInvoke: (w, id) => w.calls.arm(id),
      });
    });
  });
});
