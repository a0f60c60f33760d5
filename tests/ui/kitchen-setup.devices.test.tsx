import { within } from '@testing-library/react';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { kitchenDevices } from '../../server/db/schema';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';

/**
 * The restaurant page's "Oshxona", its kitchen tablets ("Oshxona planshetlari"), against the real server: a tablet is
 * added with a name and a station and gets its one-time code, shown large with its countdown and where to type it;
 * the window sees the tablet enter it; a tablet is removed after Ha, and its session ends.
 */

let ui: UiHarness;
let manager: TestUser;
let restaurantId: string;
let barId: string;

beforeAll(async () => {
  ui = await startUi();
  await ui.testApp.app.printSender.stop();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  restaurantId = (await createRestaurant(ui.db, { manager_id: manager._id, name: 'Rayhon' }))._id;
  for (const name of ['Oshxona', 'Bar']) {
    const answer = await ui.testApp.app.inject({
      method: 'POST',
      url: `/manager/restaurants/${restaurantId}/stations`,
      headers: manager.headers,
      payload: { name },
    });
    expect(answer.statusCode).toBe(201);
    if (name === 'Bar') barId = answer.json().data._id;
  }
});

const devices = async () => within(await screen.findByTestId('kitchen-devices', {}, { timeout: 10_000 }));
const deviceRow = (name: string) => within(screen.getByTestId(`device-${name}`));
/** The list loads after the section shows: as long a wait as the section's own, for a loaded machine. */
const LIST_WAIT = { timeout: 10_000 };
const pair = (code: string) =>
  ui.testApp.app.inject({ method: 'POST', url: '/kitchen/pair', payload: { code }, remoteAddress: '10.0.9.1' });

describe('"Oshxona" on the restaurant page: kitchen tablets', () => {
  it('adds a tablet for the bar: its code shows large with the countdown, and the window sees the tablet pair', async () => {
    const { user } = renderApp(`/viewRestaurant/${restaurantId}`, { token: manager.token });
    const section = await devices();
    expect(await section.findByText('Hali planshet ulanmagan.')).toBeVisible();
    await waitFor(() => expect(section.getByRole('button', { name: "Planshet qo'shish" })).toBeEnabled());
    await user.click(section.getByRole('button', { name: "Planshet qo'shish" }));
    const form = within(await screen.findByRole('dialog'));
    await user.type(await form.findByLabelText(/^Planshet nomi/), 'Bar plansheti');
    const station = form.getByLabelText("Bo'lim");
    expect(
      within(station)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(["Barcha bo'limlar", 'Oshxona', 'Bar']);
    await user.selectOptions(station, 'Bar');
    await user.click(form.getByRole('button', { name: 'Kod olish' }));

    const window = within(await screen.findByRole('dialog', { name: 'Planshetni ulash: Bar plansheti' }));
    const code = (await window.findByTestId('pairing-code')).textContent!.replace(/\D/g, '');
    expect(code).toMatch(/^\d{6}$/);
    expect(window.getByText('Planshetda /kitchen sahifasini oching va shu kodni kiriting')).toBeVisible();
    await waitFor(() =>
      expect(window.getByTestId('pairing-left')).toHaveTextContent(/^Kod yana (10:00|9:[0-5]\d) amal qiladi/),
    );
    const sent = JSON.parse(ui.net.callsTo('POST', /\/kitchen-devices$/).at(-1)!.body!);
    expect(sent).toEqual({ name: 'Bar plansheti', station_id: barId });
    await waitFor(() => expect(deviceRow('Bar plansheti').getByText('Kod kutilmoqda')).toBeVisible(), LIST_WAIT);
    expect(deviceRow('Bar plansheti').getByText("Bo'lim: Bar")).toBeVisible();

    // The tablet enters the code: the window hears of it at its next read of the list (every five seconds).
    expect((await pair(code)).statusCode).toBe(200);
    expect(await window.findByText('Ulangan', {}, { timeout: 8000 })).toBeVisible();
    await user.click(window.getByRole('button', { name: 'Yopish' }));
    await waitFor(() => expect(screen.queryByTestId('pairing-code')).toBeNull());
    await waitFor(() => expect(deviceRow('Bar plansheti').getByText('Ulangan')).toBeVisible(), LIST_WAIT);
  });

  it('a tablet for every station; a code run out unused says so', async () => {
    await ui.testApp.app.inject({
      method: 'POST',
      url: `/manager/restaurants/${restaurantId}/kitchen-devices`,
      headers: manager.headers,
      payload: { name: 'Eski planshet', station_id: null },
    });
    await ui.db
      .update(kitchenDevices)
      .set({ code_expires_at: sql`now() - interval '1 minute'` })
      .where(eq(kitchenDevices.name, 'Eski planshet'));
    renderApp(`/viewRestaurant/${restaurantId}`, { token: manager.token });
    await devices();
    await waitFor(() => expect(deviceRow('Eski planshet').getByText("Kod muddati o'tgan")).toBeVisible(), LIST_WAIT);
    expect(deviceRow('Eski planshet').getByText("Barcha bo'limlar")).toBeVisible();
    expect(deviceRow('Eski planshet').getByText("Hali faollik yo'q")).toBeVisible();
  });

  it('removes a tablet after Ha: its session ends at once', async () => {
    const created = await ui.testApp.app.inject({
      method: 'POST',
      url: `/manager/restaurants/${restaurantId}/kitchen-devices`,
      headers: manager.headers,
      payload: { name: 'Oshxona plansheti', station_id: null },
    });
    const paired = await pair(created.json().data.code);
    const token = paired.json().token as string;
    const { user } = renderApp(`/viewRestaurant/${restaurantId}`, { token: manager.token });
    await devices();
    await waitFor(() => expect(deviceRow('Oshxona plansheti').getByText('Ulangan')).toBeVisible(), LIST_WAIT);

    await user.click(deviceRow('Oshxona plansheti').getByRole('button', { name: "O'chirish: Oshxona plansheti" }));
    const question = within(await screen.findByRole('dialog'));
    expect(question.getByText("Bu planshetni o'chirmoqchimisiz?")).toBeVisible();
    expect(question.getByTestId('delete-what')).toHaveTextContent(/darhol tugaydi/);
    await user.click(question.getByRole('button', { name: 'Ha' }));
    await findToast("Planshet o'chirildi");
    await waitFor(() => expect(screen.queryByTestId('device-Oshxona plansheti')).toBeNull());
    const after = await ui.testApp.app.inject({
      method: 'GET',
      url: '/kitchen/orders',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
  });
});
