import { randomUUID } from 'node:crypto';
import { within } from '@testing-library/react';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaffOrder } from '../../client/orders';
import { orders } from '../../server/db/schema';
import { messages } from '../../server/messages';
import { createTable } from '../server/orders-fixtures';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';

/**
 * The kitchen on the staff's orders screen, against the real in-process server: each line's state as a small badge
 * ("yangi", "tayyorlanmoqda", "tayyor", "berildi"), "Tayyor" in full view once the whole order is, "Berildi" on a
 * ready line (PUT /manager/orders/{id}/items/{index}), and the tickets' printer with "Qayta chop etish" (POST
 * /manager/orders/{id}/print), the server's refusals under their buttons. The live stream is replaced as in
 * tests/ui/orders.journeys.test.tsx (jsdom has no EventSource); the print job is stopped (no printer answers here).
 */

let ui: UiHarness;
beforeAll(async () => {
  ui = await startUi();
  await ui.testApp.app.printSender.stop();
  await ui.testApp.app.tillSender.stop();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  localStorage.clear();
});

type Line = StaffOrder['items'][number]['status'];

/**
 * A restaurant taking orders at table 5, with Osh made at "Oshxona" (its printer: a documentation address no printer
 * has) and Choy at "Bar" (no printer), unless `stations` is false; one order of both.
 */
async function orderOfOshAndChoy({ stations = true } = {}) {
  const manager = await createUser(ui.testApp.app, ui.db, 'manager');
  const restaurant = await createRestaurant(ui.db, { manager_id: manager._id, ordering_enabled: true });
  const table = await createTable(ui.db, restaurant._id, { name: '5' });
  const station = async (name: string, printer: unknown) => {
    const answer = await ui.testApp.app.inject({
      method: 'POST',
      url: `/manager/restaurants/${restaurant._id}/stations`,
      headers: manager.headers,
      payload: { name, printer },
    });
    expect(answer.statusCode).toBe(201);
    return answer.json().data._id as string;
  };
  const kitchen = stations ? await station('Oshxona', { host: '192.0.2.10', port: 9100, width: 80 }) : null;
  const bar = stations ? await station('Bar', null) : null;
  const food = await createCategory(ui.db, restaurant._id, { title: 'Taomlar', station_id: kitchen });
  const drinks = await createCategory(ui.db, restaurant._id, { title: 'Ichimliklar', station_id: bar });
  const osh = await createProduct(ui.db, food._id, { name: 'Osh', price: 25000 });
  const choy = await createProduct(ui.db, drinks._id, { name: 'Choy', price: 5000 });
  const placed = await ui.testApp.app.inject({
    method: 'POST',
    url: `/menu/${restaurant.slug}/orders`,
    headers: { 'idempotency-key': randomUUID() },
    payload: {
      table_id: table.token,
      items: [
        { product_id: osh._id, quantity: 2 },
        { product_id: choy._id, quantity: 1 },
      ],
      comment: '',
    },
    remoteAddress: '10.0.5.1',
  });
  expect(placed.statusCode).toBe(201);
  return { manager, restaurant, order: placed.json().data as { _id: string; number: number } };
}

