import { randomUUID } from 'node:crypto';
import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uz } from '../../lib/uz';
import { uzOrdering } from '../../lib/uz-ordering';
import { restaurantTables } from '../../server/db/schema';
import { createTable } from '../server/orders-fixtures';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';

// The bottom bar's orders tab follows the live events of a restaurant with ordering on: jsdom has no EventSource,
// and this screen does not test the stream, so it stays silent.
/**
 * "QR-kodni yangilash" on the Stollar screen against the real server: the warning first (Yo'q keeps the printed code
 * working), then Ha gives the table a new token; the card's link is the new one, and the old printed code's orders
 * are refused (404) while the new one's are taken.
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

const FIRST = { timeout: 10_000 };

async function setup() {
  const restaurant = await createRestaurant(ui.db, { manager_id: manager._id, ordering_enabled: true, name: 'Rayhon' });
  const table = await createTable(ui.db, restaurant._id, { name: '5' });
  const category = await createCategory(ui.db, restaurant._id);
  const product = await createProduct(ui.db, category._id, { name: 'Osh', price: 25000 });
  return { restaurant, table, product };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** A diner's order from the code carrying `token`, as the table's QR page sends it. */
const order = (s: Setup, token: string) =>
  ui.testApp.app.inject({
    method: 'POST',
    url: `/menu/${s.restaurant.slug}/orders`,
    headers: { 'idempotency-key': randomUUID(), 'x-device-id': randomUUID() },
    payload: { table_id: token, items: [{ product_id: s.product._id, quantity: 1 }], comment: '' },
    remoteAddress: '10.9.0.1',
  });

const storedToken = async (id: string) =>
  (await ui.db.select().from(restaurantTables).where(eq(restaurantTables._id, id)))[0]!.token;

describe('QR-kodni yangilash', () => {
  it('warns first, then gives the table a new link; the old printed code orders no more', async () => {
    const s = await setup();
    const oldToken = s.table.token;
    const oldLink = `${ui.net.origin}/menu/${s.restaurant.slug}?table=${oldToken}`;
    const { user } = renderApp('/tables', { token: manager.token, storage: { restaurantId: s.restaurant._id } });
    const card = within(await screen.findByTestId('table-5', {}, FIRST));
    expect(card.getByDisplayValue(oldLink)).toBeInTheDocument();
    const renew = card.getByRole('button', { name: uzOrdering.tokenRenewFor('5') });
    expect(renew).toHaveTextContent(uzOrdering.tokenRenew);

    // Yo'q: nothing changes.
    await user.click(renew);
    let dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(uzOrdering.tokenRenewConfirm('5'))).toBeVisible();
    expect(dialog.getByText(uzOrdering.tokenRenewWarning)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: uz.no }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await storedToken(s.table._id)).toBe(oldToken);
    expect(card.getByDisplayValue(oldLink)).toBeInTheDocument();

    // Ha: a new token, shown on the card at once.
    await user.click(renew);
    dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: uz.yes }));
    await findToast(uzOrdering.tokenRenewed('5'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const newToken = await storedToken(s.table._id);
    expect(newToken).not.toBe(oldToken);
    expect(newToken).toMatch(/^[0-9a-f]{32}$/);
    expect(card.getByDisplayValue(`${ui.net.origin}/menu/${s.restaurant.slug}?table=${newToken}`)).toBeInTheDocument();
    expect(card.queryByDisplayValue(oldLink)).toBeNull();

    // The old printed code is refused; the new one takes the order.
    const refused = await order(s, oldToken);
    expect(refused.statusCode).toBe(404);
    expect((await order(s, newToken)).statusCode).toBe(201);
  });

  it('a failed renewal says why and leaves the link as it was', async () => {
    const s = await setup();
    const link = `${ui.net.origin}/menu/${s.restaurant.slug}?table=${s.table.token}`;
    const { user } = renderApp('/tables', { token: manager.token, storage: { restaurantId: s.restaurant._id } });
    const card = within(await screen.findByTestId('table-5', {}, FIRST));
    // The table is deleted elsewhere meanwhile: the server answers 404 with its reason.
    await ui.db.delete(restaurantTables).where(eq(restaurantTables._id, s.table._id));
    await user.click(card.getByRole('button', { name: uzOrdering.tokenRenewFor('5') }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: uz.yes }));
    const toast = await screen.findByText(new RegExp(`^${uzOrdering.tokenRenewFailed}: .+`), {
      selector: '.toast-body',
    });
    expect(toast).toBeVisible();
    expect(card.getByDisplayValue(link)).toBeInTheDocument();
  });
});
