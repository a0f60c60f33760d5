import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createCategory, createOption, createProduct, createRestaurant, createRow } from '../support/fixtures';
import { itAnswersTheAuthorizationMatrix, type MatrixCall, menuSnapshot, setupTenants } from '../support/tenants';

/**
 * Translations of every translatable text through the admin and manager calls — round trip, merge (a
 * language sent replaces, `null` removes, the others stay), the 400s, who may write them — and the public reads,
 * which do not show them (a later task localizes those).
 */

const t = setupTenants();

type Json = Record<string, unknown>;

/** One translatable entity: how the owner creates, updates and reads it, and how the public reads it. */
interface EntityCase {
  entity: string;
  /** A translatable field of it, and its Uzbek value on creation. */
  field: string;
  uzbek: string;
  /** The field's length limit, the Uzbek field's own. */
  max: number;
  /** Creates one through the API (as the owner) with these translations; answers its id and the answer's entity. */
  create(translations?: unknown): Promise<{ id: string; answer: Json }>;
  update(id: string, body: Json): InjectOptions;
  /** The entity as the manager's read answers it. */
  read(id: string): Promise<Json>;
  /** The entity as an anonymous diner's read answers it. */
  publicRead(id: string): Promise<Json>;
}

const restaurants = new Map<string, { slug: string }>();
/** What each created entity hangs under (its restaurant, product or option), to read it back. */
const parents = new Map<string, string>();

async function ownerRestaurant() {
  return createRestaurant(t.db, { manager_id: t.owner._id });
}

