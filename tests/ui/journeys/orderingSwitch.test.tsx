import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restaurants } from '../../../server/db/schema';
import { createRestaurant, createUser, type TestUser } from '../../support/fixtures';
import { findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../../support/ui';

// The bottom bar's orders tab follows the live events of a restaurant with ordering on: jsdom has no
// EventSource, and these screens do not test the stream (tests/ui/orders.journeys.test.tsx does), so it stays silent.
/**
 * The "Stoldan buyurtma" switch (`ordering_enabled`) round-trips through both restaurant forms against the
 * real server: the admin's create and edit dialog, and the owning manager's Update Restaurant. Each form shows the
 * stored value with the sentence on what it does, sends it only when it changed, and shows the new value when
 * opened again.
 */

let ui: UiHarness;
let admin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
});

const SWITCH = 'Stoldan buyurtma';
const stored = async (id: string) =>
  (await ui.db.select().from(restaurants).where(eq(restaurants._id, id)))[0]!.ordering_enabled;
const lastUpdate = () => JSON.parse(ui.net.callsTo('PUT', '/manager/restaurants/update').at(-1)!.body!);
const dialog = async () => within(await screen.findByRole('dialog'));
const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
/**
 * Opens the form again until it shows the stored setting: the screen reloads after a save, and a form opened before
 * the reload answered shows the row as it was (closed again, and opened once more).
 */
async function reopen(user: UserEvent, edit: string, checked: boolean, close: string) {
  let form: ReturnType<typeof within> | undefined;
  await waitFor(
    async () => {
      await user.click(screen.getByRole('button', { name: edit }));
      form = await dialog();
      if ((form.getByRole('switch', { name: SWITCH }) as HTMLInputElement).checked !== checked) {
        await user.click(form.getByRole('button', { name: close }));
        await closed();
        throw new Error('the form was opened before the reload answered');
      }
    },
    { timeout: 5000 },
  );
  return form!;
}

/** The save's success toast (an earlier one may still show: at least one), and the dialog closed. */
const savedWith = async (text: string) => {
  await waitFor(() => expect(screen.getAllByText(text, { selector: '.toast-body' }).length).toBeGreaterThan(0));
  await closed();
};

describe("the admin's restaurant form", () => {
  it('creates a restaurant that takes orders from its tables', async () => {
    const { user } = renderApp('/admin/restaurants', { token: admin.token });
    await user.click(await screen.findByRole('button', { name: "Restoran qo'shish" }, { timeout: 10_000 }));
    const form = await dialog();
    await user.type(await form.findByLabelText(/^Nomi/), 'Buyurtma Uyi');
    await user.type(form.getByLabelText(/^Slug/), 'buyurtma-uyi');
    await user.type(form.getByLabelText(/^Manzil/), 'Toshkent, Chilonzor 5');
    await user.type(form.getByLabelText(/^Telefon raqam/), '+998 71 123 45 67');
    await user.type(form.getByLabelText(/^Ish vaqti/), '10:00 - 22:00');
    await user.selectOptions(form.getByLabelText(/^Menedjer/), manager._id);
    const ordering = form.getByRole('switch', { name: SWITCH });
    expect(ordering).not.toBeChecked();
    expect(ordering).toHaveAccessibleDescription(
      'Yoqilsa, mijoz stoldagi QR-kod orqali buyurtma beradi va ofitsiantni chaqiradi.',
    );
    await user.click(ordering);
    await user.click(form.getByRole('button', { name: 'Saqlash' }));
    await findToast("Restoran qo'shildi");
    const sent = JSON.parse(ui.net.callsTo('POST', '/admin/restaurants/create').at(-1)!.body!);
    expect(sent.ordering_enabled).toBe(true);
    const [created] = await ui.db.select().from(restaurants).where(eq(restaurants.slug, 'buyurtma-uyi'));
    expect(created!.ordering_enabled).toBe(true);
  });

  it('a restaurant created without touching it does not take orders (nothing sent, the default)', async () => {
    const { user } = renderApp('/admin/restaurants', { token: admin.token });
    await user.click(await screen.findByRole('button', { name: "Restoran qo'shish" }, { timeout: 10_000 }));
    const form = await dialog();
    await user.type(await form.findByLabelText(/^Nomi/), 'Oddiy');
    await user.type(form.getByLabelText(/^Slug/), 'oddiy');
    await user.type(form.getByLabelText(/^Manzil/), 'Toshkent');
    await user.type(form.getByLabelText(/^Telefon raqam/), '+998 71 123 45 67');
    await user.type(form.getByLabelText(/^Ish vaqti/), '10:00 - 22:00');
    await user.selectOptions(form.getByLabelText(/^Menedjer/), manager._id);
    await user.click(form.getByRole('button', { name: 'Saqlash' }));
    await findToast("Restoran qo'shildi");
    const sent = JSON.parse(ui.net.callsTo('POST', '/admin/restaurants/create').at(-1)!.body!);
    expect('ordering_enabled' in sent).toBe(false);
    const [created] = await ui.db.select().from(restaurants).where(eq(restaurants.slug, 'oddiy'));
    expect(created!.ordering_enabled).toBe(false);
  });

  it('edits it from the list: the stored value shows, only it is sent, and the list keeps it', async () => {
    const restaurant = await createRestaurant(ui.db, {
      name: 'Rayhon',
      slug: 'rayhon',
      manager_id: manager._id,
      ordering_enabled: true,
    });
    const { user } = renderApp('/admin/restaurants', { token: admin.token });
    await user.click(await screen.findByRole('button', { name: 'Tahrirlash: Rayhon' }, { timeout: 10_000 }));
    let form = await dialog();
    const ordering = await form.findByRole('switch', { name: SWITCH });
    expect(ordering).toBeChecked();
    await user.click(ordering);
    expect(ordering).not.toBeChecked();
    await user.click(form.getByRole('button', { name: 'Saqlash' }));
    await findToast('Restoran tahrirlandi');
    expect(lastUpdate()).toEqual({ ordering_enabled: false });
    expect(await stored(restaurant._id)).toBe(false);

    await closed();
    // The list reloads after the save: opened again, the form shows the stored setting, and turns it back on.
    form = await reopen(user, 'Tahrirlash: Rayhon', false, 'Yopish');
    await user.click(form.getByRole('switch', { name: SWITCH }));
    await user.click(form.getByRole('button', { name: 'Saqlash' }));
    await savedWith('Restoran tahrirlandi');
    expect(lastUpdate()).toEqual({ ordering_enabled: true });
    await waitFor(async () => expect(await stored(restaurant._id)).toBe(true));
  });
});

