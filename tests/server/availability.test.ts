import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, products } from '../../server/db/schema';
import { setProductsAvailability } from '../../server/repositories/products';
import { createCategory, createProduct, createRestaurant } from '../support/fixtures';
import { type Caller, itAnswersTheAuthorizationMatrix, menuSnapshot, setupTenants } from '../support/tenants';

const UNKNOWN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const OLD = '2020-01-01T00:00:00.000Z';

const t = setupTenants();
const move = (ids: string[], is_active: boolean, caller: Caller = 'owner') =>
  t.app.inject({
    method: 'PUT',
    url: '/manager/products/availability',
    headers: t.headersOf(caller),
    payload: { ids, is_active },
  });

async function ownedCategory(values: { is_active?: boolean; pos_stopped?: boolean } = {}, managerId = t.owner._id) {
  const r = await createRestaurant(t.db, { manager_id: managerId });
  return { r, c: await createCategory(t.db, r._id, values) };
}

const activeOf = async (table: typeof products | typeof categories, id: string) =>
  (await t.db.select({ is_active: table.is_active }).from(table).where(eq(table._id, id)))[0]?.is_active;

describe('authorization matrix: PUT /manager/products/availability', () => {
  let expected: unknown;
  itAnswersTheAuthorizationMatrix(t, [
    {
      name: 'PUT /manager/products/availability',
      ok: 200,
      make: async () => {
        const { c } = await ownedCategory();
        const p = await createProduct(t.db, c._id);
        expected = { data: { products: [p._id], categories: [{ _id: c._id, is_active: false }] } };
        return { method: 'PUT', url: '/manager/products/availability', payload: { ids: [p._id], is_active: false } };
      },
      accepted: (res) => expect(res.json()).toEqual(expected),
    },
  ]);
});

describe('moving to the stop-list (is_active false)', () => {
  it('keeps a category active while it still has available products, then deactivates it with the last one', async () => {
    const { r, c } = await ownedCategory();
    const p1 = await createProduct(t.db, c._id, { updatedAt: OLD });
    const p2 = await createProduct(t.db, c._id, { is_active: false });
    const p3 = await createProduct(t.db, c._id);

    const first = await move([p1._id], false);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { products: [p1._id], categories: [] } });
    expect(await activeOf(categories, c._id)).toBe(true);
    const [stored] = await t.db.select().from(products).where(eq(products._id, p1._id));
    expect(stored).toMatchObject({ is_active: false, pos_stopped: false });
    expect(stored!.updatedAt).not.toBe(OLD);

    const last = await move([p3._id], false);
    expect(last.json()).toEqual({ data: { products: [p3._id], categories: [{ _id: c._id, is_active: false }] } });
    expect(await activeOf(categories, c._id)).toBe(false);
    expect(await activeOf(products, p2._id)).toBe(false);
    expect(t.changed).toEqual([r._id, r._id]);
  });

  it('deactivates the categories emptied by one call across categories and restaurants of the manager', async () => {
    const a = await ownedCategory();
    const b = await ownedCategory();
    const pa = await createProduct(t.db, a.c._id);
    const pb1 = await createProduct(t.db, b.c._id);
    const pb2 = await createProduct(t.db, b.c._id);
    const res = await move([pa._id, pb1._id], false);
    const data = res.json().data;
    expect(data.products.sort()).toEqual([pa._id, pb1._id].sort());
    // b still has pb2 available: only a goes.
    expect(data.categories).toEqual([{ _id: a.c._id, is_active: false }]);
    expect(t.changed.sort()).toEqual([a.r._id, b.r._id].sort());
    expect(await activeOf(products, pb2._id)).toBe(true);
  });

  it('leaves an already-inactive category alone and does not report it', async () => {
    const { c } = await ownedCategory({ is_active: false });
    const p = await createProduct(t.db, c._id);
    const res = await move([p._id], false);
    expect(res.json()).toEqual({ data: { products: [p._id], categories: [] } });
    expect(await activeOf(categories, c._id)).toBe(false);
  });

  it('does not report or touch products already on the stop-list', async () => {
    const { c } = await ownedCategory();
    const stopped = await createProduct(t.db, c._id, { is_active: false, updatedAt: OLD });
    const available = await createProduct(t.db, c._id);
    const res = await move([stopped._id], false);
    expect(res.json()).toEqual({ data: { products: [], categories: [] } });
    const [row] = await t.db.select().from(products).where(eq(products._id, stopped._id));
    expect(row!.updatedAt).toBe(OLD);
    expect(await activeOf(products, available._id)).toBe(true);
  });

  it('only cascades to the categories of the listed products', async () => {
    const { r, c } = await ownedCategory();
    // A category that is active although all its products are stopped: not this call's business.
    const untouched = await createCategory(t.db, r._id);
    await createProduct(t.db, untouched._id, { is_active: false });
    const p = await createProduct(t.db, c._id);
    const res = await move([p._id], false);
    expect(res.json().data.categories).toEqual([{ _id: c._id, is_active: false }]);
    expect(await activeOf(categories, untouched._id)).toBe(true);
  });

  it('a manual move takes a POS-stopped product over (pos_stopped false)', async () => {
    const { c } = await ownedCategory();
    const p = await createProduct(t.db, c._id, { is_active: false, pos_stopped: true });
    const res = await move([p._id], true);
    expect(res.json().data.products).toEqual([p._id]);
    const [row] = await t.db.select().from(products).where(eq(products._id, p._id));
    expect(row).toMatchObject({ is_active: true, pos_stopped: false });
  });

  it('a manual stop of a product the POS already stopped takes it over but does not report it as changed', async () => {
    const { c } = await ownedCategory();
    const p = await createProduct(t.db, c._id, { is_active: false, pos_stopped: true });
    const available = await createProduct(t.db, c._id);
    const res = await move([p._id], false);
    // The row is written (pos_stopped cleared) yet its is_active did not change: not in the answer.
    expect(res.json()).toEqual({ data: { products: [], categories: [] } });
    const [row] = await t.db.select().from(products).where(eq(products._id, p._id));
    expect(row).toMatchObject({ is_active: false, pos_stopped: false });
    expect(await activeOf(products, available._id)).toBe(true);
  });
});

