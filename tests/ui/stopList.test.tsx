import { within } from '@testing-library/react';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cascade } from '../../machines/stopList/cascade';
import { buildCatalog } from '../../machines/stopList/catalog';
import { categories, products } from '../../server/db/schema';
import { findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';
import { type SeededStopList, seedStopList } from './models/stopList.seed';

/** Hand-written journeys of the stop-list screen against the real server, with fixed end states. */

let ui: UiHarness;
beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(() => ui.reset());

const AVAILABILITY = '/manager/products/availability';

function open(seeded: SeededStopList, path = '/ProductStopList', storeRestaurant = true) {
  return renderApp(path, {
    token: seeded.manager.token,
    storage: storeRestaurant ? { restaurantId: seeded.restaurantId } : {},
  });
}

/** The first category heading, once the screen has loaded (the first render of a file is slow). */
const ready = (title: string) => screen.findByRole('heading', { name: title }, { timeout: 10_000 });
const tab = (name: 'Mavjud' | 'Stop-list') => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const groupTitles = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const group = (title: string) => screen.getByRole('region', { name: title });
const categoryBox = (title: string) => screen.getByRole('checkbox', { name: `${title}: hammasini tanlash` });
const productBox = (name: string) => screen.getByRole('checkbox', { name });
const moveButton = () => screen.queryByRole('button', { name: /Stop-listga o'tkazish|Stop-listdan chiqarish/ });

/** The products' is_active in the database, in the order of the names given. */
async function activeByName(seeded: SeededStopList, names: string[]) {
  const ids = names.map((name) => seeded.productIds.get(name)!);
  const rows = await ui.db
    .select({ _id: products._id, is_active: products.is_active })
    .from(products)
    .where(inArray(products._id, ids));
  return ids.map((id) => rows.find((row) => row._id === id)?.is_active);
}
const rowNames = (title: string) =>
  within(group(title))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.stop-row-name')?.textContent);
async function dbCategory(id: string) {
  const [row] = await ui.db.select({ is_active: categories.is_active }).from(categories).where(eq(categories._id, id));
  return row?.is_active;
}

describe('stop-list screen (spec 2.11) against the real server', () => {
  it('opens from the bottom navigation path and from /ProductStopList; loads in two calls', async () => {
    const seeded = await seedStopList(ui.testApp.app, ui.db);
    const app = open(seeded, '/productStopList');
    expect(await ready('Birinchi taomlar')).toBeVisible();
    expect(tab('Mavjud')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Mavjud')).toHaveTextContent('12');
    expect(tab('Stop-list')).toHaveTextContent('4');
    expect(screen.getByRole('link', { name: 'Menyu' })).toHaveAttribute('aria-current', 'page');
    expect(ui.net.callsTo('GET', '/user/category')).toHaveLength(1);
    expect(ui.net.callsTo('GET', '/manager/products')).toHaveLength(1);
    expect(ui.net.callsTo('GET', /^\/user\/products\/category/)).toHaveLength(0);
    app.unmount();
    open(seeded, '/ProductStopList');
    expect(await ready('Birinchi taomlar')).toBeVisible();
  });
});

describe('stop-list journeys', () => {
  it('search, select a category, untick one product, move; both tabs and the category flag change', async () => {
    const seeded = await seedStopList(ui.testApp.app, ui.db);
    const { user } = open(seeded);
    await ready('Birinchi taomlar');

    // Search with another apostrophe than the name's (Sho‘rva, Lag‘mon are written with ‘).
    await user.type(screen.getByPlaceholderText('Mahsulot qidirish...'), "SHO'R");
    expect(groupTitles()).toEqual(['Birinchi taomlar']);
    expect(within(group('Birinchi taomlar')).getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Qidiruvni tozalash' }));
    expect(screen.getByPlaceholderText('Mahsulot qidirish...')).toHaveValue('');

    // Select Birinchi taomlar (3 available products), untick Lag‘mon.
    await user.click(categoryBox('Birinchi taomlar'));
    expect(categoryBox('Birinchi taomlar')).toBeChecked();
    expect(moveButton()).toHaveTextContent("Stop-listga o'tkazish 3");
    await user.click(productBox('Lag‘mon'));
    expect(categoryBox('Birinchi taomlar')).toBePartiallyChecked();
    expect(moveButton()).toHaveTextContent("Stop-listga o'tkazish 2");

    // Also the whole Kaboblar category: it becomes empty on Mavjud, so the server turns it off.
    await user.click(categoryBox('Kaboblar'));
    const held = ui.net.hold('PUT', AVAILABILITY);
    await user.click(moveButton()!);
    await held.arrived;
    const busy = screen.getByRole('button', { name: /Yuklanmoqda\.\.\./ });
    expect(busy).toBeDisabled();
    expect(productBox('Mastava')).toBeDisabled();
    expect(tab('Stop-list')).toBeDisabled();
    held.release();
    await findToast("4 ta mahsulot stop-listga o'tkazildi");

    // Mavjud: counts and lists updated in place; Kaboblar left the tab.
    await waitFor(() => expect(tab('Mavjud')).toHaveTextContent('8'));
    expect(tab('Stop-list')).toHaveTextContent('8');
    expect(moveButton()).toBeNull();
    expect(groupTitles()).not.toContain('Kaboblar');
    expect(rowNames('Birinchi taomlar')).toEqual(['Lag‘mon']);
    // The database holds the same.
    expect(await activeByName(seeded, ['Sho‘rva', 'Mastava', 'Lag‘mon', 'Jigar kabob', 'Qiyma kabob'])).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
    expect(await dbCategory(seeded.categoryIds.get('Kaboblar')!)).toBe(false);
    expect(await dbCategory(seeded.categoryIds.get('Birinchi taomlar')!)).toBe(true);

    // Stop-list: the moved products are there, Kaboblar flagged 'No faol'.
    await user.click(tab('Stop-list'));
    expect(within(group('Kaboblar')).getByText('No faol')).toBeVisible();
    expect(within(group('Birinchi taomlar')).getByText('Faol')).toBeVisible();
    expect(productBox('Sho‘rva')).not.toBeChecked();
    // No reload was needed: the screen's prediction matched the server.
    expect(ui.net.callsTo('GET', '/manager/products')).toHaveLength(1);

    // Take Kaboblar out again: the category is back on.
    await user.click(categoryBox('Kaboblar'));
    expect(moveButton()).toHaveTextContent('Stop-listdan chiqarish 2');
    await user.click(moveButton()!);
    await findToast('2 ta mahsulot stop-listdan chiqarildi');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Kaboblar' })).toBeNull());
    expect(await dbCategory(seeded.categoryIds.get('Kaboblar')!)).toBe(true);
    await user.click(tab('Mavjud'));
    expect(within(group('Kaboblar')).getByText('Faol')).toBeVisible();
  });

  it('a failed move changes nothing, keeps the selection and offers a retry', async () => {
    const seeded = await seedStopList(ui.testApp.app, ui.db);
    const { user } = open(seeded);
    await ready('Kaboblar');
    await user.click(categoryBox('Kaboblar'));
    ui.net.fail('PUT', AVAILABILITY, 500);
    await user.click(moveButton()!);
    const alert = (await screen.findByText("Mahsulotlarni o'tkazib bo'lmadi, hech narsa o'zgarmadi.")).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(alert).toBeVisible();
    expect(categoryBox('Kaboblar')).toBeChecked();
    expect(moveButton()).toHaveTextContent("Stop-listga o'tkazish 2");
    expect(tab('Mavjud')).toHaveTextContent('12');
    expect(await activeByName(seeded, ['Jigar kabob', 'Qiyma kabob'])).toEqual([true, true]);

    await user.click(within(alert).getByRole('button', { name: 'Qayta urinish' }));
    await findToast("2 ta mahsulot stop-listga o'tkazildi");
    expect(await activeByName(seeded, ['Jigar kabob', 'Qiyma kabob'])).toEqual([false, false]);
    await waitFor(() =>
      expect(screen.queryByText("Mahsulotlarni o'tkazib bo'lmadi, hech narsa o'zgarmadi.")).toBeNull(),
    );
    expect(ui.net.callsTo('PUT', AVAILABILITY)).toHaveLength(2);
  });

  it("shows 5 categories, 'ko'proq ko'rsatish (5/7)' adds the rest; a tab switch and a search reset to 5", async () => {
    const seeded = await seedStopList(ui.testApp.app, ui.db);
    const { user } = open(seeded);
    await ready('Birinchi taomlar');
    expect(groupTitles()).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: "ko'proq ko'rsatish (5/7)" }));
    expect(groupTitles()).toEqual([
      'Birinchi taomlar',
      'Ikkinchi taomlar',
      'Kaboblar',
      'Salatlar',
      'Ichimliklar',
      'Shirinliklar',
      'Sovuq ichimliklar',
    ]);
    expect(screen.queryByRole('button', { name: /ko'proq ko'rsatish/ })).toBeNull();
    // The already inactive category is listed with its flag.
    expect(within(group('Shirinliklar')).getByText('No faol')).toBeVisible();

    await user.click(tab('Stop-list'));
    expect(groupTitles()).toEqual(['Birinchi taomlar', 'Ikkinchi taomlar', 'Nonlar']);
    await user.click(tab('Mavjud'));
    expect(groupTitles()).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: "ko'proq ko'rsatish (5/7)" }));
    await user.type(screen.getByPlaceholderText('Mahsulot qidirish...'), 'a');
    expect(screen.getByRole('button', { name: /ko'proq ko'rsatish \(5\/\d\)/ })).toBeVisible();
  });

  it('switching tab clears the selection', async () => {
    const seeded = await seedStopList(ui.testApp.app, ui.db);
    const { user } = open(seeded);
    await ready('Kaboblar');
    await user.click(productBox('Mastava'));
    expect(moveButton()).toBeVisible();
    await user.click(tab('Stop-list'));
    expect(moveButton()).toBeNull();
    await user.click(tab('Mavjud'));
    expect(productBox('Mastava')).not.toBeChecked();
  });

  it('searching keeps what was selected; the category box reflects only the visible products', async () => {
    const seeded = await seedStopList(ui.testApp.app, ui.db);
    const { user } = open(seeded);
    await ready('Kaboblar');
    await user.click(productBox('Mastava'));
    await user.type(screen.getByPlaceholderText('Mahsulot qidirish...'), 'kabob');
    expect(groupTitles()).toEqual(['Kaboblar']);
    await user.click(productBox('Jigar kabob'));
    expect(categoryBox('Kaboblar')).toBePartiallyChecked();
    expect(moveButton()).toHaveTextContent("Stop-listga o'tkazish 2");
    await user.click(moveButton()!);
    await findToast("2 ta mahsulot stop-listga o'tkazildi");
    expect(await activeByName(seeded, ['Mastava', 'Jigar kabob'])).toEqual([false, false]);
  });

  it('shows the no-result text with the query as text, and the empty text', async () => {
    const seeded = await seedStopList(ui.testApp.app, ui.db);
    const { user } = open(seeded);
    await ready('Kaboblar');
    await user.type(screen.getByPlaceholderText('Mahsulot qidirish...'), '<b>pitsa</b>');
    expect(screen.getByText('"<b>pitsa</b>" bo\'yicha natija topilmadi')).toBeVisible();
    expect(document.querySelector('.stop-empty b')).toBeNull();
    expect(groupTitles()).toEqual([]);
  });

  it("an empty restaurant says 'Mahsulot yo'q'", async () => {
    const seeded = await seedStopList(ui.testApp.app, ui.db, []);
    open(seeded);
    expect(await screen.findByText("Mahsulot yo'q")).toBeVisible();
  });

  it('without a stored restaurant it uses the first of /manager/restaurants/me', async () => {
    const seeded = await seedStopList(ui.testApp.app, ui.db);
    open(seeded, '/ProductStopList', false);
    expect(await ready('Kaboblar')).toBeVisible();
    expect(ui.net.callsTo('GET', '/manager/restaurants/me').length).toBeGreaterThanOrEqual(1);
  });

  it("a stored restaurant that is no longer the manager's falls back to their first one", async () => {
    const seeded = await seedStopList(ui.testApp.app, ui.db);
    const other = await seedStopList(ui.testApp.app, ui.db, [
      { title: 'Boshqa restoran', is_active: true, products: [{ name: 'Begona taom', is_active: true }] },
    ]);
    renderApp('/ProductStopList', { token: seeded.manager.token, storage: { restaurantId: other.restaurantId } });
    expect(await ready('Kaboblar')).toBeVisible();
    expect(screen.queryByText('Begona taom')).toBeNull();
  });

  it('a failed load says so and can be retried', async () => {
    const seeded = await seedStopList(ui.testApp.app, ui.db);
    ui.net.fail('GET', '/manager/products', 500);
    const { user } = open(seeded);
    expect(await screen.findByText('Mahsulotlarni yuklashda xatolik yuz berdi!')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Qayta urinish' }));
    expect(await ready('Kaboblar')).toBeVisible();
  });

  it('stale data: when the server cascades differently, the screen reloads and shows the truth', async () => {
    const seeded = await seedStopList(ui.testApp.app, ui.db);
    const { user } = open(seeded);
    await ready('Kaboblar');
    // Another device took Qiyma kabob off meanwhile: moving Jigar kabob now empties Kaboblar.
    await ui.db
      .update(products)
      .set({ is_active: false })
      .where(eq(products._id, seeded.productIds.get('Qiyma kabob')!));
    await user.click(productBox('Jigar kabob'));
    await user.click(moveButton()!);
    await waitFor(() => expect(ui.net.callsTo('GET', '/manager/products')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Kaboblar' })).toBeNull());
    expect(tab('Stop-list')).toHaveTextContent('6');
    await user.click(tab('Stop-list'));
    expect(within(group('Kaboblar')).getByText('No faol')).toBeVisible();
  });

  it('shows product thumbnails', async () => {
    const seeded = await seedStopList(ui.testApp.app, ui.db);
    await ui.db
      .update(products)
      .set({ images: [{ file: '/uploads/abc.webp' }] })
      .where(eq(products._id, seeded.productIds.get('Mastava')!));
    open(seeded);
    await ready('Kaboblar');
    const row = productBox('Mastava').closest('li')!;
    expect(row.querySelector('img')?.getAttribute('src')).toMatch(/\/uploads\/abc-thumb\.webp$/);
  });
});

describe('the screen’s cascade prediction agrees with the server (spec 4)', () => {
  const cases: Array<[string, string[], boolean]> = [
    ['a whole category to the stop-list', ['Jigar kabob', 'Qiyma kabob'], false],
    ['part of a category', ['Jigar kabob'], false],
    ['the last available products of a category on both tabs', ['Sho‘rva', 'Mastava', 'Lag‘mon'], false],
    ['the only product of an already inactive category', ['Chak-chak'], false],
    ['several categories at once', ['Limonad', 'Achchiq-chuchuk', "Osh (to'y oshi)"], false],
    ['out, into an inactive category', ['Patir'], true],
    ['out, into active categories', ['Chuchvara', 'Qozon kabob'], true],
    ['out, all of a cascaded category', ['Patir', 'Tandir non'], true],
  ];
  it.each(cases)('%s', async (_name, names, isActive) => {
    const seeded = await seedStopList(ui.testApp.app, ui.db);
    const headers = seeded.manager.headers;
    const query = `restaurant_id=${seeded.restaurantId}`;
    const cats = await ui.testApp.app.inject({ method: 'GET', url: `/user/category?${query}`, headers });
    const prods = await ui.testApp.app.inject({ method: 'GET', url: `/manager/products?${query}`, headers });
    const catalog = buildCatalog(cats.json().categories, prods.json().data);
    const ids = names.map((n) => seeded.productIds.get(n)!);
    const predicted = cascade(catalog, { ids, is_active: isActive });
    const res = await ui.testApp.app.inject({
      method: 'PUT',
      url: AVAILABILITY,
      headers,
      payload: { ids, is_active: isActive },
    });
    expect(res.statusCode).toBe(200);
    const answered = res.json().data.categories as Array<{ _id: string; is_active: boolean }>;
    expect([...answered].sort((a, b) => a._id.localeCompare(b._id))).toEqual(
      [...predicted].sort((a, b) => a._id.localeCompare(b._id)),
    );
  });
});
