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
import { findToast, type RenderedApp, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { shownDialog } from './support/shownDialog';

/**
 * The menu's translations in the panel against the real server, on each role's screens: a restaurant offering Uzbek
 * (both scripts) and Russian. The lists mark what is left to translate, the forms have a tab per language, a
 * translated save reaches the database and the public read answers it in Russian, a cleared translation is removed,
 * and the Cyrillic tab's placeholder is the menu's automatic transliteration. The admin's lists show the spec's public
 * reads, with the items' translations from the manager reads (an admin may make them) and the restaurant's languages
 * from GET /admin/restaurants?id=; a manager's, their own reads and their working restaurant's languages.
 */

type Call = [method: string, path: string];

interface Role {
  role: 'manager' | 'admin';
  /** Opens a screen of this restaurant (a manager's working restaurant; the admin's is in the path). */
  open: (path: string, restaurant?: string) => RenderedApp;
  categoryList: (restaurant: string) => string;
  /** The category list's own read. */
  categoryListRead: Call;
  productList: (category: string) => string;
  productListRead: Call;
  /** The product list's link to a product's page, and that page. */
  detailLink: string;
  detail: (product: string, category: string) => string;
  optionsHref: (product: string) => string;
  /** The read of the restaurant's languages, and how many times the category list makes it. */
  languagesRead: Call;
  categoryListLanguageReads: number;
}

let ui: UiHarness;
let admin: TestUser;
let manager: TestUser;
let restaurantId: string;

const ROLES: Role[] = [
  {
    role: 'manager',
    open: (path, restaurant = restaurantId) =>
      renderApp(path, { token: manager.token, storage: { restaurantId: restaurant } }),
    categoryList: () => '/managerCategoryList',
    categoryListRead: ['GET', '/manager/category'],
    productList: (category) => `/ManagerProductTable/${category}`,
    productListRead: ['GET', '/manager/products'],
    detailLink: "Ko'rish",
    detail: (product, category) => `/product-detail/${product}/${category}`,
    optionsHref: (product) => `/ManagerProductOptionRow/${product}`,
    languagesRead: ['GET', '/manager/restaurants/me'],
    // The session's restaurants, and the list's languages.
    categoryListLanguageReads: 2,
  },
  {
    role: 'admin',
    open: (path) => renderApp(path, { token: admin.token }),
    categoryList: (restaurant) => `/admin/categoryList/${restaurant}`,
    categoryListRead: ['GET', '/user/category'],
    productList: (category) => `/admin/viewProduct/${category}/${restaurantId}`,
    productListRead: ['GET', '/user/products/category/'],
    detailLink: 'Batafsil',
    detail: (product, category) => `/admin/product-detail/${product}/${category}?restaurant=${restaurantId}`,
    optionsHref: (product) => `/admin/product-option/${product}?restaurant=${restaurantId}`,
    languagesRead: ['GET', '/admin/restaurants'],
    // The restaurant's name in the title, and its languages.
    categoryListLanguageReads: 2,
  },
];

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  restaurantId = (await createRestaurant(ui.db, { manager_id: manager._id, languages: ['uz', 'uz-Cyrl', 'ru'] }))._id;
});

const dialog = shownDialog;
const tabsShown = async () => {
  const tabs = await within(dialog()).findAllByRole('tab');
  expect(tabs.map((tab) => tab.textContent)).toEqual(["O'zbekcha", 'Ўзбекча', 'Русский']);
};
const restaurantSlug = async (id: string) =>
  (await ui.db.select().from(restaurants).where(eq(restaurants._id, id)))[0]?.slug;
const publicRead = async (url: string) => (await ui.testApp.app.inject({ method: 'GET', url })).json();

/**
 * In the open product form, with the product's Russian description: the tabs, the Cyrillic tab's transliteration,
 * then a Russian name typed and saved. The changed language goes whole (its unchanged description with it), nothing
 * else, and is stored.
 */
