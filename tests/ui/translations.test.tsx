import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { categories, optionRows, productOptions, products } from '../../server/db/schema';
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

/**
 * Issue 18 in the panel against the real server: a restaurant offering Uzbek (both scripts) and Russian. The lists
 * mark what is left to translate, the forms have a tab per language, a translated save reaches the database, a
 * cleared translation is removed, and the Cyrillic tab's placeholder is the menu's automatic transliteration.
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
  restaurantId = (await createRestaurant(ui.db, { manager_id: manager._id, languages: ['uz', 'uz-Cyrl', 'ru'] }))._id;
});

const openAsManager = (path: string) => renderApp(path, { token: manager.token, storage: { restaurantId } });
const dialog = () => screen.getByRole('dialog');

describe('translations in the manager panel', () => {
  it("a category's Russian title: the badge, the tabs, the save, then clearing it removes it", async () => {
    const category = await createCategory(ui.db, restaurantId, { title: "Sho'rvalar" });
    const app = openAsManager('/managerCategoryList');
    const row = await screen.findByTestId(`category-row-${category._id}`);
    const badge = await within(row).findByText("ru yo'q");
    expect(badge.closest('.badge')).toHaveAttribute('title', "Tarjima yo'q: Русский");

    await app.user.click(within(row).getByRole('button', { name: "Tahrirlash: Sho'rvalar" }));
    const tabs = await within(dialog()).findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(["O'zbekcha", 'Ўзбекча', 'Русский']);
    expect(within(dialog()).getByRole('tab', { name: "O'zbekcha" })).toHaveAttribute('aria-selected', 'true');

    // Uzbek Cyrillic: the transliteration shows until a text is typed.
    await app.user.click(within(dialog()).getByRole('tab', { name: 'Ўзбекча' }));
    expect(within(dialog()).getByLabelText('Kategoriya nomi (Ўзбекча)')).toHaveAttribute('placeholder', 'Шўрвалар');

    await app.user.click(within(dialog()).getByRole('tab', { name: 'Русский' }));
    await app.user.type(within(dialog()).getByLabelText('Kategoriya nomi (Русский)'), 'Супы');
    const puts = ui.net.callsTo('PUT', /^\/manager\/category\/update\//).length;
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    await findToast('Kategoriya muvaffaqiyatli tahrirlandi!');
    const [put] = ui.net.callsTo('PUT', /^\/manager\/category\/update\//).slice(puts);
    // Only the changed language is sent.
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ translations: { ru: { title: 'Супы' } } });
    const [saved] = await ui.db.select().from(categories).where(eq(categories._id, category._id));
    expect(saved?.translations).toEqual({ ru: { title: 'Супы' } });
    await waitFor(() =>
      expect(within(screen.getByTestId(`category-row-${category._id}`)).queryByText("ru yo'q")).toBeNull(),
    );

    // Cleared: sent as null, and the translation is gone.
    await app.user.click(screen.getByRole('button', { name: "Tahrirlash: Sho'rvalar" }));
    await app.user.click(await within(dialog()).findByRole('tab', { name: 'Русский' }));
    const input = within(dialog()).getByLabelText('Kategoriya nomi (Русский)');
    expect(input).toHaveValue('Супы');
    await app.user.clear(input);
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    // The first save's toast may still be up on a slow machine: wait for the database, not for a toast.
    await waitFor(async () => {
      const [cleared] = await ui.db.select().from(categories).where(eq(categories._id, category._id));
      expect(cleared?.translations ?? {}).toEqual({});
    });
    expect(await within(screen.getByTestId(`category-row-${category._id}`)).findByText("ru yo'q")).toBeVisible();
  });

  it('an invalid submit from the Русский tab shows the Uzbek fields with the error', async () => {
    const category = await createCategory(ui.db, restaurantId, { title: 'Salatlar' });
    const app = openAsManager('/managerCategoryList');
    await app.user.click(await screen.findByRole('button', { name: 'Tahrirlash: Salatlar' }));
    await app.user.clear(await within(dialog()).findByLabelText(/^Kategoriya nomi/));
    await app.user.click(within(dialog()).getByRole('tab', { name: 'Русский' }));
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    expect(await within(dialog()).findByText('Kategoriya nomi bo‘sh bo‘lishi mumkin emas!')).toBeVisible();
    expect(within(dialog()).getByRole('tab', { name: "O'zbekcha" })).toHaveAttribute('aria-selected', 'true');
    const [unchanged] = await ui.db.select().from(categories).where(eq(categories._id, category._id));
    expect(unchanged?.title).toBe('Salatlar');
  });

  it("a product's Russian name keeps its Russian description; options and rows are marked", async () => {
    const category = await createCategory(ui.db, restaurantId, { title: 'Taomlar' });
    const product = await createProduct(ui.db, category._id, {
      name: 'Osh',
      description: 'Guruch',
      translations: { ru: { description: 'Рис' } },
    });
    const option = await createOption(ui.db, product._id, { name: 'Hajmi' });
    await createRow(ui.db, option._id, { name: 'Katta', price: 5000 });

    const app = openAsManager(`/ManagerProductTable/${category._id}`);
    const row = await screen.findByTestId(`product-row-${product._id}`);
    expect(await within(row).findByText("ru yo'q")).toBeVisible();
    await app.user.click(within(row).getByRole('button', { name: 'Tahrirlash: Osh' }));
    await app.user.click(await within(dialog()).findByRole('tab', { name: 'Русский' }));
    expect(within(dialog()).getByLabelText('Tavsif (Русский)')).toHaveValue('Рис');
    await app.user.type(within(dialog()).getByLabelText('Nomi (Русский)'), 'Плов');
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    await findToast('Mahsulot tahrirlandi');
    const [saved] = await ui.db.select().from(products).where(eq(products._id, product._id));
    expect(saved?.translations).toEqual({ ru: { name: 'Плов', description: 'Рис' } });
    app.unmount();

    // The product's own page edits the same translations.
    const detail = openAsManager(`/product-detail/${product._id}/${category._id}`);
    await detail.user.click(await screen.findByRole('button', { name: 'Tahrirlash' }));
    await detail.user.click(await within(dialog()).findByRole('tab', { name: 'Русский' }));
    expect(within(dialog()).getByLabelText('Nomi (Русский)')).toHaveValue('Плов');
    detail.unmount();

    openAsManager(`/ManagerProductOptionRow/${product._id}`);
    const card = await screen.findByTestId(`option-${option._id}`);
    expect(await within(card).findByText("ru yo'q")).toBeVisible();
    const [stored] = await ui.db.select().from(productOptions).where(eq(productOptions._id, option._id));
    expect(stored?.translations ?? {}).toEqual({});
  });

  it('the one-option rows screen marks a row and edits its Russian name in a tab', async () => {
    const category = await createCategory(ui.db, restaurantId, { title: 'Ichimliklar' });
    const product = await createProduct(ui.db, category._id, { name: 'Choy' });
    const option = await createOption(ui.db, product._id, { name: 'Hajmi' });
    const row = await createRow(ui.db, option._id, { name: 'Katta', price: 2000 });
    const app = openAsManager(`/product-option-row/${option._id}`);
    const item = await screen.findByTestId(`row-${row._id}`);
    expect(await within(item).findByText("ru yo'q")).toBeVisible();
    await app.user.click(within(item).getByRole('button', { name: 'Tahrirlash: Katta' }));
    await app.user.click(await within(dialog()).findByRole('tab', { name: 'Русский' }));
    await app.user.type(within(dialog()).getByLabelText('Qator nomi (Русский)'), 'Большой');
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    await waitFor(() => expect(within(screen.getByTestId(`row-${row._id}`)).queryByText("ru yo'q")).toBeNull());
    const [saved] = await ui.db.select().from(optionRows).where(eq(optionRows._id, row._id));
    expect(saved?.translations).toEqual({ ru: { name: 'Большой' } });
  });
});
