import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restaurants } from '../../../server/db/schema';
import { type PosSimulator, startPosSimulator } from '../../../server/dev/pos/server';
import { createRestaurant, createUser, type TestUser } from '../../support/fixtures';
import { expectPath, findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../../support/ui';
import { findShownDialog, shownDialog } from '../support/shownDialog';

/** Hand-written admin journeys on the restaurant screens (spec 2.5, 2.6, 5), each ending in a fixed state. */

let ui: UiHarness;
let sim: PosSimulator;
let admin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  sim = await startPosSimulator();
  ui = await startUi({ IIKO_API_URL: sim.url, IIKO_API_LOGIN: sim.apiLogin });
});
afterAll(async () => {
  await ui.close();
  await sim.close();
});
beforeEach(async () => {
  sim.control.reset();
  await ui.reset();
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
});

const counter = (label: string) => screen.getByTestId(`counter-${label}`);
const dialog = shownDialog;

describe('admin restaurant journeys', () => {
  it('creates a restaurant (spec 5 validation first), sees Jami / Faol go up, edits one field, deletes it', async () => {
    const { user } = renderApp('/admin/restaurants', { token: admin.token });
    expect(await screen.findByText("Restoranlar yo'q")).toBeVisible();
    expect(counter('Jami')).toHaveTextContent('0');

    await user.click(screen.getByRole('button', { name: "Restoran qo'shish" }));
    const form = within(await screen.findByRole('dialog'));
    await form.findByLabelText(/^Nomi/);
    await user.click(form.getByRole('button', { name: 'Saqlash' }));
    expect(form.getAllByText("Bu maydon to'ldirilishi shart")).toHaveLength(6);
    expect(ui.net.callsTo('POST', '/admin/restaurants/create')).toHaveLength(0);

    await user.type(form.getByLabelText(/^Nomi/), 'Oqtepa Lavash');
    await user.type(form.getByLabelText(/^Slug/), 'oqtepa-lavash');
    await user.type(form.getByLabelText(/^Manzil/), 'Toshkent, Chilonzor 5');
    await user.type(form.getByLabelText(/^Telefon raqam/), '+998 71 123 45 67');
    await user.type(form.getByLabelText(/^Ish vaqti/), '10:00 - 22:00');
    await user.selectOptions(form.getByLabelText(/^Menedjer/), manager._id);
    await user.click(form.getByRole('button', { name: 'Saqlash' }));
    await findToast("Restoran qo'shildi");
    await waitFor(() => expect(counter('Jami')).toHaveTextContent('1'));
    expect(counter('Faol')).toHaveTextContent('1');
    expect(counter('No faol')).toHaveTextContent('0');

    const row = within(screen.getByTestId('restaurant-row-oqtepa-lavash'));
    expect(row.getByText('Oqtepa Lavash')).toHaveClass('text-success');
    expect(row.getByText('Faol')).toBeVisible();
    expect(row.getByText('Oddiy')).toBeVisible();
    expect(row.getByRole('link', { name: /^Menyuni ochish/ })).toHaveAttribute('href', '/menu?slug=oqtepa-lavash');
    expect(row.getByRole('link', { name: /^Menyuni ochish/ })).toHaveAttribute('target', '_blank');
    const [created] = await ui.db.select().from(restaurants).where(eq(restaurants.slug, 'oqtepa-lavash'));
    expect(row.getByRole('link', { name: /^Kategoriyalar/ })).toHaveAttribute(
      'href',
      `/admin/categoryList/${created!._id}`,
    );

    // Edit: only the status changes; only is_active is sent.
    await user.click(row.getByRole('button', { name: 'Tahrirlash: Oqtepa Lavash' }));
    const edit = within(await screen.findByRole('dialog'));
    await user.selectOptions(await edit.findByLabelText('Holati'), 'false');
    await user.click(edit.getByRole('button', { name: 'Saqlash' }));
    await findToast('Restoran tahrirlandi');
    const sent = ui.net.callsTo('PUT', '/manager/restaurants/update').at(-1)!;
    expect(JSON.parse(sent.body!)).toEqual({ is_active: false });
    await waitFor(() => expect(counter('No faol')).toHaveTextContent('1'));
    expect(within(screen.getByTestId('restaurant-row-oqtepa-lavash')).getByText('Oqtepa Lavash')).toHaveClass(
      'text-danger',
    );

    // Delete asks Ha / Yo‘q first.
    await user.click(screen.getByRole('button', { name: "O'chirish: Oqtepa Lavash" }));
    await user.click(within(dialog()).getByRole('button', { name: 'Ha' }));
    await findToast("Restoran o'chirildi");
    await waitFor(() => expect(counter('Jami')).toHaveTextContent('0'));
    expect(await ui.db.select().from(restaurants)).toHaveLength(0);
  });

  it("a row's actions each say their name beside the icon (a phone has no hover tooltip)", async () => {
    await createRestaurant(ui.db, { name: 'Rayhon', slug: 'rayhon', type: 'integration', manager_id: manager._id });
    renderApp('/admin/restaurants', { token: admin.token });
    const row = await screen.findByTestId('restaurant-row-rayhon', {}, { timeout: 10_000 });
    const actions = within(row.querySelector<HTMLElement>('[data-label="Amallar"]')!);
    const named = [
      ['link', 'Menyuni ochish'],
      ['button', 'Sinxronlash'],
      ['link', "Ko'rish"],
      ['link', 'Kategoriyalar'],
      ['button', 'Tahrirlash'],
      ['button', "O'chirish"],
    ] as const;
    for (const [role, name] of named) {
      expect(actions.getByRole(role, { name: `${name}: Rayhon` })).toHaveTextContent(name);
    }
  });

  it("an unchanged edit says 'Hech qanday o'zgarish yo'q.' and sends nothing", async () => {
    await createRestaurant(ui.db, { name: "Bo'sh Tahrir", slug: 'bosh-tahrir', manager_id: manager._id });
    const { user } = renderApp('/admin/restaurants', { token: admin.token });
    await user.click(await screen.findByRole('button', { name: "Tahrirlash: Bo'sh Tahrir" }));
    await within(await findShownDialog()).findByLabelText(/^Nomi/);
    await user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    await findToast("Hech qanday o'zgarish yo'q.");
    expect(ui.net.callsTo('PUT', '/manager/restaurants/update')).toHaveLength(0);
  });

  it('pages 10 per page with previous / next, each page asked of the server', async () => {
    for (let i = 1; i <= 12; i++) await createRestaurant(ui.db, { name: `Sahifa ${i}`, manager_id: manager._id });
    const { user } = renderApp('/admin/restaurants', { token: admin.token });
    await waitFor(() => expect(screen.getAllByTestId(/^restaurant-row-/)).toHaveLength(10));
    expect(screen.getByTestId('list-range')).toHaveTextContent('1–10 / jami 12');
    expect(screen.getByRole('button', { name: /Oldingi/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Keyingi/ }));
    await waitFor(() => expect(screen.getAllByTestId(/^restaurant-row-/)).toHaveLength(2));
    expect(screen.getByTestId('list-range')).toHaveTextContent('11–12 / jami 12');
    expect(screen.getByRole('button', { name: /Keyingi/ })).toBeDisabled();
  });

  it("integration: 'Iltimos, restoran va menedjer tanlang!' without a choice; then created, typed Integratsiya, synced", async () => {
    const { user } = renderApp('/admin/restaurants', { token: admin.token });
    await user.click(await screen.findByRole('button', { name: "Integratsiyadan qo'shish" }));
    const form = within(await screen.findByRole('dialog'));
    const source = await form.findByLabelText(/^Restoran \(kassa tizimi\)/);
    await user.click(form.getByRole('button', { name: 'Saqlash' }));
    expect(form.getByText('Iltimos, restoran va menedjer tanlang!')).toBeVisible();
    expect(ui.net.callsTo('POST', '/admin/integration/restaurants/create')).toHaveLength(0);

    const org = sim.control.organizations()[1]!;
    await user.selectOptions(source, org.id);
    await user.selectOptions(form.getByLabelText(/^Menedjer/), manager._id);
    await user.click(form.getByRole('button', { name: 'Saqlash' }));
    await findToast("Restoran qo'shildi");
    const row = await waitFor(() => {
      const found = screen.getAllByTestId(/^restaurant-row-/).find((r) => r.textContent?.includes(org.name));
      if (!found) throw new Error('the new restaurant is not listed yet');
      return found;
    });
    expect(within(row).getByText('Integratsiya')).toBeVisible();

    const held = ui.net.hold('PUT', /\/sync$/);
    await user.click(screen.getByRole('button', { name: `Sinxronlash: ${org.name}` }));
    // Visible while the sync runs (up to 60 s).
    expect(await screen.findByRole('button', { name: `Sinxronlanmoqda...: ${org.name}` })).toBeDisabled();
    held.release();
    // Created from the source a moment ago: the sync finds nothing new and says so.
    await findToast("Sinxronlandi: o'zgarish yo'q");
  });

  it('the restaurant view: facts, categories link, edit reloads it, admin delete goes back to the list', async () => {
    const r = await createRestaurant(ui.db, { name: "Ko'rish Uchun", slug: 'korish-uchun', manager_id: manager._id });
    const app = renderApp(`/admin/viewRestaurant/${r._id}/${r.slug}`, { token: admin.token });
    expect(await screen.findByRole('heading', { name: "Ko'rish Uchun" })).toBeVisible();
    expect(screen.getByTestId('view-manager')).toHaveTextContent(manager.login);
    await app.user.click(screen.getByRole('button', { name: /Tahrirlash/ }));
    const form = within(await screen.findByRole('dialog'));
    const workTime = await form.findByLabelText(/^Ish vaqti/);
    await app.user.clear(workTime);
    await app.user.type(workTime, '07:00 - 02:00');
    await app.user.click(form.getByRole('button', { name: 'Saqlash' }));
    expect(await screen.findByText('07:00 - 02:00')).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: "O'chirish" }));
    await app.user.click(within(dialog()).getByRole('button', { name: 'Ha' }));
    await expectPath(app, '/admin/restaurants');
  });

  it('the view of an integration restaurant shows its last sync: none yet, then the counts of the last one', async () => {
    const org = sim.control.organizations()[0]!;
    const created = await ui.testApp.app.inject({
      method: 'POST',
      url: '/admin/integration/restaurants/create',
      headers: admin.headers,
      payload: { id: org.id, manager_id: manager._id },
    });
    expect(created.statusCode).toBe(201);
    const r = created.json().data as { _id: string; slug: string };
    const first = renderApp(`/admin/viewRestaurant/${r._id}/${r.slug}`, { token: admin.token });
    // The create imported the menu and recorded that sync: everything was created, nothing updated or deactivated.
    const line = await screen.findByTestId('view-last-sync');
    expect(line).toHaveTextContent(/Muvaffaqiyatli: [1-9]\d* ta yangi, 0 ta yangilangan, 0 ta nofaol qilingan/);
    first.unmount();

    sim.control.fail('/api/1/nomenclature', { times: 1 });
    const sync = await ui.testApp.app.inject({
      method: 'PUT',
      url: `/admin/integration/restaurants/${r._id}/sync`,
      headers: admin.headers,
    });
    expect(sync.statusCode).toBeGreaterThanOrEqual(500);
    renderApp(`/admin/viewRestaurant/${r._id}/${r.slug}`, { token: admin.token });
    expect(await screen.findByTestId('view-last-sync')).toHaveTextContent('Xatolik');
  });

  it('a manual restaurant shows no sync line', async () => {
    const r = await createRestaurant(ui.db, { name: 'Oddiy Restoran', slug: 'oddiy', manager_id: manager._id });
    renderApp(`/admin/viewRestaurant/${r._id}/${r.slug}`, { token: admin.token });
    expect(await screen.findByRole('heading', { name: 'Oddiy Restoran' })).toBeVisible();
    expect(screen.queryByTestId('view-last-sync')).toBeNull();
  });

  it("a failed load shows the spec's message and retries", async () => {
    ui.net.fail('GET', '/admin/restaurants', 500);
    const { user } = renderApp('/admin/restaurants', { token: admin.token });
    expect(await screen.findByText("Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.")).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Qayta urinish' }));
    expect(await screen.findByText("Restoranlar yo'q")).toBeVisible();
  });
});
