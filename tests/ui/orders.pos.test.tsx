import { randomUUID } from 'node:crypto';
import { within } from '@testing-library/react';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderPos, StaffOrder } from '../../client/orders';
import { uz } from '../../lib/uz';
import { orders, posOutbox } from '../../server/db/schema';
import { messages } from '../../server/messages';
import { createTable } from '../server/orders-fixtures';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { streams } from './support/fakeStaffEvents';

/**
 * An order's place on the restaurant's till on the staff's orders screen, against the real in-process server: each
 * card says "Kassaga yuborilmoqda…", "Kassada · № 12" or "Kassaga yuborilmadi: …" from the order's `pos` as the
 * server's list answers it, and a refused order offers "Qayta yuborish" (POST /manager/orders/{id}/pos-retry, the real
 * route), which waits while the server works and then shows the order on its way again, or the server's refusal.
 *
 * The till's outcomes are written as the server's till sender records them (the order's `pos`, its pos_outbox row's
 * state), and the sender itself is stopped: it would send the rows on to a till these restaurants do not have. The
 * live stream is replaced as in tests/ui/orders.journeys.test.tsx (jsdom has no EventSource).
 */

let ui: UiHarness;
beforeAll(async () => {
  ui = await startUi();
  await ui.testApp.app.tillSender.stop();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  localStorage.clear();
  streams.open.length = 0;
});

/** Why the till refused (server/messages/integration.ts tableOrderFailureReasons). */
const OFFLINE = 'Kassa (iikoFront) aloqada emas: buyurtma kassaga yetib bormadi';
const FAILED: OrderPos = { status: 'failed', error: OFFLINE, number: null };
const SENDING: OrderPos = { status: 'sending', error: null, number: null };

/** An order the diner made, as the public API answers it. */
type Placed = { _id: string; number: number };

/** A manager's restaurant taking orders from table 5, with one dish, and `count` orders the diner made. */
async function restaurantWithOrders(count: number) {
  const manager = await createUser(ui.testApp.app, ui.db, 'manager');
  const restaurant = await createRestaurant(ui.db, { manager_id: manager._id, ordering_enabled: true, name: 'Rayhon' });
  const table = await createTable(ui.db, restaurant._id, { name: '5' });
  const category = await createCategory(ui.db, restaurant._id);
  const product = await createProduct(ui.db, category._id, { name: 'Osh', price: 25000 });
  const placed: Placed[] = [];
  for (let i = 0; i < count; i++) {
    const answer = await ui.testApp.app.inject({
      method: 'POST',
      url: `/menu/${restaurant.slug}/orders`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { table_id: table.token, items: [{ product_id: product._id, quantity: 1 }], comment: '' },
      remoteAddress: `10.0.4.${i + 1}`,
    });
    expect(answer.statusCode).toBe(201);
    placed.push(answer.json().data);
  }
  return { manager, restaurant, table, placed };
}

const OUTBOX_STATE = { sending: 'pending', sent: 'sent', failed: 'failed' } as const;

/** The till's outcome for the order as the sender records it: the order's `pos` (a newer copy) and its outbox row. */
async function recordTill(order: { _id: string }, pos: OrderPos) {
  const [row] = await ui.db
    .update(orders)
    .set({ pos, updatedAt: sql`now()` })
    .where(eq(orders._id, order._id))
    .returning();
  await ui.db
    .insert(posOutbox)
    .values({
      order_id: row!._id,
      restaurant_id: row!.restaurant_id,
      table_id: row!.table_id,
      state: OUTBOX_STATE[pos.status],
    })
    .onConflictDoUpdate({ target: posOutbox.order_id, set: { state: OUTBOX_STATE[pos.status] } });
}

/** The order as the staff's calls answer it (what the stream carries). */
async function staffOrder(manager: TestUser, restaurantId: string, id: string): Promise<StaffOrder> {
  const answer = await ui.testApp.app.inject({
    method: 'GET',
    url: `/manager/orders?restaurant_id=${restaurantId}&limit=100`,
    headers: manager.headers,
  });
  return (answer.json().data as StaffOrder[]).find((o) => o._id === id)!;
}

const orderCard = (number: number) => screen.findByRole('article', { name: new RegExp(`Buyurtma №${number} ·`) });
const retryButton = (card: HTMLElement) => within(card).queryByRole('button', { name: 'Qayta yuborish' });
const retryPath = (id: string) => `/manager/orders/${id}/pos-retry`;

function screenStream() {
  const stream = streams.open.filter((s) => s.input.restaurantId && !s.closed).at(-1);
  if (!stream) throw new Error('the screen opened no live stream');
  return stream;
}

