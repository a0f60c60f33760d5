import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../support/fixtures';
import { expectPath, renderApp, screen, startUi, type UiHarness } from '../support/ui';

let ui: UiHarness;
beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(() => ui.reset());

describe('login screen (spec 2.3) against the real server', () => {
  it('refuses empty fields without calling the server', async () => {
    const { user } = renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Kirish' }));
    expect(await screen.findByText('Login kiritilishi shart')).toBeVisible();
    expect(screen.getByText('Parol kiritilishi shart')).toBeVisible();
    expect(ui.net.callsTo('POST', '/auth/login')).toHaveLength(0);
  });

  it("shows 'Login yoki parol xato' for a wrong password and stores no token", async () => {
    const admin = await createUser(ui.testApp.app, ui.db, 'admin');
    const { user } = renderApp('/login');
    await user.type(screen.getByLabelText('Login'), admin.login);
    await user.type(screen.getByLabelText('Parol'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Kirish' }));
    expect(await screen.findByText('Login yoki parol xato')).toBeVisible();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(ui.net.callsTo('POST', '/auth/login')).toHaveLength(1);
  });

  it('logs an admin in: token stored, lands on /admin/restaurants', async () => {
    const admin = await createUser(ui.testApp.app, ui.db, 'admin');
    const app = renderApp('/');
    await app.user.type(screen.getByLabelText('Login'), admin.login);
    await app.user.type(screen.getByLabelText('Parol'), admin.password);
    await app.user.click(screen.getByRole('button', { name: 'Kirish' }));
    await expectPath(app, '/admin/restaurants');
    expect(localStorage.getItem('accessToken')).toMatch(/^ey/);
    expect(await screen.findByRole('heading', { name: 'Restoranlar' })).toBeVisible();
  });
});
