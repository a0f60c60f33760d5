import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import {
  createCategory,
  createOption,
  createProduct,
  createRestaurant,
  createRow,
  createUser,
  type TestUser,
} from '../support/fixtures';
import { pngImage } from '../support/images';
import { expectPath, findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';

/** Hand-written journeys of the product screens (spec 2.9) against the real server, with fixed end states. */

let ui: UiHarness;
let manager: TestUser;
let restaurantId: string;
let categoryId: string;

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  restaurantId = (await createRestaurant(ui.db, { manager_id: manager._id }))._id;
  categoryId = (await createCategory(ui.db, restaurantId, { title: 'Taomlar' }))._id;
});

const names = () => screen.queryAllByTestId(/^product-row-/).map((row) => row.dataset.name);
const openAsManager = (path = `/ManagerProductTable/${categoryId}`) =>
  renderApp(path, { token: manager.token, storage: { restaurantId } });
const dbProducts = async () =>
  (await ui.db.select().from(products).where(eq(products.category_id, categoryId))).sort(
    (a, b) => a.position - b.position,
  );

describe('manager product list (/ManagerProductTable/{category_id})', () => {
  it('empty text, then a product created with two images and a progress bar; category not asked', async () => {
    const app = openAsManager();
    expect(await screen.findByText('Bu kategoriyaga mahsulot biriktirilmagan.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Mahsulotlar' })).toBeVisible();

    await app.user.click(screen.getByRole('button', { name: "Mahsulot qo'shish" }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText(/^Kategoriya/)).toBeNull();
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    expect(within(dialog).getAllByText("Bu maydon to'ldirilishi shart")).toHaveLength(2);

    const held = ui.net.hold('POST', '/manager/upload');
    const files = await Promise.all(
      ['#e74c3c', '#27ae60'].map(
        async (color, i) =>
          new File([new Uint8Array(await pngImage({ color }))], `osh-${i}.png`, { type: 'image/png' }),
      ),
    );
    await app.user.upload(within(dialog).getByLabelText('Rasmlar'), files);
    expect(await within(dialog).findByRole('progressbar')).toBeInTheDocument();
    await app.user.type(within(dialog).getByLabelText(/^Nomi/), 'Osh');
    await app.user.type(within(dialog).getByLabelText(/^Narxi/), '25000');
    // The form waits for the upload.
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    expect(await within(dialog).findByText('Rasmlar hali yuklanmoqda, biroz kuting.')).toBeVisible();
    expect(ui.net.callsTo('POST', '/manager/products')).toHaveLength(0);
    held.release();
    await waitFor(() => expect(within(dialog).getAllByRole('img')).toHaveLength(2));
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    await findToast('Mahsulot yaratildi');
    await waitFor(() => expect(names()).toEqual(['Osh']));
    const [created] = await dbProducts();
    expect(created).toMatchObject({ name: 'Osh', price: 25000, is_active: true, category_id: categoryId });
    expect(created!.images).toHaveLength(2);
    expect(created!.images[0]!.file).toMatch(/^\/uploads\/[a-z0-9-]+\.webp$/);
    const row = screen.getByTestId(`product-row-${created!._id}`);
    expect(within(row).getByText("25 000 so'm")).toBeVisible();
    expect(within(row).getByText('Faol')).toBeVisible();
    expect(screen.getByTestId('counter-Jami')).toHaveTextContent('1');
  });

  it('an edit sends only the changed fields and never category_id', async () => {
    const product = await createProduct(ui.db, categoryId, { name: 'Lagmon', price: 30000 });
    const app = openAsManager();
    await app.user.click(await screen.findByRole('button', { name: 'Tahrirlash: Lagmon' }));
    const dialog = await screen.findByRole('dialog');
    const price = await within(dialog).findByLabelText(/^Narxi/);
    await app.user.clear(price);
    await app.user.type(price, '32000');
    await app.user.selectOptions(within(dialog).getByLabelText('Holati'), 'false');
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    await findToast('Mahsulot tahrirlandi');
    const [put] = ui.net.callsTo('PUT', `/manager/products/${product._id}`);
    expect(JSON.parse(put!.body!)).toEqual({ price: 32000, is_active: false });
    const row = await screen.findByTestId(`product-row-${product._id}`);
    await waitFor(() => expect(within(row).getByText('Faol emas')).toBeVisible());
    expect(within(row).getByText("32 000 so'm")).toBeVisible();
  });

  it('pages over 10 with numbered buttons; the keyboard moves a product only within its page', async () => {
    for (let i = 1; i <= 12; i++) await createProduct(ui.db, categoryId, { name: `P${i}`, position: i - 1 });
    const app = openAsManager();
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(names()[0]).toBe('P1');
    screen.getByRole('button', { name: "Tartibni o'zgartirish: P10" }).focus();
    await app.user.keyboard('{ArrowDown}');
    // P10 is the last of page 1: it cannot go to page 2.
    expect(names()[9]).toBe('P10');
    await app.user.keyboard('{ArrowUp}');
    await waitFor(() => expect(names().slice(8, 10)).toEqual(['P10', 'P9']));
    await waitFor(async () => expect((await dbProducts()).map((p) => p.name).slice(8, 10)).toEqual(['P10', 'P9']));
    expect(JSON.parse(localStorage.getItem(`productOrder_${categoryId}`)!)).toHaveLength(12);

    await app.user.click(screen.getByRole('button', { name: '2-sahifa' }));
    await waitFor(() => expect(names()).toEqual(['P11', 'P12']));
  });

  it('deletes after Ha, then reloads the list 500 ms later', async () => {
    const product = await createProduct(ui.db, categoryId, { name: 'Manti' });
    await createProduct(ui.db, categoryId, { name: 'Somsa' });
    const app = openAsManager();
    await app.user.click(await screen.findByRole('button', { name: "O'chirish: Manti" }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Haqiqatan ham o'chirmoqchimisiz?")).toBeVisible();
    const loads = ui.net.callsTo('GET', '/manager/products').length;
    await app.user.click(within(dialog).getByRole('button', { name: 'Ha' }));
    await findToast("Mahsulot muvaffaqiyatli o'chirildi!");
    expect(names()).toEqual(['Somsa']);
    expect(ui.net.callsTo('GET', '/manager/products')).toHaveLength(loads);
    await waitFor(() => expect(ui.net.callsTo('GET', '/manager/products')).toHaveLength(loads + 1), {
      timeout: 2000,
    });
    expect(JSON.parse(localStorage.getItem(`productOrder_${categoryId}`)!)).not.toContain(product._id);
    expect((await dbProducts()).map((p) => p.name)).toEqual(['Somsa']);
  });

  it("a delete failure says 'Mahsulotni o'chirishda xatolik yuz berdi!' and keeps the product", async () => {
    await createProduct(ui.db, categoryId, { name: 'Manti' });
    const app = openAsManager();
    await app.user.click(await screen.findByRole('button', { name: "O'chirish: Manti" }));
    ui.net.fail('DELETE', /^\/manager\/products\//, 500);
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ha' }));
    await findToast("Mahsulotni o'chirishda xatolik yuz berdi!");
    expect(names()).toEqual(['Manti']);
  });

  it("a load failure shows 'Mahsulotlarni yuklashda xatolik yuz berdi!' with a retry", async () => {
    ui.net.fail('GET', '/manager/products', 500);
    const app = openAsManager();
    expect(await screen.findByText('Mahsulotlarni yuklashda xatolik yuz berdi!')).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: 'Qayta urinish' }));
    expect(await screen.findByText('Bu kategoriyaga mahsulot biriktirilmagan.')).toBeVisible();
  });
});

