import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { categories, products, users } from '../../../server/db/schema';
import {
  createCategory,
  createOption,
  createProduct,
  createRestaurant,
  createRow,
  createUser,
  type TestUser,
} from '../../support/fixtures';
import { findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../../support/ui';
import { shownDialog } from '../support/shownDialog';

/**
 * Deactivating a manager asks first and says what it does; every delete question names what is deleted and what goes
 * with it, under the spec's question.
 */

let ui: UiHarness;
let admin: TestUser;

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
});

const modal = () => within(shownDialog());
const isActive = async (id: string) => (await ui.db.select().from(users).where(eq(users._id, id)))[0]!.is_active;

describe('deactivating a manager', () => {
  it('sits apart from deleting, asks first, and only Ha logs the manager out', async () => {
    const manager = await createUser(ui.testApp.app, ui.db, 'manager');
    const { user } = renderApp('/admin/managers', { token: admin.token });
    const rowElement = await screen.findByTestId(`manager-row-${manager.login}`);
    const row = within(rowElement);
    // Deactivating is in the status cell, deleting in the actions cell: not side by side.
    const statusCell = within(rowElement.querySelector('[data-label="Holati"]') as HTMLElement);
    const actionsCell = within(rowElement.querySelector('[data-label="Amallar"]') as HTMLElement);
    expect(statusCell.getByRole('button', { name: /O'chirib qo'yish/ })).toBeVisible();
    expect(actionsCell.queryByRole('button', { name: /O'chirib qo'yish/ })).toBeNull();
    expect(actionsCell.queryByRole('button', { name: `O'chirish: ${manager.login}` })).toBeNull();
    // Deleting has a cell of its own, the row's last, set off from the rest.
    const deleteCell = rowElement.querySelector('td:last-child') as HTMLElement;
    expect(deleteCell).toHaveClass('cell-danger');
    expect(within(deleteCell).getByRole('button', { name: `O'chirish: ${manager.login}` })).toBeVisible();

    await user.click(row.getByRole('button', { name: /O'chirib qo'yish/ }));
    expect(await modal().findByRole('heading', { name: "Menedjerni o'chirib qo'yish" })).toBeVisible();
    expect(modal().getByText(`"${manager.login}" menedjerini o'chirib qo'yasizmi?`)).toBeVisible();
    expect(modal().getByText(/darhol tizimdan chiqariladi/)).toBeVisible();
    expect(ui.net.callsTo('PUT', /^\/admin\/managers\//)).toHaveLength(0);

    await user.click(modal().getByRole('button', { name: 'Bekor qilish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ui.net.callsTo('PUT', /^\/admin\/managers\//)).toHaveLength(0);
    expect(await isActive(manager._id)).toBe(true);

    await user.click(row.getByRole('button', { name: /O'chirib qo'yish/ }));
    await user.click(await modal().findByRole('button', { name: "O'chirib qo'yish" }));
    await findToast('Menedjer tahrirlandi');
    expect(await isActive(manager._id)).toBe(false);
    // What the question said: the manager's session is over at once.
    const me = await ui.testApp.app.inject({ method: 'GET', url: '/manager/restaurants/me', headers: manager.headers });
    expect(me.statusCode).toBe(401);

    // Activating does no harm: it runs without a question.
    await user.click(
      await within(screen.getByTestId(`manager-row-${manager.login}`)).findByRole('button', { name: /Faollashtirish/ }),
    );
    await waitFor(async () => expect(await isActive(manager._id)).toBe(true));
  });
});

describe('delete questions name what goes', () => {
  it('a manager: the question, then that the account goes, or that their restaurants stop it', async () => {
    const free = await createUser(ui.testApp.app, ui.db, 'manager');
    const busy = await createUser(ui.testApp.app, ui.db, 'manager');
    await createRestaurant(ui.db, { manager_id: busy._id });
    await createRestaurant(ui.db, { manager_id: busy._id });
    const { user } = renderApp('/admin/managers', { token: admin.token });
    await user.click(await screen.findByRole('button', { name: `O'chirish: ${free.login}` }));
    expect(await modal().findByRole('heading', { name: "O'chirishni tasdiqlang" })).toBeVisible();
    expect(modal().getByText(`"${free.login}" menedjerini o'chirmoqchimisiz?`)).toBeVisible();
    expect(modal().getByTestId('delete-what')).toHaveTextContent("Menedjer hisobi butunlay o'chiriladi.");
    await user.click(modal().getByRole('button', { name: 'Yo‘q' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: `O'chirish: ${busy.login}` }));
    expect(await modal().findByTestId('delete-what')).toHaveTextContent(
      "Unga 2 ta restoran biriktirilgan: avval ularni boshqa menedjerga o'tkazing",
    );
  });

  it('a restaurant: with its whole menu', async () => {
    const restaurant = await createRestaurant(ui.db, { name: 'Rayhon' });
    const { user } = renderApp(`/admin/viewRestaurant/${restaurant._id}/${restaurant.slug}`, { token: admin.token });
    await user.click(await screen.findByRole('button', { name: /O'chirish/ }));
    expect(await modal().findByRole('heading', { name: "O'chirishni tasdiqlang" })).toBeVisible();
    expect(modal().getByText('"Rayhon" restoranini o\'chirmoqchimisiz?')).toBeVisible();
    expect(modal().getByTestId('delete-what')).toHaveTextContent(
      '"Rayhon" restorani butun menyusi bilan o\'chiriladi: barcha kategoriyalari, mahsulotlari, ularning opsiyalari va rasmlari.',
    );
  });

  it('a category: the spec question, then its N products (counted while the question is open)', async () => {
    const restaurant = await createRestaurant(ui.db);
    const category = await createCategory(ui.db, restaurant._id, { title: 'Shashlik' });
    for (let i = 0; i < 3; i++) await createProduct(ui.db, category._id, { is_active: i !== 0 });
    const { user } = renderApp(`/admin/categoryList/${restaurant._id}`, { token: admin.token });
    await user.click(await screen.findByRole('button', { name: "O'chirish: Shashlik" }));
    expect(await modal().findByText("Haqiqatan ham ushbu toifani o'chirmoqchimisiz?")).toBeVisible();
    await waitFor(() =>
      expect(modal().getByTestId('delete-what')).toHaveTextContent(
        '"Shashlik" kategoriyasi ichidagi 3 ta mahsulot, ularning opsiyalari va rasmlari bilan birga o\'chiriladi.',
      ),
    );
    await user.click(modal().getByRole('button', { name: 'Ha' }));
    await findToast("Kategoriya muvaffaqiyatli o'chirildi!");
    expect(await ui.db.select().from(categories).where(eq(categories._id, category._id))).toHaveLength(0);
    expect(await ui.db.select().from(products).where(eq(products.category_id, category._id))).toHaveLength(0);
  });

  it('a product: the spec question, then its N options; on the list and on the detail page', async () => {
    const restaurant = await createRestaurant(ui.db);
    const category = await createCategory(ui.db, restaurant._id);
    const product = await createProduct(ui.db, category._id, { name: 'Lavash' });
    await createOption(ui.db, product._id);
    await createOption(ui.db, product._id);
    const what = '"Lavash" mahsuloti 2 ta opsiyasi (qatorlari bilan) va rasmlari bilan birga o\'chiriladi.';
    const list = renderApp(`/admin/viewProduct/${category._id}/${restaurant._id}`, { token: admin.token });
    await list.user.click(await screen.findByRole('button', { name: "O'chirish: Lavash" }));
    expect(await modal().findByText("Haqiqatan ham o'chirmoqchimisiz?")).toBeVisible();
    await waitFor(() => expect(modal().getByTestId('delete-what')).toHaveTextContent(what));
    await list.user.click(modal().getByRole('button', { name: 'Yo‘q' }));
    list.unmount();

    const detail = renderApp(`/admin/product-detail/${product._id}/${restaurant._id}`, { token: admin.token });
    await detail.user.click(await screen.findByRole('button', { name: /O'chirish/ }));
    expect(await modal().findByText("Haqiqatan ham o'chirmoqchimisiz?")).toBeVisible();
    expect(modal().getByTestId('delete-what')).toHaveTextContent(what);
  });

  it('an option: the spec question, then its N rows; a row: the spec question, then that row', async () => {
    const restaurant = await createRestaurant(ui.db);
    const category = await createCategory(ui.db, restaurant._id);
    const product = await createProduct(ui.db, category._id, { name: 'Lavash' });
    const option = await createOption(ui.db, product._id, { name: 'Hajmi' });
    await createRow(ui.db, option._id, { name: 'Katta' });
    await createRow(ui.db, option._id, { name: 'Kichik' });
    const { user } = renderApp(`/admin/product-option/${product._id}`, { token: admin.token });
    await user.click(await screen.findByRole('button', { name: "O'chirish: Hajmi" }));
    expect(await modal().findByText("Bu variantni o'chirishni xohlaysizmi?")).toBeVisible();
    expect(modal().getByTestId('delete-what')).toHaveTextContent(
      '"Hajmi" opsiyasi 2 ta qatori bilan birga o\'chiriladi. Buni qaytarib bo\'lmaydi.',
    );
    await user.click(modal().getByRole('button', { name: 'Yo‘q' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: /Hajmi/, expanded: false }));
    await user.click(await screen.findByRole('button', { name: "O'chirish: Katta" }));
    expect(await modal().findByText("Bu qatorni o'chirishni xohlaysizmi?")).toBeVisible();
    expect(modal().getByTestId('delete-what')).toHaveTextContent(
      '"Katta" qatori o\'chiriladi; opsiyaning boshqa qatorlari qoladi.',
    );
  });
});
