import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { categories, optionRows, productOptions, products } from '../../server/db/schema';
import { SAMPLE_ORGANIZATIONS } from '../../server/dev/pos/sample-data';
import type { PosSimulator } from '../../server/dev/pos/server';
import { applyMenu } from '../../server/domain/integration/apply-menu';
import { Budget, fetchSnapshot } from '../../server/integrations/pos-fetch';
import type { TestApp } from '../support/app';
import { createProduct, type TestUser } from '../support/fixtures';
import { closePosApp, importOrganization, type PosApp, startOver, startPosApp } from './pos-app-fixtures';

/**
 * The sync's apply steps (categories, products, options and rows) on what the POS changes one field at a time, over
 * real HTTP against the iiko simulator: each change must be written AND counted, and what a manager added by hand must
 * survive the sync.
 */

let pos: PosApp;
let sim: PosSimulator;
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let orgId: string;
let restaurantId: string;

beforeAll(async () => {
  pos = await startPosApp();
  ({ sim, t, admin, manager, orgId } = pos);
});
afterAll(() => closePosApp(pos));

beforeEach(async () => {
  await startOver(pos);
  restaurantId = (await importOrganization(pos, orgId))._id;
});

const sync = async () => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/admin/integration/restaurants/${restaurantId}/sync`,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { created: number; updated: number; deactivated: number };
};

const posProductId = (name: string) => sim.control.findProduct(orgId, name).id;
/** A modifier group of the simulator's menu by the name its options carry. */
const posGroupId = (name: string) => sim.control.nomenclature(orgId).groups.find((g) => g.name === name)!.id;

async function productNamed(name: string) {
  const cats = await t.db.select().from(categories).where(eq(categories.restaurant_id, restaurantId));
  const [found] = await t.db
    .select()
    .from(products)
    .where(
      and(
        eq(products.name, name),
        inArray(
          products.category_id,
          cats.map((c) => c._id),
        ),
      ),
    );
  if (!found) throw new Error(`no product ${name}`);
  return found;
}
const optionsWithExternalId = (externalId: string) =>
  t.db.select().from(productOptions).where(eq(productOptions.external_id, externalId));
const rowsWithExternalId = (externalId: string) =>
  t.db.select().from(optionRows).where(eq(optionRows.external_id, externalId));
async function optionOf(productName: string, optionExternalId: string) {
  const product = await productNamed(productName);
  const [option] = await t.db
    .select()
    .from(productOptions)
    .where(and(eq(productOptions.product_id, product._id), eq(productOptions.external_id, optionExternalId)));
  return option!;
}

/** The manager adds a category of their own (no POS group) through the panel; answers its id. */
async function handMadeCategory(): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/manager/category/create',
    headers: manager.headers,
    payload: { title: 'Mavsumiy taomlar', restaurant_id: restaurantId },
  });
  expect(created.statusCode).toBe(201);
  return created.json().data._id;
}

describe('categories', () => {
  it('a group renamed at the POS renames its category and counts as one update', async () => {
    const [salads] = await t.db
      .select()
      .from(categories)
      .where(and(eq(categories.restaurant_id, restaurantId), eq(categories.title, 'Salatlar')));
    sim.control.renameGroup(orgId, salads!.external_id!, 'Salatlar va gazaklar');

    expect(await sync()).toEqual({ created: 0, updated: 1, deactivated: 0 });
    const [after] = await t.db.select().from(categories).where(eq(categories._id, salads!._id));
    expect(after!.title).toBe('Salatlar va gazaklar');
  });

  it('a category the manager added by hand (no POS group) stays active through a sync', async () => {
    const categoryId = await handMadeCategory();

    expect(await sync()).toEqual({ created: 0, updated: 0, deactivated: 0 });
    const [after] = await t.db.select().from(categories).where(eq(categories._id, categoryId));
    expect(after).toMatchObject({ is_active: true, pos_stopped: false, external_id: null });
  });
});

describe('a new group', () => {
  it('becomes a category after every category there is, the manager’s own included', async () => {
    await handMadeCategory();
    const groupId = sim.control.addGroup(orgId, 'Ichimliklar 2');
    sim.control.addProduct(orgId, { groupId, name: 'Ayron', price: 8000 });

    expect((await sync()).created).toBeGreaterThanOrEqual(1);
    const all = await t.db.select().from(categories).where(eq(categories.restaurant_id, restaurantId));
    const added = all.find((c) => c.external_id === groupId)!;
    const others = all.filter((c) => c._id !== added._id).map((c) => c.position);
    expect(added.position).toBe(Math.max(...others) + 1);
  });
});

describe('option rows', () => {
  it("a modifier's new price reaches every row of it and counts each row once", async () => {
    const modifierId = posProductId('Tomatli sous');
    const before = await rowsWithExternalId(modifierId);
    // The sous group hangs on several dishes: each dish's option has its own row of this modifier.
    expect(before.length).toBeGreaterThan(1);
    expect(before.every((row) => row.price === 3000)).toBe(true);
    sim.control.setPrice(orgId, modifierId, 3500);

    expect(await sync()).toEqual({ created: 0, updated: before.length, deactivated: 0 });
    const after = await rowsWithExternalId(modifierId);
    expect(after.map((row) => row.price)).toEqual(before.map(() => 3500));
    expect(after.every((row) => row.name === 'Tomatli sous')).toBe(true);
  });

  it('rows a manager deleted from a POS option come back on the next sync, and nothing counts as deactivated', async () => {
    const sous = await optionOf('Manti (5 dona)', posGroupId('Sous'));
    const rows = await t.db.select().from(optionRows).where(eq(optionRows.product_option_id, sous._id));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/manager/product-option-row/${row._id}`,
        headers: manager.headers,
      });
      expect(res.statusCode).toBe(200);
    }

    expect(await sync()).toEqual({ created: 3, updated: 0, deactivated: 0 });
    const back = await t.db.select().from(optionRows).where(eq(optionRows.product_option_id, sous._id));
    expect(back.map((row) => row.external_id).sort()).toEqual(rows.map((row) => row.external_id).sort());
  });
});

