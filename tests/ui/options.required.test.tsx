import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productOptions } from '../../server/db/schema';
import {
  createCategory,
  createOption,
  createProduct,
  createRestaurant,
  createUser,
  type TestUser,
} from '../support/fixtures';
import { findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';

/** A manager marks an option required ('Majburiy') in the option dialog; the card says so, the server keeps it. */

let ui: UiHarness;
let manager: TestUser;
let productId: string;

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  const restaurant = await createRestaurant(ui.db, { manager_id: manager._id });
  const category = await createCategory(ui.db, restaurant._id);
  productId = (await createProduct(ui.db, category._id, { name: 'Samarqand oshi' }))._id;
});

const open = () => renderApp(`/ManagerProductOptionRow/${productId}`, { token: manager.token });
const card = (name: string) => screen.getAllByTestId(/^option-/).find((el) => el.dataset.name === name)!;
const dialog = () => screen.getByRole('dialog');
const stored = async (name: string) =>
  (await ui.db.select().from(productOptions).where(eq(productOptions.name, name)))[0]?.required;

describe('a required option', () => {
  it('is created required with the switch on, and its card says "majburiy"', async () => {
    const app = open();
    // The add button waits for the list.
    expect(await screen.findByText('Opsiyalar mavjud emas')).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: "+ Option qo'shish" }));
    expect(await screen.findByRole('heading', { name: "Yangi Variant Qo'shish" })).toBeVisible();
    await app.user.type(within(dialog()).getByLabelText(/^Opsiya nomi/), 'Porsiya');
    const required = within(dialog()).getByRole('switch', { name: 'Majburiy' });
    expect(required).not.toBeChecked();
    expect(required).toHaveAccessibleDescription(/bitta qatorini tanlashi shart/);
    await app.user.click(required);
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    await findToast("Yangi variant qo'shildi");
    await waitFor(() => expect(within(card('Porsiya')).getByText('majburiy')).toBeVisible());
    expect(await stored('Porsiya')).toBe(true);
  });

  it('an optional one shows no mark; the edit dialog starts from the setting and sends only what changed', async () => {
    await createOption(ui.db, productId, { name: 'Porsiya' });
    await createOption(ui.db, productId, { name: 'Sous', required: true });
    const app = open();
    await screen.findByRole('button', { name: /^Porsiya/ });
    expect(within(card('Porsiya')).queryByText('majburiy')).toBeNull();
    expect(within(card('Sous')).getByText('majburiy')).toBeVisible();

    await app.user.click(within(card('Porsiya')).getByRole('button', { name: 'Tahrirlash: Porsiya' }));
    const required = within(dialog()).getByRole('switch', { name: 'Majburiy' });
    expect(required).not.toBeChecked();
    await app.user.click(required);
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    await findToast('Variant yangilandi');
    await waitFor(() => expect(within(card('Porsiya')).getByText('majburiy')).toBeVisible());
    expect(await stored('Porsiya')).toBe(true);
    const puts = ui.net.callsTo('PUT', /\/manager\/product-option\//);
    expect(JSON.parse(puts.at(-1)?.body ?? 'null')).toEqual({ required: true });

    await app.user.click(within(card('Sous')).getByRole('button', { name: 'Tahrirlash: Sous' }));
    expect(within(dialog()).getByRole('switch', { name: 'Majburiy' })).toBeChecked();
    await app.user.click(within(dialog()).getByRole('switch', { name: 'Majburiy' }));
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    await waitFor(() => expect(within(card('Sous')).queryByText('majburiy')).toBeNull());
    expect(await stored('Sous')).toBe(false);
  });
});
