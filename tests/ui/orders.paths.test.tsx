import { randomUUID } from 'node:crypto';
import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { StaffOrder } from '../../client/orders';
import type { LoadOutput } from '../../machines/orders/orders.actors';
import type { ordersMachine } from '../../machines/orders/orders.machine';
import { restaurants } from '../../server/db/schema';
import { createTable } from '../server/orders-fixtures';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import {
  generatePaths,
  type PathModel,
  pathName,
  runPathOnScreen,
  type StepSnapshots,
  type UiFixture,
} from '../support/paths';
import { findToast, type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { ordersModel } from './models/orders.model';
import { HeldCalls } from './support/calls';
import { neverInvoked } from './support/confirmDelete';
import { streams } from './support/fakeStaffEvents';
import { shownDialog } from './support/shownDialog';

/**
 * The orders machine's generated paths walked on the rendered /orders screen against the real server.
 * The model is ordersModel with what the screen offers: mute, filter, picker and refresh only while nothing runs and
 * no question is open, the stream's news only then too; a state is its value and the event that reached it (the
 * machine test walks every transition on the machine itself). The live child is mocked as in orders.journeys.
 */

vi.mock('../../machines/orders/staffEvents.actor', () => import('./support/fakeStaffEvents'));
// The bottom bar's badge reads /manager/orders too (the network tells calls apart by path only): it counts nothing here.
vi.mock('../../machines/orders/ordersTab.actors', async () => {
  const { fromPromise } = await import('xstate');
  const { staffEventsActor } = await import('../../machines/orders/staffEvents.actor');
  return { ordersTabActors: { countWaiting: fromPromise(async () => 0), staffEvents: staffEventsActor } };
});
const alerts = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/app/alertSound', () => ({
  playOrderAlert: () => {
    alerts.count++;
  },
}));

type Snapshot = SnapshotFrom<typeof ordersMachine>;
const QUIET_ONLY = new Set([
  'orders.mute',
  'orders.filter',
  'orders.restaurant',
  'orders.refresh',
  'live.status',
  'live.event',
]);
const screenModel: PathModel<typeof ordersMachine> = {
  ...ordersModel,
  name: 'orders screen',
  serializeState: (s, e, prev) => ordersModel.serializeState!(s, e, prev ? ({ value: '' } as never) : undefined),
  filterEvents: (s, e) =>
    !QUIET_ONLY.has(e.type) || (s.matches({ ready: { work: 'idle' } }) && s.matches({ ready: { sync: 'quiet' } })),
};

type Invoke = 'loadOrders' | 'refreshOrders' | 'changeStatus';
interface World {
  app?: RenderedApp;
  calls: HeldCalls<Invoke>;
  manager: TestUser;
  slug: string;
  restaurantId: string;
  tableId: string;
  productId: string;
}

const app = (w: World) => w.app!;
const card = (n: number) => screen.getByRole('article', { name: new RegExp(`Buyurtma №${n} ·`) });
const click = (w: World, element: HTMLElement) => app(w).user.click(element);
/** Every order and call button: all wait while a change runs. */
const actionButtons = () =>
  screen
    .queryAllByRole('button')
    .filter(
      (b) => /^(Qabul qilish|Berildi|Bekor qilish)$/.test(b.textContent ?? '') || /Bajarildi/.test(b.textContent ?? ''),
    );
const pendingOf = (step: StepSnapshots) => (step.before as Snapshot).context.pending;

