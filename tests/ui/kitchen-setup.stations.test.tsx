import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { kitchenStations } from '../../server/db/schema';
import { messages } from '../../server/messages';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';

/**
 * The restaurant page's "Oshxona", its stations ("Bo'limlar"), against the real server: a manager (and an admin) adds,
 * edits and deletes a restaurant's stations with their printers; the server's refusals are said where they belong.
 */

let ui: UiHarness;
let manager: TestUser;
let admin: TestUser;
let restaurantId: string;

beforeAll(async () => {
  ui = await startUi();
  // No ticket goes to a printer here (the stations' printers are made up).
  await ui.testApp.app.printSender.stop();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
  restaurantId = (await createRestaurant(ui.db, { manager_id: manager._id, name: 'Rayhon', slug: 'rayhon' }))._id;
});

/** A station as the API makes it (the seed of a test that is not about adding one). */
async function addStation(body: Record<string, unknown>) {
  const answer = await ui.testApp.app.inject({
    method: 'POST',
    url: `/manager/restaurants/${restaurantId}/stations`,
    headers: manager.headers,
    payload: body,
  });
  expect(answer.statusCode).toBe(201);
  return answer.json().data as { _id: string; name: string };
}

const kitchen = async () => within(await screen.findByTestId('kitchen-setup', {}, { timeout: 10_000 }));
const stationRow = (name: string) => within(screen.getByTestId(`station-${name}`));
const dialog = () => within(screen.getByRole('dialog'));
const stored = async () => ui.db.select().from(kitchenStations).where(eq(kitchenStations.restaurant_id, restaurantId));
const lastBody = (method: string, path: RegExp) => JSON.parse(ui.net.callsTo(method, path).at(-1)!.body!);
const STATIONS = /^\/manager\/restaurants\/[^/]+\/stations$/;
const STATION = /^\/manager\/stations\/[^/]+$/;

