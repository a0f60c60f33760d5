import { act, within } from '@testing-library/react';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import { uzOrdering } from '../../lib/uz-ordering';
import { restaurantTables } from '../../server/db/schema';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { expectPath, findToast, renderApp, screen, startUi, type UiHarness, waitFor } from '../support/ui';

// The bottom bar's orders tab follows the live events of a restaurant with ordering on: jsdom has no
// EventSource, and these screens do not test the stream (tests/ui/orders.journeys.test.tsx does), so it stays silent.
/**
 * The "Stollar" screen in hand-written journeys against the real server: add a table (a taken name said
 * at the field), add "1" to "20" at once (numbers the restaurant has skipped; nothing new said in the form), rename,
 * switch off and on, delete after the question; the QR code, card and "print all" links the server answers; a
 * manager's working restaurant, their choice among several, none; the admin's way in from the restaurant page.
 * (Every state of the list machine is walked by tables.paths.test.tsx.)
 */

let ui: UiHarness;
let manager: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ui = await startUi();
});
afterAll(() => ui.close());
beforeEach(async () => {
  await ui.reset();
  manager = await createUser(ui.testApp.app, ui.db, 'manager');
  admin = await createUser(ui.testApp.app, ui.db, 'admin');
});

const tablesOf = async (restaurantId: string) =>
  ui.db
    .select()
    .from(restaurantTables)
    .where(eq(restaurantTables.restaurant_id, restaurantId))
    .orderBy(asc(restaurantTables.seq));
const addTable = (restaurantId: string, name: string, is_active = true) =>
  ui.db.insert(restaurantTables).values({ restaurant_id: restaurantId, name, is_active }).returning();
/** The first render loads the screen's code and its data: more than the default second on a busy machine. */
const FIRST = { timeout: 10_000 };
const dialog = async () => within(await screen.findByRole('dialog'));
const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
const cardNames = () =>
  within(screen.getByTestId('table-list'))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);
const openAsManager = (restaurantId: string, path = '/tables') =>
  renderApp(path, { token: manager.token, storage: { restaurantId } });

