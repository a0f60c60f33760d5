import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { categories } from '../../server/db/schema';
import { createCategory, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';

/**
 * The category modal's "Bo'lim", against the real server: only a restaurant with kitchen stations has it; a category
 * is made at one, its edit shows the one it has, and "Birinchi bo'lim (standart)" sends it back to the first.
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

async function addStation(name: string): Promise<string> {
  const answer = await ui.testApp.app.inject({
    method: 'POST',
    url: `/manager/restaurants/${restaurantId}/stations`,
    headers: manager.headers,
    payload: { name },
  });
  expect(answer.statusCode).toBe(201);
  return answer.json().data._id;
}

const open = () => renderApp('/managerCategoryList', { token: manager.token, storage: { restaurantId } });
const modal = async () => within(await screen.findByRole('dialog'));
const stored = async (title: string) => (await ui.db.select().from(categories).where(eq(categories.title, title)))[0]!;
const UPDATE = /^\/manager\/category\/update\//;

describe("the category modal's station", () => {
  it('a restaurant without stations has no "Bo\'lim" field', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: "Kategoriya qo'shish" }, { timeout: 10_000 }));
    const form = await modal();
    await form.findByLabelText(/^Kategoriya nomi/);
    expect(form.queryByLabelText("Bo'lim")).toBeNull();
  });

  it('makes a category at a station, shows it on edit, and sends the first station as null', async () => {
    await addStation('Oshxona');
    const bar = await addStation('Bar');
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: "Kategoriya qo'shish" }, { timeout: 10_000 }));
    let form = await modal();
    await user.type(await form.findByLabelText(/^Kategoriya nomi/), 'Ichimliklar');
    const station = form.getByLabelText("Bo'lim");
    expect(
      within(station)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(["Birinchi bo'lim (standart)", 'Oshxona', 'Bar']);
    expect(station).toHaveValue('');
    expect(station).toHaveAccessibleDescription(/qaysi bo'limda tayyorlanadi/);
    await user.selectOptions(station, 'Bar');
    await user.click(form.getByRole('button', { name: 'Saqlash' }));
    await findToast('Kategoriya muvaffaqiyatli yaratildi!');
    expect((await stored('Ichimliklar')).station_id).toBe(bar);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Tahrirlash: Ichimliklar' }));
    form = await modal();
    expect(await form.findByLabelText("Bo'lim")).toHaveValue(bar);
    // Only the title changed: no station is sent.
    await user.type(form.getByLabelText(/^Kategoriya nomi/), ' va choy');
    await user.click(form.getByRole('button', { name: 'Saqlash' }));
    await findToast('Kategoriya muvaffaqiyatli tahrirlandi!');
    expect(JSON.parse(ui.net.callsTo('PUT', UPDATE).at(-1)!.body!)).toEqual({ title: 'Ichimliklar va choy' });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Tahrirlash: Ichimliklar va choy' }));
    form = await modal();
    await user.selectOptions(await form.findByLabelText("Bo'lim"), "Birinchi bo'lim (standart)");
    await user.click(form.getByRole('button', { name: 'Saqlash' }));
    await findToast('Kategoriya muvaffaqiyatli tahrirlandi!');
    expect(JSON.parse(ui.net.callsTo('PUT', UPDATE).at(-1)!.body!)).toEqual({ station_id: null });
    // The toast found may still be the second save's: the third is stored once its dialog has closed.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await stored('Ichimliklar va choy')).station_id).toBeNull();
  });

  it('stations that cannot be read leave the field off with a note; the category still saves', async () => {
    await addStation('Oshxona');
    await createCategory(ui.db, restaurantId, { title: 'Salatlar' });
    ui.net.fail('GET', /\/stations$/, 500);
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Tahrirlash: Salatlar' }, { timeout: 10_000 }));
    const form = await modal();
    expect(await form.findByText("Bo'limlarni yuklab bo'lmadi: bo'limni keyinroq tanlang.")).toBeVisible();
    expect(form.queryByLabelText("Bo'lim")).toBeNull();
    await user.clear(form.getByLabelText(/^Kategoriya nomi/));
    await user.type(form.getByLabelText(/^Kategoriya nomi/), 'Salat');
    await user.click(form.getByRole('button', { name: 'Saqlash' }));
    await findToast('Kategoriya muvaffaqiyatli tahrirlandi!');
  });
});
