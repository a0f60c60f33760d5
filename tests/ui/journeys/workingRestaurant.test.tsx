import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uzOrdering } from '../../../lib/uz-ordering';
import { restaurants, restaurantTables } from '../../../server/db/schema';
import {
  createCategory,
  createOption,
  createProduct,
  createRestaurant,
  createUser,
  type TestUser,
} from '../../support/fixtures';
import {
  expectPath,
  findToast,
  type RenderedApp,
  renderApp,
  screen,
  startUi,
  type UiHarness,
  waitFor,
} from '../../support/ui';

/**
 * A manager with two restaurants: the one they work on is named in the shell's header on every screen and switched
 * there; the choice is remembered by the server for the next login, on any device. The tables and the orders are
 * one tap away: the home cards and the bottom bar.
 */

// The orders tab's live stream (jsdom has no EventSource).

let ui: UiHarness;
let manager: TestUser;
let rayhonId: string;
let bahorId: string;

/** The first render loads the screen's code and its data: more than the default second on a busy machine. */
const FIRST = { timeout: 10_000 };
const LATER = '2100-01-01T00:00:00.000Z';

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  rayhonId = (await createRestaurant(ui.db, { name: 'Rayhon', slug: 'rayhon', manager_id: manager._id }))._id;
  bahorId = (
    await createRestaurant(ui.db, {
      name: 'Bahor',
      slug: 'bahor',
      manager_id: manager._id,
      ordering_enabled: true,
      createdAt: LATER,
    })
  )._id;
  await createCategory(ui.db, rayhonId, { title: 'Milliy taomlar' });
  await createCategory(ui.db, bahorId, { title: 'Kaboblar' });
});

const header = () => screen.getByTestId('working-restaurant');
/** The header's switch (a manager with several restaurants): the phone's own picker, named by its label. */
const restaurantSwitch = () => within(header()).getByRole('combobox', { name: 'Restoran:' });
/** The restaurant the header names: the switch's choice, or the one name of a single restaurant. */
const working = () => {
  const select = within(header()).queryByRole('combobox') as HTMLSelectElement | null;
  return select ? select.selectedOptions[0]?.textContent : header().querySelector('strong')?.textContent;
};

async function logIn(app: RenderedApp) {
  await app.user.type(await screen.findByLabelText('Login', {}, FIRST), manager.login);
  await app.user.type(screen.getByLabelText('Parol'), manager.password);
  await app.user.click(screen.getByRole('button', { name: 'Kirish' }));
  await expectPath(app, '/manager');
}

async function logOut(app: RenderedApp) {
  await app.user.click(screen.getByRole('link', { name: 'Asosiy' }));
  await app.user.click(await screen.findByRole('button', { name: 'Hisobdan chiqish' }));
  await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ha, chiqish' }));
  await expectPath(app, '/');
}

