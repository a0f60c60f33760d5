import { within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRestaurant, createUser, type TestUser } from '../../support/fixtures';
import { expectPath, renderApp, screen, startUi, type UiHarness } from '../../support/ui';

/**
 * The manager's restaurant card leads to the public menu, the QR codes and the printable table card, and
 * every link it offers opens (the server answers it, for anyone); a Nofaol restaurant gets a sentence instead.
 */

let ui: UiHarness;
let manager: TestUser;

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
});

/** What a phone gets for a URL the panel links to: no token (a new tab of the public menu, a print shop). */
const statusOf = async (url: string) => (await ui.testApp.app.inject({ method: 'GET', url })).statusCode;

describe("the manager's restaurant card", () => {
  it('opens the public menu in a new tab and leads to the QR codes and the table card, all of which open', async () => {
    const restaurant = await createRestaurant(ui.db, { name: 'Rayhon', slug: 'rayhon', manager_id: manager._id });
    const app = renderApp('/manager', { token: manager.token });
    const card = within(await screen.findByTestId('manager-restaurant-rayhon'));
    const menu = card.getByRole('link', { name: 'Menyuni ochish' });
    expect(menu).toHaveAttribute('href', '/menu?slug=rayhon');
    expect(menu).toHaveAttribute('target', '_blank');
    expect(await statusOf('/menu?slug=rayhon')).toBe(200);
    expect(card.queryByTestId('restaurant-inactive')).toBeNull();

    await app.user.click(card.getByRole('link', { name: 'QR-kod va stol kartasi' }));
    await expectPath(app, `/viewRestaurant/${restaurant._id}`);
    const panel = within(await screen.findByTestId('qr-panel'));
    // react-bootstrap's link buttons have the button role.
    const print = panel.getByRole('button', { name: 'Stol kartasini chop etish' });
    expect(print).toHaveAttribute('href', '/menu/card?slug=rayhon');
    expect(await statusOf('/menu/card?slug=rayhon')).toBe(200);
    for (const download of [
      panel.getByRole('button', { name: 'SVG yuklab olish' }),
      panel.getByRole('button', { name: 'PNG yuklab olish' }),
    ])
      expect(await statusOf(download.getAttribute('href')!)).toBe(200);
  });

  it('a Nofaol restaurant: no menu, QR or card links, a sentence saying why, on the card and on the QR page', async () => {
    const restaurant = await createRestaurant(ui.db, {
      name: 'Bahor',
      slug: 'bahor',
      manager_id: manager._id,
      is_active: false,
    });
    // The reason: the public menu and the table card of an inactive restaurant answer 404.
    expect(await statusOf('/menu?slug=bahor')).toBe(404);
    expect(await statusOf('/menu/card?slug=bahor')).toBe(404);

    const app = renderApp('/manager', { token: manager.token });
    const card = within(await screen.findByTestId('manager-restaurant-bahor'));
    expect(card.getByText('Nofaol')).toBeVisible();
    expect(card.getByTestId('restaurant-inactive')).toHaveTextContent(
      'Restoran nofaol: menyusi mijozlarga ochilmaydi, shuning uchun menyu havolasi, QR-kod va stol kartasi berilmaydi.',
    );
    expect(card.queryByRole('link', { name: 'Menyuni ochish' })).toBeNull();
    expect(card.queryByRole('link', { name: 'QR-kod va stol kartasi' })).toBeNull();
    // The edit button stays: the card is still the manager's.
    expect(card.getByRole('button', { name: "O'zgartirish" })).toBeEnabled();
    app.unmount();

    // Reached by its address, the QR page says the same and offers nothing to print.
    renderApp(`/viewRestaurant/${restaurant._id}`, { token: manager.token });
    const panel = within(await screen.findByTestId('qr-panel'));
    expect(panel.getByText(/Restoran nofaol: menyusi mijozlarga ochilmaydi/)).toBeVisible();
    expect(panel.queryByRole('link')).toBeNull();
    expect(panel.queryByRole('button')).toBeNull();
    expect(panel.queryByRole('img')).toBeNull();
  });
});