async function nameProductInRussian(
  app: RenderedApp,
  productId: string,
  texts: { cyrillic: string; description: string; name: string },
) {
  await tabsShown();
  await app.user.click(within(dialog()).getByRole('tab', { name: 'Ўзбекча' }));
  expect(within(dialog()).getByLabelText('Nomi (Ўзбекча)')).toHaveAttribute('placeholder', texts.cyrillic);
  await app.user.click(within(dialog()).getByRole('tab', { name: 'Русский' }));
  expect(within(dialog()).getByLabelText('Tavsif (Русский)')).toHaveValue(texts.description);
  await app.user.type(within(dialog()).getByLabelText('Nomi (Русский)'), texts.name);
  await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
  await findToast('Mahsulot tahrirlandi');
  const ru = { name: texts.name, description: texts.description };
  const [put] = ui.net.callsTo('PUT', /^\/manager\/products\//);
  expect(JSON.parse(put?.body ?? '{}')).toEqual({ translations: { ru } });
  const [saved] = await ui.db.select().from(products).where(eq(products._id, productId));
  expect(saved?.translations).toEqual({ ru });
}

describe.each(ROLES)('translations in the $role panel', (role) => {
  it("a category: the list's badge, the tabs, a Russian title saved and answered by the public read, then cleared", async () => {
    const category = await createCategory(ui.db, restaurantId, { title: "Sho'rvalar", position: 0 });
    const done = await createCategory(ui.db, restaurantId, {
      title: 'Salatlar',
      position: 1,
      translations: { ru: { title: 'Салаты' } },
    });
    const app = role.open(role.categoryList(restaurantId));
    const row = await screen.findByTestId(`category-row-${category._id}`);
    const badge = await within(row).findByText("ru yo'q");
    expect(badge.closest('.badge')).toHaveAttribute('title', "Tarjima yo'q: Русский");
    // A translated category has no badge; the list is still the role's own read.
    expect(within(screen.getByTestId(`category-row-${done._id}`)).queryByText("ru yo'q")).toBeNull();
    expect(ui.net.callsTo(...role.categoryListRead)).toHaveLength(1);

    await app.user.click(within(row).getByRole('button', { name: "Tahrirlash: Sho'rvalar" }));
    await tabsShown();
    expect(within(dialog()).getByRole('tab', { name: "O'zbekcha" })).toHaveAttribute('aria-selected', 'true');
    // Uzbek Cyrillic: the transliteration shows until a text is typed.
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

    // Opened again, the Russian tab holds the saved title; cleared, it is sent as null and the translation is gone.
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
    const app = role.open(role.categoryList(restaurantId));
    await app.user.click(await screen.findByRole('button', { name: 'Tahrirlash: Salatlar' }));
    await app.user.clear(await within(dialog()).findByLabelText(/^Kategoriya nomi/));
    await app.user.click(within(dialog()).getByRole('tab', { name: 'Русский' }));
    await app.user.click(within(dialog()).getByRole('button', { name: 'Saqlash' }));
    expect(await within(dialog()).findByText('Kategoriya nomi bo‘sh bo‘lishi mumkin emas!')).toBeVisible();
    expect(within(dialog()).getByRole('tab', { name: "O'zbekcha" })).toHaveAttribute('aria-selected', 'true');
    const [unchanged] = await ui.db.select().from(categories).where(eq(categories._id, category._id));
    expect(unchanged?.title).toBe('Salatlar');
  });

  it("a product: the badge, the tabs with its Russian description, a Russian name answered by the public read and shown on the product's page", async () => {
    const category = await createCategory(ui.db, restaurantId, { title: 'Taomlar' });
    const product = await createProduct(ui.db, category._id, {
      name: 'Osh',
      description: 'Guruch',
      translations: { ru: { description: 'Рис' } },
    });
    const app = role.open(role.productList(category._id));
    const row = await screen.findByTestId(`product-row-${product._id}`);
    expect(await within(row).findByText("ru yo'q")).toBeVisible();
    expect(ui.net.callsTo(...role.productListRead)).toHaveLength(1);

    await app.user.click(within(row).getByRole('button', { name: 'Tahrirlash: Osh' }));
    await nameProductInRussian(app, product._id, { cyrillic: 'Ош', description: 'Рис', name: 'Плов' });
    await waitFor(() =>
      expect(within(screen.getByTestId(`product-row-${product._id}`)).queryByText("ru yo'q")).toBeNull(),
    );
    const answer = await publicRead(`/user/products/category/?category_id=${category._id}&lang=ru`);
    expect(answer.lang).toBe('ru');
    expect(answer.data.products[0]).toMatchObject({ name: 'Плов', description: 'Рис' });
    app.unmount();

    // The product's own page edits the same translations.
    const detail = role.open(role.detail(product._id, category._id));
    await detail.user.click(await screen.findByRole('button', { name: 'Tahrirlash' }));
    await detail.user.click(await within(dialog()).findByRole('tab', { name: 'Русский' }));
    expect(within(dialog()).getByLabelText('Nomi (Русский)')).toHaveValue('Плов');
  });

  it("a product's options from the product list: badges, an option's and a row's Russian names in their tabs", async () => {
    const category = await createCategory(ui.db, restaurantId, { title: 'Ichimliklar' });
    const product = await createProduct(ui.db, category._id, { name: 'Choy', translations: { ru: { name: 'Чай' } } });
    const option = await createOption(ui.db, product._id, { name: 'Hajmi' });
    const row = await createRow(ui.db, option._id, { name: 'Katta', price: 2000 });
    const app = role.open(role.productList(category._id));
    const link = await screen.findByRole('link', { name: 'Opsiyalar: Choy' });
    expect(link).toHaveAttribute('href', role.optionsHref(product._id));
    await app.user.click(link);

    const card = await screen.findByTestId(`option-${option._id}`);
    expect(await within(card).findByText("ru yo'q")).toBeVisible();
    const [stored] = await ui.db.select().from(productOptions).where(eq(productOptions._id, option._id));
    expect(stored?.translations ?? {}).toEqual({});
    await app.user.click(within(card).getByRole('button', { name: 'Tahrirlash: Hajmi' }));
    await tabsShown();
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

  it("a product's page from the product list: the tabs with its translations, a Russian name saved", async () => {
    const category = await createCategory(ui.db, restaurantId, { title: 'Taomlar' });
    const product = await createProduct(ui.db, category._id, {
      name: "Sho'rva",
      description: "Qo'y go'shti",
      translations: { ru: { description: 'Баранина' } },
    });
    const app = role.open(role.productList(category._id));
    await app.user.click(await screen.findByRole('link', { name: `${role.detailLink}: Sho'rva` }));
    expect(app.location()).toBe(role.detail(product._id, category._id));
    const detail = await screen.findByTestId('product-detail');
    expect(within(detail).getByRole('link', { name: /Opsiyalar/ })).toHaveAttribute(
      'href',
      role.optionsHref(product._id),
    );
    await waitFor(() => expect(ui.net.callsTo(...role.languagesRead).length).toBeGreaterThan(0));
    await app.user.click(within(detail).getByRole('button', { name: 'Tahrirlash' }));
    await nameProductInRussian(app, product._id, { cyrillic: 'Шўрва', description: 'Баранина', name: 'Шурпа' });
    const answer = await publicRead(`/user/products/${product._id}?lang=ru`);
    expect(answer.data).toMatchObject({ name: 'Шурпа', description: 'Баранина' });
  });

  it('a restaurant offering Uzbek alone: no tabs and no badges', async () => {
    const plain = (await createRestaurant(ui.db, { manager_id: manager._id }))._id;
    const category = await createCategory(ui.db, plain, { title: 'Ichimliklar' });
    const app = role.open(role.categoryList(plain), plain);
    const row = await screen.findByTestId(`category-row-${category._id}`);
    await waitFor(() => expect(ui.net.callsTo(...role.languagesRead)).toHaveLength(role.categoryListLanguageReads));
    expect(within(row).queryByText(/yo'q$/)).toBeNull();
    await app.user.click(within(row).getByRole('button', { name: 'Tahrirlash: Ichimliklar' }));
    expect(await within(dialog()).findByLabelText(/^Kategoriya nomi/)).toHaveValue('Ichimliklar');
    expect(within(dialog()).queryAllByRole('tab')).toHaveLength(0);
  });
});

// The screens of one role: the admin's restaurant list, and the one-option rows screen, whose languages are the
// working restaurant's (an admin's session has none, so the admin's rows screen is in Uzbek alone).
describe("translations on one role's screens", () => {
  it("the admin's restaurant list marks a restaurant whose texts lack one of its languages (its name, address or work time)", async () => {
    const other = await createUser(ui.testApp.app, ui.db, 'manager');
    const done = await createRestaurant(ui.db, {
      manager_id: other._id,
      name: 'Tayyor',
      languages: ['uz', 'ru'],
      translations: { ru: { name: 'Готово', address: 'Ташкент', work_time: 'Ежедневно' } },
    });
    const uzbekOnly = await createRestaurant(ui.db, { manager_id: other._id, name: "Faqat o'zbekcha" });
    renderApp('/admin/restaurants', { token: admin.token });
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

  it("the manager's one-option rows screen marks a row and edits its Russian name in a tab", async () => {
    const category = await createCategory(ui.db, restaurantId, { title: 'Ichimliklar' });
    const product = await createProduct(ui.db, category._id, { name: 'Choy' });
    const option = await createOption(ui.db, product._id, { name: 'Hajmi' });
    const row = await createRow(ui.db, option._id, { name: 'Katta', price: 2000 });
    const app = renderApp(`/product-option-row/${option._id}`, { token: manager.token, storage: { restaurantId } });
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
