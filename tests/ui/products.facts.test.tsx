import { within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';

/**
 * A dish's facts and the hours it is served, in the product form (manager and admin) against the real server: what
 * the manager sees in the folded sections, what each save sends and what the API stored, and the facts' short line
 * in the manager's list.
 */

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

const openList = () =>
  renderApp(`/ManagerProductTable/${categoryId}`, { token: manager.token, storage: { restaurantId } });
const stored = async (id: string) => (await ui.db.select().from(products).where(eq(products._id, id)))[0]!;
const lastBody = (method: string, path: string) => JSON.parse(ui.net.callsTo(method, path).at(-1)!.body!);
const section = (dialog: HTMLElement, testId: string) => within(dialog).getByTestId(testId) as HTMLDetailsElement;

type App = ReturnType<typeof openList>;

async function openSection(app: App, dialog: HTMLElement, testId: string) {
  const details = section(dialog, testId);
  if (!details.open) await app.user.click(details.querySelector('summary')!);
  await waitFor(() => expect(details.open).toBe(true));
  return within(details);
}

async function editDialog(app: App, name: string) {
  await app.user.click(await screen.findByRole('button', { name: `Tahrirlash: ${name}` }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByLabelText(/^Narxi/);
  return dialog;
}

describe('the product form: "Taom haqida"', () => {
  it('a new dish with its portion, calories, spiciness, tags and an allergen: sent, stored and listed', async () => {
    const app = openList();
    await app.user.click(await screen.findByRole('button', { name: "Mahsulot qo'shish" }));
    const dialog = await screen.findByRole('dialog');
    const facts = section(dialog, 'facts-section');
    // Folded, saying nothing is set yet.
    expect(facts.open).toBe(false);
    expect(within(facts).getByText("Porsiya, kaloriya, teglar va allergenlar ko'rsatilmagan")).toBeInTheDocument();

    await app.user.type(within(dialog).getByLabelText(/^Nomi/), 'Mastava');
    await app.user.type(within(dialog).getByLabelText(/^Narxi/), '28000');
    const inside = await openSection(app, dialog, 'facts-section');
    await app.user.type(inside.getByLabelText('Porsiya'), '350');
    await app.user.selectOptions(inside.getByLabelText("O'lchov birligi"), 'ml');
    await app.user.type(inside.getByLabelText(/^Kaloriya/), '420');
    await app.user.click(inside.getByRole('radio', { name: 'Biroz achchiq' }));
    await app.user.click(inside.getByRole('button', { name: 'Vegetarian' }));
    await app.user.click(inside.getByRole('button', { name: 'Halol' }));
    await app.user.click(inside.getByRole('button', { name: "Yong'oq" }));
    expect(inside.getByRole('button', { name: 'Vegetarian' })).toHaveAttribute('aria-pressed', 'true');
    expect(inside.getByRole('button', { name: 'Vegan' })).toHaveAttribute('aria-pressed', 'false');
    // The summary follows what is typed and chosen, tags in the list's order.
    expect(
      within(facts.querySelector('summary')!).getByText(
        "350 ml · 420 kkal · Biroz achchiq · Halol, Vegetarian · Yong'oq",
      ),
    ).toBeVisible();

    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    await findToast('Mahsulot yaratildi');
    const body = lastBody('POST', '/manager/products');
    expect(body).toMatchObject({
      portion: { value: 350, unit: 'ml' },
      calories: 420,
      spiciness: 1,
      tags: ['halal', 'vegetarian'],
      allergens: ['nuts'],
    });
    // Served always: no schedule is sent for a new dish.
    expect(body).not.toHaveProperty('schedule');
    const [created] = await ui.db.select().from(products).where(eq(products.category_id, categoryId));
    expect(created).toMatchObject({
      portion: { value: 350, unit: 'ml' },
      calories: 420,
      spiciness: 1,
      tags: ['halal', 'vegetarian'],
      allergens: ['nuts'],
      schedule: null,
    });
    const row = await screen.findByTestId(`product-facts-${created!._id}`);
    expect(within(row).getByText('350 ml · 420 kkal · Biroz achchiq')).toBeVisible();
    expect(within(row).getByText('Halol')).toBeVisible();
    expect(within(row).getByText('Vegetarian')).toBeVisible();
  });

  it('a dish created without facts sends none of them (the POS may still fill them) and lists no facts line', async () => {
    const app = openList();
    await app.user.click(await screen.findByRole('button', { name: "Mahsulot qo'shish" }));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByLabelText(/^Nomi/), 'Non');
    await app.user.type(within(dialog).getByLabelText(/^Narxi/), '5000');
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    await findToast('Mahsulot yaratildi');
    const body = lastBody('POST', '/manager/products');
    for (const fact of ['portion', 'calories', 'spiciness', 'tags', 'allergens', 'schedule']) {
      expect(body).not.toHaveProperty(fact);
    }
    await waitFor(() => expect(screen.getAllByTestId(/^product-row-/)).toHaveLength(1));
    expect(screen.queryByTestId(/^product-facts-/)).toBeNull();
  });

  it('an edit starts from the stored facts and sends only what changed: an allergen, then the portion emptied', async () => {
    const product = await createProduct(ui.db, categoryId, {
      name: 'Lagmon',
      portion: { value: 400, unit: 'g' },
      calories: 600,
      spiciness: 2,
      tags: ['halal'],
      allergens: ['gluten', 'eggs'],
    });
    const app = openList();
    expect(await screen.findByText('400 g · 600 kkal · Achchiq')).toBeVisible();
    let dialog = await editDialog(app, 'Lagmon');
    expect(
      within(section(dialog, 'facts-section').querySelector('summary')!).getByText(
        '400 g · 600 kkal · Achchiq · Halol · Glyuten, Tuxum',
      ),
    ).toBeInTheDocument();
    let inside = await openSection(app, dialog, 'facts-section');
    expect(inside.getByLabelText('Porsiya')).toHaveValue(400);
    expect(inside.getByRole('radio', { name: 'Achchiq' })).toBeChecked();
    expect(inside.getByRole('button', { name: 'Tuxum' })).toHaveAttribute('aria-pressed', 'true');
    await app.user.click(inside.getByRole('button', { name: 'Tuxum' }));
    await app.user.click(inside.getByRole('button', { name: 'Sut' }));
    // A unit changed with the number left as it was is a change of the portion: sent whole.
    await app.user.selectOptions(inside.getByLabelText("O'lchov birligi"), 'dona');
    await app.user.clear(inside.getByLabelText('Porsiya'));
    await app.user.type(inside.getByLabelText('Porsiya'), '2');
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    await findToast('Mahsulot tahrirlandi');
    expect(lastBody('PUT', `/manager/products/${product._id}`)).toEqual({
      portion: { value: 2, unit: 'dona' },
      allergens: ['gluten', 'milk'],
    });
    expect(await stored(product._id)).toMatchObject({
      portion: { value: 2, unit: 'dona' },
      calories: 600,
      allergens: ['gluten', 'milk'],
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await editDialog(app, 'Lagmon');
    inside = await openSection(app, dialog, 'facts-section');
    await app.user.clear(inside.getByLabelText('Porsiya'));
    await app.user.clear(inside.getByLabelText(/^Kaloriya/));
    await app.user.click(inside.getByRole('radio', { name: "Yo'q" }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    // The first save's toast may still be up: the second is answered once the form has closed.
    await waitFor(() => expect(ui.net.callsTo('PUT', `/manager/products/${product._id}`)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody('PUT', `/manager/products/${product._id}`)).toEqual({
      portion: null,
      calories: null,
      spiciness: 0,
    });
    expect(await stored(product._id)).toMatchObject({ portion: null, calories: null, spiciness: 0 });
    await waitFor(() => expect(screen.queryByText(/600 kkal/)).toBeNull());
  });

  it('a chip turned on and off again, or a unit changed with no portion, is no change', async () => {
    await createProduct(ui.db, categoryId, { name: 'Choy' });
    const app = openList();
    const dialog = await editDialog(app, 'Choy');
    const inside = await openSection(app, dialog, 'facts-section');
    await app.user.click(inside.getByRole('button', { name: 'Vegan' }));
    await app.user.click(inside.getByRole('button', { name: 'Vegan' }));
    await app.user.selectOptions(inside.getByLabelText("O'lchov birligi"), 'ml');
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    await findToast("Hech qanday o'zgarish yo'q.");
    expect(ui.net.callsTo('PUT', /\/manager\/products\//)).toHaveLength(0);
  });

  it('a portion or calories out of range is named in Uzbek and opens the folded section; nothing is sent', async () => {
    await createProduct(ui.db, categoryId, { name: 'Shashlik' });
    const app = openList();
    const dialog = await editDialog(app, 'Shashlik');
    let inside = await openSection(app, dialog, 'facts-section');
    await app.user.type(inside.getByLabelText('Porsiya'), '60000');
    await app.user.type(inside.getByLabelText(/^Kaloriya/), '20000');
    // Folded again before saving: the refusal opens it.
    await app.user.click(section(dialog, 'facts-section').querySelector('summary')!);
    await waitFor(() => expect(section(dialog, 'facts-section').open).toBe(false));
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    await waitFor(() => expect(section(dialog, 'facts-section').open).toBe(true));
    inside = within(section(dialog, 'facts-section'));
    expect(inside.getByText("Porsiya 1 dan 50 000 gacha butun son bo'lishi kerak")).toBeVisible();
    expect(inside.getByText("Kaloriya 0 dan 10 000 gacha butun son bo'lishi kerak")).toBeVisible();
    expect(inside.getByText('Xato bor')).toBeVisible();
    expect(inside.getByLabelText('Porsiya')).toHaveAttribute('aria-invalid', 'true');
    expect(ui.net.callsTo('PUT', /\/manager\/products\//)).toHaveLength(0);
    await app.user.clear(inside.getByLabelText('Porsiya'));
    await app.user.type(inside.getByLabelText('Porsiya'), '300');
    expect(inside.queryByText("Porsiya 1 dan 50 000 gacha butun son bo'lishi kerak")).toBeNull();
  });
});

describe('the product form: "Vaqt jadvali"', () => {
  it('a business lunch Du–Ju 12:00–15:00, hidden outside: sent whole, stored, and marked with a clock in the list', async () => {
    const product = await createProduct(ui.db, categoryId, { name: 'Biznes-lanch' });
    const app = openList();
    const dialog = await editDialog(app, 'Biznes-lanch');
    const schedule = section(dialog, 'schedule-section');
    expect(within(schedule.querySelector('summary')!).getByText('Har doim')).toBeInTheDocument();
    const inside = await openSection(app, dialog, 'schedule-section');
    expect(inside.getByRole('checkbox', { name: 'Har doim' })).toBeChecked();
    expect(inside.queryByRole('button', { name: 'Dushanba' })).toBeNull();
    await app.user.click(inside.getByRole('checkbox', { name: 'Har doim' }));
    // Every day is chosen to start with: two taps leave the weekend out.
    expect(inside.getByRole('button', { name: 'Dushanba' })).toHaveAttribute('aria-pressed', 'true');
    expect(inside.getByRole('button', { name: 'Dushanba' })).toHaveTextContent('Du');
    await app.user.click(inside.getByRole('button', { name: 'Shanba' }));
    await app.user.click(inside.getByRole('button', { name: 'Yakshanba' }));
    await app.user.type(inside.getByLabelText('Boshlanishi'), '12:00');
    await app.user.type(inside.getByLabelText('Tugashi'), '15:00');
    await app.user.click(inside.getByRole('radio', { name: 'Yashirish' }));
    expect(within(schedule.querySelector('summary')!).getByText('Du–Ju 12:00–15:00')).toBeVisible();
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    await findToast('Mahsulot tahrirlandi');
    const schedulePut = { days: [1, 2, 3, 4, 5], from: '12:00', to: '15:00', outside: 'hide' };
    expect(lastBody('PUT', `/manager/products/${product._id}`)).toEqual({ schedule: schedulePut });
    expect((await stored(product._id)).schedule).toEqual(schedulePut);
    const facts = await screen.findByTestId(`product-facts-${product._id}`);
    expect(within(facts).getByText(/Du–Ju 12:00–15:00/)).toBeVisible();
  });

  it('"Har doim" again sends null; days typed while it is on are no change', async () => {
    const product = await createProduct(ui.db, categoryId, {
      name: 'Nonushta',
      schedule: { days: [1, 2, 3, 4, 5, 6, 7], from: '08:00', to: '11:00', outside: 'grey' },
    });
    const app = openList();
    expect(await screen.findByText(/08:00–11:00/)).toBeVisible();
    const dialog = await editDialog(app, 'Nonushta');
    const inside = await openSection(app, dialog, 'schedule-section');
    expect(inside.getByLabelText('Boshlanishi')).toHaveValue('08:00');
    expect(inside.getByRole('radio', { name: "Kulrang ko'rsatish" })).toBeChecked();
    await app.user.click(inside.getByRole('button', { name: 'Juma' }));
    await app.user.click(inside.getByRole('checkbox', { name: 'Har doim' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    await findToast('Mahsulot tahrirlandi');
    expect(lastBody('PUT', `/manager/products/${product._id}`)).toEqual({ schedule: null });
    expect((await stored(product._id)).schedule).toBeNull();
  });

  it('no day, no times or the same time twice are named in Uzbek before anything is sent', async () => {
    await createProduct(ui.db, categoryId, { name: 'Somsa' });
    const app = openList();
    const dialog = await editDialog(app, 'Somsa');
    const inside = await openSection(app, dialog, 'schedule-section');
    await app.user.click(inside.getByRole('checkbox', { name: 'Har doim' }));
    for (const day of ['Dushanba', 'Seshanba', 'Chorshanba', 'Payshanba', 'Juma', 'Shanba', 'Yakshanba']) {
      await app.user.click(inside.getByRole('button', { name: day }));
    }
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    expect(await inside.findByText('Kamida bitta kunni tanlang')).toBeVisible();
    expect(inside.getAllByText("Vaqtni SS:DD ko'rinishida kiriting (masalan, 08:00)")).toHaveLength(2);
    await app.user.click(inside.getByRole('button', { name: 'Shanba' }));
    await app.user.type(inside.getByLabelText('Boshlanishi'), '09:00');
    await app.user.type(inside.getByLabelText('Tugashi'), '09:00');
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    expect(await inside.findByText("Boshlanish va tugash vaqti bir xil bo'lmasligi kerak")).toBeVisible();
    expect(inside.queryByText('Kamida bitta kunni tanlang')).toBeNull();
    expect(ui.net.callsTo('PUT', /\/manager\/products\//)).toHaveLength(0);
  });
});

describe('the product page', () => {
  it('names the facts that are set, the allergens and the hours; none of them when nothing is set', async () => {
    const product = await createProduct(ui.db, categoryId, {
      name: 'Lagmon',
      portion: { value: 400, unit: 'g' },
      spiciness: 2,
      tags: ['halal'],
      allergens: ['gluten', 'eggs'],
      schedule: { days: [1, 2, 3, 4, 5], from: '12:00', to: '15:00', outside: 'grey' },
    });
    const plain = await createProduct(ui.db, categoryId, { name: 'Non' });
    const app = renderApp(`/product-detail/${product._id}/${categoryId}`, {
      token: manager.token,
      storage: { restaurantId },
    });
    expect(await screen.findByTestId('product-detail-facts')).toHaveTextContent('400 g · Achchiq · Halol');
    const value = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(value('Allergenlar')).toHaveTextContent('Glyuten, Tuxum');
    expect(value('Vaqt jadvali')).toHaveTextContent('Du–Ju 12:00–15:00');
    app.unmount();
    renderApp(`/product-detail/${plain._id}/${categoryId}`, { token: manager.token, storage: { restaurantId } });
    expect(await screen.findByTestId('product-price')).toBeVisible();
    expect(screen.queryByTestId('product-detail-facts')).toBeNull();
    expect(screen.queryByText('Allergenlar', { selector: 'dt' })).toBeNull();
    expect(screen.queryByText('Vaqt jadvali', { selector: 'dt' })).toBeNull();
  });
});

describe("the admin's product form", () => {
  it("edits a dish's tags and hours the same way", async () => {
    const admin = await createUser(ui.testApp.app, ui.db, 'admin');
    const product = await createProduct(ui.db, categoryId, { name: 'Osh', tags: ['chef'] });
    const app = renderApp(`/admin/viewProduct/${categoryId}/${restaurantId}`, { token: admin.token });
    const dialog = await editDialog(app, 'Osh');
    const facts = await openSection(app, dialog, 'facts-section');
    expect(facts.getByRole('button', { name: 'Oshpaz tavsiyasi' })).toHaveAttribute('aria-pressed', 'true');
    await app.user.click(facts.getByRole('button', { name: 'Yangi' }));
    const schedule = await openSection(app, dialog, 'schedule-section');
    await app.user.click(schedule.getByRole('checkbox', { name: 'Har doim' }));
    await app.user.type(schedule.getByLabelText('Boshlanishi'), '22:00');
    await app.user.type(schedule.getByLabelText('Tugashi'), '02:00');
    await app.user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    await findToast('Mahsulot tahrirlandi');
    const sent = { days: [1, 2, 3, 4, 5, 6, 7], from: '22:00', to: '02:00', outside: 'grey' };
    expect(lastBody('PUT', `/manager/products/${product._id}`)).toEqual({ tags: ['new', 'chef'], schedule: sent });
    expect(await stored(product._id)).toMatchObject({ tags: ['new', 'chef'], schedule: sent });
  });
});
