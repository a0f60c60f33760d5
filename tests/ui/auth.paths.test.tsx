import { act, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { jwtDecode } from 'jwt-decode';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthEvent } from '../../machines/auth/auth.machine';
import { users } from '../../server/db/schema';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { generatePaths, type PathEventType, pathName, runPathOnScreen, type UiFixture } from '../support/paths';
import { findToast, type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { authModel } from './models/auth.model';
import type { Held } from './support/network';

/** Every generated path of the auth machine, walked on the rendered panel against the real server. */

type AuthInvoke = 'login' | 'loadProfile' | 'loadMyRestaurants' | 'saveWorkingRestaurant';

interface World {
  ui: UiHarness;
  app?: RenderedApp;
  admin: TestUser;
  manager: TestUser;
  /** The manager's working restaurant (the first one until another is chosen), and their other one. */
  restaurantId: string;
  otherRestaurantId: string;
  /** The manager's two restaurants, oldest first, and the one the server remembers they chose (a login opens it). */
  restaurants: [{ _id: string; name: string }, { _id: string; name: string }];
  remembered: string | null;
  /** Who the next login is (decided one step ahead by the login's outcome). */
  loginAs: 'admin' | 'manager' | 'wrong';
  /** Who is logged in now. */
  current: TestUser | null;
  held: Partial<Record<AuthInvoke, Held>>;
}

const CALLS: Record<AuthInvoke, [string, string]> = {
  login: ['POST', '/auth/login'],
  loadProfile: ['GET', '/auth/profile'],
  loadMyRestaurants: ['GET', '/manager/restaurants/me'],
  saveWorkingRestaurant: ['PUT', '/manager/restaurants/working'],
};

/** The manager's second restaurant is newer: the first one is what a login stores. */
const LATER = '2100-01-01T00:00:00.000Z';
const app = (w: World) => w.app!;
/** The held call of an invoke, forgotten once used: what remains in `held` is still in flight. */
function take(w: World, id: AuthInvoke): Held {
  const held = w.held[id];
  if (!held) throw new Error(`no ${id} call is held`);
  delete w.held[id];
  return held;
}
const onLoginScreen = () => screen.queryByRole('form', { name: 'Kirish' }) !== null;

async function setActive(w: World, user: TestUser, active: boolean) {
  await w.ui.db.update(users).set({ is_active: active }).where(eq(users._id, user._id));
}

async function navigate(w: World, to: string) {
  await act(() => app(w).router.navigate(to));
}

const fixtures = {
  'auth.submit': {
    exec: async (w, e) => {
      const { user } = app(w);
      if (!onLoginScreen()) await navigate(w, '/login');
      const login = screen.getByLabelText('Login');
      const password = screen.getByLabelText('Parol');
      await user.clear(login);
      await user.clear(password);
      if (e.login !== '') {
        const who = w.loginAs === 'manager' ? w.manager : w.admin;
        await user.type(login, who.login);
        await user.type(password, w.loginAs === 'wrong' ? 'not-the-password' : who.password);
      }
      await user.click(screen.getByRole('button', { name: 'Kirish' }));
    },
  },
  'xstate.done.actor.login': {
    arrange: (w, e) => {
      w.loginAs = jwtDecode<{ role: 'admin' | 'manager' }>(String(e.output)).role;
    },
    exec: async (w) => {
      take(w, 'login').release();
      w.current = w.loginAs === 'manager' ? w.manager : w.admin;
      await waitFor(() => expect(app(w).location()).toMatch(w.loginAs === 'manager' ? /^\/manager/ : /^\/admin\//));
    },
  },
  'xstate.error.actor.login': {
    arrange: (w) => {
      w.loginAs = 'wrong';
    },
    exec: async (w) => {
      take(w, 'login').release();
      await screen.findByText('Login yoki parol xato');
    },
  },
  'xstate.done.actor.loadProfile': {
    exec: async (w) => {
      take(w, 'loadProfile').release();
      // A manager's session goes on to load the restaurants (that call is held already); an admin's is ready.
      if (w.held.loadMyRestaurants) await w.held.loadMyRestaurants.arrived;
      else await waitFor(() => expect(screen.getByTestId('session-status')).not.toHaveAttribute('aria-busy', 'true'));
    },
  },
  'xstate.error.actor.loadProfile': {
    exec: async (w) => {
      take(w, 'loadProfile').fail(500);
      await screen.findByText('Profilni yuklashda xatolik yuz berdi');
    },
  },
  'xstate.done.actor.loadMyRestaurants': {
    exec: async (w) => {
      // Every session here starts with a login: it opens the restaurant the server remembers, else the first.
      const [first, second] = w.restaurants;
      w.restaurantId = w.remembered ?? first._id;
      w.otherRestaurantId = w.restaurantId === first._id ? second._id : first._id;
      take(w, 'loadMyRestaurants').release();
      await waitFor(() => expect(localStorage.getItem('restaurantId')).toBe(w.restaurantId));
    },
  },
  'xstate.error.actor.loadMyRestaurants': {
    exec: async (w) => {
      take(w, 'loadMyRestaurants').fail(500);
      await screen.findByText('Profilni yuklashda xatolik yuz berdi');
    },
  },
  'xstate.done.actor.saveWorkingRestaurant': {
    exec: async (w) => {
      take(w, 'saveWorkingRestaurant').release();
      w.remembered = w.restaurantId;
      await waitFor(async () => {
        const [row] = await w.ui.db.select().from(users).where(eq(users._id, w.manager._id));
        expect(row!.working_restaurant_id).toBe(w.restaurantId);
      });
    },
  },
  'xstate.error.actor.saveWorkingRestaurant': {
    exec: async (w) => {
      take(w, 'saveWorkingRestaurant').fail(500);
      await findToast('Tanlov saqlanmadi: keyingi kirishda oldingi restoran ochiladi.');
    },
  },
  'session.retry': {
    exec: async (w) => {
      await app(w).user.click(
        within(screen.getByTestId('session-status')).getByRole('button', { name: 'Qayta urinish' }),
      );
    },
  },
  'restaurant.select': {
    exec: async (w) => {
      if (app(w).location() !== '/manager') await navigate(w, '/manager');
      await app(w).user.click(await screen.findByRole('button', { name: 'Shu restoranni tanlash' }));
      [w.restaurantId, w.otherRestaurantId] = [w.otherRestaurantId, w.restaurantId];
      await waitFor(() => expect(localStorage.getItem('restaurantId')).toBe(w.restaurantId));
    },
  },
  'restaurants.known': {
    exec: async (w) => {
      if (app(w).location() !== '/manager') await navigate(w, '/manager');
      await screen.findByRole('button', { name: 'Shu restoranni tanlash' });
    },
  },
  'auth.tokenChanged': {
    exec: async (w) => {
      const user = w.current!;
      const before = localStorage.getItem('accessToken');
      // The admin changes it on the profile, a manager on their screen.
      await navigate(w, user.role === 'admin' ? '/admin/profile' : '/manager');
      await app(w).user.click(await screen.findByRole('button', { name: "Parolni o'zgartirish" }));
      const dialog = await screen.findByRole('dialog');
      const next = `${user.password}-yangi`;
      await app(w).user.type(within(dialog).getByLabelText(/^Joriy parol/), user.password);
      await app(w).user.type(within(dialog).getByLabelText(/^Yangi parol(?!ni)/), next);
      await app(w).user.type(within(dialog).getByLabelText(/^Yangi parolni takrorlang/), next);
      await app(w).user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // The new token is what the panel now sends; the old one no longer works on the server.
      await waitFor(() => expect(localStorage.getItem('accessToken')).not.toBe(before));
      expect(jwtDecode<{ _id: string }>(String(localStorage.getItem('accessToken')))._id).toBe(user._id);
      user.password = next;
    },
  },
  'logout.request': {
    exec: async (w) => {
      await app(w).user.click(screen.getByRole('button', { name: 'Hisobdan chiqish' }));
    },
  },
  'logout.cancel': {
    exec: async (w) => {
      await app(w).user.click(screen.getByRole('button', { name: 'Bekor qilish' }));
    },
  },
  'auth.logout': {
    exec: async (w) => {
      const confirm = screen.queryByRole('button', { name: 'Ha, chiqish' });
      if (confirm) {
        await app(w).user.click(confirm);
      } else {
        // The profile screen's logout (spec 2.12) does not ask.
        await navigate(w, '/admin/profile');
        await app(w).user.click(await screen.findByRole('button', { name: 'Chiqish' }));
      }
      w.current = null;
      w.held = {};
      await waitFor(() => expect(app(w).location()).toBe('/'));
    },
  },
  'auth.unauthorized': {
    exec: async (w) => {
      const user = w.current!;
      // The server stops accepting the token (the user was deactivated); the next call answers 401.
      await setActive(w, user, false);
      const inFlight = w.held.loadProfile ? 'loadProfile' : w.held.loadMyRestaurants ? 'loadMyRestaurants' : null;
      if (inFlight) {
        take(w, inFlight).release();
      } else if (user.role === 'admin') {
        await navigate(w, app(w).location() === '/admin/managers' ? '/admin/restaurants' : '/admin/managers');
      } else {
        await navigate(w, `/viewRestaurant/${w.restaurantId}`);
      }
      await waitFor(() => expect(app(w).location()).toBe('/login'));
      await setActive(w, user, true);
      w.current = null;
      w.held = {};
    },
  },
} satisfies Record<PathEventType<AuthEvent, AuthInvoke>, UiFixture<World>>;

const loginForm = () => screen.getByRole('form', { name: 'Kirish' });

const checks = {
  'loggedOut.idle': async () => {
    await waitFor(() => expect(loginForm()).toBeVisible());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
  },
  'loggedOut.invalid': async () => {
    expect(await screen.findByText('Login kiritilishi shart')).toBeVisible();
    expect(screen.getByText('Parol kiritilishi shart')).toBeVisible();
  },
  'loggedOut.failed': async () => {
    expect(await screen.findByText('Login yoki parol xato')).toBeVisible();
    expect(localStorage.getItem('accessToken')).toBeNull();
  },
  'loggedOut.expired': async (w: World) => {
    expect(await screen.findByText('Token topilmadi! Iltimos, qayta tizimga kiring.')).toBeVisible();
    expect(app(w).location()).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('restaurantId')).toBeNull();
  },
  'loggedOut.submitting': async () => {
    const button = await screen.findByRole('button', { name: 'Kirilmoqda...' });
    expect(button).toBeDisabled();
  },
  'loggedIn.role.admin': async () => {
    expect(await screen.findByRole('navigation', { name: 'sidebar' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'bottom navigation' })).toBeNull();
    expect(jwtDecode<{ role: string }>(localStorage.getItem('accessToken')!).role).toBe('admin');
  },
  'loggedIn.role.manager': async () => {
    expect(await screen.findByRole('navigation', { name: 'bottom navigation' })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'sidebar' })).toBeNull();
    expect(jwtDecode<{ role: string }>(localStorage.getItem('accessToken')!).role).toBe('manager');
  },
  'loggedIn.session.loadingProfile': async () => {
    await waitFor(() => expect(screen.getByTestId('session-status')).toHaveAttribute('aria-busy', 'true'));
  },
  'loggedIn.session.loadingRestaurant': async () => {
    await waitFor(() => expect(screen.getByTestId('session-status')).toHaveAttribute('aria-busy', 'true'));
  },
  'loggedIn.session.failed': async () => {
    expect(await screen.findByText('Profilni yuklashda xatolik yuz berdi')).toBeVisible();
  },
  'loggedIn.session.ready': async (w: World) => {
    await waitFor(() => expect(screen.getByTestId('session-status')).toHaveTextContent(w.current!.login));
    if (w.current!.role === 'manager') expect(localStorage.getItem('restaurantId')).toBe(w.restaurantId);
  },
  'loggedIn.choice.idle': async (w: World) => {
    expect(w.held.saveWorkingRestaurant).toBeUndefined();
  },
  'loggedIn.choice.saving': async (w: World) => {
    // The new choice holds at once, in the header of every screen, while the server is still saving it.
    const name = w.restaurants.find((r) => r._id === w.restaurantId)!.name;
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Restoran:' })).toHaveDisplayValue(name));
    expect(localStorage.getItem('restaurantId')).toBe(w.restaurantId);
  },
  'loggedIn.session.confirmingLogout': async () => {
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Hisobdan chiqish')).toBeVisible();
    expect(within(dialog).getByText('Siz hisobingizdan chiqishni xohlaysizmi?')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Ha, chiqish' })).toBeVisible();
  },
};

let ui: UiHarness;
beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(() => ui.reset());

const paths = generatePaths(authModel);

describe('auth machine: generated paths on the rendered panel', () => {
  it('has paths to walk', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  paths.forEach((path, index) => {
    it(pathName(authModel, path, index), async () => {
      const admin = await createUser(ui.testApp.app, ui.db, 'admin');
      const manager = await createUser(ui.testApp.app, ui.db, 'manager');
      const restaurant = await createRestaurant(ui.db, { name: 'Birinchi', manager_id: manager._id });
      const other = await createRestaurant(ui.db, { name: 'Ikkinchi', manager_id: manager._id, createdAt: LATER });
      const world: World = {
        ui,
        admin,
        manager,
        restaurantId: restaurant._id,
        otherRestaurantId: other._id,
        restaurants: [
          { _id: restaurant._id, name: 'Birinchi' },
          { _id: other._id, name: 'Ikkinchi' },
        ],
        remembered: null,
        loginAs: 'admin',
        current: null,
        held: {},
      };
      await runPathOnScreen({
        model: authModel,
        path,
        fixtures: fixtures as Record<string, UiFixture<World>>,
        checks,
        world,
        start: (w) => {
          w.app = renderApp('/');
        },
        onInvoke: (w, id) => {
          const [method, route] = CALLS[id as AuthInvoke];
          w.held[id as AuthInvoke] = ui.net.hold(method, route);
        },
      });
    });
  });
});
