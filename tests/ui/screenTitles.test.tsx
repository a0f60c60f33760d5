import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { renderApp, screen, startUi, type UiHarness } from '../support/ui';

/**
 * Headers say where you are. The product list names its category, the options page its product, the
 * admin's category list its restaurant, under the spec's own title.
 */

let ui: UiHarness;
let manager: TestUser;
let admin: TestUser;
let restaurantId: string;
let categoryId: string;
let productId: string;

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
  restaurantId = (await createRestaurant(ui.db, { manager_id: manager._id, name: 'Rayhon' }))._id;
  // An inactive category and product: the owner's screens name them all the same.
  categoryId = (await createCategory(ui.db, restaurantId, { title: 'Salatlar', is_active: false }))._id;
  productId = (await createProduct(ui.db, categoryId, { name: 'Achchiq-chuchuk', is_active: false }))._id;
});

// The screens are lazy routes: a first render on a busy machine may take a few seconds.
const context = () => screen.findByTestId('screen-context', undefined, { timeout: 10_000 });

describe('screen titles name what the screen works on', () => {
  it("the manager's product list: 'Mahsulotlar', Kategoriya: Salatlar", async () => {
    renderApp(`/ManagerProductTable/${categoryId}`, { token: manager.token, storage: { restaurantId } });
    expect(await context()).toHaveTextContent('Kategoriya: Salatlar');
    expect(screen.getByRole('heading', { level: 1, name: 'Mahsulotlar' })).toBeVisible();
  });

  it("the admin's product list: Kategoriya: Salatlar", async () => {
    renderApp(`/admin/viewProduct/${categoryId}/${restaurantId}`, { token: admin.token });
    expect(await context()).toHaveTextContent('Kategoriya: Salatlar');
  });

  it("the options page, a manager's and an admin's: Mahsulot: Achchiq-chuchuk", async () => {
    const app = renderApp(`/ManagerProductOptionRow/${productId}`, { token: manager.token });
    expect(await context()).toHaveTextContent('Mahsulot: Achchiq-chuchuk');
    expect(screen.getByRole('heading', { level: 1, name: 'Mahsulot Parametrlari' })).toBeVisible();
    app.unmount();
    renderApp(`/admin/product-option/${productId}`, { token: admin.token });
    expect(await context()).toHaveTextContent('Mahsulot: Achchiq-chuchuk');
  });

  it("the admin's category list: Restoran: Rayhon", async () => {
    renderApp(`/admin/categoryList/${restaurantId}`, { token: admin.token });
    expect(await context()).toHaveTextContent('Restoran: Rayhon');
    expect(screen.getByRole('heading', { level: 1, name: 'Kategoriyalar' })).toBeVisible();
  });
});
