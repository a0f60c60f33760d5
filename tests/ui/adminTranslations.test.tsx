import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { categories, optionRows, productOptions, products, restaurants } from '../../server/db/schema';
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
 * Issue 18 on the admin's screens against the real server: the admin's category and product lists show the spec's
 * public reads, with the items' translations from the manager reads (an admin may make them) and the restaurant's
 * languages from GET /admin/restaurants?id=, so they mark what is left to translate and their forms have a tab per
 * language, exactly as the manager's. A Russian name saved there is what the public read answers in Russian.
 */

let ui: UiHarness;
let admin: TestUser;
let restaurantId: string;

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
  const manager = await createUser(ui.testApp.app, ui.db, 'manager');
  restaurantId = (await createRestaurant(ui.db, { manager_id: manager._id, languages: ['uz', 'uz-Cyrl', 'ru'] }))._id;
});

const openAsAdmin = (path: string) => renderApp(path, { token: admin.token });
const dialog = () => screen.getByRole('dialog');
const restaurantSlug = async (id: string) =>
  (await ui.db.select().from(restaurants).where(eq(restaurants._id, id)))[0]?.slug;
const publicRead = async (url: string) => (await ui.testApp.app.inject({ method: 'GET', url })).json();

describe('translations in the admin panel', () => {
  it('the restaurant list marks a restaurant whose texts lack one of its languages (its name, address or work time)', async () => {
    const manager = await createUser(ui.testApp.app, ui.db, 'manager');
    const done = await createRestaurant(ui.db, {
      manager_id: manager._id,
      name: 'Tayyor',
      languages: ['uz', 'ru'],
      translations: { ru: { name: 'Готово', address: 'Ташкент', work_time: 'Ежедневно' } },
    });
    const uzbekOnly = await createRestaurant(ui.db, { manager_id: manager._id, name: "Faqat o'zbekcha" });
    openAsAdmin('/admin/restaurants');
    const row = (slug: string) => screen.findByTestId(`restaurant-row-${slug}`);
    // It names what is missing (tests/ui/translationGaps.test.tsx has the cases), not the whole language.
    const badge = await within(await row((await restaurantSlug(restaurantId))!)).findByText(
      "Nomi, Manzil, Ish vaqti: ru yo'q",
    );
    expect(badge.closest('.translation-gaps')).toHaveAttribute(
      'title',
      "Tarjima yo'q: Nomi, Manzil, Ish vaqti: Русский",
    );
    expect(within(await row(done.slug)).queryByText(/yo'q$/)).toBeNull();
    expect(within(await row(uzbekOnly.slug)).queryByText(/yo'q$/)).toBeNull();
  });

  it("a category: the list's badge, the tabs, a Russian title saved and answered by GET /user/category?lang=ru", async () => {
    const category = await createCategory(ui.db, restaurantId, { title: "Sho'rvalar", position: 0 });
    const done = await createCategory(ui.db, restaurantId, {
      title: 'Salatlar',
      position: 1,
      translations: { ru: { title: 'Салаты' } },
    });
    const app = openAsAdmin(`/admin/categoryList/${restaurantId}`);
    const row = await screen.findByTestId(`category-row-${category._id}`);
    const badge = await within(row).findByText("ru yo'q");
    expect(badge.closest('.badge')).toHaveAttribute('title', "Tarjima yo'q: Русский");
    // A translated category has no badge; the list is still the spec's public read.
    expect(within(screen.getByTestId(`category-row-${done._id}`)).queryByText("ru yo'q")).toBeNull();
    expect(ui.net.callsTo('GET', '/user/category')).toHaveLength(1);

    await app.user.click(within(row).getByRole('button', { name: "Tahrirlash: Sho'rvalar" }));
    const tabs = await within(dialog()).findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(["O'zbekcha", 'Ўзбекча', 'Русский']);
    await app.user.click(within(dialog()).getByRole('tab', { name: 'Ўзбекча' }));
    expect(within(dialog()).getByLabelText('Kategoriya nomi (Ўзбекча)')).toHaveAttribute('placeholder', 'Шўрвалар');

    await app.user.click(within(dialog()).getByRole('tab', { name: 'Русский' }));
    await app.user.type(within(dialog()).getByLabelText('Kategoriya nomi (Русский)'), 'Супы');
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    await findToast('Kategoriya muvaffaqiyatli tahrirlandi!');
    const [put] = ui.net.callsTo('PUT', /^\/manager\/category\/update\//);
    // Only the changed language is sent.
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ translations: { ru: { title: 'Супы' } } });
    const [saved] = await ui.db.select().from(categories).where(eq(categories._id, category._id));
    expect(saved?.translations).toEqual({ ru: { title: 'Супы' } });
    await waitFor(() =>
      expect(within(screen.getByTestId(`category-row-${category._id}`)).queryByText("ru yo'q")).toBeNull(),
    );

    const answer = await publicRead(`/user/category?restaurant_id=${restaurantId}&lang=ru`);
    expect(answer.lang).toBe('ru');
    expect(answer.categories.map((c: { title: string }) => c.title)).toEqual(['Супы', 'Салаты']);

    // Opened again, the Russian tab holds the saved title.
    await app.user.click(screen.getByRole('button', { name: "Tahrirlash: Sho'rvalar" }));
    await app.user.click(await within(dialog()).findByRole('tab', { name: 'Русский' }));
    expect(within(dialog()).getByLabelText('Kategoriya nomi (Русский)')).toHaveValue('Супы');
  });

  it('a product: the badge, the tabs with its Russian description, a Russian name answered by the public read', async () => {
    const category = await createCategory(ui.db, restaurantId, { title: 'Taomlar' });
    const product = await createProduct(ui.db, category._id, {
      name: 'Osh',
      description: 'Guruch',
      translations: { ru: { description: 'Рис' } },
    });
    const app = openAsAdmin(`/admin/viewProduct/${category._id}/${restaurantId}`);
    const row = await screen.findByTestId(`product-row-${product._id}`);
    expect(await within(row).findByText("ru yo'q")).toBeVisible();
    expect(ui.net.callsTo('GET', '/user/products/category/')).toHaveLength(1);

    await app.user.click(within(row).getByRole('button', { name: 'Tahrirlash: Osh' }));
    const tabs = await within(dialog()).findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(["O'zbekcha", 'Ўзбекча', 'Русский']);
    await app.user.click(within(dialog()).getByRole('tab', { name: 'Ўзбекча' }));
    expect(within(dialog()).getByLabelText('Nomi (Ўзбекча)')).toHaveAttribute('placeholder', 'Ош');
    await app.user.click(within(dialog()).getByRole('tab', { name: 'Русский' }));
    expect(within(dialog()).getByLabelText('Tavsif (Русский)')).toHaveValue('Рис');
    await app.user.type(within(dialog()).getByLabelText('Nomi (Русский)'), 'Плов');
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    await findToast('Mahsulot tahrirlandi');
    const [put] = ui.net.callsTo('PUT', /^\/manager\/products\//);
    // The changed language goes whole (its unchanged description with it), nothing else.
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ translations: { ru: { name: 'Плов', description: 'Рис' } } });
    const [saved] = await ui.db.select().from(products).where(eq(products._id, product._id));
    expect(saved?.translations).toEqual({ ru: { name: 'Плов', description: 'Рис' } });
    await waitFor(() =>
      expect(within(screen.getByTestId(`product-row-${product._id}`)).queryByText("ru yo'q")).toBeNull(),
    );

    const answer = await publicRead(`/user/products/category/?category_id=${category._id}&lang=ru`);
    expect(answer.lang).toBe('ru');
    expect(answer.data.products[0]).toMatchObject({ name: 'Плов', description: 'Рис' });
  });

  it("a product's options from the admin's table: badges, an option's and a row's Russian names in their tabs", async () => {
    const category = await createCategory(ui.db, restaurantId, { title: 'Ichimliklar' });
    const product = await createProduct(ui.db, category._id, { name: 'Choy', translations: { ru: { name: 'Чай' } } });
    const option = await createOption(ui.db, product._id, { name: 'Hajmi' });
    const row = await createRow(ui.db, option._id, { name: 'Katta', price: 2000 });
    const app = openAsAdmin(`/admin/viewProduct/${category._id}/${restaurantId}`);
    const link = await screen.findByRole('link', { name: 'Opsiyalar: Choy' });
    expect(link).toHaveAttribute('href', `/admin/product-option/${product._id}?restaurant=${restaurantId}`);
    await app.user.click(link);

    const card = await screen.findByTestId(`option-${option._id}`);
    expect(await within(card).findByText("ru yo'q")).toBeVisible();
    await app.user.click(within(card).getByRole('button', { name: 'Tahrirlash: Hajmi' }));
    const tabs = await within(dialog()).findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(["O'zbekcha", 'Ўзбекча', 'Русский']);
    await app.user.click(within(dialog()).getByRole('tab', { name: 'Ўзбекча' }));
    expect(within(dialog()).getByLabelText('Opsiya nomi (Ўзбекча)')).toHaveAttribute('placeholder', 'Ҳажми');
    await app.user.click(within(dialog()).getByRole('tab', { name: 'Русский' }));
    await app.user.type(within(dialog()).getByLabelText('Opsiya nomi (Русский)'), 'Объём');
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    await findToast('Variant yangilandi');
    const [put] = ui.net.callsTo('PUT', /^\/manager\/product-option\//);
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ translations: { ru: { name: 'Объём' } } });
    await waitFor(() => expect(within(screen.getByTestId(`option-${option._id}`)).queryByText("ru yo'q")).toBeNull());

    // The row, in the opened card.
    await app.user.click(within(screen.getByTestId(`option-${option._id}`)).getByRole('button', { name: /^Hajmi/ }));
    const item = await screen.findByTestId(`row-${row._id}`);
    expect(await within(item).findByText("ru yo'q")).toBeVisible();
    await app.user.click(within(item).getByRole('button', { name: 'Tahrirlash: Katta' }));
    await app.user.click(await within(dialog()).findByRole('tab', { name: 'Русский' }));
    await app.user.type(within(dialog()).getByLabelText('Qator nomi (Русский)'), 'Большой');
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    await waitFor(() => expect(within(screen.getByTestId(`row-${row._id}`)).queryByText("ru yo'q")).toBeNull());

    const [savedOption] = await ui.db.select().from(productOptions).where(eq(productOptions._id, option._id));
    expect(savedOption?.translations).toEqual({ ru: { name: 'Объём' } });
    const [savedRow] = await ui.db.select().from(optionRows).where(eq(optionRows._id, row._id));
    expect(savedRow?.translations).toEqual({ ru: { name: 'Большой' } });
    const answer = await publicRead(`/user/products/${product._id}?lang=ru`);
    expect(answer.data).toMatchObject({ name: 'Чай', options: [{ name: 'Объём', rows: [{ name: 'Большой' }] }] });
  });

  it("a product's page from the admin's table: the tabs with its translations, a Russian name saved", async () => {
    const category = await createCategory(ui.db, restaurantId, { title: 'Taomlar' });
    const product = await createProduct(ui.db, category._id, {
      name: "Sho'rva",
      description: "Qo'y go'shti",
      translations: { ru: { description: 'Баранина' } },
    });
    const app = openAsAdmin(`/admin/viewProduct/${category._id}/${restaurantId}`);
    await app.user.click(await screen.findByRole('link', { name: "Batafsil: Sho'rva" }));
    expect(app.location()).toBe(`/admin/product-detail/${product._id}/${category._id}?restaurant=${restaurantId}`);
    const detail = await screen.findByTestId('product-detail');
    expect(within(detail).getByRole('link', { name: /Opsiyalar/ })).toHaveAttribute(
      'href',
      `/admin/product-option/${product._id}?restaurant=${restaurantId}`,
    );
    await waitFor(() => expect(ui.net.callsTo('GET', '/admin/restaurants').length).toBeGreaterThan(0));
    await app.user.click(within(detail).getByRole('button', { name: 'Tahrirlash' }));
    const tabs = await within(dialog()).findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(["O'zbekcha", 'Ўзбекча', 'Русский']);
    await app.user.click(within(dialog()).getByRole('tab', { name: 'Ўзбекча' }));
    expect(within(dialog()).getByLabelText('Nomi (Ўзбекча)')).toHaveAttribute('placeholder', 'Шўрва');
    await app.user.click(within(dialog()).getByRole('tab', { name: 'Русский' }));
    expect(within(dialog()).getByLabelText('Tavsif (Русский)')).toHaveValue('Баранина');
    await app.user.type(within(dialog()).getByLabelText('Nomi (Русский)'), 'Шурпа');
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    await findToast('Mahsulot tahrirlandi');
    const [put] = ui.net.callsTo('PUT', /^\/manager\/products\//);
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ translations: { ru: { name: 'Шурпа', description: 'Баранина' } } });
    const [saved] = await ui.db.select().from(products).where(eq(products._id, product._id));
    expect(saved?.translations).toEqual({ ru: { name: 'Шурпа', description: 'Баранина' } });
    const answer = await publicRead(`/user/products/${product._id}?lang=ru`);
    expect(answer.data).toMatchObject({ name: 'Шурпа', description: 'Баранина' });
  });

  it('a restaurant offering Uzbek alone: no tabs and no badges, as before', async () => {
    const manager = await createUser(ui.testApp.app, ui.db, 'manager');
    const plain = (await createRestaurant(ui.db, { manager_id: manager._id }))._id;
    const category = await createCategory(ui.db, plain, { title: 'Ichimliklar' });
    const app = openAsAdmin(`/admin/categoryList/${plain}`);
    const row = await screen.findByTestId(`category-row-${category._id}`);
    await waitFor(() => expect(ui.net.callsTo('GET', '/admin/restaurants')).toHaveLength(2));
    expect(within(row).queryByText(/yo'q$/)).toBeNull();
    await app.user.click(within(row).getByRole('button', { name: 'Tahrirlash: Ichimliklar' }));
    expect(await within(dialog()).findByLabelText(/^Kategoriya nomi/)).toHaveValue('Ichimliklar');
    expect(within(dialog()).queryAllByRole('tab')).toHaveLength(0);
  });
});
