import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restaurants } from '../../../server/db/schema';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../../support/fixtures';
import { expectPath, findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../../support/ui';
import { shownDialog } from '../support/shownDialog';

/** Hand-written manager journeys (spec 2.7): log in, the cards, the Update Restaurant modal, log out. */

let ui: UiHarness;
let manager: TestUser;
let restaurantId: string;

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  const r = await createRestaurant(ui.db, {
    name: 'Rayhon',
    slug: 'rayhon',
    address: "Amir Temur ko'chasi 15",
    phone_number: '+998 71 200 10 10',
    work_time: '09:00 - 23:00',
    manager_id: manager._id,
  });
  restaurantId = r._id;
});

const modal = () => within(shownDialog());
const HINT = "Kategoriyalar va Menyu bo'limi tanlangan restoran uchun ishlaydi.";

describe('manager journeys', () => {
  it('logs in, lands on the manager screen with the restaurantId stored, edits the name only, logs out', async () => {
    const app = renderApp('/login');
    await app.user.type(screen.getByLabelText('Login'), manager.login);
    await app.user.type(screen.getByLabelText('Parol'), manager.password);
    await app.user.click(screen.getByRole('button', { name: 'Kirish' }));
    await expectPath(app, '/manager');
    const card = within(await screen.findByTestId('manager-restaurant-rayhon'));
    expect(card.getByText("Amir Temur ko'chasi 15")).toBeVisible();
    expect(card.getByText('+998 71 200 10 10')).toBeVisible();
    expect(card.getByText('09:00 - 23:00')).toBeVisible();
    await waitFor(() => expect(localStorage.getItem('restaurantId')).toBe(restaurantId));
    // One restaurant: nothing to choose, the card is exactly spec 2.7's.
    expect(screen.queryByText(HINT)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Shu restoranni tanlash' })).toBeNull();

    await app.user.click(card.getByRole('button', { name: "O'zgartirish" }));
    expect(await screen.findByRole('heading', { name: 'Update Restaurant' })).toBeVisible();
    for (const label of ['Name', 'Address', 'Phone Number', 'Work Time'])
      expect(modal().getByLabelText(label)).toBeVisible();
    expect(modal().getByRole('button', { name: 'Cancel' })).toBeVisible();
    await app.user.clear(modal().getByLabelText('Name'));
    await app.user.type(modal().getByLabelText('Name'), 'Rayhon Milliy');
    await app.user.click(modal().getByRole('button', { name: 'Update' }));
    await findToast('Restaurant updated successfully!');
    expect(JSON.parse(ui.net.callsTo('PUT', '/manager/restaurants/update').at(-1)!.body!)).toEqual({
      name: 'Rayhon Milliy',
    });
    expect(await screen.findByRole('heading', { name: 'Rayhon Milliy' })).toBeVisible();

    await app.user.click(screen.getByRole('button', { name: 'Hisobdan chiqish' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText('Siz hisobingizdan chiqishni xohlaysizmi?')).toBeVisible();
    await app.user.click(confirm.getByRole('button', { name: 'Bekor qilish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await app.user.click(screen.getByRole('button', { name: 'Hisobdan chiqish' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ha, chiqish' }));
    await expectPath(app, '/');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('restaurantId')).toBeNull();
    expect(screen.getByRole('form', { name: 'Kirish' })).toBeVisible();
  });

  it("a refused update says 'Failed to update restaurant.' and keeps the modal open", async () => {
    const app = renderApp('/manager', { token: manager.token, storage: { restaurantId } });
    await app.user.click(await screen.findByRole('button', { name: "O'zgartirish" }));
    await app.user.clear(await modal().findByLabelText('Address'));
    await app.user.type(modal().getByLabelText('Address'), 'Yangi manzil');
    // The restaurant goes away meanwhile: the server answers 404.
    await ui.db.delete(restaurants).where(eq(restaurants._id, restaurantId));
    await app.user.click(modal().getByRole('button', { name: 'Update' }));
    await findToast('Failed to update restaurant.');
    expect(modal().getByRole('alert')).toHaveTextContent('Restoran topilmadi.');
  });

  it("with the token gone, an update says 'Token topilmadi! Iltimos, qayta tizimga kiring.' and logs out", async () => {
    const app = renderApp('/manager', { token: manager.token, storage: { restaurantId } });
    await app.user.click(await screen.findByRole('button', { name: "O'zgartirish" }));
    await app.user.type(await modal().findByLabelText('Work Time'), '!');
    localStorage.removeItem('accessToken');
    await app.user.click(modal().getByRole('button', { name: 'Update' }));
    await expectPath(app, '/login');
    expect(await screen.findByText('Token topilmadi! Iltimos, qayta tizimga kiring.')).toBeVisible();
    expect(ui.net.callsTo('PUT', '/manager/restaurants/update')).toHaveLength(0);
  });

  it('/viewRestaurant/{id} finds the restaurant by id; its categories button opens its /managerCategoryList', async () => {
    renderApp(`/viewRestaurant/${restaurantId}`, { token: manager.token, storage: { restaurantId } });
    expect(await screen.findByRole('heading', { name: 'Rayhon' })).toBeVisible();
    expect(screen.queryByRole('button', { name: "O'chirish" })).toBeNull();
    const view = within(document.querySelector<HTMLElement>('.restaurant-view')!);
    expect(view.getByRole('link', { name: /Kategoriyalar/ })).toHaveAttribute(
      'href',
      `/managerCategoryList?restaurant=${restaurantId}`,
    );
    expect(screen.getByRole('navigation', { name: 'bottom navigation' })).toBeVisible();
  });

  it('a manager with two restaurants chooses the one the Kategoriyalar and Menyu tabs work on', async () => {
    const bahor = await createRestaurant(ui.db, {
      name: 'Bahor',
      slug: 'bahor',
      manager_id: manager._id,
      createdAt: '2100-01-01T00:00:00.000Z',
    });
    await createCategory(ui.db, restaurantId, { title: 'Milliy taomlar' });
    const grill = await createCategory(ui.db, bahor._id, { title: 'Kaboblar' });
    await createProduct(ui.db, grill._id, { name: "Qo'y kabob" });
    const app = renderApp('/manager', { token: manager.token, storage: { restaurantId } });

    expect(await screen.findByText(HINT)).toBeVisible();
    const rayhonCard = within(await screen.findByTestId('manager-restaurant-rayhon'));
    const bahorCard = within(await screen.findByTestId('manager-restaurant-bahor'));
    expect(rayhonCard.getByText('Tanlangan restoran')).toBeVisible();
    expect(rayhonCard.queryByRole('button', { name: 'Shu restoranni tanlash' })).toBeNull();
    await app.user.click(bahorCard.getByRole('button', { name: 'Shu restoranni tanlash' }));
    expect(await bahorCard.findByText('Tanlangan restoran')).toBeVisible();
    expect(rayhonCard.getByRole('button', { name: 'Shu restoranni tanlash' })).toBeVisible();
    expect(localStorage.getItem('restaurantId')).toBe(bahor._id);

    await app.user.click(screen.getByRole('link', { name: 'Kategoriyalar' }));
    expect(await screen.findByText('Kaboblar')).toBeVisible();
    expect(screen.queryByText('Milliy taomlar')).toBeNull();
    // Which restaurant this is, said under the title: a change during service never lands on the wrong one.
    expect(screen.getByRole('combobox', { name: 'Restoran:' })).toHaveDisplayValue('Bahor');
    await app.user.click(screen.getByRole('link', { name: 'Menyu' }));
    expect(await screen.findByText("Qo'y kabob")).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Restoran:' })).toHaveDisplayValue('Bahor');

    // Renamed on the manager screen: the other screens say the new name.
    await app.user.click(screen.getByRole('link', { name: 'Asosiy' }));
    const renamed = within(await screen.findByTestId('manager-restaurant-bahor'));
    await app.user.click(renamed.getByRole('button', { name: "O'zgartirish" }));
    await app.user.clear(await modal().findByLabelText('Name'));
    await app.user.type(modal().getByLabelText('Name'), 'Bahor Choyxona');
    await app.user.click(modal().getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('heading', { name: 'Bahor Choyxona' })).toBeVisible();
    await app.user.click(screen.getByRole('link', { name: 'Kategoriyalar' }));
    expect(await screen.findByText('Kaboblar')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Restoran:' })).toHaveDisplayValue('Bahor Choyxona');
  });

  it("a stored restaurant that was given to another manager is replaced by the manager's own on the next visit", async () => {
    const someoneElse = await createUser(ui.testApp.app, ui.db, 'manager');
    const given = await createRestaurant(ui.db, { name: 'Bahor', manager_id: someoneElse._id });
    await createCategory(ui.db, given._id, { title: 'Begona kategoriya' });
    const own = await createCategory(ui.db, restaurantId, { title: 'Milliy taomlar' });
    await createProduct(ui.db, own._id, { name: 'Toshkent oshi' });
    const app = renderApp('/managerCategoryList', { token: manager.token, storage: { restaurantId: given._id } });
    expect(await screen.findByText('Milliy taomlar')).toBeVisible();
    expect(screen.queryByText('Begona kategoriya')).toBeNull();
    expect(localStorage.getItem('restaurantId')).toBe(restaurantId);
    await app.user.click(screen.getByRole('link', { name: 'Menyu' }));
    expect(await screen.findByText('Toshkent oshi')).toBeVisible();
    // The header names the restaurant worked on; with one, it is not a switch.
    expect(screen.getByTestId('working-restaurant')).toHaveTextContent('Restoran: Rayhon');
    expect(screen.queryByRole('combobox', { name: 'Restoran:' })).toBeNull();
  });
});
