import { randomUUID } from 'node:crypto';
import { within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uzOrdering } from '../../lib/uz-ordering';
import { createTable } from '../server/orders-fixtures';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { renderApp, screen, startUi, type UiHarness } from '../support/ui';

// jsdom has no EventSource, and this screen does not test the staff's live stream.
/**
 * A table the sync mirrors from the POS, on the Stollar screen against the real server: it carries the "Kassa" badge
 * and offers neither rename nor delete (the POS owns them); its switch, QR code and card stay, as a manual table's.
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

describe('POS tables on the Stollar screen', () => {
  it('shows a POS table with the Kassa badge and without rename or delete; a manual table keeps both', async () => {
    const restaurant = await createRestaurant(ui.db, { manager_id: manager._id, ordering_enabled: true });
    await createTable(ui.db, restaurant._id, { name: '7', source: 'pos', pos_table_id: randomUUID() });
    await createTable(ui.db, restaurant._id, { name: 'VIP' });
    renderApp('/tables', { token: manager.token, storage: { restaurantId: restaurant._id } });

    const pos = within(await screen.findByTestId('table-7', {}, { timeout: 10_000 }));
    expect(pos.getByText(uzOrdering.tablePosBadge)).toBeVisible();
    expect(pos.queryByRole('button', { name: uzOrdering.tableRename('7') })).toBeNull();
    expect(pos.queryByRole('button', { name: uzOrdering.tableDelete('7') })).toBeNull();
    expect(pos.getByRole('switch', { name: uzOrdering.tableActiveSwitch('7') })).toBeChecked();
    expect(pos.getByRole('button', { name: uzOrdering.tokenRenewFor('7') })).toBeEnabled();
    expect(pos.getByRole('link', { name: new RegExp(uzOrdering.printCard) })).toBeVisible();

    const manual = within(screen.getByTestId('table-VIP'));
    expect(manual.queryByText(uzOrdering.tablePosBadge)).toBeNull();
    expect(manual.getByRole('button', { name: uzOrdering.tableRename('VIP') })).toBeVisible();
    expect(manual.getByRole('button', { name: uzOrdering.tableDelete('VIP') })).toBeVisible();
  });
});