/** A line moved as the kitchen (or a colleague) moves it. */
async function move(manager: TestUser, orderId: string, index: number, status: Line) {
  const answer = await ui.testApp.app.inject({
    method: 'PUT',
    url: `/manager/orders/${orderId}/items/${index}`,
    headers: manager.headers,
    payload: { status },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

const orderCard = (number: number) =>
  screen.findByRole('article', { name: new RegExp(`Buyurtma №${number} ·`) }, { timeout: 10_000 });
const lineOf = (card: HTMLElement, name: string) =>
  within(
    within(card)
      .getAllByTestId('order-line')
      .find((li) => li.textContent?.includes(name))!,
  );
const serveButton = (card: HTMLElement, name: string) =>
  within(card).queryByRole('button', { name: `Berildi: ${name}` });

describe('the kitchen on the orders screen', () => {
  it("shows each line's state and offers 'Berildi' on a ready one; 'Tayyor' once the whole order is", async () => {
    const { manager, order } = await orderOfOshAndChoy();
    await move(manager, order._id, 0, 'ready');
    await move(manager, order._id, 1, 'cooking');
    const { user } = renderApp('/orders', { token: manager.token });
    const card = await orderCard(order.number);
    expect(lineOf(card, 'Osh').getByTestId('line-status')).toHaveTextContent('Holati: tayyor');
    expect(lineOf(card, 'Choy').getByTestId('line-status')).toHaveTextContent('Holati: tayyorlanmoqda');
    expect(within(card).getByTestId('order-kitchen')).toHaveTextContent('Oshxonada tayyorlanmoqda');
    expect(serveButton(card, 'Osh')).toBeEnabled();
    expect(serveButton(card, 'Choy')).toBeNull();

    // The bar finishes the tea: the screen's refresh brings the order, now all ready.
    await move(manager, order._id, 1, 'ready');
    await user.click(screen.getByRole('button', { name: 'Yangilash' }));
    await waitFor(() =>
      expect(within(card).getByTestId('order-kitchen')).toHaveTextContent(/^Tayyor\s*stolga olib boring$/),
    );
    expect(serveButton(card, 'Choy')).toBeEnabled();
  });

  it("offers 'Bekor qilish' while every line is new", async () => {
    const { manager, order } = await orderOfOshAndChoy();
    renderApp('/orders', { token: manager.token });
    const card = await orderCard(order.number);
    expect(within(card).getByRole('button', { name: 'Bekor qilish' })).toBeEnabled();
  });

  it("offers no 'Bekor qilish' on an order whose kitchen has started", async () => {
    const { manager, order } = await orderOfOshAndChoy();
    await move(manager, order._id, 1, 'cooking');
    renderApp('/orders', { token: manager.token });
    const card = await orderCard(order.number);
    // The kitchen's first move accepted the order: it may still be served, no longer cancelled.
    expect(within(card).getByRole('button', { name: 'Berildi' })).toBeEnabled();
    expect(within(card).queryByRole('button', { name: 'Bekor qilish' })).toBeNull();
  });

  it("'Berildi' waits while the server works, then the line reads 'berildi'; a refusal stays under the line", async () => {
    const { manager, order } = await orderOfOshAndChoy();
    await move(manager, order._id, 0, 'ready');
    await move(manager, order._id, 1, 'ready');
    const { user } = renderApp('/orders', { token: manager.token });
    const card = await orderCard(order.number);
    const held = ui.net.hold('PUT', `/manager/orders/${order._id}/items/0`);

    await user.click(serveButton(card, 'Osh')!);
    await held.arrived;
    // One line at a time: the other ready line's button waits too.
    await waitFor(() => expect(serveButton(card, 'Osh')).toBeDisabled());
    expect(serveButton(card, 'Choy')).toBeDisabled();
    held.release();
    await waitFor(() => expect(lineOf(card, 'Osh').getByTestId('line-status')).toHaveTextContent('berildi'));
    expect(serveButton(card, 'Osh')).toBeNull();
    expect(JSON.parse(ui.net.callsTo('PUT', `/manager/orders/${order._id}/items/0`)[0]!.body!)).toEqual({
      status: 'served',
    });
    const [row] = await ui.db.select().from(orders).where(eq(orders._id, order._id));
    expect(row!.items.map((line) => line.status)).toEqual(['served', 'ready']);

    // A colleague carried the tea meanwhile; this screen has not heard yet.
    await move(manager, order._id, 1, 'served');
    await user.click(serveButton(card, 'Choy')!);
    expect(await lineOf(card, 'Choy').findByRole('alert')).toHaveTextContent(
      messages.lineMoveRefused('served', 'served'),
    );
    expect(serveButton(card, 'Choy')).toBeEnabled();
  });

  it("says the tickets' printer did not answer, and prints again; an order without printers is refused in the server's words", async () => {
    const { manager, order } = await orderOfOshAndChoy();
    const failed = { status: 'failed' as const, error: messages.printerFailedAt('Oshxona', messages.printerNoAnswer) };
    await ui.db.update(orders).set({ print: failed, updatedAt: sql`now()` }).where(eq(orders._id, order._id));
    const first = renderApp('/orders', { token: manager.token });
    const card = await orderCard(order.number);
    const print = within(within(card).getByTestId('order-print'));
    expect(print.getByText('Printer javob bermadi (Oshxona)')).toHaveClass('text-danger');
    await first.user.click(print.getByRole('button', { name: 'Qayta chop etish' }));
    await findToast('Cheklar qayta chop etishga yuborildi');
    expect(ui.net.callsTo('POST', `/manager/orders/${order._id}/print`)).toHaveLength(1);
    first.unmount();
    localStorage.clear();

    const plain = await orderOfOshAndChoy({ stations: false });
    await ui.db
      .update(orders)
      .set({ print: { status: 'printed', error: null }, updatedAt: sql`now()` })
      .where(eq(orders._id, plain.order._id));
    const other = renderApp('/orders', { token: plain.manager.token });
    const plainCard = await orderCard(plain.order.number);
    // A restaurant without stations: no line states.
    expect(within(plainCard).queryByTestId('line-status')).toBeNull();
    await other.user.click(within(plainCard).getByRole('button', { name: 'Qayta chop etish' }));
    expect(await within(plainCard).findByTestId('order-reprint-error')).toHaveTextContent(messages.reprintNoPrinter);
  });
});
