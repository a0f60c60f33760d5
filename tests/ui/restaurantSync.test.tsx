import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RestaurantSyncEvent } from '../../machines/restaurants/restaurantSync.machine';
import { restaurants } from '../../server/db/schema';
import { type PosSimulator, startPosSimulator } from '../../server/dev/pos/server';
import { ERROR_TOAST_MS } from '../../src/components/Toasts';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { generatePaths, type PathEventType, pathName, runPathOnScreen, type UiFixture } from '../support/paths';
import { findToast, type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { restaurantSyncModel } from './models/sync.model';
import { HeldCalls } from './support/calls';

/**
 * An integration restaurant's page against the real server and the local POS simulator: "Sinxronlash" (the
 * restaurantSync machine's generated paths: the toast says what the sync changed, the last sync shown is the new
 * one), who gets the button, and the phone and work time rows a POS restaurant has no text for.
 */

let sim: PosSimulator;
let ui: UiHarness;
let admin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  sim = await startPosSimulator();
  ui = await startUi({ IIKO_API_URL: sim.url, IIKO_API_LOGIN: sim.apiLogin });
});
afterAll(async () => {
  await ui.close();
  await sim.close();
});
beforeEach(async () => {
  sim.control.reset();
  await ui.reset();
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
});

/** The POS's first organization made a restaurant of `manager`, as the admin's "Integratsiyadan qo'shish" does. */
async function fromPos(): Promise<{ _id: string; slug: string; name: string; orgId: string }> {
  const org = sim.control.organizations()[0]!;
  const res = await ui.testApp.app.inject({
    method: 'POST',
    url: '/admin/integration/restaurants/create',
    headers: admin.headers,
    payload: { id: org.id, manager_id: manager._id },
  });
  expect(res.statusCode).toBe(201);
  const { _id, slug, name } = res.json().data;
  return { _id, slug, name, orgId: org.id };
}

/** A menu group of the organization that holds dishes: where the till adds one. */
function menuGroupOf(orgId: string): string {
  const menu = sim.control.nomenclature(orgId);
  const group = menu.groups.find(
    (g) => !g.isGroupModifier && !g.isDeleted && menu.products.some((p) => p.parentGroup === g.id),
  );
  return group!.id;
}

/** The page's title once it has loaded (its chunks load lazily the first time). */
const heading = (name: string) => screen.findByRole('heading', { name }, { timeout: 10_000 });
const syncButton = () => screen.findByRole('button', { name: /Sinxronla/ }, { timeout: 5000 });
const lastSync = () => screen.findByTestId('view-last-sync', {}, { timeout: 5000 });

