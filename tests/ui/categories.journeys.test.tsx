import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { categories } from '../../server/db/schema';
import { createCategory, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { expectPath, findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';

/** Hand-written journeys of the category screens (spec 2.8) against the real server, with fixed end states. */

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

const titles = () => screen.queryAllByTestId(/^category-row-/).map((row) => row.dataset.title);
const openAsManager = (path = '/managerCategoryList') =>
  renderApp(path, { token: manager.token, storage: { restaurantId } });

async function dbTitles() {
  const rows = await ui.db.select().from(categories).where(eq(categories.restaurant_id, restaurantId));
  return rows.sort((a, b) => a.position - b.position).map((c) => c.title);
}

describe('manager category list (/managerCategoryList)', () => {
  it("shows 'Kategoriya mavjud emas' and counters 0 when there are none, then creates one", async () => {
    const app = openAsManager();
    expect(await screen.findByText('Kategoriya mavjud emas')).toBeVisible();
    expect(screen.getByTestId('counter-Jami')).toHaveTextContent('0');
    expect(screen.queryByTestId('counter-No faol')).toBeNull();

    await app.user.click(screen.getByRole('button', { name: "Kategoriya qo'shish" }));
    const dialog = await screen.findByRole('dialog');
    // The form is there once the restaurant's kitchen stations are read (none here: no "Bo'lim" field).
    await within(dialog).findByLabelText(/^Kategoriya nomi/);
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    expect(await within(dialog).findByText('Kategoriya nomi bo‘sh bo‘lishi mumkin emas!')).toBeVisible();
    await app.user.type(within(dialog).getByLabelText(/^Kategoriya nomi/), '  Ichimliklar ');
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    await findToast('Kategoriya muvaffaqiyatli yaratildi!');
    await waitFor(() => expect(titles()).toEqual(['Ichimliklar']));
    expect(screen.getByTestId('counter-Jami')).toHaveTextContent('1');
    expect(screen.getByTestId('counter-Faol')).toHaveTextContent('1');
    expect(await dbTitles()).toEqual(['Ichimliklar']);
  });

  it("an edit with no change says 'O‘zgarishlar mavjud emas!' and calls nothing; a status change sends only is_active", async () => {
    const category = await createCategory(ui.db, restaurantId, { title: 'Salatlar' });
    const app = openAsManager();
    await app.user.click(await screen.findByRole('button', { name: 'Tahrirlash: Salatlar' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByLabelText(/^Kategoriya nomi/);
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    await findToast('O‘zgarishlar mavjud emas!');
    expect(ui.net.callsTo('PUT', `/manager/category/update/${category._id}`)).toHaveLength(0);

    await app.user.selectOptions(within(dialog).getByLabelText('Holati'), 'false');
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    await findToast('Kategoriya muvaffaqiyatli tahrirlandi!');
    const [put] = ui.net.callsTo('PUT', `/manager/category/update/${category._id}`);
    expect(JSON.parse(put!.body!)).toEqual({ is_active: false });
    const row = await screen.findByTestId(`category-row-${category._id}`);
    await waitFor(() => expect(within(row).getByText('No faol')).toBeVisible());
  });

  it("tapping a category's name opens its products, as its eye icon does", async () => {
    const category = await createCategory(ui.db, restaurantId, { title: 'Salatlar' });
    const app = openAsManager();
    // A busy machine may take a while to render the first screen of a file.
    const row = within(await screen.findByTestId(`category-row-${category._id}`, {}, { timeout: 10_000 }));
    await app.user.click(row.getByText('Salatlar'));
    await expectPath(app, `/ManagerProductTable/${category._id}`);
    expect(await screen.findByText('Bu kategoriyaga mahsulot biriktirilmagan.', {}, { timeout: 10_000 })).toBeVisible();
  });

  it('deletes only after Ha, and the id leaves the stored order', async () => {
    const keep = await createCategory(ui.db, restaurantId, { title: 'Birinchi' });
    const gone = await createCategory(ui.db, restaurantId, { title: 'Ikkinchi' });
    const app = openAsManager();
    await app.user.click(await screen.findByRole('button', { name: "O'chirish: Ikkinchi" }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Haqiqatan ham ushbu toifani o'chirmoqchimisiz?")).toBeVisible();
    await app.user.click(within(dialog).getByRole('button', { name: 'Yo‘q' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await dbTitles()).toEqual(['Birinchi', 'Ikkinchi']);
    expect(JSON.parse(localStorage.getItem(`categoryOrder_${restaurantId}`)!)).toEqual([keep._id, gone._id]);

    await app.user.click(screen.getByRole('button', { name: "O'chirish: Ikkinchi" }));
    dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'Ha' }));
    await findToast("Kategoriya muvaffaqiyatli o'chirildi!");
    await waitFor(() => expect(titles()).toEqual(['Birinchi']));
    expect(await dbTitles()).toEqual(['Birinchi']);
    expect(JSON.parse(localStorage.getItem(`categoryOrder_${restaurantId}`)!)).toEqual([keep._id]);
  });

  it('moves a category with the keyboard: the order is stored and saved on the server', async () => {
    const a = await createCategory(ui.db, restaurantId, { title: 'A', position: 0 });
    const b = await createCategory(ui.db, restaurantId, { title: 'B', position: 1 });
    const c = await createCategory(ui.db, restaurantId, { title: 'C', position: 2 });
    const app = openAsManager();
    const handle = await screen.findByRole('button', { name: "Tartibni o'zgartirish: C" });
    handle.focus();
    await app.user.keyboard('{ArrowUp}');
    await waitFor(() => expect(titles()).toEqual(['A', 'C', 'B']));
    expect(JSON.parse(localStorage.getItem(`categoryOrder_${restaurantId}`)!)).toEqual([a._id, c._id, b._id]);
    await waitFor(async () => expect(await dbTitles()).toEqual(['A', 'C', 'B']));
    // The first row cannot go higher: nothing is sent.
    const orderCalls = ui.net.callsTo('PUT', '/manager/category/order').length;
    screen.getByRole('button', { name: "Tartibni o'zgartirish: A" }).focus();
    await app.user.keyboard('{ArrowUp}');
    expect(titles()).toEqual(['A', 'C', 'B']);
    expect(ui.net.callsTo('PUT', '/manager/category/order')).toHaveLength(orderCalls);
  });

  it('a refused order save puts the server order back', async () => {
    await createCategory(ui.db, restaurantId, { title: 'A', position: 0 });
    await createCategory(ui.db, restaurantId, { title: 'B', position: 1 });
    const app = openAsManager();
    ui.net.fail('PUT', '/manager/category/order', 500);
    const handle = await screen.findByRole('button', { name: "Tartibni o'zgartirish: B" });
    handle.focus();
    await app.user.keyboard('{ArrowUp}');
    await findToast("Tartibni saqlab bo'lmadi");
    await waitFor(() => expect(titles()).toEqual(['A', 'B']));
    expect(await dbTitles()).toEqual(['A', 'B']);
  });

  it('a load failing with HTTP 500 removes the token and goes to /login with the spec message', async () => {
    ui.net.fail('GET', '/manager/category', 500);
    const app = openAsManager();
    await findToast('Xatolik yuz berdi! Iltimos, qayta tizimga kiring.');
    await expectPath(app, '/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it("another failure shows 'Kategoriyalarni olishda xatolik yuz berdi!' and keeps the session", async () => {
    ui.net.fail('GET', '/manager/category', 502);
    const app = openAsManager();
    expect(await screen.findByText('Kategoriyalarni olishda xatolik yuz berdi!', { selector: 'span' })).toBeVisible();
    expect(localStorage.getItem('accessToken')).toBe(manager.token);
    await app.user.click(screen.getByRole('button', { name: 'Qayta urinish' }));
    expect(await screen.findByText('Kategoriya mavjud emas')).toBeVisible();
  });

  it('/categoryModal opens the list with the category modal', async () => {
    openAsManager('/categoryModal');
    expect(await screen.findByRole('heading', { name: "Kategoriya qo'shish" })).toBeVisible();
  });
});

describe('admin category list (/admin/categoryList/{id})', () => {
  it('lists a restaurant’s categories, inactive ones too, with Jami / Faol / No faol and links to products', async () => {
    const admin = await createUser(ui.testApp.app, ui.db, 'admin');
    const first = await createCategory(ui.db, restaurantId, { title: 'Shashlik', position: 0 });
    await createCategory(ui.db, restaurantId, { title: 'Desert', position: 1, is_active: false });
    renderApp(`/admin/categoryList/${restaurantId}`, { token: admin.token });
    await waitFor(() => expect(titles()).toEqual(['Shashlik', 'Desert']));
    expect(screen.getByTestId('counter-Jami')).toHaveTextContent('2');
    expect(screen.getByTestId('counter-Faol')).toHaveTextContent('1');
    expect(screen.getByTestId('counter-No faol')).toHaveTextContent('1');
    expect(ui.net.callsTo('GET', '/user/category')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Mahsulotlar: Shashlik' })).toHaveAttribute(
      'href',
      `/admin/viewProduct/${first._id}/${restaurantId}`,
    );
  });
});