describe('product detail (/product-detail/{ProductId}/{id})', () => {
  it('shows the product with its options and rows, edits it and deletes it back to the list', async () => {
    const product = await createProduct(ui.db, categoryId, {
      name: 'Shashlik',
      price: 18000.7,
      description: 'Qo‘y go‘shtidan',
    });
    const option = await createOption(ui.db, product._id, { name: 'Hajmi' });
    const row = await createRow(ui.db, option._id, { name: 'Katta', price: 5000 });
    const app = openAsManager(`/product-detail/${product._id}/${categoryId}`);
    expect(await screen.findByRole('heading', { name: 'Shashlik' })).toBeVisible();
    expect(screen.getByTestId('product-price')).toHaveTextContent("18 000 so'm");
    // A row price is what it adds to the product's price, and the page shows the resulting total.
    expect(screen.getByTestId(`row-choice-${row._id}`)).toHaveTextContent("Katta: +5 000 so'm → 23 000 so'm");

    await app.user.click(screen.getByRole('button', { name: /Tahrirlash/ }));
    const dialog = await screen.findByRole('dialog');
    const name = await within(dialog).findByLabelText(/^Nomi/);
    await app.user.clear(name);
    await app.user.type(name, 'Shashlik (qo‘y)');
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    expect(await screen.findByRole('heading', { name: 'Shashlik (qo‘y)' })).toBeVisible();

    await app.user.click(screen.getByRole('button', { name: /O'chirish/ }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ha' }));
    await findToast("Mahsulot muvaffaqiyatli o'chirildi!");
    await expectPath(app, `/ManagerProductTable/${categoryId}`);
    expect(await dbProducts()).toEqual([]);
  });
});