describe('options', () => {
  it('a modifier group renamed at the POS (its counts unchanged) renames every option of it', async () => {
    const groupId = posGroupId('Sous');
    const before = await optionsWithExternalId(groupId);
    expect(before.length).toBeGreaterThan(1);
    sim.control.renameGroup(orgId, groupId, 'Souslar');

    expect(await sync()).toEqual({ created: 0, updated: before.length, deactivated: 0 });
    const after = await optionsWithExternalId(groupId);
    expect(after.every((option) => option.name === 'Souslar')).toBe(true);
    expect(after.map((o) => [o.min_choices, o.max_choices])).toEqual(before.map((o) => [o.min_choices, o.max_choices]));
  });

  it("a group's new minimum alone (the maximum unchanged) reaches the dish's option", async () => {
    const groupId = posGroupId('Sous');
    const before = await optionOf('Manti (5 dona)', groupId);
    expect(before).toMatchObject({ min_choices: 0, max_choices: 1 });
    sim.control.setModifierAmounts(orgId, posProductId('Manti (5 dona)'), groupId, { minAmount: 1, maxAmount: 1 });

    expect(await sync()).toEqual({ created: 0, updated: 1, deactivated: 0 });
    expect(await optionOf('Manti (5 dona)', groupId)).toMatchObject({ name: 'Sous', min_choices: 1, max_choices: 1 });
  });

  it("a group's new maximum alone (the minimum unchanged) reaches the dish's option", async () => {
    const groupId = posGroupId('Sous');
    expect(await optionOf('Manti (5 dona)', groupId)).toMatchObject({ min_choices: 0, max_choices: 1 });
    sim.control.setModifierAmounts(orgId, posProductId('Manti (5 dona)'), groupId, { minAmount: 0, maxAmount: 2 });

    expect(await sync()).toEqual({ created: 0, updated: 1, deactivated: 0 });
    expect(await optionOf('Manti (5 dona)', groupId)).toMatchObject({ name: 'Sous', min_choices: 0, max_choices: 2 });
  });
});

