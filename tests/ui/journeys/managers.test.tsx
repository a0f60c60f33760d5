import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { createRestaurant, createUser, type TestUser } from '../../support/fixtures';
import { findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../../support/ui';
import { shownDialog } from '../support/shownDialog';

/** Hand-written journeys of the admin's managers screen and profile (spec 2.12). */

let ui: UiHarness;
let admin: TestUser;

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
});

const modal = () => within(shownDialog());
const userByLogin = async (login: string) => (await ui.db.select().from(users).where(eq(users.login, login)))[0];

describe('managers', () => {
  it('keeps deleting apart from deactivating: last in the row, alone in its cell, named, in red', async () => {
    const manager = await createUser(ui.testApp.app, ui.db, 'manager');
    renderApp('/admin/managers', { token: admin.token });
    const row = await screen.findByTestId(`manager-row-${manager.login}`, {}, { timeout: 10_000 });
    const buttons = within(row).getAllByRole('button');
    const remove = within(row).getByRole('button', { name: `O'chirish: ${manager.login}` });
    const deactivate = within(row).getByRole('button', { name: `O'chirib qo'yish: ${manager.login}` });
    const edit = within(row).getByRole('button', { name: `Tahrirlash: ${manager.login}` });
    // Read in order: deactivate, edit, then delete; a phone user sees each one's name, not only an icon.
    expect(buttons).toEqual([deactivate, edit, remove]);
    expect(remove).toHaveTextContent("O'chirish");
    expect(edit).toHaveTextContent('Tahrirlash');
    expect(remove).toHaveClass('btn-outline-danger');
    const removeCell = remove.closest('td')!;
    expect(within(removeCell).getAllByRole('button')).toEqual([remove]);
    expect(removeCell).not.toBe(deactivate.closest('td'));
    expect(removeCell).toBe(row.querySelector('td:last-child'));
  });

  it('creates a manager (password rule first), renames it, deactivates it, deletes it after Ha', async () => {
    const { user } = renderApp('/admin/managers', { token: admin.token });
    expect(await screen.findByText("Menedjerlar yo'q")).toBeVisible();
    await user.click(screen.getByRole('button', { name: "Menedjer qo'shish" }));
    await user.type(await modal().findByLabelText(/^Login/), 'yangi.menedjer');
    await user.type(modal().getByLabelText(/^Parol/), 'short');
    await user.click(modal().getByRole('button', { name: 'Saqlash' }));
    expect(modal().getByText("Parol kamida 8 belgidan iborat bo'lishi kerak")).toBeVisible();
    await user.type(modal().getByLabelText(/^Parol/), '-enough');
    await user.click(modal().getByRole('button', { name: 'Saqlash' }));
    await findToast("Menedjer qo'shildi");
    const row = within(await screen.findByTestId('manager-row-yangi.menedjer'));
    expect(row.getByText('Faol')).toBeVisible();
    expect(
      screen.getByTestId('manager-row-yangi.menedjer').querySelector('[data-label="Restoranlar"]'),
    ).toHaveTextContent('0');

    await user.click(row.getByRole('button', { name: 'Tahrirlash: yangi.menedjer' }));
    const login = await modal().findByLabelText(/^Login/);
    await user.clear(login);
    await user.type(login, 'nomi.ozgardi');
    await user.click(modal().getByRole('button', { name: 'Saqlash' }));
    await findToast('Menedjer tahrirlandi');
    expect(JSON.parse(ui.net.callsTo('PUT', /^\/admin\/managers\//).at(-1)!.body!)).toEqual({ login: 'nomi.ozgardi' });

    const renamed = within(await screen.findByTestId('manager-row-nomi.ozgardi'));
    await user.click(renamed.getByRole('button', { name: /O'chirib qo'yish/ }));
    await user.click(await modal().findByRole('button', { name: "O'chirib qo'yish" }));
    await waitFor(async () => expect((await userByLogin('nomi.ozgardi'))!.is_active).toBe(false));
    expect(await within(screen.getByTestId('manager-row-nomi.ozgardi')).findByText('Nofaol')).toBeVisible();

    await user.click(
      within(screen.getByTestId('manager-row-nomi.ozgardi')).getByRole('button', { name: "O'chirish: nomi.ozgardi" }),
    );
    await user.click(modal().getByRole('button', { name: 'Ha' }));
    await findToast("Menedjer o'chirildi");
    expect(await userByLogin('nomi.ozgardi')).toBeUndefined();
  });

  it("refuses to delete a manager who has restaurants, with the server's reason", async () => {
    const manager = await createUser(ui.testApp.app, ui.db, 'manager');
    await createRestaurant(ui.db, { manager_id: manager._id });
    const { user } = renderApp('/admin/managers', { token: admin.token });
    const row = within(await screen.findByTestId(`manager-row-${manager.login}`));
    expect(
      screen.getByTestId(`manager-row-${manager.login}`).querySelector('[data-label="Restoranlar"]'),
    ).toHaveTextContent('1');
    await user.click(row.getByRole('button', { name: `O'chirish: ${manager.login}` }));
    await user.click(modal().getByRole('button', { name: 'Ha' }));
    expect(await screen.findByText(/^O'chirishda xatolik yuz berdi! \S/, { selector: '.toast-body' })).toBeVisible();
    expect(await userByLogin(manager.login)).toBeDefined();
  });
});

describe('profile (spec 2.12)', () => {
  it('shows login, role and status; logout removes the token without asking', async () => {
    const app = renderApp('/admin/profile', { token: admin.token });
    expect(await screen.findByTestId('profile-login')).toHaveTextContent(admin.login);
    expect(screen.getByTestId('profile-role')).toHaveTextContent('Admin');
    expect(screen.getAllByText('Faol').length).toBeGreaterThan(0);
    await app.user.click(screen.getByRole('button', { name: 'Chiqish' }));
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it("a failed profile load says 'Profilni yuklashda xatolik yuz berdi' and retries", async () => {
    ui.net.fail('GET', '/auth/profile', 500);
    const { user } = renderApp('/admin/profile', { token: admin.token });
    const messages = await screen.findAllByText('Profilni yuklashda xatolik yuz berdi');
    expect(messages.length).toBeGreaterThan(0);
    await user.click(screen.getAllByRole('button', { name: 'Qayta urinish' })[0]!);
    expect(await screen.findByTestId('profile-login')).toHaveTextContent(admin.login);
  });
});
