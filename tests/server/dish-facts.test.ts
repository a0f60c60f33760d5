import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALLERGENS, DISH_TAGS } from '../../lib/dish-facts';
import { products } from '../../server/db/schema';
import { messages } from '../../server/messages';
import { createCategory, createProduct, createRestaurant } from '../support/fixtures';
import { type Caller, menuSnapshot, setupTenants } from '../support/tenants';

/**
 * A dish's facts (portion, calories, spiciness, tags, allergens) and its schedule through the product calls: taken on
 * create and update, answered by every read (the manager's list, the public `/user` reads), refused by name when
 * outside their lists, and remembered as set by hand so the POS sync leaves them alone.
 */

const t = setupTenants();

const FACTS = {
  portion: { value: 350, unit: 'g' },
  calories: 620,
  spiciness: 2,
  tags: ['spicy', 'halal'],
  allergens: ['sesame', 'gluten'],
  schedule: { days: [5, 1, 3], from: '12:00', to: '15:00', outside: 'grey' },
};
/** FACTS as every read answers them: tags and allergens in their lists' order, days in the week's. */
const ANSWERED = {
  portion: { value: 350, unit: 'g' },
  calories: 620,
  spiciness: 2,
  tags: ['halal', 'spicy'],
  allergens: ['gluten', 'sesame'],
  schedule: { days: [1, 3, 5], from: '12:00', to: '15:00', outside: 'grey' },
};
const NO_FACTS = { portion: null, calories: null, spiciness: 0, tags: [], allergens: [], schedule: null };

async function ownedCategory() {
  const restaurant = await createRestaurant(t.db, { manager_id: t.owner._id });
  return createCategory(t.db, restaurant._id);
}

const post = (caller: Caller, payload: object) => t.call(caller, { method: 'POST', url: '/manager/products', payload });
const put = (caller: Caller, id: string, payload: object) =>
  t.call(caller, { method: 'PUT', url: `/manager/products/${id}`, payload });

const pick = (product: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(NO_FACTS).map((field) => [field, product[field]]));

/** The product as each read answers it: the manager's list, both public reads, and a public read in Russian. */
async function everyRead(caller: Caller, categoryId: string, productId: string) {
  const list = await t.call(caller, { method: 'GET', url: `/manager/products?category_id=${categoryId}` });
  const category = await t.call('anonymous', {
    method: 'GET',
    url: `/user/products/category/?category_id=${categoryId}`,
  });
  const one = await t.call('anonymous', { method: 'GET', url: `/user/products/${productId}` });
  const inRussian = await t.call('anonymous', { method: 'GET', url: `/user/products/${productId}?lang=ru` });
  for (const res of [list, category, one, inRussian]) expect(res.statusCode).toBe(200);
  return {
    list: pick(list.json().data.find((p: { _id: string }) => p._id === productId)),
    category: pick(category.json().data.products.find((p: { _id: string }) => p._id === productId)),
    one: pick(one.json().data),
    inRussian: pick(inRussian.json().data),
  };
}

async function manualFacts(productId: string) {
  const [row] = await t.db
    .select({ manual_facts: products.manual_facts })
    .from(products)
    .where(eq(products._id, productId));
  return row!.manual_facts;
}

