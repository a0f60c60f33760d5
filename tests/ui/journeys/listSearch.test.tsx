import { within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRestaurant, createUser, type TestUser } from '../../support/fixtures';
import { renderApp, screen, startUi, type UiHarness, waitFor } from '../../support/ui';

/**
 * The admin's restaurant and manager lists page, search and filter on the server. Against the real
 * server: what the admin sees for a search, a filter and a page, and that an older, slower answer never replaces
 * a newer one.
 */

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

const restaurantRows = () => screen.queryAllByTestId(/^restaurant-row-/);
const rowNames = () => restaurantRows().map((row) => row.querySelector('[data-label="Nomi"]')!.textContent);
const range = () => screen.getByTestId('list-range');
const restaurantSearch = () => screen.getByRole('searchbox', { name: 'Qidirish: nomi, slug yoki telefon' });
/** The list's calls so far (the network records the path without the query). */
const restaurantLoads = () => ui.net.callsTo('GET', '/admin/restaurants').length;

/** 12 restaurants: Bog' 1…12 (bog-1…), the 3rd Nofaol, the 5th from the POS, one phone number of its own. */
async function seedRestaurants() {
  const manager = await createUser(ui.testApp.app, ui.db, 'manager');
  for (let i = 1; i <= 12; i++) {
    await createRestaurant(ui.db, {
      name: `Bog' ${i}`,
      slug: `bog-${i}`,
      manager_id: manager._id,
      is_active: i !== 3,
      type: i === 5 ? 'integration' : 'manual',
      phone_number: i === 7 ? '+998 97 765 43 21' : '+998 90 123 45 67',
    });
  }
}

describe('restaurant list: search, filters, pages', () => {
  it('finds one restaurant by slug among the pages with one call for the whole word', async () => {
    await seedRestaurants();
    const { user } = renderApp('/admin/restaurants', { token: admin.token });
    await waitFor(() => expect(restaurantRows()).toHaveLength(10));
    expect(range()).toHaveTextContent('1–10 / jami 12');
    const before = restaurantLoads();
    await user.type(restaurantSearch(), 'bog-11');
    await waitFor(() => expect(rowNames()).toEqual(["Bog' 11"]));
    expect(range()).toHaveTextContent('1–1 / jami 1');
    // Six keys, one pause: one call.
    expect(restaurantLoads()).toBe(before + 1);
    // Counters stay those of every restaurant.
    expect(screen.getByTestId('counter-Jami')).toHaveTextContent('12');

    // The phone's digits find it too, whatever the spaces.
    await user.clear(restaurantSearch());
    await user.type(restaurantSearch(), '97 765');
    await waitFor(() => expect(rowNames()).toEqual(["Bog' 7"]));

    await user.type(restaurantSearch(), '99');
    expect(await screen.findByText('Hech narsa topilmadi')).toBeVisible();
    expect(restaurantRows()).toHaveLength(0);
    expect(screen.queryByText("Restoranlar yo'q")).toBeNull();
  });

  it('Holati and Turi narrow the list at once and start again at page 1', async () => {
    await seedRestaurants();
    const { user } = renderApp('/admin/restaurants', { token: admin.token });
    await waitFor(() => expect(restaurantRows()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: /Keyingi/ }));
    await waitFor(() => expect(range()).toHaveTextContent('11–12 / jami 12'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Holati' }), 'Nofaol');
    await waitFor(() => expect(rowNames()).toEqual(["Bog' 3"]));
    expect(range()).toHaveTextContent('1–1 / jami 1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Holati' }), 'Hammasi');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Turi' }), 'Integratsiya');
    await waitFor(() => expect(rowNames()).toEqual(["Bog' 5"]));
    expect(within(restaurantRows()[0]!).getByText('Integratsiya')).toBeVisible();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Turi' }), 'Oddiy');
    await waitFor(() => expect(range()).toHaveTextContent('1–10 / jami 11'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Holati' }), 'Faol');
    await waitFor(() => expect(range()).toHaveTextContent('1–10 / jami 10'));
    expect(screen.getByRole('button', { name: /Keyingi/ })).toBeDisabled();
  });

  it('a slower older answer never replaces a newer one', async () => {
    await seedRestaurants();
    const { user } = renderApp('/admin/restaurants', { token: admin.token });
    await waitFor(() => expect(restaurantRows()).toHaveLength(10));
    // The search's call is held (slow); the filter chosen meanwhile answers first.
    const slow = ui.net.hold('GET', '/admin/restaurants');
    await user.type(restaurantSearch(), 'bog-1');
    await slow.arrived;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Holati' }), 'Nofaol');
    await waitFor(() => expect(rowNames()).toEqual([]));
    expect(await screen.findByText('Hech narsa topilmadi')).toBeVisible();
    // The older answer (bog-1, bog-10, bog-11, bog-12, all shown) arrives late and changes nothing.
    slow.release();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(restaurantRows()).toHaveLength(0);
    expect(screen.getByText('Hech narsa topilmadi')).toBeVisible();
  });

  it('a failed page keeps the rows on screen with the error; Qayta urinish asks again', async () => {
    await seedRestaurants();
    const { user } = renderApp('/admin/restaurants', { token: admin.token });
    await waitFor(() => expect(restaurantRows()).toHaveLength(10));
    ui.net.fail('GET', '/admin/restaurants', 500);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Holati' }), 'Faol');
    expect(await screen.findByText("Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.")).toBeVisible();
    expect(restaurantRows()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Qayta urinish' }));
    await waitFor(() => expect(range()).toHaveTextContent('1–10 / jami 11'));
    expect(screen.queryByText("Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.")).toBeNull();
  });
});

describe('managers list: search, filter, pages', () => {
  it('pages, finds a login, filters Nofaol', async () => {
    for (let i = 1; i <= 12; i++) {
      await createUser(ui.testApp.app, ui.db, 'manager', {
        login: `oshpaz${String(i).padStart(2, '0')}`,
        is_active: i !== 4,
      });
    }
    const { user } = renderApp('/admin/managers', { token: admin.token });
    const logins = () => screen.queryAllByTestId(/^manager-row-/).map((row) => row.dataset.testid!.slice(12));
    await waitFor(() => expect(logins()).toHaveLength(10));
    expect(range()).toHaveTextContent('1–10 / jami 12');
    await user.click(screen.getByRole('button', { name: /Keyingi/ }));
    await waitFor(() => expect(logins()).toEqual(['oshpaz11', 'oshpaz12']));
    // Numbered among all managers.
    expect(screen.getByTestId('manager-row-oshpaz11').querySelector('.cell-index')).toHaveTextContent('11');

    await user.type(screen.getByRole('searchbox', { name: 'Qidirish: login' }), 'OSHPAZ0');
    await waitFor(() => expect(range()).toHaveTextContent('1–9 / jami 9'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Holati' }), 'Nofaol');
    await waitFor(() => expect(logins()).toEqual(['oshpaz04']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Holati' }), 'Faol');
    await waitFor(() => expect(range()).toHaveTextContent('1–8 / jami 8'));
    await user.clear(screen.getByRole('searchbox', { name: 'Qidirish: login' }));
    await user.type(screen.getByRole('searchbox', { name: 'Qidirish: login' }), 'hech kim');
    expect(await screen.findByText('Hech narsa topilmadi')).toBeVisible();
    expect(screen.queryByText("Menedjerlar yo'q")).toBeNull();
  });
});