describe("the orders screen: an order's place on the till", () => {
  it('says whether each order is on its way to the till, on it (with its check number) or refused, why', async () => {
    const { manager, placed } = await restaurantWithOrders(6);
    const sending = placed[0]!;
    const sent = placed[1]!;
    const sentNoNumber = placed[2]!;
    const failed = placed[3]!;
    const cancelled = placed[4]!;
    const noTill = placed[5]!;
    await recordTill(sending, SENDING);
    await recordTill(sent, { status: 'sent', error: null, number: 12 });
    await recordTill(sentNoNumber, { status: 'sent', error: null, number: null });
    await recordTill(failed, FAILED);
    await recordTill(cancelled, FAILED);
    await ui.db.update(orders).set({ status: 'cancelled' }).where(eq(orders._id, cancelled._id));
    const app = renderApp('/orders', { token: manager.token });
    await app.user.click(await screen.findByRole('button', { name: 'Hammasi' }));

    const sendingCard = await orderCard(sending.number);
    expect(within(sendingCard).getByTestId('order-pos')).toHaveTextContent(/^Kassaga yuborilmoqda…$/);
    expect(retryButton(sendingCard)).toBeNull();
    const sentCard = await orderCard(sent.number);
    expect(within(sentCard).getByTestId('order-pos')).toHaveTextContent(/^Kassada · № 12$/);
    expect(retryButton(sentCard)).toBeNull();
    expect(within(await orderCard(sentNoNumber.number)).getByTestId('order-pos')).toHaveTextContent(/^Kassada$/);
    const failedCard = await orderCard(failed.number);
    expect(within(failedCard).getByTestId('order-pos')).toHaveTextContent(`Kassaga yuborilmadi: ${OFFLINE}`);
    expect(retryButton(failedCard)).toBeEnabled();
    // A cancelled order keeps its line but is not sent again (the server would refuse it).
    const cancelledCard = await orderCard(cancelled.number);
    expect(within(cancelledCard).getByTestId('order-pos')).toHaveTextContent(`Kassaga yuborilmadi: ${OFFLINE}`);
    expect(retryButton(cancelledCard)).toBeNull();
    // An order of a restaurant without a till: no line at all.
    expect(within(await orderCard(noTill.number)).queryByTestId('order-pos')).toBeNull();
  });

  it('"Qayta yuborish" waits while the server works, then the card says the order is on its way again', async () => {
    const { manager, placed } = await restaurantWithOrders(2);
    const [first, second] = [placed[0]!, placed[1]!];
    await recordTill(first, FAILED);
    await recordTill(second, FAILED);
    const app = renderApp('/orders', { token: manager.token });
    const card = await orderCard(first.number);
    const otherCard = await orderCard(second.number);
    const held = ui.net.hold('POST', retryPath(first._id));

    await app.user.click(retryButton(card)!);
    await held.arrived;
    await waitFor(() => expect(retryButton(card)).toBeDisabled());
    // One at a time: the other refused order's button waits too; the kitchen's buttons do not.
    expect(retryButton(otherCard)).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Bekor qilish' })).toBeEnabled();

    held.release();
    await waitFor(() => expect(within(card).getByTestId('order-pos')).toHaveTextContent(/^Kassaga yuborilmoqda…$/));
    expect(retryButton(card)).toBeNull();
    expect(retryButton(otherCard)).toBeEnabled();
    expect(within(otherCard).getByTestId('order-pos')).toHaveTextContent(`Kassaga yuborilmadi: ${OFFLINE}`);
    // The server started it over: the order's till state and its row are sending again.
    const [row] = await ui.db.select().from(orders).where(eq(orders._id, first._id));
    expect(row!.pos).toEqual(SENDING);
    const [outbox] = await ui.db.select().from(posOutbox).where(eq(posOutbox.order_id, first._id));
    expect(outbox!.state).toBe('pending');
    expect(ui.net.callsTo('POST', retryPath(first._id))).toHaveLength(1);
  });

  it("a refusal shows the server's reason under the button until the order's newer copy tells its own", async () => {
    const { manager, restaurant, placed } = await restaurantWithOrders(1);
    const order = placed[0]!;
    await recordTill(order, FAILED);
    const app = renderApp('/orders', { token: manager.token });
    const card = await orderCard(order.number);
    // A colleague sent it again meanwhile; this screen has not heard yet.
    await recordTill(order, SENDING);

    await app.user.click(retryButton(card)!);
    expect(await within(card).findByRole('alert')).toHaveTextContent(messages.tillRetryNotFailed);
    expect(retryButton(card)).toBeEnabled();

    // Pressed again: the reason goes while it runs, and the next failure (no answer at all) says its own.
    const held = ui.net.hold('POST', retryPath(order._id));
    await app.user.click(retryButton(card)!);
    await held.arrived;
    await waitFor(() => expect(within(card).queryByRole('alert')).toBeNull());
    expect(retryButton(card)).toBeDisabled();
    held.drop();
    expect(await within(card).findByRole('alert')).toHaveTextContent(uz.networkError);
    expect(retryButton(card)).toBeEnabled();

    // The stream brings the colleague's copy: on its way, with no button and no old reason.
    screenStream().send({
      type: 'live.event',
      event: { type: 'order.updated', data: await staffOrder(manager, restaurant._id, order._id) },
    });
    await waitFor(() => expect(within(card).getByTestId('order-pos')).toHaveTextContent(/^Kassaga yuborilmoqda…$/));
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(retryButton(card)).toBeNull();
  });
});