describe.each<Caller>(['owner', 'admin'])('dish facts written by the %s', (caller) => {
  it('are taken on create and answered by the create and by every read', async () => {
    const category = await ownedCategory();
    const res = await post(caller, { name: 'Qozon kabob', category_id: category._id, price: 52000, ...FACTS });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(pick(created)).toEqual(ANSWERED);
    expect(await everyRead(caller, category._id, created.id)).toEqual({
      list: ANSWERED,
      category: ANSWERED,
      one: ANSWERED,
      inRussian: ANSWERED,
    });
    expect(await manualFacts(created.id)).toEqual(['portion', 'calories', 'allergens']);
  });

  it('are empty on a product created without them, and none is marked as set by hand', async () => {
    const category = await ownedCategory();
    const res = await post(caller, { name: 'Non', category_id: category._id, price: 5000 });
    expect(res.statusCode).toBe(201);
    expect(pick(res.json().data)).toEqual(NO_FACTS);
    const reads = await everyRead(caller, category._id, res.json().data.id);
    expect(Object.values(reads)).toEqual([NO_FACTS, NO_FACTS, NO_FACTS, NO_FACTS]);
    expect(await manualFacts(res.json().data.id)).toEqual([]);
  });

  it('change on update only as sent, the rest as it was', async () => {
    const category = await ownedCategory();
    const created = (await post(caller, { name: 'Osh', category_id: category._id, price: 39000, ...FACTS })).json()
      .data;

    const tagged = await put(caller, created.id, { tags: ['vegetarian'] });
    expect(tagged.statusCode).toBe(200);
    expect(pick(tagged.json().data)).toEqual({ ...ANSWERED, tags: ['vegetarian'] });

    const changed = await put(caller, created.id, {
      portion: { value: 500, unit: 'ml' },
      calories: 0,
      spiciness: 0,
      allergens: ['milk'],
      schedule: null,
    });
    expect(changed.statusCode).toBe(200);
    const expected = {
      portion: { value: 500, unit: 'ml' },
      calories: 0,
      spiciness: 0,
      tags: ['vegetarian'],
      allergens: ['milk'],
      schedule: null,
    };
    expect(pick(changed.json().data)).toEqual(expected);
    expect(Object.values(await everyRead(caller, category._id, created.id))).toEqual([
      expected,
      expected,
      expected,
      expected,
    ]);

    const cleared = await put(caller, created.id, { portion: null, calories: null, tags: [], allergens: [] });
    expect(pick(cleared.json().data)).toEqual({ ...NO_FACTS, spiciness: 0 });

    const renamed = await put(caller, created.id, { name: 'Kamalak oshi' });
    expect(pick(renamed.json().data)).toEqual({ ...NO_FACTS, spiciness: 0 });
  });

  it('take every portion unit and the ends of every range', async () => {
    const category = await ownedCategory();
    const created = (await post(caller, { name: 'Manti', category_id: category._id, price: 29000 })).json().data;
    for (const [portion, calories, spiciness] of [
      [{ value: 1, unit: 'dona' }, 0, 3],
      [{ value: 50_000, unit: 'g' }, 10_000, 1],
      [{ value: 330, unit: 'ml' }, 140, 0],
    ] as const) {
      const res = await put(caller, created.id, { portion, calories, spiciness, tags: [...DISH_TAGS] });
      expect(res.statusCode).toBe(200);
      expect(pick(res.json().data)).toMatchObject({ portion, calories, spiciness, tags: [...DISH_TAGS] });
    }
    const all = await put(caller, created.id, { allergens: [...ALLERGENS].reverse() });
    expect(all.json().data.allergens).toEqual([...ALLERGENS]);
  });
});

describe('facts set by hand', () => {
  it('are the portion, calories and allergens a manager sent, null and [] included, each once', async () => {
    const category = await ownedCategory();
    const created = (await post('owner', { name: 'Lagmon', category_id: category._id, price: 30000 })).json().data;

    await put('owner', created.id, { tags: ['new'], spiciness: 1, schedule: FACTS.schedule });
    expect(await manualFacts(created.id)).toEqual([]);

    await put('owner', created.id, { allergens: [] });
    expect(await manualFacts(created.id)).toEqual(['allergens']);

    await put('owner', created.id, { calories: null, allergens: ['eggs'] });
    expect(await manualFacts(created.id)).toEqual(['calories', 'allergens']);

    await put('admin', created.id, { portion: { value: 400, unit: 'g' } });
    expect(await manualFacts(created.id)).toEqual(['portion', 'calories', 'allergens']);
  });

  it('are not answered: they are the sync’s bookkeeping', async () => {
    const category = await ownedCategory();
    const res = await post('owner', { name: 'Somsa', category_id: category._id, price: 9000, calories: 300 });
    expect(res.json().data).not.toHaveProperty('manual_facts');
  });
});

