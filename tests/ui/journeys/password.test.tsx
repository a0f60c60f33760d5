import { within } from '@testing-library/react';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRestaurant, createUser, type TestUser } from '../../support/fixtures';
import { findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../../support/ui';
import { shownDialog } from '../support/shownDialog';

/** 'Parolni o'zgartirish' from the admin's profile and the manager's screen, against the real server. */

let ui: UiHarness;
beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(() => ui.reset());

const dialog = () => within(shownDialog());
const NEW_PASSWORD = 'yangi-parol-2026';

async function fill(app: ReturnType<typeof renderApp>, values: { current: string; next: string; again: string }) {
  for (const [label, value] of [
    ['Joriy parol', values.current],
    ['Yangi parol', values.next],
    ['Yangi parolni takrorlang', values.again],
  ] as const) {
    const input = dialog().getByLabelText(new RegExp(`^${label}\\s*\\*?$`));
    await app.user.clear(input);
    if (value) await app.user.type(input, value);
  }
}

/** The user's token as the panel got it at login, a minute ago: a password change must end it. */
function loggedInEarlier(user: TestUser): string {
  const secret = ui.testApp.config.jwtSecret!;
  return createSigner({ key: secret, expiresIn: 3_600_000, clockTimestamp: Date.now() - 60_000 })({
    role: user.role,
    _id: user._id,
  });
}

const profileStatus = (token: string) =>
  ui.testApp.app.inject({ method: 'GET', url: '/auth/profile', headers: { authorization: `Bearer ${token}` } });

describe('changing one’s own password', () => {
  let admin: TestUser;
  beforeEach(async () => {
    admin = await createUser(ui.testApp.app, ui.db, 'admin');
  });

  it('checks the form first, shows the server’s refusal, then changes it and keeps the session', async () => {
    const earlier = loggedInEarlier(admin);
    const app = renderApp('/admin/profile', { token: earlier });
    await app.user.click(await screen.findByRole('button', { name: "Parolni o'zgartirish" }));
    expect(await screen.findByRole('heading', { name: "Parolni o'zgartirish" })).toBeVisible();

    await app.user.click(dialog().getByRole('button', { name: 'Saqlash' }));
    expect(dialog().getAllByText("Bu maydon to'ldirilishi shart")).toHaveLength(2);
    await fill(app, { current: admin.password, next: 'qisqa', again: 'qisqa' });
    await app.user.click(dialog().getByRole('button', { name: 'Saqlash' }));
    expect(dialog().getByText("Parol kamida 8 belgidan iborat bo'lishi kerak")).toBeVisible();
    await fill(app, { current: admin.password, next: NEW_PASSWORD, again: `${NEW_PASSWORD}!` });
    await app.user.click(dialog().getByRole('button', { name: 'Saqlash' }));
    expect(dialog().getByText('Parollar bir xil emas')).toBeVisible();
    expect(ui.net.callsTo('PUT', '/auth/password')).toHaveLength(0);

    await fill(app, { current: 'boshqa-parol', next: NEW_PASSWORD, again: NEW_PASSWORD });
    await app.user.click(dialog().getByRole('button', { name: 'Saqlash' }));
    expect(await dialog().findByText("Joriy parol noto'g'ri.")).toBeVisible();
    await findToast("Parolni o'zgartirib bo'lmadi");
    // Refused: the old password still works and the session goes on.
    expect((await profileStatus(earlier)).statusCode).toBe(200);

    await fill(app, { current: admin.password, next: NEW_PASSWORD, again: NEW_PASSWORD });
    await app.user.click(dialog().getByRole('button', { name: 'Saqlash' }));
    await findToast("Parol o'zgartirildi. Boshqa qurilmalardagi sessiyalar yopildi.");
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The login's token is over; the answer's is stored and the panel goes on working with it.
    expect((await profileStatus(earlier)).statusCode).toBe(401);
    const stored = localStorage.getItem('accessToken')!;
    expect((await profileStatus(stored)).statusCode).toBe(200);
    await app.user.click(screen.getByRole('link', { name: 'Restoranlar' }));
    expect(await screen.findByRole('heading', { name: 'Restoranlar' })).toBeVisible();
    expect(app.location()).toBe('/admin/restaurants');
    const login = await ui.testApp.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { login: admin.login, password: NEW_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('is on the manager screen too', async () => {
    const manager = await createUser(ui.testApp.app, ui.db, 'manager');
    const restaurant = await createRestaurant(ui.db, { manager_id: manager._id });
    const earlier = loggedInEarlier(manager);
    const app = renderApp('/manager', { token: earlier, storage: { restaurantId: restaurant._id } });
    await app.user.click(await screen.findByRole('button', { name: "Parolni o'zgartirish" }));
    await fill(app, { current: manager.password, next: NEW_PASSWORD, again: NEW_PASSWORD });
    await app.user.click(dialog().getByRole('button', { name: 'Saqlash' }));
    await findToast("Parol o'zgartirildi. Boshqa qurilmalardagi sessiyalar yopildi.");
    expect((await profileStatus(earlier)).statusCode).toBe(401);
    expect((await profileStatus(localStorage.getItem('accessToken')!)).statusCode).toBe(200);
    expect(localStorage.getItem('restaurantId')).toBe(restaurant._id);
    expect(screen.getByTestId(`manager-restaurant-${restaurant.slug}`)).toBeVisible();
  });
});