describe('taking out of the stop-list (is_active true)', () => {
  it('activates the products and re-activates their inactive category', async () => {
    const { c } = await ownedCategory({ is_active: false });
    const p1 = await createProduct(t.db, c._id, { is_active: false });
    const p2 = await createProduct(t.db, c._id, { is_active: false });
    const res = await move([p1._id], true);
    expect(res.json()).toEqual({ data: { products: [p1._id], categories: [{ _id: c._id, is_active: true }] } });
    expect(await activeOf(categories, c._id)).toBe(true);
    expect(await activeOf(products, p2._id)).toBe(false);
  });

  it('changes no category that is already active', async () => {
    const { c } = await ownedCategory();
    const p = await createProduct(t.db, c._id, { is_active: false });
    expect((await move([p._id], true)).json()).toEqual({ data: { products: [p._id], categories: [] } });
  });

  it('round trip: stop-list then back restores products and category', async () => {
    const { c } = await ownedCategory();
    const ps = [await createProduct(t.db, c._id), await createProduct(t.db, c._id)];
    const ids = ps.map((p) => p._id);
    expect((await move(ids, false)).json().data.categories).toEqual([{ _id: c._id, is_active: false }]);
    expect((await move(ids, true)).json().data.categories).toEqual([{ _id: c._id, is_active: true }]);
    const rows = await t.db.select().from(products).where(inArray(products._id, ids));
    expect(rows.every((row) => row.is_active)).toBe(true);
  });
});

describe('failures change nothing', () => {
  it('one foreign id among own ones: 404, and not one product or category changed', async () => {
    const { c } = await ownedCategory();
    const mine = await createProduct(t.db, c._id);
    const foreign = await createProduct(t.db, (await ownedCategory({}, t.other._id)).c._id);
    const before = await menuSnapshot(t.db);
    const res = await move([mine._id, foreign._id], false);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Mahsulot topilmadi.');
    expect(await menuSnapshot(t.db)).toBe(before);
    expect(t.changed).toEqual([]);
  });

  it('one unknown id: 404 and nothing changed', async () => {
    const { c } = await ownedCategory();
    const mine = await createProduct(t.db, c._id);
    const before = await menuSnapshot(t.db);
    expect((await move([mine._id, UNKNOWN], false)).statusCode).toBe(404);
    expect(await menuSnapshot(t.db)).toBe(before);
  });

  it.each([
    ['no ids', { ids: [], is_active: false }, '"ids"'],
    ['duplicate ids', { ids: [UNKNOWN, UNKNOWN], is_active: false }, '"ids"'],
    ['a bad id', { ids: ['nope'], is_active: false }, '"ids.0"'],
    ['a missing is_active', { ids: [UNKNOWN] }, '"is_active"'],
    ['a string is_active', { ids: [UNKNOWN], is_active: 'false' }, '"is_active"'],
    ['ids not a list', { ids: UNKNOWN, is_active: true }, '"ids"'],
  ])('answers %s with 400 naming the field', async (_name, payload, text) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/manager/products/availability',
      headers: t.owner.headers,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(text);
  });
});

describe('setProductsAvailability (reused by the POS sync)', () => {
  it('source pos marks what it stops and only re-activates categories the POS stopped', async () => {
    const posCategory = await ownedCategory();
    const manualCategory = await ownedCategory({ is_active: false, pos_stopped: false });
    const p = await createProduct(t.db, posCategory.c._id);
    const q = await createProduct(t.db, manualCategory.c._id, { is_active: false });

    const stop = await t.db.transaction((tx) => setProductsAvailability(tx, [p._id], false, { source: 'pos' }));
    expect(stop).toEqual({ products: [p._id], categories: [{ _id: posCategory.c._id, is_active: false }] });
    const [stoppedCategory] = await t.db.select().from(categories).where(eq(categories._id, posCategory.c._id));
    expect(stoppedCategory).toMatchObject({ is_active: false, pos_stopped: true });
    const [stoppedProduct] = await t.db.select().from(products).where(eq(products._id, p._id));
    expect(stoppedProduct).toMatchObject({ is_active: false, pos_stopped: true });

    const back = await t.db.transaction((tx) => setProductsAvailability(tx, [p._id, q._id], true, { source: 'pos' }));
    // The POS brings back its own category, never the one a manager deactivated.
    expect(back.categories).toEqual([{ _id: posCategory.c._id, is_active: true }]);
    expect(await activeOf(categories, manualCategory.c._id)).toBe(false);
  });

  it('rolls back with its transaction', async () => {
    const { c } = await ownedCategory();
    const p = await createProduct(t.db, c._id);
    const before = await menuSnapshot(t.db);
    await expect(
      t.db.transaction(async (tx) => {
        await setProductsAvailability(tx, [p._id], false);
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    expect(await menuSnapshot(t.db)).toBe(before);
  });
});
