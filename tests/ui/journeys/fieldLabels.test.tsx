import { within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRestaurant, createUser, type TestUser } from '../../support/fixtures';
import { findToast, renderApp, screen, startUi, type UiHarness } from '../../support/ui';

/**
 * A refused save keeps the spec's toast, and the dialog says which field in the words of the form
 * ("Nomi"), never the API's key ("name").
 */

let ui: UiHarness;
let manager: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
});

const tooLong = 'R'.repeat(121);

describe('field errors from the server name the field by its label', () => {
  it("the manager's Update Restaurant: the spec's English toast, and the server's reason with Nomi", async () => {
    await createRestaurant(ui.db, { slug: 'rayhon', manager_id: manager._id });
    const { user } = renderApp('/manager', { token: manager.token });
    const card = within(await screen.findByTestId('manager-restaurant-rayhon'));
    await user.click(card.getByRole('button', { name: "O'zgartirish" }));
    const modal = within(await screen.findByRole('dialog'));
    const name = modal.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, tooLong);
    await user.click(modal.getByRole('button', { name: 'Update' }));
    await findToast('Failed to update restaurant.');
    const reason = await modal.findByRole('alert');
    expect(reason).toHaveTextContent(/^"Nomi" maydoni noto'g'ri: /);
    expect(document.body).not.toHaveTextContent('"name"');
  });

  it("the admin's restaurant form and manager form do the same", async () => {
    const restaurant = await createRestaurant(ui.db, { slug: 'bahor', manager_id: manager._id });
    const app = renderApp(`/admin/viewRestaurant/${restaurant._id}/bahor`, { token: admin.token });
    await app.user.click(await screen.findByRole('button', { name: /Tahrirlash/ }, { timeout: 5000 }));
    const form = within(await screen.findByRole('dialog'));
    const address = await form.findByLabelText(/^Manzil/);
    await app.user.clear(address);
    await app.user.type(address, 'M'.repeat(301));
    await app.user.click(form.getByRole('button', { name: 'Saqlash' }));
    await findToast('Tahrirlashda xatolik yuz berdi!');
    expect(await form.findByRole('alert')).toHaveTextContent(/^"Manzil" maydoni noto'g'ri: /);
    app.unmount();

    const managers = renderApp('/admin/managers', { token: admin.token });
    await managers.user.click(await screen.findByRole('button', { name: `Tahrirlash: ${manager.login}` }));
    const dialog = within(await screen.findByRole('dialog'));
    const login = await dialog.findByLabelText(/^Login/);
    await managers.user.clear(login);
    await managers.user.type(login, 'l'.repeat(80));
    await managers.user.click(dialog.getByRole('button', { name: 'Saqlash' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(/^"Login" maydoni noto'g'ri: /);
    expect(document.body).not.toHaveTextContent('"login"');
  });
});
