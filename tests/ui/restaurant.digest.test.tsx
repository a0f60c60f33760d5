import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restaurants } from '../../server/db/schema';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { renderApp, screen, startUi, type UiHarness } from '../support/ui';

/**
 * Hand-written journeys of "Kunlik hisobot" on the restaurant page against the real server, with fixed end states:
 * the manager moves the digest to the morning, switches it off (null is sent, and the page shows it off after a
 * reload), a refused save is shown with the time kept, and a restaurant without a Telegram channel says nothing is
 * sent while still keeping the setting (the admin's page as well).
 */

const TOKEN = `700000${'1'.repeat(4)}:AAE${'x'.repeat(32)}`;
const CHANNEL = '-1001234567890';
const UPDATE = ['PUT', '/manager/restaurants/update'] as const;
const NO_CHANNEL = 'Telegram kanali ulanmagan: hisobot yuborilmaydi.';
const HINT = 'Telegram kanaliga har kuni shu vaqtda kunlik hisobot yuboriladi; 12:00 dan oldin — kechagi kun haqida.';

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

const withChannel = (digest_time: string | null = '23:00') =>
  createRestaurant(ui.db, { manager_id: manager._id, bot_token: TOKEN, channel_id: CHANNEL, digest_time });
const openPage = (id: string) =>
  renderApp(`/viewRestaurant/${id}`, { token: manager.token, storage: { restaurantId: id } });
const panel = async () => within(await screen.findByTestId('digest-time', {}, { timeout: 10_000 }));
const storedTime = async (id: string) => {
  const [row] = await ui.db.select().from(restaurants).where(eq(restaurants._id, id));
  return row!.digest_time;
};
const lastBody = () => JSON.parse(ui.net.callsTo(...UPDATE).at(-1)!.body!);

describe('"Kunlik hisobot" on the restaurant page', () => {
  it('the manager moves the digest to 08:30: only the time is sent, and another visit finds it', async () => {
    const restaurant = await withChannel();
    const app = openPage(restaurant._id);
    const digest = await panel();
    expect(digest.getByText(HINT)).toBeVisible();
    expect(digest.queryByText(NO_CHANNEL)).toBeNull();
    expect(digest.getByRole('checkbox', { name: 'Kunlik hisobotni yuborish' })).toBeChecked();
    const time = digest.getByLabelText('Hisobot vaqti');
    expect(time).toHaveValue('23:00');

    await app.user.clear(time);
    await app.user.type(time, '08:30');
    expect(digest.getByText("Saqlanmagan o'zgarishlar bor")).toBeVisible();
    await app.user.click(digest.getByRole('button', { name: 'Hisobot vaqtini saqlash' }));

    expect(await digest.findByText('Saqlandi: hisobot har kuni 08:30 da yuboriladi.')).toBeVisible();
    expect(lastBody()).toEqual({ digest_time: '08:30' });
    expect(await storedTime(restaurant._id)).toBe('08:30');
    expect(digest.queryByText("Saqlanmagan o'zgarishlar bor")).toBeNull();

    app.unmount();
    openPage(restaurant._id);
    expect((await panel()).getByLabelText('Hisobot vaqti')).toHaveValue('08:30');
  });

  it('switched off, null is sent; the page then shows it off, with the time kept for switching it on', async () => {
    const restaurant = await withChannel('21:00');
    const app = openPage(restaurant._id);
    const digest = await panel();
    await app.user.click(digest.getByRole('checkbox', { name: 'Kunlik hisobotni yuborish' }));
    expect(digest.getByLabelText('Hisobot vaqti')).toBeDisabled();
    await app.user.click(digest.getByRole('button', { name: 'Hisobot vaqtini saqlash' }));

    expect(await digest.findByText('Saqlandi: kunlik hisobot yuborilmaydi.')).toBeVisible();
    expect(lastBody()).toEqual({ digest_time: null });
    expect(await storedTime(restaurant._id)).toBeNull();

    app.unmount();
    const again = openPage(restaurant._id);
    const reread = await panel();
    expect(reread.getByRole('checkbox', { name: 'Kunlik hisobotni yuborish' })).not.toBeChecked();
    expect(reread.getByLabelText('Hisobot vaqti')).toBeDisabled();
    await again.user.click(reread.getByRole('checkbox', { name: 'Kunlik hisobotni yuborish' }));
    expect(reread.getByLabelText('Hisobot vaqti')).toHaveValue('23:00');
    expect(reread.getByLabelText('Hisobot vaqti')).toBeEnabled();
  });

  it('a refused save is shown in red with the time kept; saving again stores it', async () => {
    const restaurant = await withChannel();
    const app = openPage(restaurant._id);
    const digest = await panel();
    const time = digest.getByLabelText('Hisobot vaqti');
    await app.user.clear(time);
    await app.user.type(time, '11:45');
    ui.net.fail(...UPDATE, 400);
    await app.user.click(digest.getByRole('button', { name: 'Hisobot vaqtini saqlash' }));

    expect(await digest.findByText('Sinov xatosi')).toBeVisible();
    expect(screen.getByTestId('digest-time-result')).toHaveClass('text-danger');
    expect(time).toHaveValue('11:45');
    expect(digest.getByText("Saqlanmagan o'zgarishlar bor")).toBeVisible();
    expect(await storedTime(restaurant._id)).toBe('23:00');

    await app.user.click(digest.getByRole('button', { name: 'Hisobot vaqtini saqlash' }));
    expect(await digest.findByText('Saqlandi: hisobot har kuni 11:45 da yuboriladi.')).toBeVisible();
    expect(await storedTime(restaurant._id)).toBe('11:45');
  });

  it('a cleared time is marked and nothing is sent', async () => {
    const restaurant = await withChannel();
    const app = openPage(restaurant._id);
    const digest = await panel();
    await app.user.clear(digest.getByLabelText('Hisobot vaqti'));
    await app.user.click(digest.getByRole('button', { name: 'Hisobot vaqtini saqlash' }));
    expect(await digest.findByText("Vaqtni SS:DD ko'rinishida kiriting (masalan, 23:00)")).toBeVisible();
    expect(digest.getByLabelText('Hisobot vaqti')).toHaveAttribute('aria-invalid', 'true');
    expect(ui.net.callsTo(...UPDATE)).toHaveLength(0);
  });

  it("without a Telegram channel the page says no digest goes, and the admin's page still saves the time", async () => {
    const admin = await createUser(ui.testApp.app, ui.db, 'admin');
    const restaurant = await createRestaurant(ui.db, { manager_id: manager._id });
    const app = renderApp(`/admin/viewRestaurant/${restaurant._id}/${restaurant.slug}`, { token: admin.token });
    const digest = await panel();
    expect(digest.getByText(NO_CHANNEL)).toBeVisible();
    const time = digest.getByLabelText('Hisobot vaqti');
    await app.user.clear(time);
    await app.user.type(time, '12:00');
    await app.user.click(digest.getByRole('button', { name: 'Hisobot vaqtini saqlash' }));
    expect(await digest.findByText('Saqlandi: hisobot har kuni 12:00 da yuboriladi.')).toBeVisible();
    expect(await storedTime(restaurant._id)).toBe('12:00');
  });
});