describe('a manager’s tables', () => {
  it('adds a table; a taken name is said under the field, not toasted, and goes once the name changes', async () => {
    const r = await createRestaurant(ui.db, { name: 'Rayhon', slug: 'rayhon', manager_id: manager._id });
    const { user } = openAsManager(r._id);
    expect(await screen.findByText(uzOrdering.tablesEmpty, {}, FIRST)).toBeVisible();
    expect(screen.getByTestId('tables-restaurant')).toHaveTextContent('Rayhon');
    // Ordering is off for this restaurant: the codes open the menu only, and the screen says so.
    expect(screen.getByTestId('ordering-off')).toHaveTextContent(uzOrdering.orderingOffNote);
    expect(screen.queryByRole('link', { name: uzOrdering.printAllCards })).toBeNull();

    await user.click(screen.getByRole('button', { name: new RegExp(`^${uzOrdering.addTable}`) }));
    let form = await dialog();
    expect(form.getByRole('heading', { name: uzOrdering.addTable })).toBeVisible();
    await user.click(form.getByRole('button', { name: uz.save }));
    expect(await form.findByText(uzOrdering.tableNameRequired)).toBeVisible();
    await user.type(form.getByLabelText(new RegExp(`^${uzOrdering.fieldTableName}`)), ' 5 ');
    await user.click(form.getByRole('button', { name: uz.save }));
    await findToast(uzOrdering.tableCreated);
    await closed();
    await waitFor(() => expect(cardNames()).toEqual(['Stol 5']));
    expect((await tablesOf(r._id)).map((t) => [t.name, t.is_active])).toEqual([['5', true]]);
    expect(screen.queryByText(uzOrdering.tablesEmpty)).toBeNull();
    expect(screen.getByRole('link', { name: uzOrdering.printAllCards }).getAttribute('href')).toMatch(
      /^\/menu\/cards\?slug=rayhon&pass=\d+\.[\w-]{43}$/,
    );

    await user.click(screen.getByRole('button', { name: new RegExp(`^${uzOrdering.addTable}`) }));
    form = await dialog();
    const name = form.getByLabelText(new RegExp(`^${uzOrdering.fieldTableName}`));
    await user.type(name, '5');
    await user.click(form.getByRole('button', { name: uz.save }));
    const taken = '"5" nomli stol bu restoranda allaqachon bor.';
    expect(await form.findByText(taken)).toBeVisible();
    expect(name).toHaveClass('is-invalid');
    // A screen reader hears it too: the field is invalid and described by the reason (and by its help text).
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(new RegExp(taken));
    expect(screen.queryByText(uzOrdering.tableCreateFailed, { selector: '.toast-body' })).toBeNull();
    expect(form.queryByRole('alert')).toBeNull();
    await user.type(name, 'A');
    expect(form.queryByText(taken)).toBeNull();
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(name).toHaveAccessibleDescription(uzOrdering.tableNameHelp);
    await user.click(form.getByRole('button', { name: uz.save }));
    await closed();
    await waitFor(() => expect(cardNames()).toEqual(['Stol 5', '5A']));
    expect(await tablesOf(r._id)).toHaveLength(2);
  });

  it('adds "1" to "20" at once, skipping the numbers the restaurant has; asked again, says nothing new was made', async () => {
    const r = await createRestaurant(ui.db, { slug: 'bahor', manager_id: manager._id, ordering_enabled: true });
    await addTable(r._id, '5');
    const { user } = openAsManager(r._id);
    await screen.findByTestId('table-list', {}, FIRST);
    // Ordering is on: no note.
    expect(screen.queryByTestId('ordering-off')).toBeNull();
    await user.click(screen.getByRole('button', { name: new RegExp(uzOrdering.addTablesBulk) }));
    let form = await dialog();
    expect(form.getByRole('heading', { name: uzOrdering.addTablesBulkTitle })).toBeVisible();
    expect(form.getByText(uzOrdering.tablesBulkHelp)).toBeVisible();
    const from = form.getByLabelText(new RegExp(`^${uzOrdering.fieldTablesFrom}`));
    const to = form.getByLabelText(new RegExp(`^${uzOrdering.fieldTablesTo}`));
    expect(from).toHaveValue(1);
    await user.type(to, '0');
    await user.click(form.getByRole('button', { name: uz.save }));
    expect(await form.findByText(uzOrdering.tablesNumberInvalid)).toBeVisible();
    await user.clear(to);
    await user.type(to, '20');
    await user.click(form.getByRole('button', { name: uz.save }));
    await findToast(uzOrdering.tablesCreated);
    await closed();
    const names = ['5', ...Array.from({ length: 20 }, (_, i) => String(i + 1)).filter((n) => n !== '5')];
    await waitFor(() => expect(cardNames()).toEqual(names.map((n) => `Stol ${n}`)));
    expect((await tablesOf(r._id)).map((t) => t.name)).toEqual(names);
    const sent = ui.net.callsTo('POST', '/manager/tables/bulk').at(-1)!;
    expect(JSON.parse(sent.body!)).toEqual({ restaurant_id: r._id, from: 1, to: 20 });

    await user.click(screen.getByRole('button', { name: new RegExp(uzOrdering.addTablesBulk) }));
    form = await dialog();
    await user.type(form.getByLabelText(new RegExp(`^${uzOrdering.fieldTablesTo}`)), '20');
    await user.click(form.getByRole('button', { name: uz.save }));
    expect(await form.findByRole('alert')).toHaveTextContent(uzOrdering.tablesBulkNothing);
    expect(screen.queryByText(uzOrdering.tablesCreateFailed, { selector: '.toast-body' })).toBeNull();
    expect(await tablesOf(r._id)).toHaveLength(20);
  });

  it('renames a table, switches it off (its code and card go) and on again, deletes another after the question', async () => {
    const r = await createRestaurant(ui.db, { slug: 'stol', manager_id: manager._id, ordering_enabled: true });
    const [one] = await addTable(r._id, '1');
    const [two] = await addTable(r._id, '2');
    const { user } = openAsManager(r._id);
    await screen.findByTestId('table-list', {}, FIRST);

    await user.click(screen.getByRole('button', { name: uzOrdering.tableRename('1') }));
    const form = await dialog();
    expect(form.getByRole('heading', { name: uzOrdering.editTable })).toBeVisible();
    const name = form.getByLabelText(new RegExp(`^${uzOrdering.fieldTableName}`));
    expect(name).toHaveValue('1');
    await user.clear(name);
    await user.type(name, 'VIP');
    await user.click(form.getByRole('button', { name: uz.save }));
    await findToast(uzOrdering.tableRenamed);
    await closed();
    await waitFor(() => expect(cardNames()).toEqual(['VIP', 'Stol 2']));
    expect(JSON.parse(ui.net.callsTo('PUT', `/manager/tables/${one!._id}`).at(-1)!.body!)).toEqual({ name: 'VIP' });

    const vip = within(screen.getByTestId('table-VIP'));
    expect(vip.getByRole('img', { name: uzOrdering.tableQrAlt('VIP') })).toBeVisible();
    await user.click(screen.getByRole('switch', { name: uzOrdering.tableActiveSwitch('VIP') }));
    await findToast(uzOrdering.tableOff('VIP'));
    await waitFor(() => expect(vip.queryByRole('img', { name: uzOrdering.tableQrAlt('VIP') })).toBeNull());
    expect(vip.getByText(uzOrdering.tableInactiveNote)).toBeVisible();
    expect(vip.queryByRole('link', { name: new RegExp(uzOrdering.printCard) })).toBeNull();
    expect((await tablesOf(r._id)).find((t) => t._id === one!._id)?.is_active).toBe(false);
    await user.click(screen.getByRole('switch', { name: uzOrdering.tableActiveSwitch('VIP') }));
    await findToast(uzOrdering.tableOn('VIP'));
    expect(await vip.findByRole('img', { name: uzOrdering.tableQrAlt('VIP') })).toBeVisible();
    expect((await tablesOf(r._id)).find((t) => t._id === one!._id)?.is_active).toBe(true);

    await user.click(screen.getByRole('button', { name: uzOrdering.tableDelete('2') }));
    const question = await dialog();
    expect(question.getByText(uzOrdering.tableDeleteWhat('2'))).toBeVisible();
    await user.click(question.getByRole('button', { name: 'Yo‘q' }));
    await closed();
    expect(await tablesOf(r._id)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: uzOrdering.tableDelete('2') }));
    await user.click((await dialog()).getByRole('button', { name: 'Ha' }));
    await findToast(uzOrdering.tableDeleted);
    await waitFor(() => expect(cardNames()).toEqual(['VIP']));
    expect((await tablesOf(r._id)).map((t) => t._id)).toEqual([one!._id]);
    expect(ui.net.callsTo('DELETE', `/manager/tables/${two!._id}`)).toHaveLength(1);
  });

  it("the QR code, the table's link, its card and the print-all page are the server's and answer", async () => {
    const r = await createRestaurant(ui.db, {
      name: 'Karta Restoran',
      slug: 'karta',
      manager_id: manager._id,
      ordering_enabled: true,
    });
    const [table] = await addTable(r._id, 'Ayvon-2');
    const { user } = openAsManager(r._id);
    const card = within(await screen.findByTestId('table-Ayvon-2', {}, FIRST));
    const qr = card.getByRole('img', { name: uzOrdering.tableQrAlt('Ayvon-2') });
    const print = card.getByRole('link', { name: `${uzOrdering.printCard}: ${uzOrdering.tableTitle('Ayvon-2')}` });
    expect(print).toHaveAttribute('target', '_blank');
    const link = card.getByLabelText(uzOrdering.tableLink);
    expect(link).toHaveValue(`${ui.net.origin}/menu/karta?table=${table!.token}`);
    expect(link).toHaveAttribute('readonly');
    const all = screen.getByRole('link', { name: uzOrdering.printAllCards });

    const svg = await fetch(`${ui.net.origin}${qr.getAttribute('src')}`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const page = await fetch(`${ui.net.origin}${print.getAttribute('href')}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Ayvon-2');
    const cards = await fetch(`${ui.net.origin}${all.getAttribute('href')}`);
    expect(cards.status).toBe(200);
    expect(await cards.text()).toContain('Ayvon-2');
    const menu = await fetch(String((link as HTMLInputElement).value));
    expect(menu.status).toBe(200);

    // Nusxalash puts the link on the clipboard (user-event's own) and says so.
    await user.click(card.getByRole('button', { name: `${uzOrdering.copyLink}: ${uzOrdering.tableLink}` }));
    await findToast(uzOrdering.linkCopied);
    expect(await navigator.clipboard.readText()).toBe(`${ui.net.origin}/menu/karta?table=${table!.token}`);
  });

  it('a manager with several restaurants chooses one; it becomes the working restaurant', async () => {
    const first = await createRestaurant(ui.db, { name: 'Birinchi', slug: 'birinchi', manager_id: manager._id });
    const second = await createRestaurant(ui.db, { name: 'Ikkinchi', slug: 'ikkinchi', manager_id: manager._id });
    await addTable(first._id, '1');
    await addTable(second._id, 'Ayvon');
    const { user } = openAsManager(first._id);
    await waitFor(() => expect(cardNames()).toEqual(['Stol 1']), FIRST);
    const picker = screen.getByRole('combobox', { name: uzOrdering.tablesRestaurant });
    expect(picker).toHaveValue(first._id);
    await user.selectOptions(picker, second._id);
    await waitFor(() => expect(cardNames()).toEqual(['Ayvon']));
    await waitFor(() => expect(localStorage.getItem('restaurantId')).toBe(second._id));
    // A new table goes to the chosen restaurant.
    await user.click(screen.getByRole('button', { name: new RegExp(`^${uzOrdering.addTable}`) }));
    const form = await dialog();
    await user.type(form.getByLabelText(new RegExp(`^${uzOrdering.fieldTableName}`)), 'Teras');
    await user.click(form.getByRole('button', { name: uz.save }));
    await closed();
    expect((await tablesOf(second._id)).map((t) => t.name)).toEqual(['Ayvon', 'Teras']);
    expect((await tablesOf(first._id)).map((t) => t.name)).toEqual(['1']);
  });

  it('?restaurant= (the restaurant page’s link) shows that restaurant; a manager without restaurants is told so', async () => {
    const first = await createRestaurant(ui.db, { name: 'Birinchi', slug: 'birinchi', manager_id: manager._id });
    const second = await createRestaurant(ui.db, { name: 'Ikkinchi', slug: 'ikkinchi', manager_id: manager._id });
    await addTable(second._id, '9');
    const app = openAsManager(first._id, `/tables?restaurant=${second._id}`);
    await waitFor(() => expect(cardNames()).toEqual(['Stol 9']), FIRST);
    expect(screen.getByRole('combobox', { name: uzOrdering.tablesRestaurant })).toHaveValue(second._id);
    // Another restaurant's link in the same screen (back and forward between two of them) shows that one.
    await addTable(first._id, '1');
    await act(() => app.router.navigate(`/tables?restaurant=${first._id}`));
    await waitFor(() => expect(cardNames()).toEqual(['Stol 1']));
    expect(screen.getByRole('combobox', { name: uzOrdering.tablesRestaurant })).toHaveValue(first._id);
    app.unmount();

    const lonely = await createUser(ui.testApp.app, ui.db, 'manager');
    renderApp('/tables', { token: lonely.token });
    expect(await screen.findByText(uzCatalog.noRestaurantOfManager, {}, FIRST)).toBeVisible();
    expect(screen.getByRole('button', { name: new RegExp(`^${uzOrdering.addTable}`) })).toBeDisabled();
    expect(screen.getByRole('button', { name: new RegExp(uzOrdering.addTablesBulk) })).toBeDisabled();
  });
});

describe('an admin’s tables', () => {
  it('come from the restaurant page, lead back to it, and add tables for that restaurant', async () => {
    const r = await createRestaurant(ui.db, {
      name: 'Admin Restoran',
      slug: 'admin-restoran',
      manager_id: manager._id,
    });
    await addTable(r._id, '1');
    const app = renderApp(`/admin/viewRestaurant/${r._id}/admin-restoran`, { token: admin.token });
    await app.user.click(await screen.findByRole('link', { name: uzOrdering.tables }, FIRST));
    await expectPath(app, `/admin/tables/${r._id}`);
    await waitFor(() => expect(cardNames()).toEqual(['Stol 1']), FIRST);
    expect(screen.getByTestId('tables-restaurant')).toHaveTextContent('Admin Restoran');
    // An admin never chooses a restaurant here: it is the one of the URL.
    expect(screen.queryByRole('combobox', { name: uzOrdering.tablesRestaurant })).toBeNull();

    await app.user.click(screen.getByRole('button', { name: new RegExp(uzOrdering.addTablesBulk) }));
    const form = await dialog();
    await app.user.type(form.getByLabelText(new RegExp(`^${uzOrdering.fieldTablesTo}`)), '3');
    await app.user.click(form.getByRole('button', { name: uz.save }));
    await findToast(uzOrdering.tablesCreated);
    await waitFor(() => expect(cardNames()).toEqual(['Stol 1', 'Stol 2', 'Stol 3']));
    expect(ui.net.callsTo('POST', '/manager/tables/bulk').at(-1)?.authorization).toBe(`Bearer ${admin.token}`);

    await app.user.click(screen.getByRole('link', { name: uz.back }));
    await expectPath(app, `/admin/viewRestaurant/${r._id}/admin-restoran`);
  });

  it("an unknown restaurant's tables: nothing to show, nothing to add", async () => {
    renderApp('/admin/tables/00000000-0000-4000-8000-000000000000', { token: admin.token });
    expect(await screen.findByText(uzCatalog.noRestaurantOfManager, {}, FIRST)).toBeVisible();
    expect(screen.getByRole('button', { name: new RegExp(`^${uzOrdering.addTable}`) })).toBeDisabled();
  });
});
