import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restaurants } from '../../server/db/schema';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { STAFF_REFUSED } from './models/telegram.model';

/**
 * "Tugmalarni bosa oladiganlar" on the restaurant page, against the real server: the owning manager links Telegram
 * users to the restaurant's staff, saves, and finds them after a reload; the server's 400 naming a bad entry is
 * shown in the section and the list stays as typed.
 */

let ui: UiHarness;
let admin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  ui = await startUi();
});
afterAll(async () => {
  await ui.close();
});
beforeEach(async () => {
  await ui.reset();
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
});

const TITLE = 'Tugmalarni bosa oladiganlar';
const section = () => screen.findByRole('region', { name: TITLE }, { timeout: 5000 });
const field = (panel: HTMLElement) => within(panel).getByLabelText('Telegram ID yoki @username');
const listed = (panel: HTMLElement) =>
  within(panel)
    .queryAllByRole('listitem')
    .map((li) => li.firstChild?.textContent);
const stored = async (id: string) =>
  (await ui.db.select().from(restaurants).where(eq(restaurants._id, id)))[0]!.telegram_staff;

async function add(app: ReturnType<typeof renderApp>, panel: HTMLElement, entry: string) {
  await app.user.click(field(panel));
  await app.user.paste(entry);
  await app.user.click(within(panel).getByRole('button', { name: "Qo'shish" }));
}

describe('the restaurant page links Telegram users who may press the buttons', () => {
  it('the owning manager adds a user id and a username, saves, and after a reload sees them as stored', async () => {
    const restaurant = await createRestaurant(ui.db, { name: 'Rayhon', slug: 'rayhon', manager_id: manager._id });
    const first = renderApp(`/viewRestaurant/${restaurant._id}`, { token: manager.token });
    const panel = await section();
    expect(panel).toHaveTextContent(/kanal administratorlari har doim bosa oladi/);
    expect(await within(panel).findByText(/Hali hech kim qo'shilmagan/)).toBeVisible();
    expect(field(panel)).toHaveAccessibleDescription(/@userinfobot/);

    await add(first, panel, '123456789');
    await add(first, panel, '@Ali_Ofitsiant');
    expect(listed(panel)).toEqual(['123456789', '@Ali_Ofitsiant']);
    expect(field(panel)).toHaveValue('');
    expect(within(panel).getByText("O'zgarishlar hali saqlanmagan.")).toBeVisible();
    await first.user.click(within(panel).getByRole('button', { name: 'Saqlash' }));
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('Saqlandi.'));
    expect(within(panel).getByRole('status')).toHaveClass('text-success');
    // The server's stored form: the username in lower case.
    expect(listed(panel)).toEqual(['123456789', '@ali_ofitsiant']);
    expect(await stored(restaurant._id)).toEqual(['123456789', '@ali_ofitsiant']);

    first.unmount();
    const second = renderApp(`/viewRestaurant/${restaurant._id}`, { token: manager.token });
    const again = await section();
    await waitFor(() => expect(listed(again)).toEqual(['123456789', '@ali_ofitsiant']));
    expect(within(again).queryByText("O'zgarishlar hali saqlanmagan.")).toBeNull();

    // Removing one and saving leaves the other.
    await second.user.click(within(again).getByRole('button', { name: '123456789 ni olib tashlash' }));
    await second.user.click(within(again).getByRole('button', { name: 'Saqlash' }));
    await waitFor(() => expect(within(again).getByRole('status')).toHaveTextContent('Saqlandi.'));
    expect(await stored(restaurant._id)).toEqual(['@ali_ofitsiant']);
  });

  it("a bad entry: the server's 400 naming it is shown, the list is kept, nothing is stored", async () => {
    const restaurant = await createRestaurant(ui.db, { name: 'Rayhon', slug: 'rayhon', manager_id: manager._id });
    const app = renderApp(`/admin/viewRestaurant/${restaurant._id}/rayhon`, { token: admin.token });
    const panel = await section();
    await within(panel).findByText(/Hali hech kim qo'shilmagan/);
    await add(app, panel, '987654321');
    await add(app, panel, 'ali ofitsiant');
    await app.user.click(within(panel).getByRole('button', { name: 'Saqlash' }));
    const status = within(panel).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(STAFF_REFUSED.message));
    expect(status).toHaveClass('text-danger');
    expect(listed(panel)).toEqual(['987654321', 'ali ofitsiant']);
    expect(await stored(restaurant._id)).toEqual([]);

    // Corrected, it saves.
    await app.user.click(within(panel).getByRole('button', { name: 'ali ofitsiant ni olib tashlash' }));
    expect(status).toHaveTextContent('');
    await app.user.click(within(panel).getByRole('button', { name: 'Saqlash' }));
    await waitFor(() => expect(status).toHaveTextContent('Saqlandi.'));
    expect(await stored(restaurant._id)).toEqual(['987654321']);
  });

  it('another manager sees no such section (the page is not theirs)', async () => {
    const restaurant = await createRestaurant(ui.db, { name: 'Rayhon', slug: 'rayhon', manager_id: manager._id });
    const other = await createUser(ui.testApp.app, ui.db, 'manager');
    renderApp(`/viewRestaurant/${restaurant._id}`, { token: other.token });
    await screen.findByText("Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.", {}, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
  });
});