describe('the working restaurant', () => {
  it('is switched in the header of any screen and opened again at the next login, on another device too', async () => {
    const app = renderApp('/login');
    await logIn(app);
    await waitFor(() => expect(working()).toBe('Rayhon'), FIRST);
    await app.user.click(screen.getByRole('link', { name: 'Kategoriyalar' }));
    expect(await screen.findByText('Milliy taomlar', {}, FIRST)).toBeVisible();

    // The header's switch offers both; the other restaurant is chosen on the screen the manager is on.
    expect(
      within(restaurantSwitch())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Rayhon', 'Bahor']);
    await app.user.selectOptions(restaurantSwitch(), 'Bahor');
    await waitFor(() => expect(working()).toBe('Bahor'));
    expect(await screen.findByText('Kaboblar')).toBeVisible();
    expect(screen.queryByText('Milliy taomlar')).toBeNull();
    await waitFor(() => expect(ui.net.callsTo('PUT', '/manager/restaurants/working')).toHaveLength(1));
    await app.user.click(screen.getByRole('link', { name: 'Menyu' }));
    await waitFor(() => expect(working()).toBe('Bahor'));

    // The next login opens Bahor, not the first restaurant.
    await logOut(app);
    expect(localStorage.getItem('restaurantId')).toBeNull();
    await logIn(app);
    await waitFor(() => expect(working()).toBe('Bahor'), FIRST);
    await app.user.click(screen.getByRole('link', { name: 'Kategoriyalar' }));
    expect(await screen.findByText('Kaboblar', {}, FIRST)).toBeVisible();
    app.unmount();

    // Another device (nothing stored in its browser) logs in on Bahor too.
    localStorage.clear();
    const other = renderApp('/login');
    await logIn(other);
    await waitFor(() => expect(working()).toBe('Bahor'), FIRST);
    expect(localStorage.getItem('restaurantId')).toBe(bahorId);
  });

  it('a choice the server cannot save holds on this device and says the next login will not open it', async () => {
    const app = renderApp('/managerCategoryList', { token: manager.token, storage: { restaurantId: rayhonId } });
    expect(await screen.findByText('Milliy taomlar', {}, FIRST)).toBeVisible();
    ui.net.fail('PUT', '/manager/restaurants/working', 500);
    await app.user.selectOptions(restaurantSwitch(), 'Bahor');
    await findToast('Tanlov saqlanmadi: keyingi kirishda oldingi restoran ochiladi.');
    expect(await screen.findByText('Kaboblar')).toBeVisible();
    expect(working()).toBe('Bahor');
  });

  it('a manager with one restaurant sees its name in the header, with nothing to switch', async () => {
    const solo = await createUser(ui.testApp.app, ui.db, 'manager');
    await createRestaurant(ui.db, { name: 'Yagona', slug: 'yagona', manager_id: solo._id });
    renderApp('/productStopList', { token: solo.token });
    await waitFor(() => expect(header()).toHaveTextContent('Restoran: Yagona'), FIRST);
    expect(within(header()).queryByRole('combobox')).toBeNull();
  });
});

describe('a product of the other restaurant, opened by a link', () => {
  it("its options' forms offer that restaurant's menu languages, not the working restaurant's", async () => {
    await ui.db
      .update(restaurants)
      .set({ languages: ['uz', 'ru'] })
      .where(eq(restaurants._id, bahorId));
    const kabobs = await createCategory(ui.db, bahorId, { title: 'Shashliklar' });
    const product = await createProduct(ui.db, kabobs._id, { name: "Qo'y go'shti" });
    await createOption(ui.db, product._id, { name: 'Sous' });
    const app = renderApp(`/ManagerProductOptionRow/${product._id}`, {
      token: manager.token,
      storage: { restaurantId: rayhonId },
    });
    // The option's badge: the name still lacks Russian, a language of Bahor's menu (Rayhon's is Uzbek alone).
    expect(await screen.findByText("ru yo'q", {}, FIRST)).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: "+ Option qo'shish" }));
    const dialog = await screen.findByRole('dialog', {}, FIRST);
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(["O'zbekcha", 'Русский']),
    );
  });
});

describe('tables and orders one tap away', () => {
  it("a home card's Stollar opens that restaurant's tables and makes it the working one; the bar has Stollar", async () => {
    await ui.db.insert(restaurantTables).values({ restaurant_id: bahorId, name: 'Ayvon' });
    const app = renderApp('/manager', { token: manager.token, storage: { restaurantId: rayhonId } });
    const bahor = within(await screen.findByTestId('manager-restaurant-bahor', {}, FIRST));
    const rayhon = within(screen.getByTestId('manager-restaurant-rayhon'));
    // Orders only where the restaurant takes them.
    expect(bahor.getByRole('link', { name: uzOrdering.orders })).toBeVisible();
    expect(rayhon.queryByRole('link', { name: uzOrdering.orders })).toBeNull();

    await app.user.click(bahor.getByRole('link', { name: uzOrdering.tables }));
    await expectPath(app, '/tables');
    expect(await screen.findByTestId('table-Ayvon', {}, FIRST)).toBeVisible();
    await waitFor(() => expect(working()).toBe('Bahor'));

    // The bottom bar's Stollar, from any screen, opens the working restaurant's tables.
    const bar = within(screen.getByRole('navigation', { name: 'bottom navigation' }));
    expect(bar.getByRole('link', { name: uzOrdering.tables })).toHaveAttribute('aria-current', 'page');
    await app.user.click(bar.getByRole('link', { name: 'Kategoriyalar' }));
    expect(await screen.findByText('Kaboblar', {}, FIRST)).toBeVisible();
    await app.user.click(bar.getByRole('link', { name: uzOrdering.tables }));
    expect(await screen.findByTestId('table-Ayvon', {}, FIRST)).toBeVisible();

    // Back home, the card's Buyurtmalar opens Bahor's orders.
    await app.user.click(bar.getByRole('link', { name: 'Asosiy' }));
    const card = within(await screen.findByTestId('manager-restaurant-bahor', {}, FIRST));
    await app.user.click(card.getByRole('link', { name: uzOrdering.orders }));
    await expectPath(app, '/orders');
    expect(await screen.findByRole('heading', { name: uzOrdering.orders }, FIRST)).toBeVisible();
    expect(working()).toBe('Bahor');
  });
});