/** The Lavash sample imported as the restaurant, its menu as the POS gives it, its sized Coca-Cola and another size. */
async function lavashWithCola() {
  const lavash = SAMPLE_ORGANIZATIONS.find((org) => org.name.startsWith('Lavash'))!;
  const lavashId = sim.control.organizations().find((org) => org.name === lavash.name)!.id;
  restaurantId = (await importOrganization(pos, lavashId))._id;
  const snapshot = await fetchSnapshot(t.app.integration.provider!, lavashId, new Budget(10_000));
  const cola = snapshot.menu.products.find((p) => p.name === 'Coca-Cola')!;
  expect(cola.sizeId).not.toBeNull();
  /** A size of the Coca-Cola that its menu price does not come from. */
  const otherSize = sim.control
    .nomenclature(lavashId)
    .products.find((p) => p.id === cola.externalId)!
    .sizePrices!.map((entry) => entry.sizeId)
    .find((sizeId) => sizeId !== cola.sizeId)!;
  return { snapshot, cola, otherSize };
}

describe('products', () => {
  it("a portion whose unit alone changes (250 g → 250 ml) follows the POS's", async () => {
    expect((await productNamed('Tandir non')).portion).toEqual({ value: 250, unit: 'g' });
    sim.control.setNutrition(orgId, posProductId('Tandir non'), { measureUnit: 'л' });

    expect(await sync()).toEqual({ created: 0, updated: 1, deactivated: 0 });
    expect((await productNamed('Tandir non')).portion).toEqual({ value: 250, unit: 'ml' });
  });

  /**
   * The simulator's stop-list answers every entry with `sizeId: null`, so a size-specific entry (which iiko's contract
   * allows: StopListItem.sizeId) is given to the apply step directly, next to the POS's real menu and stop-list.
   */
  it('a stop-list entry of one size stops the product only when it is the size its price came from', async () => {
    const { snapshot, cola, otherSize } = await lavashWithCola();
    expect(otherSize).toEqual(expect.any(String));
    const applyWith = (sizeId: string) =>
      t.app.work((w) =>
        applyMenu(w.tx, restaurantId, snapshot.menu, [...snapshot.stopList, { productId: cola.externalId, sizeId }]),
      );

    // The 1 L size stopped: the menu's Coca-Cola (the 0,5 L price) is still sold.
    expect(await applyWith(otherSize)).toEqual({ created: 0, updated: 0, deactivated: 0 });
    expect(await productNamed('Coca-Cola')).toMatchObject({ is_active: true, pos_stopped: false });

    // Its own size stopped: off the menu, as the POS's doing.
    expect(await applyWith(cola.sizeId!)).toEqual({ created: 0, updated: 0, deactivated: 1 });
    expect(await productNamed('Coca-Cola')).toMatchObject({ is_active: false, pos_stopped: true });
  });

  it("the size a dish's price comes from follows the POS's, as an order to the till names it", async () => {
    const { snapshot, cola, otherSize } = await lavashWithCola();
    const menu = {
      ...snapshot.menu,
      products: snapshot.menu.products.map((p) => (p === cola ? { ...p, sizeId: otherSize } : p)),
    };
    expect(await t.app.work((w) => applyMenu(w.tx, restaurantId, menu, snapshot.stopList))).toEqual({
      created: 0,
      updated: 1,
      deactivated: 0,
    });
    expect((await productNamed('Coca-Cola')).pos_size_id).toBe(otherSize);
  });

  it('a stop-list entry naming no size stops the product whatever size its price came from', async () => {
    const { snapshot, cola } = await lavashWithCola();
    const stopped = [...snapshot.stopList, { productId: cola.externalId, sizeId: null }];
    expect(await t.app.work((w) => applyMenu(w.tx, restaurantId, snapshot.menu, stopped))).toEqual({
      created: 0,
      updated: 0,
      deactivated: 1,
    });
    expect(await productNamed('Coca-Cola')).toMatchObject({ is_active: false, pos_stopped: true });
  });
});

