import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restaurants } from '../../../server/db/schema';
import { createRestaurant, createUser, type TestUser } from '../../support/fixtures';
import { findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../../support/ui';

/**
 * The admin's restaurant form sets hide_stopped with a sentence on what it does, says what the Telegram
 * fields are for, and marks address, phone and work time required only where they are (a manual restaurant).
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

const row = async (id: string) => (await ui.db.select().from(restaurants).where(eq(restaurants._id, id)))[0]!;
/** The label's text as a user reads it, the required star included. */
const labelOf = (form: ReturnType<typeof within>, name: RegExp) => form.getByLabelText(name).labels?.[0]?.textContent;

describe("the admin's restaurant form", () => {
  it('sets hide_stopped on edit (with what it does) and sends only it; Bot token and Kanal ID say what they are for', async () => {
    const restaurant = await createRestaurant(ui.db, { name: 'Rayhon', slug: 'rayhon', manager_id: manager._id });
    const { user } = renderApp(`/admin/viewRestaurant/${restaurant._id}/rayhon`, { token: admin.token });
    await user.click(await screen.findByRole('button', { name: /Tahrirlash/ }, { timeout: 5000 }));
    const form = within(await screen.findByRole('dialog'));
    const hide = await form.findByRole('switch', { name: "Stop-listdagi mahsulotlarni menyuda ko'rsatmaslik" });
    expect(hide).not.toBeChecked();
    expect(hide).toHaveAccessibleDescription(/stop-listdagi mahsulotlar mijozlar menyusida ko'rinmaydi/);
    // How to set them up (walked in full by tests/ui/telegram.test.tsx).
    expect(form.getByText(/@BotFather da \/newbot bilan bot yarating/)).toBeVisible();
    expect(form.getByText(/Buyurtmalar va chaqiruvlar boradigan kanal yoki guruh/)).toBeVisible();

    await user.click(hide);
    await user.click(form.getByRole('button', { name: 'Saqlash' }));
    await findToast('Restoran tahrirlandi');
    const sent = ui.net.callsTo('PUT', /^\/manager\/restaurants\/update/).at(-1)!;
    expect(JSON.parse(sent.body!)).toEqual({ hide_stopped: true });
    expect((await row(restaurant._id)).hide_stopped).toBe(true);

    // Opened again, the form shows the stored setting.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(await screen.findByRole('button', { name: /Tahrirlash/ }, { timeout: 5000 }));
    expect(
      await within(await screen.findByRole('dialog')).findByRole('switch', { name: /Stop-listdagi mahsulotlarni/ }),
    ).toBeChecked();
  });

  it('creates a restaurant that hides its stop-list', async () => {
    const { user } = renderApp('/admin/restaurants', { token: admin.token });
    await user.click(await screen.findByRole('button', { name: "Restoran qo'shish" }));
    const form = within(await screen.findByRole('dialog'));
    await user.type(await form.findByLabelText(/^Nomi/), 'Bahor');
    await user.type(form.getByLabelText(/^Slug/), 'bahor');
    await user.type(form.getByLabelText(/^Manzil/), 'Toshkent, Chilonzor 5');
    await user.type(form.getByLabelText(/^Telefon raqam/), '+998 71 123 45 67');
    await user.type(form.getByLabelText(/^Ish vaqti/), '10:00 - 22:00');
    await user.selectOptions(form.getByLabelText(/^Menedjer/), manager._id);
    await user.click(form.getByRole('switch', { name: /Stop-listdagi mahsulotlarni/ }));
    await user.click(form.getByRole('button', { name: 'Saqlash' }));
    await findToast("Restoran qo'shildi");
    const [created] = await ui.db.select().from(restaurants).where(eq(restaurants.slug, 'bahor'));
    expect(created!.hide_stopped).toBe(true);
  });

  it('stars address, phone and work time of a manual restaurant only, not of one from the POS', async () => {
    const manual = await createRestaurant(ui.db, { slug: 'oddiy', manager_id: manager._id });
    const pos = await createRestaurant(ui.db, {
      slug: 'kassa',
      manager_id: manager._id,
      type: 'integration',
      address: '',
      phone_number: '',
      work_time: '',
    });
    const starred = async (id: string, slug: string) => {
      const app = renderApp(`/admin/viewRestaurant/${id}/${slug}`, { token: admin.token });
      await app.user.click(await screen.findByRole('button', { name: /Tahrirlash/ }));
      const form = within(await screen.findByRole('dialog'));
      await form.findByLabelText(/^Manzil/);
      const stars = [/^Manzil/, /^Telefon raqam/, /^Ish vaqti/].map((name) => labelOf(form, name)?.endsWith('*'));
      const required = [/^Manzil/, /^Telefon raqam/, /^Ish vaqti/].map((name) =>
        form.getByLabelText(name).getAttribute('aria-required'),
      );
      expect(labelOf(form, /^Nomi/)?.endsWith('*')).toBe(true);
      app.unmount();
      return { stars, required };
    };
    expect(await starred(manual._id, 'oddiy')).toEqual({
      stars: [true, true, true],
      required: ['true', 'true', 'true'],
    });
    expect(await starred(pos._id, 'kassa')).toEqual({
      stars: [false, false, false],
      required: ['false', 'false', 'false'],
    });
  });
});
