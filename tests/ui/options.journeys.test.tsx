import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { optionRows, productOptions } from '../../server/db/schema';
import {
  createCategory,
  createOption,
  createProduct,
  createRestaurant,
  createRow,
  createUser,
  type TestUser,
} from '../support/fixtures';
import { findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { shownDialog } from './support/shownDialog';

/** Hand-written journeys of Mahsulot Parametrlari (spec 2.10) against the real server, with fixed end states. */

let ui: UiHarness;
let manager: TestUser;
let productId: string;

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  const restaurant = await createRestaurant(ui.db, { manager_id: manager._id });
  const category = await createCategory(ui.db, restaurant._id);
  productId = (await createProduct(ui.db, category._id, { name: 'Pitsa' }))._id;
});

const open = (path = `/ManagerProductOptionRow/${productId}`) => renderApp(path, { token: manager.token });
const card = (name: string) => screen.getAllByTestId(/^option-/).find((el) => el.dataset.name === name)!;
const rowNames = (el: HTMLElement) =>
  within(el)
    .queryAllByTestId(/^row-/)
    .map((r) => r.dataset.name);
const dialog = shownDialog;

describe('product options (/ManagerProductOptionRow/{ProductId})', () => {
  it('empty states, an option with three rows, a price edit, then a row and the option deleted', async () => {
    const app = open();
    expect(await screen.findByText('Opsiyalar mavjud emas')).toBeVisible();
    expect(screen.getByText("Yangi opsiya qo'shish uchun yuqoridagi tugmani bosing")).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Mahsulot Parametrlari' })).toBeVisible();

    await app.user.click(screen.getByRole('button', { name: "+ Option qo'shish" }));
    expect(await screen.findByRole('heading', { name: "Yangi Variant Qo'shish" })).toBeVisible();
    await app.user.type(within(dialog()).getByLabelText(/^Opsiya nomi/), 'Hajmi');
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    await findToast("Yangi variant qo'shildi");
    await waitFor(() => expect(within(card('Hajmi')).getByText('Qatorlar mavjud emas')).toBeVisible());

    for (const [name, price] of [
      ['Kichik', '0'],
      ['O‘rta', '12000'],
      ['Katta', '18000.9'],
    ] as const) {
      await app.user.click(within(card('Hajmi')).getByRole('button', { name: "Qator qo'shish" }));
      expect(await screen.findByRole('heading', { name: "Yangi Qator Qo'shish" })).toBeVisible();
      await app.user.type(within(dialog()).getByLabelText(/^Qator nomi/), name);
      await app.user.type(within(dialog()).getByLabelText(/^Narxi/), price);
      if (price.includes('.')) {
        // The panel takes whole so'm; a fraction is refused by the field, then typed whole.
        await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
        expect(await within(dialog()).findByText("Narx butun so'mda bo'lishi kerak (tiyinsiz)")).toBeVisible();
        await app.user.clear(within(dialog()).getByLabelText(/^Narxi/));
        await app.user.type(within(dialog()).getByLabelText(/^Narxi/), price.split('.')[0]!);
      }
      await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect((await screen.findAllByText("Yangi qator qo'shildi", { selector: '.toast-body' })).length).toBeGreaterThan(
        0,
      );
    }
    await waitFor(() => expect(rowNames(card('Hajmi'))).toEqual(['Kichik', 'O‘rta', 'Katta']));
    const katta = within(card('Hajmi')).getAllByTestId(/^row-/)[2]!;
    expect(katta).toHaveTextContent('3.');
    // Spec 9: rounded down, with so'm; as what it adds to the product's price, next to the spec's 'Narxi'.
    expect(within(katta).getByText("+18 000 so'm")).toBeVisible();
    expect(katta).toHaveTextContent("Narxi: +18 000 so'm");
    // A free row is its price, never "+0".
    const free = within(card('Hajmi')).getAllByTestId(/^row-/)[0]!;
    expect(free).toHaveTextContent("Narxi: 0 so'm");
    expect(free.textContent).not.toContain('+0');

    await app.user.click(within(katta).getByRole('button', { name: 'Tahrirlash: Katta' }));
    expect(await screen.findByRole('heading', { name: 'Qatorni Tahrirlash' })).toBeVisible();
    const price = within(dialog()).getByLabelText(/^Narxi/);
    // The form says what the number means, as the field's description.
    expect(price).toHaveAccessibleDescription(
      "Mahsulot narxiga qo'shiladi; qo'shimcha to'lovsiz qator uchun 0 yozing.",
    );
    await app.user.clear(price);
    await app.user.type(price, '20000');
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    await findToast('Qator yangilandi');
    await waitFor(() => expect(within(card('Hajmi')).getByText("+20 000 so'm")).toBeVisible());
    const edit = ui.net.callsTo('PUT', /^\/manager\/product-option-row\//).at(-1)!;
    expect(JSON.parse(edit.body!)).toEqual({ price: 20000 });

    const kichik = within(card('Hajmi')).getAllByTestId(/^row-/)[0]!;
    await app.user.click(within(kichik).getByRole('button', { name: "O'chirish: Kichik" }));
    expect(await screen.findByText("Bu qatorni o'chirishni xohlaysizmi?")).toBeVisible();
    await app.user.click(within(dialog()).getByRole('button', { name: 'Ha' }));
    await findToast("Qator o'chirildi");
    await waitFor(() => expect(rowNames(card('Hajmi'))).toEqual(['O‘rta', 'Katta']));

    await app.user.click(within(card('Hajmi')).getByRole('button', { name: "O'chirish: Hajmi" }));
    expect(await screen.findByText("Bu variantni o'chirishni xohlaysizmi?")).toBeVisible();
    await app.user.click(within(dialog()).getByRole('button', { name: 'Ha' }));
    await findToast("Variant o'chirildi");
    expect(await screen.findByText('Opsiyalar mavjud emas')).toBeVisible();
    expect(await ui.db.select().from(productOptions).where(eq(productOptions.product_id, productId))).toEqual([]);
    expect(await ui.db.select().from(optionRows)).toEqual([]);
  });

  it("existing cards expand and collapse; a renamed option says 'Variant yangilandi'; no option chosen → 'Avval opsiya tanlang'", async () => {
    const option = await createOption(ui.db, productId, { name: 'Sous' });
    await createRow(ui.db, option._id, { name: 'Achchiq', price: 2000 });
    const app = open();
    const toggle = await screen.findByRole('button', { name: /^Sous/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(card('Sous')).queryByText('Achchiq')).toBeNull();
    await app.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(card('Sous')).getByText('Achchiq')).toBeVisible();

    await app.user.click(within(card('Sous')).getByRole('button', { name: "Qator qo'shish" }));
    await app.user.selectOptions(within(dialog()).getByLabelText(/^Opsiya/), '');
    await app.user.type(within(dialog()).getByLabelText(/^Qator nomi/), 'Yumshoq');
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    expect(await within(dialog()).findByText('Avval opsiya tanlang')).toBeVisible();
    expect(ui.net.callsTo('POST', '/manager/product-option-row')).toHaveLength(0);
    await app.user.click(within(dialog()).getByRole('button', { name: 'Yopish' }));

    await app.user.click(within(card('Sous')).getByRole('button', { name: 'Tahrirlash: Sous' }));
    const name = within(dialog()).getByLabelText(/^Opsiya nomi/);
    await app.user.clear(name);
    await app.user.type(name, 'Souslar');
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    await findToast('Variant yangilandi');
    await waitFor(() => expect(card('Souslar')).toBeTruthy());
  });

  it('failures are told only for HTTP 500 (spec 8)', async () => {
    const option = await createOption(ui.db, productId, { name: 'Sous' });
    await createRow(ui.db, option._id, { name: 'Achchiq' });
    const app = open();
    await app.user.click(await screen.findByRole('button', { name: /^Sous/ }));
    // 404: the row vanished meanwhile — silent.
    ui.net.fail('DELETE', /^\/manager\/product-option-row\//, 404);
    await app.user.click(screen.getByRole('button', { name: "O'chirish: Achchiq" }));
    await app.user.click(within(dialog()).getByRole('button', { name: 'Ha' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.querySelectorAll('.toast')).toHaveLength(0);
    // 500: 'O'chirishda xatolik yuz berdi.'
    ui.net.fail('DELETE', /^\/manager\/product-option-row\//, 500);
    await app.user.click(screen.getByRole('button', { name: "O'chirish: Achchiq" }));
    await app.user.click(within(dialog()).getByRole('button', { name: 'Ha' }));
    await findToast("O'chirishda xatolik yuz berdi.");
    // A save refused with 500: 'Saqlashda xatolik yuz berdi.'
    ui.net.fail('POST', '/manager/product-option', 500);
    await app.user.click(screen.getByRole('button', { name: "+ Option qo'shish" }));
    await app.user.type(within(dialog()).getByLabelText(/^Opsiya nomi/), 'Non');
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    await findToast('Saqlashda xatolik yuz berdi.');
  });

  it("a load failing with 500 says 'Ma'lumotlarni olishda xatolik yuz berdi'", async () => {
    ui.net.fail('GET', `/manager/product-option/product/${productId}`, 500);
    open();
    await findToast("Ma'lumotlarni olishda xatolik yuz berdi");
  });

  it('/product-option-row/{id} lists one option’s rows and adds to it', async () => {
    const option = await createOption(ui.db, productId, { name: 'Sous' });
    await createRow(ui.db, option._id, { name: 'Achchiq', price: 1500.5 });
    const app = open(`/product-option-row/${option._id}`);
    expect(await screen.findByText('Achchiq')).toBeVisible();
    expect(screen.getByText("+1 500 so'm")).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: "Qator qo'shish" }));
    await app.user.type(within(dialog()).getByLabelText(/^Qator nomi/), 'Shirin');
    // An empty price is an error (never a silent 0); a free row is typed 0.
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    expect(await within(dialog()).findByText("Narxni kiriting (bepul bo'lsa 0)")).toBeVisible();
    await app.user.type(within(dialog()).getByLabelText(/^Narxi/), '0');
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    await findToast("Yangi qator qo'shildi");
    expect(await screen.findByText('Shirin')).toBeVisible();
    const rows = await ui.db.select().from(optionRows).where(eq(optionRows.product_option_id, option._id));
    expect(rows.map((r) => [r.name, r.price]).sort()).toEqual([
      ['Achchiq', 1500.5],
      ['Shirin', 0],
    ]);
  });
});

describe('admin', () => {
  it('/admin/product-option/{ProductId} shows any restaurant’s options in the admin shell; /product-option alone names no product', async () => {
    const admin = await createUser(ui.testApp.app, ui.db, 'admin');
    const option = await createOption(ui.db, productId, { name: 'Non turi' });
    await createRow(ui.db, option._id, { name: 'Patir', price: 3000 });
    const app = renderApp(`/admin/product-option/${productId}`, { token: admin.token });
    await app.user.click(await screen.findByRole('button', { name: /^Non turi/ }));
    expect(screen.getByText("+3 000 so'm")).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'sidebar' })).toBeInTheDocument();
    app.unmount();

    renderApp('/product-option', { token: admin.token });
    expect(
      await screen.findByText(
        "Mahsulot tanlanmagan: opsiyalarni ko'rish uchun mahsulotlar ro'yxatidan mahsulotni tanlang.",
      ),
    ).toBeVisible();
  });
});