describe("the manager's Update Restaurant", () => {
  it('the owning manager turns ordering on and off; the card’s modal shows the stored value each time', async () => {
    const restaurant = await createRestaurant(ui.db, { name: 'Bahor', slug: 'bahor', manager_id: manager._id });
    const { user } = renderApp('/manager', { token: manager.token, storage: { restaurantId: restaurant._id } });
    await user.click(await screen.findByRole('button', { name: "O'zgartirish" }, { timeout: 10_000 }));
    let modal = await dialog();
    const ordering = await modal.findByRole('switch', { name: SWITCH });
    expect(ordering).not.toBeChecked();
    expect(ordering).toHaveAccessibleDescription(/mijoz stoldagi QR-kod orqali buyurtma beradi/);
    await user.click(ordering);
    await user.click(modal.getByRole('button', { name: 'Update' }));
    await findToast('Restaurant updated successfully!');
    expect(lastUpdate()).toEqual({ ordering_enabled: true });
    expect(await stored(restaurant._id)).toBe(true);

    await closed();
    modal = await reopen(user, "O'zgartirish", true, 'Cancel');
    // Another field's change leaves it as it is (not sent).
    await user.clear(modal.getByLabelText('Work Time'));
    await user.type(modal.getByLabelText('Work Time'), '08:00 - 20:00');
    await user.click(modal.getByRole('button', { name: 'Update' }));
    await savedWith('Restaurant updated successfully!');
    expect(lastUpdate()).toEqual({ work_time: '08:00 - 20:00' });
    expect(await stored(restaurant._id)).toBe(true);

    await closed();
    modal = await reopen(user, "O'zgartirish", true, 'Cancel');
    await user.click(modal.getByRole('switch', { name: SWITCH }));
    await user.click(modal.getByRole('button', { name: 'Update' }));
    await savedWith('Restaurant updated successfully!');
    expect(lastUpdate()).toEqual({ ordering_enabled: false });
    expect(await stored(restaurant._id)).toBe(false);
  });
});

describe("the restaurant page's edit", () => {
  it('shows the stored switch (the page adds the admin’s own read to the public one) and a change is saved', async () => {
    const restaurant = await createRestaurant(ui.db, {
      name: 'Rayhon',
      slug: 'rayhon',
      manager_id: manager._id,
      ordering_enabled: true,
    });
    const { user } = renderApp(`/admin/viewRestaurant/${restaurant._id}/rayhon`, { token: admin.token });
    // Taking orders, the page links to them.
    expect(await screen.findByRole('link', { name: /Buyurtmalar/ }, { timeout: 10_000 })).toHaveAttribute(
      'href',
      `/admin/orders/${restaurant._id}?slug=rayhon`,
    );
    await user.click(await screen.findByRole('button', { name: /Tahrirlash/ }));
    const form = await dialog();
    const toggle = (await form.findByRole('switch', { name: SWITCH })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    await user.click(toggle);
    await user.click(form.getByRole('button', { name: 'Saqlash' }));
    await findToast('Restoran tahrirlandi');
    expect(lastUpdate()).toEqual({ ordering_enabled: false });
    expect(await stored(restaurant._id)).toBe(false);
    // Off: no orders link once the page has read it again.
    await waitFor(() => expect(screen.queryByRole('link', { name: /Buyurtmalar/ })).toBeNull());
  });
});
