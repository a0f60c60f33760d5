import { within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bottomTabFor } from '../../../src/app/paths';
import { createRestaurant, createUser } from '../../support/fixtures';
import { expectPath, renderApp, screen, startUi, type UiHarness, waitFor } from '../../support/ui';
import { fakeToken } from '../models/tokens';

/** Spec 2.1 / 2.2 / 2.13: routes, redirects, start-up token handling and the bottom navigation's highlight. */

let ui: UiHarness;
beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(() => ui.reset());

describe('routes and redirects', () => {
  it('/ shows the login screen without a token', async () => {
    const app = renderApp('/');
    expect(await screen.findByRole('form', { name: 'Kirish' })).toBeVisible();
    expect(app.location()).toBe('/');
  });

  it('/ with an admin token goes /home → /admin → /admin/restaurants, inside the sidebar shell', async () => {
    const admin = await createUser(ui.testApp.app, ui.db, 'admin');
    const app = renderApp('/', { token: admin.token });
    await expectPath(app, '/admin/restaurants');
    const sidebar = screen.getByRole('navigation', { name: 'sidebar' });
    expect(within(sidebar).getByRole('link', { name: 'Restoranlar' })).toHaveAttribute('href', '/admin/restaurants');
    expect(within(sidebar).getByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/admin/profile');
    expect(screen.queryByRole('navigation', { name: 'bottom navigation' })).toBeNull();
  });

  it('a manager typing /admin (or any /admin/…) is sent to /manager', async () => {
    const manager = await createUser(ui.testApp.app, ui.db, 'manager');
    await createRestaurant(ui.db, { name: 'Menedjer Oshxonasi', manager_id: manager._id });
    const app = renderApp('/admin/restaurants', { token: manager.token });
    await expectPath(app, '/manager');
    expect(await screen.findByText('Menedjer Oshxonasi')).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'bottom navigation' })).toBeVisible();
  });

  it('/home sends a manager to /manager; /getManagerRestaurant is the same screen', async () => {
    const manager = await createUser(ui.testApp.app, ui.db, 'manager');
    await createRestaurant(ui.db, { name: 'Bahor', manager_id: manager._id });
    const home = renderApp('/home', { token: manager.token });
    await expectPath(home, '/manager');
    home.unmount();
    const other = renderApp('/getManagerRestaurant', { token: manager.token });
    expect(await screen.findByText('Bahor')).toBeVisible();
    expect(other.location()).toBe('/getManagerRestaurant');
  });

  it('an admin is not let into /manager (sent to /, which sends a token-holder home); nobody without one into /admin', async () => {
    const admin = await createUser(ui.testApp.app, ui.db, 'admin');
    const asAdmin = renderApp('/manager', { token: admin.token });
    await expectPath(asAdmin, '/admin/restaurants');
    asAdmin.unmount();
    localStorage.clear();
    const anonymous = renderApp('/admin/profile');
    await expectPath(anonymous, '/');
    expect(await screen.findByRole('form', { name: 'Kirish' })).toBeVisible();
  });

  it('an unknown path shows the 404 page with a link back to /admin', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Sahifa topilmadi' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Bosh sahifaga qaytish' })).toHaveAttribute('href', '/admin');
  });

  it('an unknown /admin path shows the 404 page inside the admin shell', async () => {
    const admin = await createUser(ui.testApp.app, ui.db, 'admin');
    renderApp('/admin/nothing-here', { token: admin.token });
    expect(await screen.findByRole('heading', { name: 'Sahifa topilmadi' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'sidebar' })).toBeInTheDocument();
  });

  it('paths match without case, as the bottom navigation links them (/ADMIN/Restaurants)', async () => {
    const admin = await createUser(ui.testApp.app, ui.db, 'admin');
    renderApp('/ADMIN/Restaurants', { token: admin.token });
    expect(await screen.findByRole('heading', { name: 'Restoranlar' })).toBeVisible();
  });
});

describe('start-up token (spec 2.1)', () => {
  it('an expired token is removed and the user lands on /', async () => {
    const admin = await createUser(ui.testApp.app, ui.db, 'admin');
    const expired = fakeToken({ role: 'admin', _id: admin._id, exp: Math.floor(Date.now() / 1000) - 60 });
    const app = renderApp('/admin/restaurants', { token: expired });
    await expectPath(app, '/');
    await waitFor(() => expect(localStorage.getItem('accessToken')).toBeNull());
    expect(ui.net.calls.filter((call) => call.authorization === `Bearer ${expired}`)).toHaveLength(0);
  });

  it('a malformed token is removed and no call is made', async () => {
    const app = renderApp('/home', { token: 'garbage' });
    await expectPath(app, '/');
    await waitFor(() => expect(localStorage.getItem('accessToken')).toBeNull());
    expect(ui.net.calls.filter((call) => call.authorization === 'Bearer garbage')).toHaveLength(0);
  });

  it('a token the server no longer accepts (user deactivated) ends at /login with the spec message', async () => {
    const admin = await createUser(ui.testApp.app, ui.db, 'admin', { is_active: false });
    const app = renderApp('/admin/restaurants', { token: admin.token });
    await expectPath(app, '/login');
    expect(await screen.findByText('Token topilmadi! Iltimos, qayta tizimga kiring.')).toBeVisible();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});

describe('manager bottom navigation (spec 2.13)', () => {
  it('links Asosiy → /admin, Menyu → /productStopList, Kategoriyalar → /managerCategoryList; Asosiy is lit on /manager', async () => {
    const manager = await createUser(ui.testApp.app, ui.db, 'manager');
    renderApp('/manager', { token: manager.token, storage: { restaurantId: 'known' } });
    const nav = await screen.findByRole('navigation', { name: 'bottom navigation' });
    expect(within(nav).getByRole('link', { name: 'Asosiy' })).toHaveAttribute('href', '/admin');
    expect(within(nav).getByRole('link', { name: 'Menyu' })).toHaveAttribute('href', '/productStopList');
    expect(within(nav).getByRole('link', { name: 'Kategoriyalar' })).toHaveAttribute('href', '/managerCategoryList');
    expect(within(nav).getByRole('link', { name: 'Asosiy' })).toHaveAttribute('aria-current', 'page');
  });

  it('lights Kategoriyalar on every path of the category area', () => {
    for (const path of [
      '/managerCategoryList',
      '/ManagerProductTable/c1',
      '/ManagerProductOptionRow/p1',
      '/product-detail/p1/c1',
      '/product-option/p1',
      '/product-option',
      '/product-option-row/o1',
    ]) {
      expect(bottomTabFor(path), path).toBe('categories');
    }
    expect(bottomTabFor('/productStopList')).toBe('menu');
    expect(bottomTabFor('/ProductStopList')).toBe('menu');
    expect(bottomTabFor('/manager')).toBe('home');
    expect(bottomTabFor('/viewRestaurant/r1')).toBe('home');
  });
});