async function dinerOrders(w: World, quantity: number) {
  const answer = await ui.testApp.app.inject({
    method: 'POST',
    url: `/menu/${w.slug}/orders`,
    headers: { 'idempotency-key': randomUUID() },
    payload: { table_id: w.tableId, items: [{ product_id: w.productId, quantity }] },
    remoteAddress: `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  });
  expect(answer.statusCode).toBe(201);
  return answer.json().data as { _id: string; number: number };
}

const fixtures = {
  'xstate.done.actor.loadOrders': {
    arrange: async (w, e) => {
      if ((e.output as LoadOutput).restaurantId === null) {
        await ui.db
          .update(restaurants)
          .set({ ordering_enabled: false })
          .where(eq(restaurants.manager_id, w.manager._id));
      }
    },
    exec: async (w, e) => {
      if ((e.output as LoadOutput).restaurantId === null) {
        await screen.findByText(/hech birida stoldan buyurtma yoqilmagan/);
        return;
      }
      w.calls.take('loadOrders').release();
      await screen.findByRole('article', { name: /Buyurtma №1 ·/ });
    },
  },
  'xstate.error.actor.loadOrders': {
    exec: async (w) => {
      w.calls.take('loadOrders').fail(500);
      await screen.findByText('Buyurtmalarni yuklashda xatolik yuz berdi!');
    },
  },
  'orders.retry': { exec: (w) => click(w, screen.getByRole('button', { name: 'Qayta urinish' })) },
  'live.status': {
    exec: async (_w, e) => {
      const stream = streams.open.filter((s) => s.input.restaurantId && !s.closed).at(-1)!;
      stream.send({ type: 'live.status', status: e.status });
      await screen.findByText(e.status === 'live' ? /^Jonli/ : /^Aloqa yo'q/);
    },
  },
  'live.event': {
    exec: async (w, _e, step) => {
      const placed = await dinerOrders(w, 1);
      const list = await ui.testApp.app.inject({
        method: 'GET',
        url: `/manager/orders?restaurant_id=${w.restaurantId}`,
        headers: w.manager.headers,
      });
      const data = (list.json().data as StaffOrder[]).find((o) => o._id === placed._id)!;
      const heard = alerts.count;
      streams.open
        .filter((s) => s.input.restaurantId && !s.closed)
        .at(-1)!
        .send({ type: 'live.event', event: { type: 'order.created', data } });
      await screen.findByRole('article', { name: new RegExp(`Buyurtma №${placed.number} ·`) });
      expect(alerts.count).toBe(heard + ((step.before as Snapshot).context.muted ? 0 : 1));
    },
  },
  'xstate.done.actor.refreshOrders': {
    exec: async (w) => {
      const held = w.calls.take('refreshOrders');
      await held.arrived;
      held.release();
    },
  },
  'xstate.error.actor.refreshOrders': {
    exec: async (w) => {
      const held = w.calls.take('refreshOrders');
      await held.arrived;
      held.fail(500);
      // Nothing shows a failed re-read: the lists stay.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(screen.getByRole('article', { name: /Buyurtma №1 ·/ })).toBeInTheDocument();
    },
  },
  'orders.refresh': { exec: (w) => click(w, screen.getByRole('button', { name: /Yangilash/ })) },
  'orders.filter': {
    exec: async (w) => {
      await click(w, screen.getByRole('button', { name: 'Yangi' }));
      expect(screen.getByRole('button', { name: 'Yangi' })).toHaveAttribute('aria-pressed', 'true');
      expect(screen.queryByRole('article', { name: /Buyurtma №2 ·/ })).toBeNull();
    },
  },
  'orders.mute': {
    exec: async (w) => {
      await click(w, screen.getByRole('button', { name: "Ovozni o'chirish" }));
      expect(screen.getByRole('button', { name: 'Ovozni yoqish' })).toHaveAttribute('aria-pressed', 'true');
    },
  },
  'orders.restaurant': {
    exec: (w) => app(w).user.selectOptions(screen.getByRole('combobox', { name: 'Restoran' }), 'Bahor'),
  },
  'order.accept': { exec: (w) => click(w, within(card(1)).getByRole('button', { name: 'Qabul qilish' })) },
  'order.serve': { exec: (w) => click(w, within(card(2)).getByRole('button', { name: 'Berildi' })) },
  'order.cancel': { exec: (w) => click(w, within(card(1)).getByRole('button', { name: 'Bekor qilish' })) },
  'confirm.yes': { exec: (w) => click(w, within(shownDialog()).getByRole('button', { name: 'Ha' })) },
  'confirm.no': { exec: (w) => click(w, within(shownDialog()).getByRole('button', { name: 'Yo‘q' })) },
  'call.done': { exec: (w) => click(w, screen.getByRole('button', { name: /Bajarildi/ })) },
  'xstate.done.actor.changeStatus': {
    exec: async (w, _e, step) => {
      const pending = pendingOf(step)!;
      w.calls.take('changeStatus').release();
      if (pending.kind === 'call') await screen.findByText("Kutayotgan chaqiruv yo'q.");
      else if (pending.status === 'accepted') {
        await waitFor(() => expect(within(card(1)).getByTestId('order-status')).toHaveTextContent('Qabul qilingan'));
      } else {
        const number = pending.status === 'served' ? 2 : 1;
        await waitFor(() =>
          expect(screen.queryByRole('article', { name: new RegExp(`Buyurtma №${number} ·`) })).toBeNull(),
        );
      }
    },
  },
  'xstate.error.actor.changeStatus': {
    exec: async (w, e) => {
      const held = w.calls.take('changeStatus');
      if ((e.error as { status: number }).status === 409) {
        held.fail(409);
        await findToast('Sinov xatosi');
      } else {
        held.drop();
        await findToast("Holatni o'zgartirishda xatolik yuz berdi!");
      }
    },
  },
  // The live child is a callback actor: it never finishes, so no path has these steps.
  'xstate.done.actor.staffEvents': neverInvoked,
  'xstate.error.actor.staffEvents': neverInvoked,
} satisfies Record<string, UiFixture<World>>;

const checks = {
  loading: async () => {
    // The lazy route's spinner may give way to the screen's own while looking: the one found last counts.
    await waitFor(() => expect(screen.getByText('Yuklanmoqda...')).toBeVisible());
  },
  loadFailed: async () => {
    expect(screen.getByRole('button', { name: 'Qayta urinish' })).toBeVisible();
  },
  off: async () => {
    expect(screen.queryByRole('button', { name: "Ovozni o'chirish" })).toBeNull();
  },
  'ready.work.idle': async () => {
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => {
      for (const button of actionButtons()) expect(button).toBeEnabled();
    });
  },
  'ready.work.confirmingCancel': async () => {
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/buyurtmasi №1 bekor qilinsinmi\?/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Ha' })).toBeEnabled();
  },
  'ready.work.updating': async (_w: World, s: Snapshot) => {
    if (s.context.pending?.kind === 'order' && s.context.pending.status === 'cancelled') {
      await waitFor(() => expect(within(shownDialog()).getByRole('button', { name: 'Ha' })).toBeDisabled());
      return;
    }
    await waitFor(() => {
      const buttons = actionButtons();
      expect(buttons.length).toBeGreaterThan(0);
      for (const button of buttons) expect(button).toBeDisabled();
    });
  },
  'ready.sync.quiet': async (w: World) => {
    expect(w.calls.isHeld('refreshOrders')).toBe(false);
  },
  'ready.sync.refreshing': async (w: World) => {
    expect(w.calls.isHeld('refreshOrders')).toBe(true);
  },
};

let ui: UiHarness;
beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  localStorage.clear();
  streams.open.length = 0;
  alerts.count = 0;
});

const paths = generatePaths(screenModel);

describe('orders machine: generated paths on the rendered screen', () => {
  paths.forEach((path, index) => {
    it(pathName(screenModel, path, index), async () => {
      const manager = await createUser(ui.testApp.app, ui.db, 'manager');
      const rayhon = await createRestaurant(ui.db, { manager_id: manager._id, ordering_enabled: true, name: 'Rayhon' });
      const bahor = await createRestaurant(ui.db, { manager_id: manager._id, ordering_enabled: true, name: 'Bahor' });
      const table = await createTable(ui.db, rayhon._id, { name: '5' });
      const product = await createProduct(ui.db, (await createCategory(ui.db, rayhon._id))._id, {
        name: 'Osh',
        price: 25000,
      });
      const world: World = {
        manager,
        slug: rayhon.slug,
        restaurantId: rayhon._id,
        tableId: table.token,
        productId: product._id,
        calls: new HeldCalls<Invoke>(ui.net, {
          loadOrders: ['GET', '/manager/orders'],
          refreshOrders: ['GET', '/manager/orders'],
          changeStatus: ['PUT', /^\/manager\/(orders|calls)\//],
        }),
      };
      // Bahor, picked on the way: an order №1 of its own.
      const bahorTable = await createTable(ui.db, bahor._id, { name: '1' });
      const bahorDish = await createProduct(ui.db, (await createCategory(ui.db, bahor._id))._id, { price: 9000 });
      await dinerOrders({ ...world, slug: bahor.slug, tableId: bahorTable.token, productId: bahorDish._id }, 1);
      // Rayhon: order №1 new, order №2 accepted, a waiter call (the model's o1, o2, c1).
      await dinerOrders(world, 2);
      const second = await dinerOrders(world, 1);
      const accepted = await ui.testApp.app.inject({
        method: 'PUT',
        url: `/manager/orders/${second._id}`,
        headers: manager.headers,
        payload: { status: 'accepted' },
      });
      expect(accepted.statusCode).toBe(200);
      const called = await ui.testApp.app.inject({
        method: 'POST',
        url: `/menu/${rayhon.slug}/calls`,
        payload: { table_id: table.token, type: 'waiter' },
        remoteAddress: '10.3.0.1',
      });
      expect(called.statusCode).toBe(201);
      await runPathOnScreen({
        model: screenModel,
        path,
        fixtures,
        checks,
        world,
        start: (w) => {
          w.app = renderApp('/orders', { token: manager.token, storage: { restaurantId: rayhon._id } });
        },
        // The live child makes no call here (it is mocked): only the three promise actors are held.
        onInvoke: (w, id) => {
          if (id !== 'staffEvents') w.calls.arm(id);
        },
      });
    });
  });
});
