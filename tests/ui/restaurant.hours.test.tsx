import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restaurants } from '../../server/db/schema';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';

/**
 * Hand-written journeys of "Ish vaqti" on the restaurant page against the real server, with fixed end states: the
 * manager sets the week's hours from "Har doim ochiq", the hours come back after a reload, overlapping intervals are
 * named before anything is sent, and the admin sees a restaurant's own zone among the offered ones.
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

const openPage = (id: string) =>
  renderApp(`/viewRestaurant/${id}`, { token: manager.token, storage: { restaurantId: id } });
const panel = async () => within(await screen.findByTestId('working-hours', {}, { timeout: 10_000 }));
const day = (key: string) => within(screen.getByTestId(`working-day-${key}`));
const stored = async (id: string) => {
  const [row] = await ui.db.select().from(restaurants).where(eq(restaurants._id, id));
  return { time_zone: row!.time_zone, working_hours: row!.working_hours };
};
const WEEK = ['1', '2', '3', '4', '5', '6', '7'];

describe('"Ish vaqti" on the restaurant page', () => {
  it('from "Har doim ochiq" to a week of hours: Monday’s hours on every day, Sunday off, Samarqand’s zone', async () => {
    const restaurant = await createRestaurant(ui.db, { manager_id: manager._id });
    const app = openPage(restaurant._id);
    const hours = await panel();
    expect(hours.getByLabelText('Vaqt mintaqasi')).toHaveValue('Asia/Tashkent');
    expect(hours.getByRole('option', { name: 'Toshkent (UTC+5)' })).toBeInTheDocument();
    expect(hours.getByRole('checkbox', { name: 'Har doim ochiq' })).toBeChecked();
    expect(screen.queryByTestId('working-day-1')).toBeNull();

    await app.user.click(hours.getByRole('checkbox', { name: 'Har doim ochiq' }));
    expect(day('1').getByLabelText('Dushanba, 1-oraliq: ochiladi')).toHaveValue('10:00');
    const mondayEnd = day('1').getByLabelText('Dushanba, 1-oraliq: yopiladi');
    await app.user.clear(mondayEnd);
    await app.user.type(mondayEnd, '23:00');
    expect(hours.getByText("Saqlanmagan o'zgarishlar bor")).toBeVisible();
    await app.user.click(hours.getByRole('button', { name: 'Har kuni bir xil' }));
    for (const key of WEEK) expect(day(key).getByLabelText(/1-oraliq: yopiladi$/)).toHaveValue('23:00');
    await app.user.click(day('7').getByRole('checkbox', { name: 'Yakshanba: ochiq' }));
    expect(day('7').getByText('Dam olish kuni')).toBeVisible();
    expect(day('7').queryByLabelText(/oraliq/)).toBeNull();
    await app.user.selectOptions(hours.getByLabelText('Vaqt mintaqasi'), 'Asia/Samarkand');
    await app.user.click(hours.getByRole('button', { name: 'Ish vaqtini saqlash' }));

    expect(await hours.findByText('Ish vaqti saqlandi')).toBeVisible();
    const week = Object.fromEntries(WEEK.slice(0, 6).map((key) => [key, [['10:00', '23:00']]]));
    expect(JSON.parse(ui.net.callsTo('PUT', '/manager/restaurants/update').at(-1)!.body!)).toEqual({
      time_zone: 'Asia/Samarkand',
      working_hours: week,
    });
    expect(await stored(restaurant._id)).toEqual({ time_zone: 'Asia/Samarkand', working_hours: week });
    expect(hours.queryByText("Saqlanmagan o'zgarishlar bor")).toBeNull();

    // Another visit finds them as saved.
    app.unmount();
    openPage(restaurant._id);
    const again = await panel();
    expect(again.getByLabelText('Vaqt mintaqasi')).toHaveValue('Asia/Samarkand');
    expect(again.getByRole('checkbox', { name: 'Har doim ochiq' })).not.toBeChecked();
    expect(day('3').getByLabelText('Chorshanba, 1-oraliq: yopiladi')).toHaveValue('23:00');
    expect(day('7').getByRole('checkbox', { name: 'Yakshanba: ochiq' })).not.toBeChecked();
  });

  it('a lunch break is a second interval; overlapping intervals are named and nothing is sent', async () => {
    const restaurant = await createRestaurant(ui.db, {
      manager_id: manager._id,
      working_hours: { '1': [['10:00', '22:00']], '2': [['10:00', '22:00']] },
    });
    const app = openPage(restaurant._id);
    const hours = await panel();
    const mondayEnd = day('1').getByLabelText('Dushanba, 1-oraliq: yopiladi');
    await app.user.clear(mondayEnd);
    await app.user.type(mondayEnd, '15:00');
    await app.user.click(day('1').getByRole('button', { name: "Oraliq qo'shish: Dushanba" }));
    // The second starts where the first ends; its end is to be typed.
    expect(day('1').getByLabelText('Dushanba, 2-oraliq: ochiladi')).toHaveValue('15:00');
    await app.user.click(hours.getByRole('button', { name: 'Ish vaqtini saqlash' }));
    expect(await hours.findByText("Belgilangan maydonlarni to'g'rilang")).toBeVisible();
    expect(day('1').getByLabelText('Dushanba, 2-oraliq: yopiladi')).toHaveAttribute('aria-invalid', 'true');
    const secondStart = day('1').getByLabelText('Dushanba, 2-oraliq: ochiladi');
    await app.user.clear(secondStart);
    await app.user.type(secondStart, '18:00');
    await app.user.type(day('1').getByLabelText('Dushanba, 2-oraliq: yopiladi'), '02:00');
    // Monday's night runs into Tuesday's morning.
    const tuesdayStart = day('2').getByLabelText('Seshanba, 1-oraliq: ochiladi');
    await app.user.clear(tuesdayStart);
    await app.user.type(tuesdayStart, '01:00');
    expect(await hours.findByText('Du 18:00–02:00 va Se 01:00–22:00 oraliqlari ustma-ust tushadi')).toBeVisible();
    await app.user.click(hours.getByRole('button', { name: 'Ish vaqtini saqlash' }));
    expect(ui.net.callsTo('PUT', '/manager/restaurants/update')).toHaveLength(0);

    await app.user.clear(tuesdayStart);
    await app.user.type(tuesdayStart, '10:00');
    await app.user.click(hours.getByRole('button', { name: 'Ish vaqtini saqlash' }));
    expect(await hours.findByText('Ish vaqti saqlandi')).toBeVisible();
    expect((await stored(restaurant._id)).working_hours).toEqual({
      '1': [
        ['10:00', '15:00'],
        ['18:00', '02:00'],
      ],
      '2': [['10:00', '22:00']],
    });
  });

  it("the admin's page offers the restaurant's own zone, and 'Har doim ochiq' saves no hours", async () => {
    const admin = await createUser(ui.testApp.app, ui.db, 'admin');
    const restaurant = await createRestaurant(ui.db, {
      manager_id: manager._id,
      time_zone: 'Europe/Berlin',
      working_hours: { '5': [['12:00', '23:00']] },
    });
    const app = renderApp(`/admin/viewRestaurant/${restaurant._id}/${restaurant.slug}`, { token: admin.token });
    const hours = await panel();
    expect(hours.getByLabelText('Vaqt mintaqasi')).toHaveValue('Europe/Berlin');
    expect(day('5').getByLabelText('Juma, 1-oraliq: ochiladi')).toHaveValue('12:00');
    await app.user.click(hours.getByRole('checkbox', { name: 'Har doim ochiq' }));
    await app.user.click(hours.getByRole('button', { name: 'Ish vaqtini saqlash' }));
    expect(await hours.findByText('Ish vaqti saqlandi')).toBeVisible();
    expect(await stored(restaurant._id)).toEqual({ time_zone: 'Europe/Berlin', working_hours: null });
    await waitFor(() => expect(screen.queryByTestId('working-day-5')).toBeNull());
  });
});