describe('"Oshxona" on the restaurant page: stations', () => {
  it('a manager adds the kitchen with its printer and the bar without one; each row says what it does', async () => {
    const { user } = renderApp(`/viewRestaurant/${restaurantId}`, { token: manager.token });
    const section = await kitchen();
    expect(section.getByRole('heading', { name: 'Oshxona' })).toBeVisible();
    expect(await section.findByText(/Hali bo'lim yo'q/)).toBeVisible();

    await user.click(section.getByRole('button', { name: "Bo'lim qo'shish" }));
    expect(await screen.findByRole('heading', { name: "Bo'lim qo'shish" })).toBeVisible();
    await user.type(dialog().getByLabelText(/^Bo'lim nomi/), 'Oshxona');
    // The printer's fields come with its switch.
    expect(dialog().queryByLabelText(/^Printer manzili/)).toBeNull();
    await user.click(dialog().getByRole('switch', { name: 'Printer ulangan' }));
    await user.type(dialog().getByLabelText(/^Printer manzili/), '192.168.1.50');
    expect(dialog().getByLabelText('Port')).toHaveValue(9100);
    expect(dialog().getByRole('radio', { name: '80 mm' })).toBeChecked();
    await user.click(dialog().getByRole('button', { name: 'Saqlash' }));
    await findToast("Bo'lim qo'shildi");
    expect(lastBody('POST', STATIONS)).toEqual({
      name: 'Oshxona',
      printer: { host: '192.168.1.50', port: 9100, width: 80 },
      print_on: 'placed',
      amber_minutes: 10,
      red_minutes: 20,
    });
    await waitFor(() => expect(screen.getByTestId('station-Oshxona')).toBeVisible());
    expect(stationRow('Oshxona').getByText('Printer: 192.168.1.50:9100 · 80 mm')).toBeVisible();
    expect(stationRow('Oshxona').getByTestId('station-when')).toHaveTextContent(
      'Buyurtma kelganda · Sariq 10 daq · qizil 20 daq',
    );
    expect(stationRow('Oshxona').getByText('Standart')).toBeVisible();

    await user.click(section.getByRole('button', { name: "Bo'lim qo'shish" }));
    await user.type(await dialog().findByLabelText(/^Bo'lim nomi/), 'Bar');
    await user.selectOptions(dialog().getByLabelText("Buyurtma bo'limga qachon chiqadi"), 'Qabul qilinganda');
    await user.clear(dialog().getByLabelText('Sariq (daqiqa)'));
    await user.type(dialog().getByLabelText('Sariq (daqiqa)'), '5');
    await user.click(dialog().getByRole('button', { name: 'Saqlash' }));
    await findToast("Bo'lim qo'shildi");
    await waitFor(() => expect(screen.getByTestId('station-Bar')).toBeVisible());
    expect(stationRow('Bar').getByText('Printersiz')).toBeVisible();
    expect(stationRow('Bar').getByTestId('station-when')).toHaveTextContent(
      'Qabul qilinganda · Sariq 5 daq · qizil 20 daq',
    );
    expect(stationRow('Bar').queryByText('Standart')).toBeNull();
    expect((await stored()).map((s) => [s.name, s.position])).toEqual(
      expect.arrayContaining([
        ['Oshxona', 0],
        ['Bar', 1],
      ]),
    );
  });

  it('says at the fields what the form refuses before the call, and a taken name under the name', async () => {
    await addStation({ name: 'Bar' });
    const { user } = renderApp(`/viewRestaurant/${restaurantId}`, { token: manager.token });
    const section = await kitchen();
    await waitFor(() => expect(screen.getByTestId('station-Bar')).toBeVisible());
    await user.click(section.getByRole('button', { name: "Bo'lim qo'shish" }));
    await user.type(await within(await screen.findByRole('dialog')).findByLabelText(/^Bo'lim nomi/), 'bar');
    await user.click(dialog().getByRole('switch', { name: 'Printer ulangan' }));
    await user.type(dialog().getByLabelText(/^Printer manzili/), 'http://printer');
    await user.clear(dialog().getByLabelText('Qizil (daqiqa)'));
    await user.type(dialog().getByLabelText('Qizil (daqiqa)'), '10');
    await user.click(dialog().getByRole('button', { name: 'Saqlash' }));
    expect(dialog().getByText(/^Manzil noto'g'ri/)).toBeVisible();
    expect(dialog().getByText("Qizil chegara sariq chegaradan katta bo'lishi kerak.")).toBeVisible();
    expect(ui.net.callsTo('POST', STATIONS)).toEqual([]);

    await user.clear(dialog().getByLabelText(/^Printer manzili/));
    await user.type(dialog().getByLabelText(/^Printer manzili/), '192.168.1.60');
    await user.clear(dialog().getByLabelText('Qizil (daqiqa)'));
    await user.type(dialog().getByLabelText('Qizil (daqiqa)'), '25');
    await user.click(dialog().getByRole('button', { name: 'Saqlash' }));
    // The restaurant has a "Bar" already, whatever the case: said under the name, where it is corrected.
    const name = dialog().getByLabelText(/^Bo'lim nomi/);
    await waitFor(() => expect(name).toHaveAccessibleDescription(new RegExp(`${messages.stationNameTaken('bar')}$`)));
    expect(screen.queryByText("Bo'lim qo'shishda xatolik yuz berdi!", { selector: '.toast-body' })).toBeNull();
    await user.type(name, ' 2');
    await user.click(dialog().getByRole('button', { name: 'Saqlash' }));
    await findToast("Bo'lim qo'shildi");
  });

  it('an edit sends only what changed: the printer switched off goes away', async () => {
    await addStation({ name: 'Oshxona', printer: { host: '192.168.1.50', port: 9100, width: 58 } });
    const { user } = renderApp(`/viewRestaurant/${restaurantId}`, { token: manager.token });
    await kitchen();
    await waitFor(() => expect(screen.getByTestId('station-Oshxona')).toBeVisible());
    expect(stationRow('Oshxona').getByText('Printer: 192.168.1.50:9100 · 58 mm')).toBeVisible();
    await user.click(stationRow('Oshxona').getByRole('button', { name: "Bo'limni tahrirlash: Oshxona" }));
    expect(await screen.findByRole('heading', { name: "Bo'limni tahrirlash" })).toBeVisible();
    expect(dialog().getByRole('radio', { name: '58 mm' })).toBeChecked();
    await user.click(dialog().getByRole('radio', { name: '80 mm' }));
    await user.click(dialog().getByRole('button', { name: 'Saqlash' }));
    await findToast("Bo'lim saqlandi");
    expect(lastBody('PUT', STATION)).toEqual({ printer: { host: '192.168.1.50', port: 9100, width: 80 } });
    await waitFor(() => expect(stationRow('Oshxona').getByText('Printer: 192.168.1.50:9100 · 80 mm')).toBeVisible());

    await user.click(stationRow('Oshxona').getByRole('button', { name: "Bo'limni tahrirlash: Oshxona" }));
    await user.click(await dialog().findByRole('switch', { name: 'Printer ulangan' }));
    await user.click(dialog().getByRole('button', { name: 'Saqlash' }));
    await findToast("Bo'lim saqlandi");
    expect(lastBody('PUT', STATION)).toEqual({ printer: null });
    await waitFor(() => expect(stationRow('Oshxona').getByText('Printersiz')).toBeVisible());
  });

  it('deletes after Ha; a station a tablet shows alone is kept, and the toast says why', async () => {
    await addStation({ name: 'Oshxona' });
    const bar = await addStation({ name: 'Bar' });
    const mangal = await addStation({ name: 'Mangal' });
    const device = await ui.testApp.app.inject({
      method: 'POST',
      url: `/manager/restaurants/${restaurantId}/kitchen-devices`,
      headers: manager.headers,
      payload: { name: 'Mangal plansheti', station_id: mangal._id },
    });
    expect(device.statusCode).toBe(201);
    const { user } = renderApp(`/viewRestaurant/${restaurantId}`, { token: manager.token });
    await kitchen();
    await waitFor(() => expect(screen.getByTestId('station-Bar')).toBeVisible());

    await user.click(stationRow('Bar').getByRole('button', { name: "Bo'limni o'chirish: Bar" }));
    const question = within(await screen.findByRole('dialog'));
    expect(question.getByText("Bu bo'limni o'chirmoqchimisiz?")).toBeVisible();
    expect(question.getByTestId('delete-what')).toHaveTextContent(/"Bar" bo'limi o'chiriladi/);
    await user.click(question.getByRole('button', { name: 'Ha' }));
    await findToast("Bo'lim o'chirildi");
    await waitFor(() => expect(screen.queryByTestId('station-Bar')).toBeNull());
    expect((await stored()).map((s) => s._id)).not.toContain(bar._id);

    await user.click(stationRow('Mangal').getByRole('button', { name: "Bo'limni o'chirish: Mangal" }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ha' }));
    await findToast(`Bo'limni o'chirib bo'lmadi: ${messages.stationHasDevices(1)}`);
    expect(screen.getByTestId('station-Mangal')).toBeVisible();
  });

  it("an admin finds the same section on the restaurant's page; a manager's card links to it", async () => {
    await addStation({ name: 'Oshxona' });
    const adminApp = renderApp(`/admin/viewRestaurant/${restaurantId}/rayhon`, { token: admin.token });
    await kitchen();
    await waitFor(() => expect(screen.getByTestId('station-Oshxona')).toBeVisible());
    adminApp.unmount();
    localStorage.clear();

    // jsdom lays nothing out and has no scrolling: the section's scroll is recorded instead.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      const managerApp = renderApp('/manager', { token: manager.token });
      const card = within(await screen.findByTestId('manager-restaurant-rayhon', {}, { timeout: 10_000 }));
      await managerApp.user.click(card.getByRole('link', { name: 'Oshxona' }));
      await waitFor(() => expect(managerApp.location()).toBe(`/viewRestaurant/${restaurantId}`));
      expect(managerApp.router.state.location.hash).toBe('#kitchen');
      await waitFor(() => expect(screen.getByTestId('station-Oshxona')).toBeVisible());
      expect(scrolled).toEqual([screen.getByTestId('kitchen-setup')]);
    } finally {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });
});
