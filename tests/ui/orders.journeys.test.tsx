import { randomUUID } from 'node:crypto';
import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaffEvent, StaffOrder } from '../../client/orders';
import { orders, restaurants } from '../../server/db/schema';
import { createTable } from '../server/orders-fixtures';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { alerts } from './support/fakeAlertSound';
import { streams } from './support/fakeStaffEvents';

/**
 * The staff's orders screen rendered against the real in-process server: orders and calls made by a diner
 * through the public API, status changes, the cancel question, a 409, the mute switch, the admin's view, and the
 * bottom bar's fourth tab shown or hidden.
 *
 * The live stream is replaced: jsdom has no EventSource, and GET /manager/events is built in parallel. The module of
 * the live child (machines/orders/staffEvents.actor.ts) is mocked with a callback actor the test speaks through, the
 * way the stream would: `live.status` and `live.event` with the server's own StaffOrder. The beep is a spy.
 */

let ui: UiHarness;
beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  localStorage.clear();
  streams.open.length = 0;
  alerts.count = 0;
});

/** A manager's restaurant with ordering on (or off), table 5 and one dish of 25 000 so'm. */
async function restaurantOf(manager: TestUser, ordering = true, name = 'Rayhon') {
  const restaurant = await createRestaurant(ui.db, { manager_id: manager._id, ordering_enabled: ordering, name });
  const table = await createTable(ui.db, restaurant._id, { name: '5' });
  const category = await createCategory(ui.db, restaurant._id);
  const product = await createProduct(ui.db, category._id, { name: 'Osh', price: 25000 });
  return { restaurant, table, product };
}

type Setup = Awaited<ReturnType<typeof restaurantOf>>;

/** The diner orders from table 5 (POST /menu/{slug}/orders), as the table's QR page does. */
async function dinerOrders(s: Setup, quantity = 2, comment = '') {
  const answer = await ui.testApp.app.inject({
    method: 'POST',
    url: `/menu/${s.restaurant.slug}/orders`,
    headers: { 'idempotency-key': randomUUID() },
    payload: { table_id: s.table.token, items: [{ product_id: s.product._id, quantity }], comment },
    remoteAddress: `10.0.0.${Math.floor(Math.random() * 250) + 1}`,
  });
  expect(answer.statusCode).toBe(201);
  return answer.json().data as { _id: string; number: number };
}

async function dinerCalls(s: Setup, type: 'waiter' | 'bill') {
  const answer = await ui.testApp.app.inject({
    method: 'POST',
    url: `/menu/${s.restaurant.slug}/calls`,
    payload: { table_id: s.table.token, type },
    remoteAddress: `10.0.1.${Math.floor(Math.random() * 250) + 1}`,
  });
  expect(answer.statusCode).toBe(201);
}

/** The order as the staff's calls answer it (what the stream carries). */
async function staffOrder(user: TestUser, restaurantId: string, id: string): Promise<StaffOrder> {
  const answer = await ui.testApp.app.inject({
    method: 'GET',
    url: `/manager/orders?restaurant_id=${restaurantId}&limit=100`,
    headers: user.headers,
  });
  return (answer.json().data as StaffOrder[]).find((o) => o._id === id)!;
}

/** The orders screen's live child (the one with a restaurant; the bottom bar's has none). */
function screenStream() {
  const stream = streams.open.filter((s) => s.input.restaurantId && !s.closed).at(-1);
  if (!stream) throw new Error('the screen opened no live stream');
  return stream;
}
const push = (event: StaffEvent) => screenStream().send({ type: 'live.event', event });

const orderCard = (number: number) => screen.findByRole('article', { name: new RegExp(`Buyurtma №${number} ·`) });
const bottomBar = () => screen.getByRole('navigation', { name: 'bottom navigation' });

