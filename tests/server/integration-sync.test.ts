import { asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { categories, optionRows, productOptions, products, restaurants, syncRuns } from '../../server/db/schema';
import { SAMPLE_ORGANIZATIONS } from '../../server/dev/pos/sample-data';
import type { PosSimulator } from '../../server/dev/pos/server';
import { SIMPLE_MODIFIERS_OPTION_NAME } from '../../server/integrations/iiko/nomenclature';
import { NOT_INTEGRATION, SYNC_FAILED, SYNC_RUNNING } from '../../server/integrations/messages';
import type { TestApp } from '../support/app';
import { createRestaurant, type TestUser } from '../support/fixtures';
import { closePosApp, importOrganization, type PosApp, startOver, startPosApp } from './pos-app-fixtures';

/** Sync of an integration restaurant against the POS simulator: every rule of docs/integration.md. */

let pos: PosApp;
let sim: PosSimulator;
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let orgId: string;
let restaurantId: string;
const sample = SAMPLE_ORGANIZATIONS[0]!;

beforeAll(async () => {
  pos = await startPosApp();
  ({ sim, t, admin, manager, orgId } = pos);
});
afterAll(() => closePosApp(pos));

// Every test starts from the sample menu imported into a fresh restaurant.
beforeEach(async () => {
  await startOver(pos);
  t.app.integration.syncTimeoutMs = 60_000;
  restaurantId = (await importOrganization(pos, orgId))._id;
});
afterEach(() => sim.control.clearFaults());

const sync = (headers: Record<string, string> = admin.headers, id = restaurantId) =>
  t.app.inject({ method: 'PUT', url: `/admin/integration/restaurants/${id}/sync`, headers });

/** Everything the restaurant's menu holds, timestamps included, to prove "nothing changed". */
async function snapshot() {
  const cats = await t.db
    .select()
    .from(categories)
    .where(eq(categories.restaurant_id, restaurantId))
    .orderBy(asc(categories.position), asc(categories._id));
  const prods = await t.db
    .select()
    .from(products)
    .where(
      inArray(
        products.category_id,
        cats.map((c) => c._id),
      ),
    )
    .orderBy(asc(products.position), asc(products._id));
  const opts = await t.db
    .select()
    .from(productOptions)
    .where(
      inArray(
        productOptions.product_id,
        prods.map((p) => p._id),
      ),
    )
    .orderBy(asc(productOptions._id));
  const rows =
    opts.length === 0
      ? []
      : await t.db
          .select()
          .from(optionRows)
          .where(
            inArray(
              optionRows.product_option_id,
              opts.map((o) => o._id),
            ),
          )
          .orderBy(asc(optionRows._id));
  const [restaurant] = await t.db.select().from(restaurants).where(eq(restaurants._id, restaurantId));
  return { restaurant, categories: cats, products: prods, options: opts, rows };
}

async function productNamed(name: string) {
  const found = (await snapshot()).products.find((p) => p.name === name);
  if (!found) throw new Error(`no product ${name}`);
  return found;
}
async function categoryTitled(title: string) {
  const found = (await snapshot()).categories.find((c) => c.title === title);
  if (!found) throw new Error(`no category ${title}`);
  return found;
}
const posId = (name: string) => sim.control.findProduct(orgId, name).id;
const runCount = async () =>
  (await t.db.select({ n: count() }).from(syncRuns).where(eq(syncRuns.restaurant_id, restaurantId)))[0]!.n;

describe('first import', () => {
  it('matches the POS menu exactly: categories, products, prices, options, rows and the stop-list', async () => {
    const state = await snapshot();
    const groups = sample.groups.filter((g) => !g.deleted);
    expect(state.categories.map((c) => c.title)).toEqual(groups.map((g) => g.name));
    expect(state.categories.every((c) => c.external_id !== null)).toBe(true);

    for (const [groupIndex, group] of groups.entries()) {
      const category = state.categories[groupIndex]!;
      const listed = group.products.filter((p) => !p.deleted);
      const inCategory = state.products.filter((p) => p.category_id === category._id);
      expect(inCategory.map((p) => p.name)).toEqual(listed.map((p) => p.name));
      for (const [index, expected] of listed.entries()) {
        const product = inCategory[index]!;
        // Products with sizes are sold at the default (first) size's price.
        expect(product.price).toBe(expected.sizes ? expected.sizes[0]![1] : expected.price);
        expect(product.description).toBe(expected.description ?? '');
        expect(product.images).toEqual([{ file: `${sim.url}/images/${product.external_id}.svg` }]);
        const balance = sample.stopList[expected.name];
        const stopped = balance !== undefined && balance <= 0;
        expect({ name: product.name, is_active: product.is_active, pos_stopped: product.pos_stopped }).toEqual({
          name: expected.name,
          is_active: !stopped,
          pos_stopped: stopped,
        });

        const options = state.options.filter((o) => o.product_id === product._id);
        const expectedOptions = [
          ...(expected.modifierGroups ?? []).map((key) => ({
            name: sample.modifierGroups[key]!.name,
            // The group's amounts are how many rows an order chooses (the sample's groups fit their rows).
            min: sample.modifierGroups[key]!.minAmount ?? 0,
            max: sample.modifierGroups[key]!.maxAmount ?? 1,
            rows: sample.modifierGroups[key]!.items.map(([name, price]) => ({ name, price })),
          })),
          ...(expected.extras
            ? [
                {
                  name: SIMPLE_MODIFIERS_OPTION_NAME,
                  // Extras: any of them, each once.
                  min: 0,
                  max: expected.extras.length,
                  rows: expected.extras.map((name) => ({
                    name,
                    price: sample.simpleModifiers.find(([n]) => n === name)![1],
                  })),
                },
              ]
            : []),
        ];
        const actualOptions = options.map((o) => ({
          name: o.name,
          min: o.min_choices,
          max: o.max_choices,
          rows: state.rows
            .filter((r) => r.product_option_id === o._id)
            .map((r) => ({ name: r.name, price: r.price }))
            .sort((a, b) => a.name.localeCompare(b.name)),
        }));
        const sortRows = (list: typeof expectedOptions) =>
          list
            .map((o) => ({ ...o, rows: [...o.rows].sort((a, b) => a.name.localeCompare(b.name)) }))
            .sort((a, b) => a.name.localeCompare(b.name));
        expect(sortRows(actualOptions)).toEqual(sortRows(expectedOptions));
      }
    }
    // Deleted groups and products never arrive; modifier groups are not categories.
    expect(state.products.some((p) => p.name === "Bo'ydoq kabob" || p.name === 'Eski osh')).toBe(false);
    expect(state.categories.some((c) => c.title === 'Garnir' || c.title === 'Eski menyu')).toBe(false);
    // A product with a positive stop-list balance is still sold.
    expect((await productNamed('Patir non')).is_active).toBe(true);
  });

  it('records the import as a finished sync run shown by last-sync', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin/integration/restaurants/${restaurantId}/last-sync`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const run = res.json().data;
    const state = await snapshot();
    const total = state.categories.length + state.products.length + state.options.length + state.rows.length;
    expect(run).toMatchObject({
      restaurant_id: restaurantId,
      result: 'ok',
      created: total,
      updated: 0,
      deactivated: 0,
    });
    expect(run.error).toBeNull();
    expect(Date.parse(run.finished_at)).toBeGreaterThanOrEqual(Date.parse(run.started_at));
  });
});

describe('PUT /admin/integration/restaurants/{id}/sync', () => {
  it('changes nothing when the POS has nothing new: counts 0, every updatedAt untouched', async () => {
    const before = await snapshot();
    const changed: (string | null)[] = [];
    t.app.onMenuChanged((id) => changed.push(id));
    const res = await sync();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ created: 0, updated: 0, deactivated: 0 });
    expect(res.json().run).toMatchObject({ result: 'ok', created: 0, updated: 0, deactivated: 0, error: null });
    expect(await snapshot()).toEqual(before);
    expect(changed).toEqual([]);
  });

  it('brings a price change and a removed product on the next sync; the removed one stays, inactive', async () => {
    const before = await snapshot();
    sim.control.setPrice(orgId, posId('Mastava'), 31000);
    sim.control.removeProduct(orgId, posId('Olivye'));
    const changed: (string | null)[] = [];
    t.app.onMenuChanged((id) => changed.push(id));

    const res = await sync();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ created: 0, updated: 1, deactivated: 1 });
    expect(changed).toEqual([restaurantId]);

    const after = await snapshot();
    const mastava = after.products.find((p) => p.name === 'Mastava')!;
    expect(mastava.price).toBe(31000);
    expect(mastava.updatedAt).not.toBe(before.products.find((p) => p._id === mastava._id)!.updatedAt);
    const olivye = after.products.find((p) => p.name === 'Olivye')!;
    expect(olivye).toMatchObject({ is_active: false, pos_stopped: true });
    // Everything else is exactly as it was.
    const untouched = (list: typeof after.products) => list.filter((p) => p.name !== 'Mastava' && p.name !== 'Olivye');
    expect(untouched(after.products)).toEqual(untouched(before.products));
    expect(after.options).toEqual(before.options);
    expect(after.rows).toEqual(before.rows);

    expect((await sync()).json().data).toEqual({ created: 0, updated: 0, deactivated: 0 });
  });

  it('adds a new POS product last in its category, and renames what the POS renamed', async () => {
    const salads = await categoryTitled('Salatlar');
    const groupId = salads.external_id!;
    sim.control.addProduct(orgId, { groupId, name: 'Grek salati', price: 27000 });
    sim.control.renameProduct(orgId, posId('Chuchvara'), 'Chuchvara (qaynatma)');
    const res = await sync();
    expect(res.json().data).toEqual({ created: 1, updated: 1, deactivated: 0 });
    const state = await snapshot();
    const inSalads = state.products.filter((p) => p.category_id === salads._id);
    expect(inSalads.at(-1)).toMatchObject({ name: 'Grek salati', price: 27000, is_active: true });
    expect(state.products.some((p) => p.name === 'Chuchvara (qaynatma)')).toBe(true);
  });

  it('follows the POS when it changes how many modifiers of a group an order takes', async () => {
    const kabob = posId('Qozon kabob');
    const garnir = sim.control.findProduct(orgId, 'Qozon kabob').groupModifiers![0]!.id;
    sim.control.setModifierAmounts(orgId, kabob, garnir, { minAmount: 0, maxAmount: 2 });
    const res = await sync();
    expect(res.json().data).toEqual({ created: 0, updated: 1, deactivated: 0 });
    const product = await productNamed('Qozon kabob');
    const option = (await snapshot()).options.find((o) => o.external_id === garnir && o.product_id === product._id);
    expect(option).toMatchObject({ name: 'Garnir', min_choices: 0, max_choices: 2 });
  });

  it('drops control characters a POS sends in a name instead of failing the whole sync (PostgreSQL refuses a NUL)', async () => {
    sim.control.renameProduct(orgId, posId('Chuchvara'), 'Chuch\u0000vara\u0007 (yangi)');
    const res = await sync();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ updated: 1 });
    const state = await snapshot();
    expect(state.products.some((p) => p.name === 'Chuchvara (yangi)')).toBe(true);
  });

  it('keeps what the panel owns (description, uploaded images, order, hand-made options) and restores POS fields', async () => {
    const osh = await productNamed('Choyxona oshi');
    const somsa = await productNamed('Tandir somsa');
    await t.db
      .update(products)
      .set({ description: 'Bizning tavsif', images: [{ file: '/uploads/osh.webp' }], position: 99, name: 'Osh!' })
      .where(eq(products._id, osh._id));
    await t.db.update(products).set({ description: '' }).where(eq(products._id, somsa._id));
    const [handMade] = await t.db
      .insert(productOptions)
      .values({ product_id: osh._id, name: 'Piyoz', external_id: null })
      .returning();
    sim.control.setPrice(orgId, osh.external_id!, 41000);

    const res = await sync();
    expect(res.statusCode).toBe(200);
    const after = await productNamed('Choyxona oshi');
    expect(after).toMatchObject({
      price: 41000,
      description: 'Bizning tavsif',
      images: [{ file: '/uploads/osh.webp' }],
      position: 99,
    });
    // The POS owns names: a name edited here is put back. An emptied description is filled from the POS again.
    expect(after.name).toBe('Choyxona oshi');
    expect((await productNamed('Tandir somsa')).description).toBe("Qo'y go'shti va dumba yog'i bilan");
    const options = await t.db.select().from(productOptions).where(eq(productOptions.product_id, osh._id));
    expect(options.map((o) => o._id)).toContain(handMade!._id);
  });

  it('follows the POS stop-list in and out, and a manager’s own stop survives', async () => {
    // Initially on the POS stop-list (balance 0): inactive, marked as the POS's doing.
    expect(await productNamed("Tandir go'sht")).toMatchObject({ is_active: false, pos_stopped: true });
    sim.control.unstop(orgId, posId("Tandir go'sht"));
    sim.control.stop(orgId, posId('Chuchvara'));
    let res = await sync();
    expect(res.json().data).toEqual({ created: 0, updated: 1, deactivated: 1 });
    expect(await productNamed("Tandir go'sht")).toMatchObject({ is_active: true, pos_stopped: false });
    expect(await productNamed('Chuchvara')).toMatchObject({ is_active: false, pos_stopped: true });

    // A manager stops Dimlama by hand; the POS stops and later releases it: it stays stopped.
    const dimlama = await productNamed('Dimlama');
    await t.db.update(products).set({ is_active: false, pos_stopped: false }).where(eq(products._id, dimlama._id));
    sim.control.stop(orgId, dimlama.external_id!);
    res = await sync();
    expect(res.json().data).toEqual({ created: 0, updated: 0, deactivated: 0 });
    sim.control.unstop(orgId, dimlama.external_id!);
    res = await sync();
    expect(res.json().data).toEqual({ created: 0, updated: 0, deactivated: 0 });
    expect(await productNamed('Dimlama')).toMatchObject({ is_active: false, pos_stopped: false });
  });

  it('a manager switching a POS-stopped product or category takes it over; other edits leave it the POS’s', async () => {
    const tandir = await productNamed("Tandir go'sht");
    expect(tandir).toMatchObject({ is_active: false, pos_stopped: true });
    const put = async (url: string, payload: object) => {
      const res = await t.app.inject({ method: 'PUT', url, headers: manager.headers, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    // The product page's switch, left off: from now on the stop is the manager's.
    expect(await put(`/manager/products/${tandir._id}`, { is_active: false })).toMatchObject({ pos_stopped: false });
    // Two categories the POS stopped (all their dishes on the stop-list): one switched off by the manager, one renamed.
    const groups = ['Shirinliklar', 'Salatlar'].map((name) => sample.groups.find((g) => g.name === name)!.products);
    for (const p of groups.flat()) sim.control.stop(orgId, posId(p.name));
    await sync();
    const [desserts, salads] = [await categoryTitled('Shirinliklar'), await categoryTitled('Salatlar')];
    for (const c of [desserts, salads]) expect(c).toMatchObject({ is_active: false, pos_stopped: true });
    await put(`/manager/category/update/${desserts._id}`, { is_active: false });
    await put(`/manager/category/update/${salads._id}`, { title: 'Salatlar va gazaklar' });
    const paxlava = await productNamed('Paxlava');
    expect(await put(`/manager/products/${paxlava._id}`, { description: 'Uy paxlavasi' })).toMatchObject({
      is_active: false,
      pos_stopped: true,
    });

    sim.control.unstop(orgId, tandir.external_id!);
    for (const p of groups.flat()) sim.control.unstop(orgId, posId(p.name));
    await sync();
    expect(await productNamed("Tandir go'sht")).toMatchObject({ is_active: false, pos_stopped: false });
    expect(await categoryTitled('Shirinliklar')).toMatchObject({ is_active: false, pos_stopped: false });
    expect(await productNamed('Paxlava')).toMatchObject({ is_active: true, pos_stopped: false });
    expect(await categoryTitled('Salatlar')).toMatchObject({ is_active: true, pos_stopped: false });
  });

  it('cascades to the category: all its products stopped → inactive; one back → active again', async () => {
    const desserts = sample.groups.find((g) => g.name === 'Shirinliklar')!.products;
    for (const p of desserts) sim.control.stop(orgId, posId(p.name));
    let res = await sync();
    expect(res.json().data).toEqual({ created: 0, updated: 0, deactivated: desserts.length + 1 });
    expect(await categoryTitled('Shirinliklar')).toMatchObject({ is_active: false, pos_stopped: true });

    sim.control.unstop(orgId, posId('Paxlava'));
    res = await sync();
    expect(res.json().data).toEqual({ created: 0, updated: 2, deactivated: 0 });
    expect(await categoryTitled('Shirinliklar')).toMatchObject({ is_active: true, pos_stopped: false });
  });

  it('does not reactivate a category a manager deactivated', async () => {
    const salads = await categoryTitled('Salatlar');
    await t.db.update(categories).set({ is_active: false }).where(eq(categories._id, salads._id));
    const res = await sync();
    expect(res.json().data).toEqual({ created: 0, updated: 0, deactivated: 0 });
    expect(await categoryTitled('Salatlar')).toMatchObject({ is_active: false, pos_stopped: false });
  });

  it('deactivates a category whose POS group lost all its products, and removes options the POS dropped', async () => {
    const drinks = sample.groups.find((g) => g.name === 'Ichimliklar')!.products;
    for (const p of drinks) sim.control.removeProduct(orgId, posId(p.name));
    const res = await sync();
    expect(res.json().data.deactivated).toBe(drinks.length + 1);
    expect(await categoryTitled('Ichimliklar')).toMatchObject({ is_active: false, pos_stopped: true });
    const state = await snapshot();
    expect(state.products.filter((p) => drinks.some((d) => d.name === p.name)).every((p) => !p.is_active)).toBe(true);
  });

  it('the POS drops a modifier and a whole modifier group: that row and that option go, the rest stays', async () => {
    const optionsOf = async (name: string) => {
      const state = await snapshot();
      const product = state.products.find((p) => p.name === name)!;
      return state.options
        .filter((o) => o.product_id === product._id)
        .map((o) => ({
          name: o.name,
          rows: state.rows.filter((r) => r.product_option_id === o._id).map((r) => r.name),
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
    };
    expect(await optionsOf('Qozon kabob')).toEqual([
      { name: 'Garnir', rows: expect.arrayContaining(['Guruch', 'Kartoshka fri', 'Piyozli salat']) },
    ]);
    expect((await optionsOf("Qo'y go'shti shashlik")).map((o) => o.name)).toEqual(['Garnir', 'Sous']);
    sim.control.removeProduct(orgId, posId('Kartoshka fri'));
    const sous = sim.control.nomenclature(orgId).groups.find((g) => g.isGroupModifier && g.name === 'Sous')!;
    sim.control.removeGroup(orgId, sous.id);
    const res = await sync();
    expect(res.json().data.deactivated).toBeGreaterThanOrEqual(2);
    const kabob = await optionsOf('Qozon kabob');
    expect(kabob).toHaveLength(1);
    expect(kabob[0]!.rows.sort()).toEqual(['Guruch', 'Piyozli salat']);
    expect((await optionsOf("Qo'y go'shti shashlik")).map((o) => o.name)).toEqual(['Garnir']);
    expect((await snapshot()).rows.some((r) => r.name === 'Kartoshka fri')).toBe(false);
  });

  it('the till moves a group’s dishes into another group and deletes the old one: the dishes follow, the old category goes inactive', async () => {
    const drinks = await categoryTitled('Ichimliklar');
    const salads = await categoryTitled('Salatlar');
    const moved = sample.groups.find((g) => g.name === 'Ichimliklar')!.products.filter((p) => !p.deleted);
    for (const p of moved) sim.control.moveProduct(orgId, posId(p.name), salads.external_id!);
    sim.control.removeGroup(orgId, drinks.external_id!);
    const res = await sync();
    expect(res.json().data).toMatchObject({ created: 0, deactivated: 1 });
    // Nothing of the old category was stopped by the cascade (it has no products now): the group's removal did it.
    expect(await categoryTitled('Ichimliklar')).toMatchObject({ is_active: false, pos_stopped: true });
    expect(await categoryTitled('Salatlar')).toMatchObject({ is_active: true });
    for (const p of moved)
      expect(await productNamed(p.name)).toMatchObject({ category_id: salads._id, is_active: true });
  });

  it('the till deletes every dish group: the sync succeeds, and every category and dish goes inactive as the POS’s doing', async () => {
    const before = await snapshot();
    const active =
      before.categories.filter((c) => c.is_active).length + before.products.filter((p) => p.is_active).length;
    for (const group of sim.control.nomenclature(orgId).groups.filter((g) => !g.isGroupModifier && !g.isDeleted))
      sim.control.removeGroup(orgId, group.id);
    const res = await sync();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ created: 0, updated: 0, deactivated: active });
    const after = await snapshot();
    expect(after.categories).toHaveLength(before.categories.length);
    expect(after.categories.every((c) => !c.is_active && c.pos_stopped)).toBe(true);
    expect(after.products.every((p) => !p.is_active)).toBe(true);
  });

  it('a new group whose dishes all arrive stop-listed is inactive (the POS’s doing) until a dish of it is on sale', async () => {
    const groupId = sim.control.addGroup(orgId, 'Mavsumiy taomlar');
    const first = sim.control.addProduct(orgId, { groupId, name: 'Sumalak', price: 30000 });
    sim.control.stop(orgId, first);
    let res = await sync();
    expect(res.json().data).toMatchObject({ created: 2 });
    expect(await categoryTitled('Mavsumiy taomlar')).toMatchObject({ is_active: false, pos_stopped: true });
    expect(await productNamed('Sumalak')).toMatchObject({ is_active: false, pos_stopped: true });

    // A second dish arrives on sale: the category the POS had stopped is active again; the stopped dish stays so.
    sim.control.addProduct(orgId, { groupId, name: 'Halim', price: 35000 });
    res = await sync();
    expect(res.json().data).toMatchObject({ created: 1, updated: 1, deactivated: 0 });
    expect(await categoryTitled('Mavsumiy taomlar')).toMatchObject({ is_active: true, pos_stopped: false });
    expect(await productNamed('Sumalak')).toMatchObject({ is_active: false, pos_stopped: true });
    expect(await productNamed('Halim')).toMatchObject({ is_active: true });
  });

  it('two new groups whose dishes all arrive stop-listed, then both get a dish on sale: each category counted once', async () => {
    const groups = ['Mavsumiy taomlar', 'Bayram taomlari'].map((name) => sim.control.addGroup(orgId, name));
    for (const [i, groupId] of groups.entries())
      sim.control.stop(orgId, sim.control.addProduct(orgId, { groupId, name: `Sumalak ${i}`, price: 30000 }));
    let res = await sync();
    expect(res.json().data).toEqual({ created: 4, updated: 0, deactivated: 0 });

    // Created categories are counted as created only; released ones each as one update.
    for (const [i, groupId] of groups.entries())
      sim.control.addProduct(orgId, { groupId, name: `Halim ${i}`, price: 35000 });
    res = await sync();
    expect(res.json().data).toEqual({ created: 2, updated: 2, deactivated: 0 });
    for (const title of ['Mavsumiy taomlar', 'Bayram taomlari'])
      expect(await categoryTitled(title)).toMatchObject({ is_active: true, pos_stopped: false });
  });

  it('changes nothing when the POS fails halfway (stop-list call fails after the menu arrived)', async () => {
    const before = await snapshot();
    sim.control.setPrice(orgId, posId('Mastava'), 99000);
    sim.control.stop(orgId, posId('Tandir non'));
    sim.control.fail('/api/1/stop_lists');
    const res = await sync();
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ statusCode: 502, error: 'Bad Gateway', message: SYNC_FAILED });
    expect(await snapshot()).toEqual(before);

    const last = await t.app.inject({
      method: 'GET',
      url: `/admin/integration/restaurants/${restaurantId}/last-sync`,
      headers: admin.headers,
    });
    expect(last.json().data).toMatchObject({ result: 'error', created: 0, updated: 0, deactivated: 0 });
    expect(last.json().data.error).toContain('/api/1/stop_lists');
    expect(last.json().data.finished_at).not.toBeNull();

    // Once the POS answers again, the sync goes through.
    sim.control.clearFaults();
    expect((await sync()).json().data).toEqual({ created: 0, updated: 1, deactivated: 1 });
  });

  it('gives up on a slow POS when the time budget runs out, with the clear error and no change', async () => {
    t.app.integration.syncTimeoutMs = 300;
    const before = await snapshot();
    sim.control.setPrice(orgId, posId('Mastava'), 99000);
    sim.control.slow('/api/1/nomenclature', 3000);
    const started = Date.now();
    const res = await sync();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({ statusCode: 504, error: 'Gateway Timeout', message: SYNC_FAILED });
    expect(await snapshot()).toEqual(before);
    const [run] = await t.db
      .select()
      .from(syncRuns)
      .where(eq(syncRuns.restaurant_id, restaurantId))
      .orderBy(asc(syncRuns.started_at))
      .offset(1);
    expect(run).toMatchObject({ result: 'error' });
    expect(run!.error).toMatch(/javob bermadi/);
  });

  it('answers 409 to a second sync while one runs, then syncs again once it finished', async () => {
    sim.control.slow('/api/1/stop_lists', 400);
    const [first, second] = await Promise.all([sync(), new Promise((r) => setTimeout(r, 50)).then(() => sync())]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(SYNC_RUNNING);
    sim.control.clearFaults();
    expect((await sync()).statusCode).toBe(200);
  });

  it('answers 409 while another server process has a running sync, but not for a long-dead one', async () => {
    const [running] = await t.db.insert(syncRuns).values({ restaurant_id: restaurantId }).returning();
    let res = await sync();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SYNC_RUNNING);
    const last = await t.app.inject({
      method: 'GET',
      url: `/admin/integration/restaurants/${restaurantId}/last-sync`,
      headers: admin.headers,
    });
    expect(last.json().data).toMatchObject({ _id: running!._id, result: 'running', finished_at: null });

    // Still within its time budget (60 s here) and the 30 s of grace after it: still running.
    const aMinuteAgo = new Date(Date.now() - 60_000).toISOString();
    await t.db.update(syncRuns).set({ started_at: aMinuteAgo }).where(eq(syncRuns._id, running!._id));
    res = await sync();
    expect(res.statusCode).toBe(409);

    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    await t.db.update(syncRuns).set({ started_at: twoHoursAgo }).where(eq(syncRuns._id, running!._id));
    res = await sync();
    expect(res.statusCode).toBe(200);
    const [stale] = await t.db.select().from(syncRuns).where(eq(syncRuns._id, running!._id));
    expect(stale).toMatchObject({ result: 'error' });
  });

  it('refuses a manager (403) and an anonymous caller (401), changing nothing', async () => {
    sim.control.setPrice(orgId, posId('Mastava'), 99000);
    const before = await snapshot();
    const runsBefore = await runCount();
    const asManager = await sync(manager.headers);
    expect(asManager.statusCode).toBe(403);
    const anonymous = await sync({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Token topilmadi! Iltimos, qayta tizimga kiring.');
    for (const url of ['/admin/integration/restaurants', `/admin/integration/restaurants/${restaurantId}/last-sync`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: manager.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
    expect(await runCount()).toBe(runsBefore);
  });

  it('cannot sync a manual restaurant (409), an unknown one (404) or a malformed id (400)', async () => {
    const manual = await createRestaurant(t.db, { manager_id: manager._id });
    const res = await sync(admin.headers, manual._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NOT_INTEGRATION);
    const runs = await t.db.select().from(syncRuns).where(eq(syncRuns.restaurant_id, manual._id));
    expect(runs).toEqual([]);

    const unknown = await sync(admin.headers, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Restoran topilmadi.');
    const malformed = await sync(admin.headers, 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);

    const last = await t.app.inject({
      method: 'GET',
      url: `/admin/integration/restaurants/${manual._id}/last-sync`,
      headers: admin.headers,
    });
    expect(last.statusCode).toBe(200);
    expect(last.json()).toEqual({ data: null });

    const lastOfUnknown = await t.app.inject({
      method: 'GET',
      url: '/admin/integration/restaurants/00000000-0000-4000-8000-000000000000/last-sync',
      headers: admin.headers,
    });
    expect(lastOfUnknown.statusCode).toBe(404);
    expect(lastOfUnknown.json().message).toBe('Restoran topilmadi.');
  });

  it('answers 404 when an admin deletes the restaurant while its sync waits for the POS, and writes nothing', async () => {
    sim.control.slow('/api/1/nomenclature', 1500);
    const runsBefore = await runCount();
    const pending = sync();
    // Deleted once the sync has started its run and is waiting for the menu.
    while ((await runCount()) === runsBefore) await new Promise((resolve) => setTimeout(resolve, 20));
    const { restaurant } = await snapshot();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/admin/restaurants/delete?slug=${restaurant!.slug}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    const res = await pending;
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Restoran topilmadi.');
    expect(await t.db.select().from(categories).where(eq(categories.restaurant_id, restaurantId))).toEqual([]);
  });

  it('only touches the synced restaurant', async () => {
    // Another restaurant holding items with the same external ids (as if linked before) is never touched.
    const other = await createRestaurant(t.db, { manager_id: manager._id });
    const soups = await categoryTitled('Birinchi taomlar');
    const mastava = await productNamed('Mastava');
    const [otherCategory] = await t.db
      .insert(categories)
      .values({ title: 'Boshqa', restaurant_id: other._id, external_id: soups.external_id, is_active: false })
      .returning();
    const [otherProduct] = await t.db
      .insert(products)
      .values({ name: 'Boshqa', category_id: otherCategory!._id, price: 1, external_id: mastava.external_id })
      .returning();
    sim.control.setPrice(orgId, mastava.external_id!, 12345);
    expect((await sync()).json().data).toEqual({ created: 0, updated: 1, deactivated: 0 });
    const [category] = await t.db.select().from(categories).where(eq(categories._id, otherCategory!._id));
    expect(category).toEqual(otherCategory);
    const [product] = await t.db.select().from(products).where(eq(products._id, otherProduct!._id));
    expect(product).toEqual(otherProduct);
  });
});
