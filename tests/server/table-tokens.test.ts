import { describe, expect, it } from 'vitest';
import { setupTenants } from '../support/tenants';
import { createTable, orderingRestaurant, postCall, postOrder } from './orders-fixtures';

/**
 * A table's QR code carries its token, never its id: `GET /manager/tables` answers it (with the print pass that opens
 * the pages showing it) to the restaurant's staff only, and `POST /manager/tables/{id}/token` ("QR-kodni yangilash")
 * replaces it so that the old printed code stops working at once.
 */

const t = setupTenants();

const tablesOf = (caller: 'owner' | 'other' | 'admin' | 'anonymous', restaurantId: string) =>
  t.call(caller, { method: 'GET', url: `/manager/tables?restaurant_id=${restaurantId}` });
const renew = (caller: 'owner' | 'other' | 'admin' | 'anonymous', tableId: string) =>
  t.call(caller, { method: 'POST', url: `/manager/tables/${tableId}/token` });

describe('GET /manager/tables: the token and the print pass', () => {
  it('answers each table’s token and a pass that opens the card sheets of this restaurant only', async () => {
    const s = await orderingRestaurant(t);
    const other = await orderingRestaurant(t, { manager_id: t.other._id });
    const res = await tablesOf('owner', s.restaurant._id);
    expect(res.statusCode).toBe(200);
    const [table] = res.json().data;
    expect(table).toMatchObject({ _id: s.table._id, token: s.table.token });
    expect(table.token).toMatch(/^[0-9a-f]{32}$/);
    expect(table.token).not.toBe(table._id.replaceAll('-', ''));
    const { pass, expires_at } = res.json().print_pass;
    const inAnHour = Date.parse(expires_at) - Date.now();
    expect(inAnHour).toBeGreaterThan(59 * 60_000);
    expect(inAnHour).toBeLessThanOrEqual(60 * 60_000);

    const sheets = await t.app.inject({ method: 'GET', url: `/menu/cards?slug=${s.restaurant.slug}&pass=${pass}` });
    expect(sheets.statusCode).toBe(200);
    expect(sheets.body).toContain(`?table=${s.table.token}`);
    expect(sheets.body).not.toContain(s.table._id);
    // The same pass opens nothing of another restaurant's.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/menu/cards?slug=${other.restaurant.slug}&pass=${pass}`,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain(other.table.token);
  });

  it('gives neither tokens nor a pass to anyone but the restaurant’s staff (the admin sees them)', async () => {
    const s = await orderingRestaurant(t);
    expect((await tablesOf('anonymous', s.restaurant._id)).statusCode).toBe(401);
    const stranger = await tablesOf('other', s.restaurant._id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain(s.table.token);
    const admin = await tablesOf('admin', s.restaurant._id);
    expect(admin.json().data[0].token).toBe(s.table.token);
    expect(admin.json().print_pass.pass).toEqual(expect.any(String));
  });
});

describe('POST /manager/tables/{id}/token: QR-kodni yangilash', () => {
  it('gives the table a new token; the old one answers 404 at once for orders, calls and the page', async () => {
    const s = await orderingRestaurant(t);
    const items = [{ product_id: s.product._id, quantity: 1 }];
    const old = s.table.token;
    expect((await postOrder(t, s.restaurant.slug, { table_id: old, items })).statusCode).toBe(201);

    const res = await renew('owner', s.table._id);
    expect(res.statusCode).toBe(200);
    const renewed = res.json().data;
    expect(renewed).toMatchObject({ _id: s.table._id, name: s.table.name, is_active: true });
    expect(renewed.token).toMatch(/^[0-9a-f]{32}$/);
    expect(renewed.token).not.toBe(old);

    const stale = await postOrder(t, s.restaurant.slug, { table_id: old, items });
    expect(stale.statusCode).toBe(404);
    expect(stale.json().message).toBe('Stol topilmadi. Iltimos, stoldagi QR-kodni qayta skanerlang.');
    expect((await postCall(t, s.restaurant.slug, { table_id: old, type: 'waiter' })).statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: `/menu/${s.restaurant.slug}?table=${old}` });
    expect(page.body).toContain('<p class="tn" role="note">Stol topilmadi');
    expect((await postOrder(t, s.restaurant.slug, { table_id: renewed.token, items })).statusCode).toBe(201);
    const listed = await tablesOf('owner', s.restaurant._id);
    expect(listed.json().data[0].token).toBe(renewed.token);
  });

  it('is refused to anyone but the restaurant’s staff, and changes nothing then', async () => {
    const s = await orderingRestaurant(t);
    const other = await createTable(t.db, s.restaurant._id, { name: '9' });
    expect((await renew('anonymous', other._id)).statusCode).toBe(401);
    const stranger = await renew('other', other._id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('Stol topilmadi.');
    expect((await tablesOf('owner', s.restaurant._id)).json().data[1].token).toBe(other.token);
    const admin = await renew('admin', other._id);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.token).not.toBe(other.token);
    expect((await renew('owner', '6f1c1b1e-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