describe('refusals', () => {
  const tagList = [...DISH_TAGS];
  const allergenList = [...ALLERGENS];
  const refusals: [string, object, string][] = [
    ['an unknown tag, by name', { tags: ['halal', 'spicyy'] }, messages.unknownDishTag('spicyy', tagList)],
    ['an unknown allergen, by name', { allergens: ['nutz'] }, messages.unknownAllergen('nutz', allergenList)],
    [
      'a tag twice',
      { tags: ['halal', 'halal'] },
      messages.fieldInvalid('tags', 'bir xil elementlar takrorlanmasligi kerak'),
    ],
    [
      'an allergen twice',
      { allergens: ['nuts', 'milk', 'nuts'] },
      messages.fieldInvalid('allergens', 'bir xil elementlar takrorlanmasligi kerak'),
    ],
    ['tags that are not a list', { tags: 'halal' }, messages.fieldInvalid('tags', "array turida bo'lishi kerak")],
    [
      'a portion of 0',
      { portion: { value: 0, unit: 'g' } },
      messages.fieldInvalid('portion.value', "1 dan kichik bo'lmasligi kerak"),
    ],
    [
      'a portion that is not a whole number',
      { portion: { value: 12.5, unit: 'g' } },
      messages.fieldInvalid('portion.value', "integer turida bo'lishi kerak"),
    ],
    [
      'a portion over the most',
      { portion: { value: 50_001, unit: 'g' } },
      messages.fieldInvalid('portion.value', "50000 dan katta bo'lmasligi kerak"),
    ],
    [
      'a portion unit not on the list',
      { portion: { value: 1, unit: 'kg' } },
      messages.fieldInvalid('portion.unit', "quyidagilardan biri bo'lishi kerak: g, ml, dona"),
    ],
    ['a portion without its unit', { portion: { value: 300 } }, messages.fieldRequired('portion.unit')],
    ['negative calories', { calories: -1 }, messages.fieldInvalid('calories', "0 dan kichik bo'lmasligi kerak")],
    [
      'calories over the most',
      { calories: 10_001 },
      messages.fieldInvalid('calories', "10000 dan katta bo'lmasligi kerak"),
    ],
    [
      'calories that are not whole',
      { calories: 250.5 },
      messages.fieldInvalid('calories', "integer turida bo'lishi kerak"),
    ],
    ['spiciness 4', { spiciness: 4 }, messages.fieldInvalid('spiciness', "3 dan katta bo'lmasligi kerak")],
    ['spiciness below 0', { spiciness: -1 }, messages.fieldInvalid('spiciness', "0 dan kichik bo'lmasligi kerak")],
    ['spiciness null', { spiciness: null }, messages.fieldInvalid('spiciness', "integer turida bo'lishi kerak")],
    [
      'a schedule without days',
      { schedule: { ...FACTS.schedule, days: [] } },
      messages.fieldInvalid('schedule.days', "kamida 1 ta element bo'lishi kerak"),
    ],
    [
      'a schedule with a day twice',
      { schedule: { ...FACTS.schedule, days: [1, 1] } },
      messages.fieldInvalid('schedule.days', 'bir xil elementlar takrorlanmasligi kerak'),
    ],
    [
      'a schedule on day 8',
      { schedule: { ...FACTS.schedule, days: [8] } },
      messages.fieldInvalid('schedule.days.0', "7 dan katta bo'lmasligi kerak"),
    ],
    ['a schedule at 25:00', { schedule: { ...FACTS.schedule, to: '25:00' } }, messages.clockTimeInvalid('schedule.to')],
    [
      'a schedule that starts when it ends',
      { schedule: { ...FACTS.schedule, from: '12:00', to: '12:00' } },
      messages.timeWindowEmpty('schedule'),
    ],
    [
      'a schedule without `outside`',
      { schedule: { days: [1], from: '08:00', to: '11:00' } },
      messages.fieldRequired('schedule.outside'),
    ],
  ];

  it.each(refusals)(
    'refuses %s on create and update with a 400 naming it, changing nothing',
    async (_name, fields, message) => {
      const category = await ownedCategory();
      const product = await createProduct(t.db, category._id);
      const before = await menuSnapshot(t.db);
      for (const res of [
        await post('owner', { name: 'Osh', category_id: category._id, price: 30000, ...fields }),
        await put('owner', product._id, fields),
        await put('admin', product._id, fields),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
      expect(await menuSnapshot(t.db)).toBe(before);
    },
  );

  it('says the unknown tag in the words the issue asks for', () => {
    expect(messages.unknownDishTag('spicyy', tagList)).toMatch(/^Noma'lum teg: spicyy\. /);
  });
});

describe('another manager', () => {
  it('cannot set facts on a product of a restaurant not theirs, nor create one there (404, nothing changes)', async () => {
    const category = await ownedCategory();
    const product = await createProduct(t.db, category._id);
    const before = await menuSnapshot(t.db);
    const updated = await put('other', product._id, { tags: ['halal'], calories: 100 });
    const created = await post('other', { name: 'Osh', category_id: category._id, price: 1, ...FACTS });
    expect([updated.statusCode, created.statusCode]).toEqual([404, 404]);
    expect(await menuSnapshot(t.db)).toBe(before);
    expect(await manualFacts(product._id)).toEqual([]);
  });
});
