import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { categories } from '../../server/db/schema';
import { createCategory, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';

/**
 * A category served only at some hours ("Nonushta 08:00–11:00", "Biznes-lanch Du–Ju 12:00–15:00"), in the category
 * modal against the real server: the folded "Vaqt jadvali", what a save sends and stores, the list's clock mark.
 */

let ui: UiHarness;
let manager: TestUser;
let restaurantId: string;

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  restaurantId = (await createRestaurant(ui.db, { manager_id: manager._id }))._id;
});

const openList = () => renderApp('/managerCategoryList', { token: manager.token, storage: { restaurantId } });
type App = ReturnType<typeof openList>;
const lastBody = (method: string, path: string) => JSON.parse(ui.net.callsTo(method, path).at(-1)!.body!);
const scheduleOf = async (id: string) =>
  (await ui.db.select().from(categories).where(eq(categories._id, id)))[0]!.schedule;

async function openSchedule(app: App, dialog: HTMLElement) {
  const details = within(dialog).getByTestId('schedule-section') as HTMLDetailsElement;
  await app.user.click(details.querySelector('summary')!);
  await waitFor(() => expect(details.open).toBe(true));
  return { details, inside: within(details) };
}

async function openDialog(app: App, button: string) {
  await app.user.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByLabelText(/^Kategoriya nomi/);
  return dialog;
}

describe('the category modal: "Vaqt jadvali"', () => {
  it('a new breakfast category, every day 08:00–11:00 and greyed outside: sent, stored, marked in the list', async () => {
    const app = openList();
    const dialog = await openDialog(app, "Kategoriya qo'shish");
    await app.user.type(within(dialog).getByLabelText(/^Kategoriya nomi/), 'Nonushta');
    const { details, inside } = await openSchedule(app, dialog);
    await app.user.click(inside.getByRole('checkbox', { name: 'Har doim' }));
    await app.user.type(inside.getByLabelText('Boshlanishi'), '08:00');
    await app.user.type(inside.getByLabelText('Tugashi'), '11:00');
    expect(inside.getByRole('radio', { name: "Kulrang ko'rsatish" })).toBeChecked();
    // Every day: only the hours.
    expect(within(details.querySelector('summary')!).getByText('08:00–11:00')).toBeVisible();
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    await findToast('Kategoriya muvaffaqiyatli yaratildi!');
    const sent = { days: [1, 2, 3, 4, 5, 6, 7], from: '08:00', to: '11:00', outside: 'grey' };
    expect(lastBody('POST', '/manager/category/create')).toMatchObject({ title: 'Nonushta', schedule: sent });
    const [created] = await ui.db.select().from(categories).where(eq(categories.restaurant_id, restaurantId));
    expect(created!.schedule).toEqual(sent);
    const row = await screen.findByTestId(`category-row-${created!._id}`);
    expect(within(row).getByTitle('Vaqt jadvali: 08:00–11:00')).toHaveTextContent('08:00–11:00');
  });

  it('a category served always sends no schedule and shows no clock', async () => {
    const app = openList();
    const dialog = await openDialog(app, "Kategoriya qo'shish");
    await app.user.type(within(dialog).getByLabelText(/^Kategoriya nomi/), 'Ichimliklar');
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    await findToast('Kategoriya muvaffaqiyatli yaratildi!');
    expect(lastBody('POST', '/manager/category/create')).not.toHaveProperty('schedule');
    const row = await screen.findByTestId(/^category-row-/);
    expect(within(row).queryByTitle(/^Vaqt jadvali/)).toBeNull();
  });

  it('an edit shows the stored schedule, sends it whole when one day changes, and null for "Har doim"', async () => {
    const category = await createCategory(ui.db, restaurantId, {
      title: 'Biznes-lanch',
      schedule: { days: [1, 2, 3, 4, 5], from: '12:00', to: '15:00', outside: 'hide' },
    });
    const app = openList();
    const row = await screen.findByTestId(`category-row-${category._id}`);
    expect(within(row).getByText(/Du–Ju 12:00–15:00/)).toBeVisible();
    let dialog = await openDialog(app, 'Tahrirlash: Biznes-lanch');
    let { details, inside } = await openSchedule(app, dialog);
    expect(within(details.querySelector('summary')!).getByText('Du–Ju 12:00–15:00')).toBeVisible();
    expect(inside.getByRole('checkbox', { name: 'Har doim' })).not.toBeChecked();
    expect(inside.getByRole('button', { name: 'Shanba' })).toHaveAttribute('aria-pressed', 'false');
    expect(inside.getByRole('radio', { name: 'Yashirish' })).toBeChecked();
    await app.user.click(inside.getByRole('button', { name: 'Shanba' }));
    expect(within(details.querySelector('summary')!).getByText('Du–Sh 12:00–15:00')).toBeVisible();
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    await findToast('Kategoriya muvaffaqiyatli tahrirlandi!');
    const path = `/manager/category/update/${category._id}`;
    const saturday = { days: [1, 2, 3, 4, 5, 6], from: '12:00', to: '15:00', outside: 'hide' };
    expect(lastBody('PUT', path)).toEqual({ schedule: saturday });
    expect(await scheduleOf(category._id)).toEqual(saturday);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openDialog(app, 'Tahrirlash: Biznes-lanch');
    ({ inside } = await openSchedule(app, dialog));
    await app.user.click(inside.getByRole('checkbox', { name: 'Har doim' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    // The first save's toast may still be up: the second is answered once the modal has closed.
    await waitFor(() => expect(ui.net.callsTo('PUT', path)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody('PUT', path)).toEqual({ schedule: null });
    expect(await scheduleOf(category._id)).toBeNull();
    await waitFor(() => expect(screen.queryByText(/12:00–15:00/)).toBeNull());
  });

  it('a schedule without its times is refused in Uzbek and the section opens to show why', async () => {
    const category = await createCategory(ui.db, restaurantId, { title: 'Salatlar' });
    const app = openList();
    const dialog = await openDialog(app, 'Tahrirlash: Salatlar');
    const { details, inside } = await openSchedule(app, dialog);
    await app.user.click(inside.getByRole('checkbox', { name: 'Har doim' }));
    await app.user.click(details.querySelector('summary')!);
    await waitFor(() => expect(details.open).toBe(false));
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    await waitFor(() => expect(details.open).toBe(true));
    expect(inside.getAllByText("Vaqtni SS:DD ko'rinishida kiriting (masalan, 08:00)")).toHaveLength(2);
    expect(inside.getByLabelText('Boshlanishi')).toHaveAttribute('aria-invalid', 'true');
    expect(ui.net.callsTo('PUT', `/manager/category/update/${category._id}`)).toHaveLength(0);
    // Back to "Har doim": nothing to correct, and nothing changed.
    await app.user.click(inside.getByRole('checkbox', { name: 'Har doim' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    await findToast('O‘zgarishlar mavjud emas!');
    expect(ui.net.callsTo('PUT', `/manager/category/update/${category._id}`)).toHaveLength(0);
  });
});
