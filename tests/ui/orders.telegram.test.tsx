import { randomUUID } from 'node:crypto';
import { within } from '@testing-library/react';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaffEvent } from '../../client/orders';
import { calls, orders, staffEvents } from '../../server/db/schema';
import { startTelegramSimulator, type TelegramSimulator } from '../../server/dev/telegram/server';
import { createTable } from '../server/orders-fixtures';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { streams } from './support/fakeStaffEvents';

/**
 * Telegram on the staff's orders screen, against the real server and the local Telegram Bot API simulator: an order or
 * waiter call whose Telegram message the channel refused says so on its card ("Telegramga yuborilmadi: …"), as soon
 * as the server's order.updated / call.updated arrives, and on every later load.
 *
 * The live stream is replaced as in tests/ui/orders.journeys.test.tsx (jsdom has no EventSource): the test hands the
 * screen the very events the server recorded for the stream (the `staff_events` rows), in their order.
 */

const TOKEN = `7000003333:AAE${'z'.repeat(32)}`;
const CHANNEL = -1009876543210;

let simulator: TelegramSimulator;
let ui: UiHarness;
let manager: TestUser;

beforeAll(async () => {
  simulator = await startTelegramSimulator();
  ui = await startUi({ TELEGRAM_API_URL: simulator.url });
});
afterAll(async () => {
  await ui.close();
  await simulator.close();
});
beforeEach(async () => {
  await ui.reset();
  streams.open.length = 0;
  simulator.control.reset();
  simulator.control.addBot({ token: TOKEN, username: 'bahor_buyurtma_bot' });
  simulator.control.addChat({ id: CHANNEL, type: 'channel', title: 'Bahor buyurtmalar' });
  // The bot was never made an administrator of the channel: Telegram refuses its messages (403) for good.
  simulator.control.setMember(CHANNEL, TOKEN, 'member', false);
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
});

async function setUp() {
  const restaurant = await createRestaurant(ui.db, {
    name: 'Bahor',
    manager_id: manager._id,
    ordering_enabled: true,
    bot_token: TOKEN,
    channel_id: String(CHANNEL),
  });
  const table = await createTable(ui.db, restaurant._id, { name: '7' });
  const category = await createCategory(ui.db, restaurant._id);
  const product = await createProduct(ui.db, category._id, { name: "Sho'rva", price: 30000 });
  return { restaurant, table, product };
}
type Setup = Awaited<ReturnType<typeof setUp>>;

async function dinerOrders(s: Setup) {
  const answer = await ui.testApp.app.inject({
    method: 'POST',
    url: `/menu/${s.restaurant.slug}/orders`,
    headers: { 'idempotency-key': randomUUID() },
    payload: { table_id: s.table.token, items: [{ product_id: s.product._id, quantity: 1 }], comment: '' },
    remoteAddress: '10.0.2.1',
  });
  expect(answer.statusCode).toBe(201);
  return answer.json().data as { _id: string; number: number };
}

async function dinerCalls(s: Setup) {
  const answer = await ui.testApp.app.inject({
    method: 'POST',
    url: `/menu/${s.restaurant.slug}/calls`,
    payload: { table_id: s.table.token, type: 'waiter' },
    remoteAddress: '10.0.3.1',
  });
  expect(answer.statusCode).toBe(201);
}

/** Waits until the server's sender has given the message up and recorded why (it tells the staff in the same step). */
async function refused(table: typeof orders | typeof calls, restaurantId: string): Promise<string> {
  return waitFor(
    async () => {
      const [row] = await ui.db
        .select()
        .from(table)
        .where(and(eq(table.restaurant_id, restaurantId), isNotNull(table.telegram_error)));
      if (!row?.telegram_error) throw new Error('not refused yet');
      return row.telegram_error;
    },
    { timeout: 10_000 },
  );
}

/** The events the server recorded for the restaurant's live stream, oldest first. */
async function recordedEvents(restaurantId: string): Promise<StaffEvent[]> {
  const rows = await ui.db
    .select()
    .from(staffEvents)
    .where(eq(staffEvents.restaurant_id, restaurantId))
    .orderBy(asc(staffEvents.id));
  return rows.map((row) => ({ type: row.type, data: row.data }) as StaffEvent);
}

function screenStream() {
  const stream = streams.open.filter((s) => s.input.restaurantId && !s.closed).at(-1);
  if (!stream) throw new Error('the screen opened no live stream');
  return stream;
}

const orderCard = (number: number) =>
  screen.findByRole('article', { name: new RegExp(`Buyurtma №${number} ·`) }, { timeout: 5000 });

describe('orders screen: a message Telegram refused', () => {
  it("an order's and a call's refusal arrive with their live events and show on their cards; a reload keeps them", async () => {
    const s = await setUp();
    const app = renderApp('/orders', { token: manager.token });
    await screen.findByText("Bu bo'limda buyurtma yo'q.", {}, { timeout: 5000 });
    await waitFor(() => screenStream());

    const placed = await dinerOrders(s);
    await dinerCalls(s);
    const orderReason = await refused(orders, s.restaurant._id);
    const callReason = await refused(calls, s.restaurant._id);
    expect(orderReason).toMatch(/^bot kanalga xabar yubora olmaydi: .*\(Telegram: /);

    // The stream delivers what the server recorded: created (no refusal yet), then updated with it.
    const events = await recordedEvents(s.restaurant._id);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['order.created', 'call.created', 'order.updated', 'call.updated']),
    );
    const created = events.filter((e) => e.type.endsWith('.created'));
    for (const event of created) screenStream().send({ type: 'live.event', event });
    const card = await orderCard(placed.number);
    expect(within(card).queryByTestId('order-telegram-error')).toBeNull();
    const callList = await screen.findByTestId('calls');
    expect(within(callList).queryByTestId('call-telegram-error')).toBeNull();

    for (const event of events.filter((e) => e.type.endsWith('.updated'))) {
      screenStream().send({ type: 'live.event', event });
    }
    await waitFor(() =>
      expect(within(card).getByTestId('order-telegram-error')).toHaveTextContent(
        `Telegramga yuborilmadi: ${orderReason}`,
      ),
    );
    expect(within(card).getByTestId('order-telegram-error')).toHaveClass('text-danger');
    expect(within(screen.getByTestId('calls')).getByTestId('call-telegram-error')).toHaveTextContent(
      `Telegramga yuborilmadi: ${callReason}`,
    );
    // A replay of the created events (a reconnection) does not take the refusal back.
    for (const event of created) screenStream().send({ type: 'live.event', event });
    expect(within(card).getByTestId('order-telegram-error')).toBeVisible();

    app.unmount();
    renderApp('/orders', { token: manager.token });
    const reloaded = await orderCard(placed.number);
    expect(within(reloaded).getByTestId('order-telegram-error')).toHaveTextContent(
      `Telegramga yuborilmadi: ${orderReason}`,
    );
    expect(within(await screen.findByTestId('calls')).getByTestId('call-telegram-error')).toBeVisible();
  });

  it('a delivered order says nothing about Telegram', async () => {
    simulator.control.setMember(CHANNEL, TOKEN, 'administrator', true);
    const s = await setUp();
    const placed = await dinerOrders(s);
    await simulator.control.waitForMessage(CHANNEL, (m) => m.text.includes(`№${placed.number}`), 10_000);
    renderApp('/orders', { token: manager.token });
    const card = await orderCard(placed.number);
    expect(within(card).queryByTestId('order-telegram-error')).toBeNull();
    expect(within(card).queryByText(/Telegram/)).toBeNull();
  });
});