describe('the restaurant page\'s "Sinxronlash": generated paths of the restaurantSync machine', () => {
  interface World {
    app?: RenderedApp;
    calls: HeldCalls<'syncRestaurant'>;
    orgId: string;
    /** Dishes the till added: each sync that went through created one. */
    added: number;
  }
  const app = (w: World) => w.app!;

  const fixtures = {
    'restaurant.sync': { exec: async (w) => app(w).user.click(await syncButton()) },
    'xstate.done.actor.syncRestaurant': {
      exec: async (w) => {
        // The till adds a dish before the held call reaches the server: the sync creates exactly it.
        w.added++;
        sim.control.addProduct(w.orgId, {
          groupId: menuGroupOf(w.orgId),
          name: `Yangi taom ${w.added}`,
          price: 30_000,
        });
        w.calls.take('syncRestaurant').release();
        // A whole sync (the POS's menu and stop-list, one transaction) may take seconds on a busy machine.
        await screen.findByText(
          "Sinxronlandi: 1 ta yangi, 0 ta yangilandi, 0 ta o'chirildi",
          { selector: '.toast-body' },
          { timeout: 10_000 },
        );
        // The page loaded again: its last sync is this one.
        await waitFor(async () => expect(await lastSync()).toHaveTextContent(/Muvaffaqiyatli: 1 ta yangi, 0 ta/));
      },
    },
    'xstate.error.actor.syncRestaurant': {
      exec: async (w) => {
        sim.control.fail('/api/1/nomenclature', { status: 500, times: 1 });
        w.calls.take('syncRestaurant').release();
        const toast = await findToast('Restoranni yangilashda xatolik yuz berdi!');
        expect(toast.closest('.toast')).toHaveAttribute('data-duration', String(ERROR_TOAST_MS));
      },
    },
  } satisfies Record<PathEventType<RestaurantSyncEvent, 'syncRestaurant'>, UiFixture<World>>;

  const checks = {
    idle: async () => {
      const button = await syncButton();
      await waitFor(() => expect(button).toHaveTextContent('Sinxronlash'));
      expect(button).toBeEnabled();
      expect(button).not.toHaveAttribute('aria-busy');
    },
    syncing: async () => {
      const button = await syncButton();
      expect(button).toHaveTextContent('Sinxronlanmoqda...');
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('aria-busy', 'true');
    },
  };

  const paths = generatePaths(restaurantSyncModel);
  paths.forEach((path, index) => {
    it(pathName(restaurantSyncModel, path, index), async () => {
      const restaurant = await fromPos();
      const world: World = {
        orgId: restaurant.orgId,
        added: 0,
        calls: new HeldCalls(ui.net, {
          syncRestaurant: ['PUT', `/admin/integration/restaurants/${restaurant._id}/sync`],
        }),
      };
      await runPathOnScreen({
        model: restaurantSyncModel,
        path,
        fixtures,
        checks,
        world,
        start: async (w) => {
          w.app = renderApp(`/admin/viewRestaurant/${restaurant._id}/${restaurant.slug}`, { token: admin.token });
          await heading(restaurant.name);
        },
        onInvoke: (w, id) => w.calls.arm(id),
      });
    });
  });
});

describe('who gets "Sinxronlash" on the restaurant page', () => {
  it('the owning manager of an integration restaurant does not (only an admin syncs)', async () => {
    const restaurant = await fromPos();
    renderApp(`/viewRestaurant/${restaurant._id}`, { token: manager.token });
    await heading(restaurant.name);
    expect(screen.getByRole('button', { name: /Tahrirlash/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Sinxronla/ })).toBeNull();
  });

  it('an admin on a manual restaurant does not (it has no POS)', async () => {
    const restaurant = await createRestaurant(ui.db, { name: 'Oddiy restoran', manager_id: manager._id });
    renderApp(`/admin/viewRestaurant/${restaurant._id}/${restaurant.slug}`, { token: admin.token });
    await heading('Oddiy restoran');
    expect(screen.getByRole('button', { name: /Tahrirlash/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Sinxronla/ })).toBeNull();
  });
});

describe('phone and work time of a restaurant from the POS', () => {
  const facts = () => screen.getByText('Manzil', { selector: 'dt' }).closest('dl')!;
  const terms = () =>
    within(facts())
      .getAllByRole('term')
      .map((t) => t.textContent);

  it('iiko gives an address but no phone or hours: the page shows the address and no empty rows', async () => {
    const restaurant = await fromPos();
    const org = sim.control.organizations()[0]!;
    renderApp(`/admin/viewRestaurant/${restaurant._id}/${restaurant.slug}`, { token: admin.token });
    await heading(restaurant.name);
    expect(terms()).toContain('Manzil');
    expect(within(facts()).getByText(org.address!)).toBeVisible();
    expect(terms()).not.toContain('Telefon raqam');
    expect(terms()).not.toContain('Ish vaqti');
  });

  it('once the admin fills them in, the rows are there', async () => {
    const restaurant = await fromPos();
    await ui.db
      .update(restaurants)
      .set({ phone_number: '+998 71 200 00 00', work_time: '10:00 - 22:00' })
      .where(eq(restaurants._id, restaurant._id));
    renderApp(`/admin/viewRestaurant/${restaurant._id}/${restaurant.slug}`, { token: admin.token });
    await heading(restaurant.name);
    expect(terms()).toEqual(expect.arrayContaining(['Telefon raqam', 'Ish vaqti']));
    expect(within(facts()).getByText('+998 71 200 00 00')).toBeVisible();
    expect(within(facts()).getByText('10:00 - 22:00')).toBeVisible();
  });
});