describe('what one sync counts', () => {
  it('a dish renamed and stop-listed at the POS at once counts as deactivated only', async () => {
    const dish = posProductId('Tandir non');
    sim.control.renameProduct(orgId, dish, 'Tandir non (katta)');
    sim.control.stop(orgId, dish);
    expect(await sync()).toEqual({ created: 0, updated: 0, deactivated: 1 });
    expect(await productNamed('Tandir non (katta)')).toMatchObject({ is_active: false, pos_stopped: true });
  });

  it('leaves out a dish the POS places in no category it lists', async () => {
    const snapshot = await fetchSnapshot(t.app.integration.provider!, orgId, new Budget(10_000));
    const stray = {
      ...snapshot.menu.products[0]!,
      externalId: crypto.randomUUID(),
      categoryExternalId: 'no-such-group',
    };
    const menu = { ...snapshot.menu, products: [...snapshot.menu.products, stray] };
    expect(await t.app.work((w) => applyMenu(w.tx, restaurantId, menu, snapshot.stopList))).toEqual({
      created: 0,
      updated: 0,
      deactivated: 0,
    });
    expect(await t.db.select().from(products).where(eq(products.external_id, stray.externalId))).toEqual([]);
  });
});

describe('a dish the manager added by hand', () => {
  it('stays on the menu through a sync, in a POS category or their own', async () => {
    const [posCategory] = await t.db.select().from(categories).where(eq(categories.restaurant_id, restaurantId));
    const inPosCategory = await createProduct(t.db, posCategory!._id, { name: 'Uy limonadi' });
    const inOwnCategory = await createProduct(t.db, await handMadeCategory(), { name: 'Mavsumiy salat' });

    expect(await sync()).toEqual({ created: 0, updated: 0, deactivated: 0 });
    for (const dish of [inPosCategory, inOwnCategory]) {
      expect(await productNamed(dish.name)).toMatchObject({ is_active: true, pos_stopped: false, external_id: null });
    }
  });
});

describe("a dish's pictures", () => {
  /** The POS's menu with one dish's pictures replaced, applied as a sync would; answers the counts. */
  async function applyPictures(name: string, imageUrls: string[]) {
    const snapshot = await fetchSnapshot(t.app.integration.provider!, orgId, new Budget(10_000));
    const menu = {
      ...snapshot.menu,
      products: snapshot.menu.products.map((p) => (p.name === name ? { ...p, imageUrls } : p)),
    };
    return t.app.work((w) => applyMenu(w.tx, restaurantId, menu, snapshot.stopList));
  }
  const one = { created: 0, updated: 1, deactivated: 0 };
  const none = { created: 0, updated: 0, deactivated: 0 };
  const files = async (name: string) => (await productNamed(name)).images.map((image) => image.file);

  it('follow the POS while no picture was uploaded: removed, added, replaced, one more; the same ones write nothing', async () => {
    const steps: [string[], object][] = [
      [[], one],
      [['https://pos.example/a.png'], one],
      [['https://pos.example/b.png'], one],
      [['https://pos.example/b.png', 'https://pos.example/c.png'], one],
      [['https://pos.example/b.png', 'https://pos.example/c.png'], none],
    ];
    for (const [urls, counts] of steps) {
      expect(await applyPictures('Tandir non', urls)).toEqual(counts);
      expect(await files('Tandir non')).toEqual(urls);
    }
  });

  it("stay as they are once a manager uploaded one, whatever the POS's pictures beside it", async () => {
    const kept = [{ file: 'https://pos.example/a.png' }, { file: '/uploads/products/own.webp' }];
    const dish = await productNamed('Tandir non');
    await t.db.update(products).set({ images: kept }).where(eq(products._id, dish._id));
    expect(await applyPictures('Tandir non', ['https://pos.example/b.png'])).toEqual(none);
    expect((await productNamed('Tandir non')).images).toEqual(kept);
  });
});