async function post(url: string, payload: Json) {
  const res = await t.call('owner', { method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function get(url: string, caller: 'owner' | 'anonymous' = 'owner') {
  const res = await t.call(caller, { url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const withTranslations = (translations: unknown) => (translations === undefined ? {} : { translations });

const CASES: EntityCase[] = [
  {
    entity: 'restaurant',
    field: 'name',
    uzbek: "Sho'rva uyi",
    max: 120,
    async create(translations) {
      const slug = `tr-${Math.random().toString(36).slice(2, 10)}`;
      const res = await t.call('admin', {
        method: 'POST',
        url: '/admin/restaurants/create',
        payload: {
          name: "Sho'rva uyi",
          slug,
          address: "Navoiy ko'chasi 1",
          manager_id: t.owner._id,
          is_active: true,
          phone_number: '+998 90 123 45 67',
          work_time: '09:00 - 23:00',
          ...withTranslations(translations),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.json().data;
      restaurants.set(answer._id, { slug });
      return { id: answer._id, answer };
    },
    update: (id, body) => ({
      method: 'PUT',
      url: `/manager/restaurants/update?slug=${restaurants.get(id)!.slug}`,
      payload: body,
    }),
    read: async (id) => (await get('/manager/restaurants/me')).data.find((r: Json) => r._id === id),
    publicRead: async (id) => (await get(`/user/restaurants/view?slug=${restaurants.get(id)!.slug}`, 'anonymous')).data,
  },
  {
    entity: 'category',
    field: 'title',
    uzbek: 'Birinchi taomlar',
    max: 100,
    async create(translations) {
      const r = await ownerRestaurant();
      const answer = (
        await post('/manager/category/create', {
          title: 'Birinchi taomlar',
          restaurant_id: r._id,
          ...withTranslations(translations),
        })
      ).data;
      parents.set(answer._id, r._id);
      return { id: answer._id, answer };
    },
    update: (id, body) => ({ method: 'PUT', url: `/manager/category/update/${id}`, payload: body }),
    read: async (id) =>
      (await get(`/manager/category?restaurant_id=${parents.get(id)}`)).categories.find((c: Json) => c._id === id),
    publicRead: async (id) =>
      (await get(`/user/category?restaurant_id=${parents.get(id)}`, 'anonymous')).categories.find(
        (c: Json) => c._id === id,
      ),
  },
  {
    entity: 'product',
    field: 'name',
    uzbek: "Sho'rva",
    max: 200,
    async create(translations) {
      const c = await createCategory(t.db, (await ownerRestaurant())._id);
      const answer = (
        await post('/manager/products', {
          name: "Sho'rva",
          category_id: c._id,
          price: 25000,
          description: "Qo'y go'shtidan",
          ...withTranslations(translations),
        })
      ).data;
      parents.set(answer._id, c._id);
      return { id: answer._id, answer };
    },
    update: (id, body) => ({ method: 'PUT', url: `/manager/products/${id}`, payload: body }),
    read: async (id) =>
      (await get(`/manager/products?category_id=${parents.get(id)}`)).data.find((p: Json) => p._id === id),
    publicRead: async (id) => (await get(`/user/products/${id}`, 'anonymous')).data,
  },
  {
    entity: 'option',
    field: 'name',
    uzbek: 'Hajmi',
    max: 100,
    async create(translations) {
      const c = await createCategory(t.db, (await ownerRestaurant())._id);
      const p = await createProduct(t.db, c._id);
      const answer = await post('/manager/product-option', {
        product_id: p._id,
        name: 'Hajmi',
        ...withTranslations(translations),
      });
      parents.set(answer._id, p._id);
      return { id: answer._id, answer };
    },
    update: (id, body) => ({ method: 'PUT', url: `/manager/product-option/${id}`, payload: body }),
    read: async (id) =>
      (await get(`/manager/product-option/product/${parents.get(id)}`)).find((o: Json) => o._id === id),
    publicRead: async (id) => (await get(`/user/products/${parents.get(id)}`, 'anonymous')).data.options[0],
  },
  {
    entity: 'row',
    field: 'name',
    uzbek: 'Katta',
    max: 100,
    async create(translations) {
      const c = await createCategory(t.db, (await ownerRestaurant())._id);
      const p = await createProduct(t.db, c._id);
      const o = await createOption(t.db, p._id);
      const answer = (
        await post('/manager/product-option-row', {
          product_option_id: o._id,
          name: 'Katta',
          price: 5000,
          ...withTranslations(translations),
        })
      ).data;
      parents.set(answer._id, o._id);
      parents.set(o._id, p._id);
      return { id: answer._id, answer };
    },
    update: (id, body) => ({ method: 'PUT', url: `/manager/product-option-row/${id}`, payload: body }),
    read: async (id) =>
      (await get(`/manager/product-option-row/${parents.get(id)}`)).data.find((r: Json) => r._id === id),
    publicRead: async (id) =>
      (await get(`/user/products/${parents.get(parents.get(id)!)}`, 'anonymous')).data.options[0].rows[0],
  },
];

for (const c of CASES) {
  describe(`${c.entity} translations`, () => {
    const f = c.field;

    it('are stored on create, answered, and read back by the manager; the public read answers Uzbek only', async () => {
      const { id, answer } = await c.create({ ru: { [f]: ' Шурпа ' }, en: { [f]: 'Shurpa soup' } });
      const expected = { ru: { [f]: 'Шурпа' }, en: { [f]: 'Shurpa soup' } };
      expect(answer[f]).toBe(c.uzbek);
      expect(answer.translations).toEqual(expected);
      expect((await c.read(id)).translations).toEqual(expected);
      const diner = await c.publicRead(id);
      expect(diner[f]).toBe(c.uzbek);
      expect(diner).not.toHaveProperty('translations');
    });

    it("without translations the answers are the spec's shapes (no translations key)", async () => {
      const { id, answer } = await c.create();
      expect(answer).not.toHaveProperty('translations');
      expect(await c.read(id)).not.toHaveProperty('translations');
    });

    it('an update replaces the languages it names, keeps the others, and null removes one', async () => {
      const { id } = await c.create({ ru: { [f]: 'Шурпа' }, en: { [f]: 'Shurpa' } });
      let res = await t.call(
        'owner',
        c.update(id, { translations: { en: { [f]: 'Shurpa soup' }, 'uz-Cyrl': { [f]: 'Шўрва' } } }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const answered = (body: Json) => (body.data ?? body) as Json;
      expect(answered(res.json()).translations).toEqual({
        ru: { [f]: 'Шурпа' },
        en: { [f]: 'Shurpa soup' },
        'uz-Cyrl': { [f]: 'Шўрва' },
      });
      expect(answered(res.json())[f]).toBe(c.uzbek);

      res = await t.call('owner', c.update(id, { translations: { ru: null, en: { [f]: '   ' } } }));
      expect(res.statusCode, res.body).toBe(200);
      expect(answered(res.json()).translations).toEqual({ 'uz-Cyrl': { [f]: 'Шўрва' } });
      expect((await c.read(id)).translations).toEqual({ 'uz-Cyrl': { [f]: 'Шўрва' } });
    });

    it('an update of the Uzbek text alone keeps every translation', async () => {
      const { id } = await c.create({ ru: { [f]: 'Шурпа' } });
      const res = await t.call('owner', c.update(id, { [f]: 'Yangi nom' }));
      expect(res.statusCode, res.body).toBe(200);
      const read = await c.read(id);
      expect(read[f]).toBe('Yangi nom');
      expect(read.translations).toEqual({ ru: { [f]: 'Шурпа' } });
    });

    it('two updates of different languages at once both stay (merged by the database, not read and rewritten)', async () => {
      const { id } = await c.create();
      const [ru, en] = await Promise.all([
        t.call('owner', c.update(id, { translations: { ru: { [f]: 'Шурпа' } } })),
        t.call('owner', c.update(id, { translations: { en: { [f]: 'Shurpa' } } })),
      ]);
      expect([ru.statusCode, en.statusCode]).toEqual([200, 200]);
      expect((await c.read(id)).translations).toEqual({ ru: { [f]: 'Шурпа' }, en: { [f]: 'Shurpa' } });
    });

    const refused: [string, unknown, string][] = [
      ['an unknown language', { fr: { [f]: 'Soupe' } }, '"translations.fr" maydoni qabul qilinmaydi.'],
      [
        'uz (the main fields, not a translation)',
        { uz: { [f]: "Sho'rva" } },
        '"translations.uz" maydoni qabul qilinmaydi.',
      ],
      ['an unknown field', { ru: { colour: 'красный' } }, '"translations.ru.colour" maydoni qabul qilinmaydi.'],
      [
        'a text that is not a string',
        { ru: { [f]: 5 } },
        `"translations.ru.${f}" maydoni noto'g'ri: string turida bo'lishi kerak.`,
      ],
      [
        'a language that is not an object',
        { ru: 'Шурпа' },
        `"translations.ru" maydoni noto'g'ri: object turida bo'lishi kerak.`,
      ],
      [
        'a text longer than the Uzbek field allows',
        { ru: { [f]: 'ш'.repeat(c.max + 1) } },
        `"translations.ru.${f}" maydoni noto'g'ri: ko'pi bilan ${c.max} belgi bo'lishi mumkin.`,
      ],
      [
        'a control character',
        { en: { [f]: 'Shurpa\u0007' } },
        `"translations.en.${f}" maydoni noto'g'ri: boshqaruv belgilari bo'lmasligi kerak.`,
      ],
    ];
    for (const [what, translations, message] of refused) {
      it(`refuses ${what} with a 400 naming it, and changes nothing`, async () => {
        const { id } = await c.create({ en: { [f]: 'Shurpa' } });
        const before = JSON.stringify([await c.read(id), await menuSnapshot(t.db)]);
        const res = await t.call('owner', c.update(id, { translations }));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
        expect(JSON.stringify([await c.read(id), await menuSnapshot(t.db)])).toBe(before);
      });
    }
  });
}

describe('restaurant languages', () => {
  const restaurantCase = CASES[0]!;
  const update = (id: string, body: Json, caller: 'owner' | 'other' | 'admin' | 'anonymous' = 'owner') =>
    t.call(caller, restaurantCase.update(id, body));

  it('default to ["uz"], are set on create and in the order sent by an update', async () => {
    const { id, answer } = await restaurantCase.create();
    expect(answer.languages).toEqual(['uz']);
    const res = await update(id, { languages: ['ru', 'uz', 'en'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.languages).toEqual(['ru', 'uz', 'en']);
    expect((await restaurantCase.read(id)).languages).toEqual(['ru', 'uz', 'en']);
  });

  it('are set by the admin create', async () => {
    const slug = `lang-${Math.random().toString(36).slice(2, 10)}`;
    const res = await t.call('admin', {
      method: 'POST',
      url: '/admin/restaurants/create',
      payload: {
        name: 'Bahor',
        slug,
        address: "Navoiy ko'chasi 1",
        manager_id: t.owner._id,
        is_active: true,
        phone_number: '+998 90 123 45 67',
        work_time: '09:00 - 23:00',
        languages: ['uz', 'uz-Cyrl'],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.languages).toEqual(['uz', 'uz-Cyrl']);
  });

  const refused: [string, unknown, string][] = [
    [
      'a list without uz',
      ['ru', 'en'],
      "\"languages\" maydoni noto'g'ri: ro'yxatda \"uz\" (o'zbekcha) bo'lishi kerak.",
    ],
    [
      'a repeated language',
      ['uz', 'ru', 'ru'],
      `"languages" maydoni noto'g'ri: bir xil elementlar takrorlanmasligi kerak.`,
    ],
    [
      'an unknown code',
      ['uz', 'fr'],
      `"languages.1" maydoni noto'g'ri: quyidagilardan biri bo'lishi kerak: uz, uz-Cyrl, ru, en.`,
    ],
    ['an empty list', [], `"languages" maydoni noto'g'ri: kamida 1 ta element bo'lishi kerak.`],
  ];
  for (const [what, languages, message] of refused) {
    it(`refuses ${what} with a 400 naming it, and changes nothing`, async () => {
      const { id } = await restaurantCase.create();
      const res = await update(id, { languages });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect((await restaurantCase.read(id)).languages).toEqual(['uz']);
    });
  }

  it('keep a translation for a language the restaurant does not offer (it shows once offered)', async () => {
    const { id } = await restaurantCase.create();
    const res = await update(id, { translations: { en: { name: 'Shurpa house' } } });
    expect(res.statusCode, res.body).toBe(200);
    const read = await restaurantCase.read(id);
    expect(read.languages).toEqual(['uz']);
    expect(read.translations).toEqual({ en: { name: 'Shurpa house' } });
  });

  it('and translations may be set by the owning manager and the admin; another manager gets 404, nobody 401', async () => {
    const { id } = await restaurantCase.create();
    const body = { languages: ['uz', 'ru'], translations: { ru: { name: 'Дом шурпы', address: 'ул. Навои 1' } } };
    const before = await restaurantCase.read(id);
    t.changed = []; // the create announced itself
    expect((await update(id, body, 'anonymous')).statusCode).toBe(401);
    const foreign = await update(id, body, 'other');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Restoran topilmadi.');
    expect(await restaurantCase.read(id)).toEqual(before);
    expect(t.changed).toEqual([]);

    const owner = await update(id, body, 'owner');
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().data).toMatchObject(body);
    const admin = await update(id, { translations: { en: { work_time: '9 am - 11 pm' } } }, 'admin');
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().data.translations).toEqual({
      ru: { name: 'Дом шурпы', address: 'ул. Навои 1' },
      en: { work_time: '9 am - 11 pm' },
    });
  });

  it('and translations are in the admin list, whole and paged', async () => {
    const { id } = await restaurantCase.create({ ru: { name: 'Дом шурпы' } });
    await update(id, { languages: ['uz', 'ru'] });
    const expected = { _id: id, languages: ['uz', 'ru'], translations: { ru: { name: 'Дом шурпы' } } };
    const whole = await t.call('admin', { url: '/admin/restaurants' });
    expect(whole.json().restaurants.find((r: Json) => r._id === id)).toMatchObject(expected);
    const slug = restaurants.get(id)!.slug;
    const paged = await t.call('admin', { url: `/admin/restaurants?q=${slug}` });
    expect(paged.statusCode, paged.body).toBe(200);
    expect(paged.json().restaurants).toMatchObject([expected]);
  });

  it('are not part of the public read', async () => {
    const { id } = await restaurantCase.create({ ru: { name: 'Дом шурпы' } });
    const diner = await restaurantCase.publicRead(id);
    expect(diner).not.toHaveProperty('languages');
    expect(diner).not.toHaveProperty('translations');
  });
});

describe('PUT /manager/product-option/:id', () => {
  it('takes translations alone, and without name or translations is the 400 naming name it always was', async () => {
    const optionCase = CASES[3]!;
    const { id } = await optionCase.create();
    const alone = await t.call('owner', optionCase.update(id, { translations: { ru: { name: 'Объём' } } }));
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json()).toMatchObject({ name: 'Hajmi', translations: { ru: { name: 'Объём' } } });
    const empty = await t.call('owner', optionCase.update(id, {}));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('"name" maydoni majburiy.');
  });
});

/** Each write with translations answers as every menu call does: 401 for nobody, 404 for another manager. */
describe('authorization matrix: writes with translations', () => {
  const owned = async () => {
    const r = await ownerRestaurant();
    const c = await createCategory(t.db, r._id);
    const p = await createProduct(t.db, c._id);
    const o = await createOption(t.db, p._id);
    const row = await createRow(t.db, o._id);
    return { r, c, p, o, row };
  };
  const ru = (field: string) => ({ translations: { ru: { [field]: 'Перевод' } } });
  const hasRussian = (field: string) => (res: { json(): Json }) => {
    const body = res.json();
    expect(((body.data ?? body) as Json).translations).toEqual({ ru: { [field]: 'Перевод' } });
  };
  const calls: MatrixCall[] = [
    {
      name: 'POST /manager/category/create',
      ok: 201,
      make: async () => ({
        method: 'POST',
        url: '/manager/category/create',
        payload: { title: 'Salatlar', restaurant_id: (await owned()).r._id, ...ru('title') },
      }),
      accepted: hasRussian('title'),
    },
    {
      name: 'PUT /manager/category/update/:id',
      ok: 200,
      make: async () => ({
        method: 'PUT',
        url: `/manager/category/update/${(await owned()).c._id}`,
        payload: ru('title'),
      }),
      accepted: hasRussian('title'),
    },
    {
      name: 'POST /manager/products',
      ok: 201,
      make: async () => ({
        method: 'POST',
        url: '/manager/products',
        payload: { name: 'Lag‘mon', category_id: (await owned()).c._id, price: 30000, ...ru('name') },
      }),
      accepted: hasRussian('name'),
    },
    {
      name: 'PUT /manager/products/:id',
      ok: 200,
      make: async () => ({
        method: 'PUT',
        url: `/manager/products/${(await owned()).p._id}`,
        payload: ru('description'),
      }),
      accepted: hasRussian('description'),
    },
    {
      name: 'POST /manager/product-option',
      ok: 201,
      make: async () => ({
        method: 'POST',
        url: '/manager/product-option',
        payload: { product_id: (await owned()).p._id, name: 'Sous', ...ru('name') },
      }),
      accepted: hasRussian('name'),
    },
    {
      name: 'PUT /manager/product-option/:id',
      ok: 200,
      make: async () => ({
        method: 'PUT',
        url: `/manager/product-option/${(await owned()).o._id}`,
        payload: ru('name'),
      }),
      accepted: hasRussian('name'),
    },
    {
      name: 'POST /manager/product-option-row',
      ok: 201,
      make: async () => ({
        method: 'POST',
        url: '/manager/product-option-row',
        payload: { product_option_id: (await owned()).o._id, name: 'Kichik', ...ru('name') },
      }),
      accepted: hasRussian('name'),
    },
    {
      name: 'PUT /manager/product-option-row/:id',
      ok: 200,
      make: async () => ({
        method: 'PUT',
        url: `/manager/product-option-row/${(await owned()).row._id}`,
        payload: ru('name'),
      }),
      accepted: hasRussian('name'),
    },
  ];
  itAnswersTheAuthorizationMatrix(t, calls);
});