describe('orders screen', () => {
  it('shows the order and the call, accepts and serves it, marks the call done; the orders tab counts them', async () => {
    const manager = await createUser(ui.testApp.app, ui.db, 'manager');
    const s = await restaurantOf(manager);
    const placed = await dinerOrders(s, 2, 'Piyozsiz');
    await dinerCalls(s, 'bill');
    const app = renderApp('/orders', { token: manager.token });

    const card = await orderCard(placed.number);
    expect(within(card).getByText('Stol 5', { exact: false })).toBeVisible();
    expect(within(card).getByText('2 × Osh')).toBeVisible();
    expect(within(card).getByTestId('order-total')).toHaveTextContent("50 000 so'm");
    expect(within(card).getByText('Piyozsiz')).toBeVisible();
    expect(within(card).getByTestId('order-status')).toHaveTextContent('Yangi');
    expect(within(card).getByRole('button', { name: 'Qabul qilish' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Bekor qilish' })).toBeEnabled();
    expect(within(card).queryByRole('button', { name: 'Berildi' })).toBeNull();
    const calls = screen.getByTestId('calls');
    expect(within(calls).getByText("Hisobni so'ramoqda", { exact: false })).toBeVisible();
    expect(screen.getByTestId('live')).toHaveTextContent('Ulanmoqda...');

    // The orders tab: there (ordering is on), highlighted, counting one new order and one waiting call.
    await waitFor(() => expect(within(bottomBar()).getAllByRole('link')).toHaveLength(5));
    await waitFor(() => expect(screen.getByTestId('orders-badge')).toHaveTextContent('2'));
    expect(within(bottomBar()).getByRole('link', { name: 'Buyurtmalar: 2 ta yangi' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    screenStream().send({ type: 'live.status', status: 'live' });
    await waitFor(() => expect(screen.getByTestId('live')).toHaveTextContent('Jonli'));

    await app.user.click(within(card).getByRole('button', { name: 'Qabul qilish' }));
    await waitFor(() => expect(within(card).getByTestId('order-status')).toHaveTextContent('Qabul qilingan'));
    expect(within(card).queryByRole('button', { name: 'Qabul qilish' })).toBeNull();
    const [accepted] = await ui.db.select().from(orders).where(eq(orders._id, placed._id));
    expect(accepted!.status).toBe('accepted');

    await app.user.click(within(card).getByRole('button', { name: 'Berildi' }));
    // Served is done: the open filter lets it go; "Hammasi" shows it, with no kitchen button; still unpaid, it can
    // be taken in cash.
    expect(await screen.findByText("Bu bo'limda buyurtma yo'q.")).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: 'Hammasi' }));
    const served = await orderCard(placed.number);
    expect(within(served).getByTestId('order-status')).toHaveTextContent('Berilgan');
    expect(within(served).getByTestId('order-payment')).toHaveTextContent("To'lanmagan");
    expect(
      within(served)
        .queryAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(["Naqd to'landi"]);

    await app.user.click(within(screen.getByTestId('calls')).getByRole('button', { name: /Bajarildi/ }));
    expect(await screen.findByText("Kutayotgan chaqiruv yo'q.")).toBeVisible();
  });

  it('cancelling asks first; Yo‘q keeps the order, Ha cancels it', async () => {
    const manager = await createUser(ui.testApp.app, ui.db, 'manager');
    const s = await restaurantOf(manager);
    const placed = await dinerOrders(s);
    const app = renderApp('/orders', { token: manager.token });
    const card = await orderCard(placed.number);

    await app.user.click(within(card).getByRole('button', { name: 'Bekor qilish' }));
    let dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(`Stol 5 buyurtmasi №${placed.number} bekor qilinsinmi?`, { exact: false }),
    ).toBeVisible();
    await app.user.click(within(dialog).getByRole('button', { name: 'Yo‘q' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByTestId('order-status')).toHaveTextContent('Yangi');

    await app.user.click(within(card).getByRole('button', { name: 'Bekor qilish' }));
    dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'Ha' }));
    expect(await screen.findByText("Bu bo'limda buyurtma yo'q.")).toBeVisible();
    const [row] = await ui.db.select().from(orders).where(eq(orders._id, placed._id));
    expect(row!.status).toBe('cancelled');
  });

  it('a colleague was first: the 409 says so and the list is read again', async () => {
    const manager = await createUser(ui.testApp.app, ui.db, 'manager');
    const s = await restaurantOf(manager);
    const placed = await dinerOrders(s);
    const app = renderApp('/orders', { token: manager.token });
    const card = await orderCard(placed.number);
    const cancelled = await ui.testApp.app.inject({
      method: 'PUT',
      url: `/manager/orders/${placed._id}`,
      headers: manager.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);

    await app.user.click(within(card).getByRole('button', { name: 'Qabul qilish' }));
    await findToast('Buyurtma hozir "bekor qilingan": uni "qabul qilingan" holatiga o\'tkazib bo\'lmaydi.');
    expect(await screen.findByText("Bu bo'limda buyurtma yo'q.")).toBeVisible();
  });

  it('a live order appears below the older one still waiting, with the alert, once; muted, the next one is silent', async () => {
    const manager = await createUser(ui.testApp.app, ui.db, 'manager');
    const s = await restaurantOf(manager);
    const first = await dinerOrders(s);
    const app = renderApp('/orders', { token: manager.token });
    await orderCard(first.number);

    const second = await dinerOrders(s, 1);
    const data = await staffOrder(manager, s.restaurant._id, second._id);
    push({ type: 'order.created', data });
    await orderCard(second.number);
    const numbers = () => screen.getAllByTestId('order').map((o) => o.querySelector('h2')!.textContent);
    // Both wait: the one waiting longer stays on top (a waiter serves it first).
    expect(numbers()[0]).toMatch(`Buyurtma №${first.number} `);
    expect(numbers()[1]).toMatch(`Buyurtma №${second.number} `);
    expect(alerts.count).toBe(1);
    // The same event again (a replay after a reconnect): nothing new, no second beep.
    push({ type: 'order.created', data });
    expect(screen.getAllByTestId('order')).toHaveLength(2);
    expect(alerts.count).toBe(1);

    await app.user.click(screen.getByRole('button', { name: "Ovozni o'chirish" }));
    expect(screen.getByRole('button', { name: 'Ovozni yoqish' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('ordersMuted')).toBe('1');
    const third = await dinerOrders(s, 1);
    push({ type: 'order.created', data: await staffOrder(manager, s.restaurant._id, third._id) });
    await orderCard(third.number);
    expect(alerts.count).toBe(1);
  });

  it('a manager with two restaurants taking orders picks one', async () => {
    const manager = await createUser(ui.testApp.app, ui.db, 'manager');
    const rayhon = await restaurantOf(manager, true, 'Rayhon');
    const bahor = await restaurantOf(manager, true, 'Bahor');
    const atBahor = await dinerOrders(bahor, 3);
    await dinerOrders(rayhon);
    const app = renderApp('/orders', { token: manager.token, storage: { restaurantId: rayhon.restaurant._id } });
    const picker = await screen.findByRole('combobox', { name: 'Restoran' });
    expect(picker).toHaveValue(rayhon.restaurant._id);
    await app.user.selectOptions(picker, bahor.restaurant._id);
    const card = await orderCard(atBahor.number);
    expect(within(card).getByText('3 × Osh')).toBeVisible();
    expect(screenStream().input.restaurantId).toBe(bahor.restaurant._id);
    // The header names the restaurant whose orders are shown: the choice made here is the working one.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Restoran:' })).toHaveDisplayValue('Bahor'));
    expect(localStorage.getItem('restaurantId')).toBe(bahor.restaurant._id);
  });

  it('a working restaurant without ordering: the screen shows the one that takes orders, and the header follows', async () => {
    const manager = await createUser(ui.testApp.app, ui.db, 'manager');
    const quiet = await restaurantOf(manager, false, 'Sokin');
    const busy = await restaurantOf(manager, true, 'Bahor');
    const placed = await dinerOrders(busy);
    renderApp('/orders', { token: manager.token, storage: { restaurantId: quiet.restaurant._id } });
    expect(await orderCard(placed.number)).toBeVisible();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Restoran:' })).toHaveDisplayValue('Bahor'));
    expect(localStorage.getItem('restaurantId')).toBe(busy.restaurant._id);
  });

  it('without ordering on: no screen, and the bottom bar has no orders tab', async () => {
    const manager = await createUser(ui.testApp.app, ui.db, 'manager');
    const s = await restaurantOf(manager, false);
    const app = renderApp('/orders', { token: manager.token });
    expect(
      await screen.findByText(
        "Restoranlaringizning hech birida stoldan buyurtma yoqilmagan. Uni restoran ma'lumotlarida yoqing.",
      ),
    ).toBeVisible();
    const links = within(bottomBar()).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Asosiy', 'Menyu', 'Kategoriyalar', 'Stollar']);
    // The session and the screen have read the restaurants (no tab came), and nothing listens.
    await waitFor(() => expect(ui.net.callsTo('GET', '/manager/restaurants/me').length).toBeGreaterThanOrEqual(2));
    expect(within(bottomBar()).getAllByRole('link')).toHaveLength(4);
    expect(streams.open).toHaveLength(0);

    // Ordering turned on: the restaurants screen reads them again, tells the session, and the tab comes.
    await ui.db.update(restaurants).set({ ordering_enabled: true }).where(eq(restaurants._id, s.restaurant._id));
    await app.router.navigate('/manager');
    await waitFor(() => expect(within(bottomBar()).getAllByRole('link')).toHaveLength(5));
    expect(within(bottomBar()).getByRole('link', { name: 'Buyurtmalar' })).toHaveAttribute('href', '/orders');
    expect(streams.open.filter((stream) => !stream.input.restaurantId)).toHaveLength(1);
  });

  it('an admin opens a restaurant’s orders from its view and goes back to it', async () => {
    const admin = await createUser(ui.testApp.app, ui.db, 'admin');
    const manager = await createUser(ui.testApp.app, ui.db, 'manager');
    const s = await restaurantOf(manager);
    const placed = await dinerOrders(s);
    const app = renderApp(`/admin/viewRestaurant/${s.restaurant._id}/${s.restaurant.slug}`, { token: admin.token });
    const link = await screen.findByRole('link', { name: /Buyurtmalar/ });
    expect(link).toHaveAttribute('href', `/admin/orders/${s.restaurant._id}?slug=${s.restaurant.slug}`);
    await app.user.click(link);
    const card = await orderCard(placed.number);
    expect(screen.getByText('Rayhon', { selector: 'strong' })).toBeVisible();
    await app.user.click(within(card).getByRole('button', { name: 'Qabul qilish' }));
    await waitFor(() => expect(within(card).getByTestId('order-status')).toHaveTextContent('Qabul qilingan'));
    await app.user.click(screen.getByRole('link', { name: 'Orqaga' }));
    await waitFor(() => expect(app.location()).toBe(`/admin/viewRestaurant/${s.restaurant._id}/${s.restaurant.slug}`));
  });
});
