import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { categories, products } from '../../server/db/schema';
import type { PosSimulator } from '../../server/dev/pos/server';
import type { TestApp } from '../support/app';
import type { TestUser } from '../support/fixtures';
import { closePosApp, importOrganization, type PosApp, startOver, startPosApp } from './pos-app-fixtures';

/**
 * The POS sync and a dish's facts: iiko's weight and energy become the portion and calories (the simulator's sample
 * menu carries them for a few dishes, server/dev/pos/sample-data.ts), follow the till's changes, and stop following
 * once a manager sets one by hand.
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

async function sync() {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/admin/integration/restaurants/${restaurantId}/sync`,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
}

async function productNamed(name: string) {
  const rows = await t.db
    .select({ product: products })
    .from(products)
    .innerJoin(categories, eq(categories._id, products.category_id))
    .where(eq(categories.restaurant_id, restaurantId));
  const found = rows.find((row) => row.product.name === name)?.product;
  if (!found) throw new Error(`no product ${name}`);
  return found;
}

/** The facts as the public read answers them to a diner. */
async function answered(name: string) {
  const { _id } = await productNamed(name);
  const res = await t.app.inject({ url: `/user/products/${_id}` });
  expect(res.statusCode).toBe(200);
  const { portion, calories, allergens } = res.json().data;
  return { portion, calories, allergens };
}

const posId = (name: string) => sim.control.findProduct(orgId, name).id;
const setByManager = async (name: string, payload: object) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/manager/products/${(await productNamed(name))._id}`,
    headers: manager.headers,
    payload,
  });
  expect(res.statusCode).toBe(200);
};

describe('the first import', () => {
  it('fills the portion from the weight (kg → g) and the calories of one item', async () => {
    // weight 0.4 kg; energyFullAmount 720 kcal per item wins over energyAmount 170 per 100 g (which would be 680).
    expect(await answered('Choyxona oshi')).toEqual({
      portion: { value: 400, unit: 'g' },
      calories: 720,
      allergens: [],
    });
    // weight 0.35 kg, energyAmount 80 kcal per 100 g: 280 kcal.
    expect(await answered('Mastava')).toEqual({ portion: { value: 350, unit: 'g' }, calories: 280, allergens: [] });
  });

  it('measures a drink sold in litres in millilitres', async () => {
    // weight 1, measureUnit "л", energyAmount 40: one litre, 400 kcal.
    expect(await answered('Kompot (1 L)')).toEqual({
      portion: { value: 1000, unit: 'ml' },
      calories: 400,
      allergens: [],
    });
  });

  it('leaves out what the till does not say', async () => {
    expect(await answered('Tandir non')).toEqual({ portion: { value: 250, unit: 'g' }, calories: null, allergens: [] });
    expect(await answered('Chuchvara')).toEqual({ portion: null, calories: null, allergens: [] });
    expect((await productNamed('Chuchvara')).manual_facts).toEqual([]);
  });
});

describe('later syncs', () => {
  it('keep the portion and calories in step with the till', async () => {
    sim.control.setNutrition(orgId, posId('Mastava'), { weight: 0.5 });
    sim.control.setNutrition(orgId, posId('Chuchvara'), { weight: 0.3, energyFullAmount: 450.6 });
    await sync();
    expect(await answered('Mastava')).toEqual({ portion: { value: 500, unit: 'g' }, calories: 400, allergens: [] });
    expect(await answered('Chuchvara')).toEqual({ portion: { value: 300, unit: 'g' }, calories: 451, allergens: [] });
  });

  it('clear them when the till clears them (iiko answers 0 for a field nobody filled)', async () => {
    sim.control.setNutrition(orgId, posId('Choyxona oshi'), { weight: 0, energyAmount: 0, energyFullAmount: 0 });
    sim.control.setNutrition(orgId, posId('Mastava'), { weight: null, energyAmount: null });
    await sync();
    expect(await answered('Choyxona oshi')).toEqual({ portion: null, calories: null, allergens: [] });
    expect(await answered('Mastava')).toEqual({ portion: null, calories: null, allergens: [] });
  });

  it('take nothing past our limits (a 60 kg dish is a typing slip at the till)', async () => {
    sim.control.setNutrition(orgId, posId('Mastava'), { weight: 60, energyAmount: 80 });
    await sync();
    expect(await answered('Mastava')).toEqual({ portion: null, calories: null, allergens: [] });
  });

  it('write nothing when the facts did not change', async () => {
    const before = await productNamed('Choyxona oshi');
    await sync();
    expect((await productNamed('Choyxona oshi')).updatedAt).toEqual(before.updatedAt);
  });
});

describe('a fact set by hand', () => {
  it('is never overwritten by the till, while the facts not set by hand still follow it', async () => {
    await setByManager('Choyxona oshi', { portion: { value: 450, unit: 'g' }, allergens: ['sesame'] });
    sim.control.setNutrition(orgId, posId('Choyxona oshi'), { weight: 0.3, energyFullAmount: 600 });
    await sync();
    expect(await answered('Choyxona oshi')).toEqual({
      portion: { value: 450, unit: 'g' },
      calories: 600,
      allergens: ['sesame'],
    });
  });

  it('stays cleared when a manager cleared it, though the till still says a value', async () => {
    await setByManager('Mastava', { calories: null, portion: null });
    await sync();
    expect(await answered('Mastava')).toEqual({ portion: null, calories: null, allergens: [] });
    sim.control.setNutrition(orgId, posId('Mastava'), { weight: 0.6, energyAmount: 90 });
    await sync();
    expect(await answered('Mastava')).toEqual({ portion: null, calories: null, allergens: [] });
  });

  it('is kept through a till that renames, reprices and moves the dish', async () => {
    await setByManager('Kompot (1 L)', { calories: 350 });
    const id = posId('Kompot (1 L)');
    sim.control.renameProduct(orgId, id, 'Kompot (1 litr)');
    sim.control.setPrice(orgId, id, 20000);
    sim.control.setNutrition(orgId, id, { energyAmount: 50 });
    await sync();
    const kompot = await productNamed('Kompot (1 litr)');
    expect([kompot.price, kompot.portion, kompot.calories, kompot.manual_facts]).toEqual([
      20000,
      { value: 1000, unit: 'ml' },
      350,
      ['calories'],
    ]);
  });
});