describe('admin product list (/admin/viewProduct/{category_id}/{restaurant id})', () => {
  it('a table with counters, 4-word descriptions, prev/next paging and a category select', async () => {
    const admin = await createUser(ui.testApp.app, ui.db, 'admin');
    const other = await createCategory(ui.db, restaurantId, { title: 'Ichimliklar' });
    for (let i = 1; i <= 11; i++) {
      await createProduct(ui.db, categoryId, {
        name: `T${i}`,
        position: i - 1,
        description: 'bir ikki uch to‘rt besh olti',
        is_active: i !== 3,
      });
    }
    const app = renderApp(`/admin/viewProduct/${categoryId}/${restaurantId}`, { token: admin.token });
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(screen.getByTestId('counter-Jami')).toHaveTextContent('11');
    expect(screen.getByTestId('counter-Faol')).toHaveTextContent('10');
    expect(screen.getByTestId('counter-No faol')).toHaveTextContent('1');
    expect(screen.getAllByText('bir ikki uch to‘rt...')).toHaveLength(10);
    await app.user.click(screen.getByRole('button', { name: /Keyingi/ }));
    await waitFor(() => expect(names()).toEqual(['T11']));

    // The admin may move a product to another category of the restaurant.
    await app.user.click(screen.getByRole('button', { name: 'Tahrirlash: T11' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.selectOptions(await within(dialog).findByLabelText(/^Kategoriya/), other._id);
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    await findToast('Mahsulot tahrirlandi');
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(screen.getByTestId('counter-Jami')).toHaveTextContent('10');
    expect(screen.getByRole('link', { name: 'Batafsil: T1' })).toHaveAttribute(
      'href',
      // The link names the restaurant, whose languages the product page's form reads.
      expect.stringMatching(new RegExp(`^/admin/product-detail/[^/]+/${categoryId}\\?restaurant=${restaurantId}$`)),
    );
  });
});

describe('another manager', () => {
  it("never sees a manager's products, their detail or options through the manager screens", async () => {
    const product = await createProduct(ui.db, categoryId, { name: 'Maxfiy osh' });
    const option = await createOption(ui.db, product._id, { name: 'Maxfiy opsiya' });
    await createRow(ui.db, option._id, { name: 'Maxfiy qator' });
    const other = await createUser(ui.testApp.app, ui.db, 'manager');
    const otherRestaurant = await createRestaurant(ui.db, { manager_id: other._id });
    const visit = (path: string) =>
      renderApp(path, { token: other.token, storage: { restaurantId: otherRestaurant._id } });

    let app = visit(`/ManagerProductTable/${categoryId}`);
    expect(await screen.findByText('Mahsulotlarni yuklashda xatolik yuz berdi!')).toBeVisible();
    expect(screen.queryByText('Maxfiy osh')).toBeNull();
    app.unmount();

    app = visit(`/product-detail/${product._id}/${categoryId}`);
    expect(await screen.findByText('Mahsulotlarni yuklashda xatolik yuz berdi!')).toBeVisible();
    expect(screen.queryByText(/Maxfiy/)).toBeNull();
    app.unmount();

    app = visit(`/ManagerProductOptionRow/${product._id}`);
    expect(await screen.findByText("Ma'lumotlarni olishda xatolik yuz berdi", { selector: 'span' })).toBeVisible();
    expect(screen.queryByText(/Maxfiy/)).toBeNull();
    app.unmount();

    visit(`/product-option-row/${option._id}`);
    expect(await screen.findByText("Ma'lumotlarni olishda xatolik yuz berdi", { selector: 'span' })).toBeVisible();
    expect(screen.queryByText(/Maxfiy/)).toBeNull();
  });
});

describe('admin product detail (/admin/product-detail/{ProductId}/{id})', () => {
  it('reads the product, deletes it and returns to /ProductTable/{category_id}', async () => {
    const admin = await createUser(ui.testApp.app, ui.db, 'admin');
    const product = await createProduct(ui.db, categoryId, { name: 'Chuchvara', price: 22000 });
    const app = renderApp(`/admin/product-detail/${product._id}/${categoryId}`, { token: admin.token });
    expect(await screen.findByRole('heading', { name: 'Chuchvara' })).toBeVisible();
    expect(ui.net.callsTo('GET', `/user/products/${product._id}`)).toHaveLength(1);
    await app.user.click(screen.getByRole('button', { name: /O'chirish/ }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ha' }));
    await expectPath(app, `/ProductTable/${categoryId}`);
    expect(await screen.findByText('Bu kategoriyaga mahsulot biriktirilmagan.')).toBeVisible();
  });
});
