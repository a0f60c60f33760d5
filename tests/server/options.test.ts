import { describe, expect, it } from 'vitest';
import { createCategory, createOption, createProduct, createRestaurant, createRow } from '../support/fixtures';
import { itAnswersTheAuthorizationMatrix, type MatrixCall, menuSnapshot, setupTenants } from '../support/tenants';

const UNKNOWN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const OLD = '2020-01-01T00:00:00.000Z';

const t = setupTenants();

/** A product of the owner's restaurant. */
async function ownedProduct() {
  const r = await createRestaurant(t.db, { manager_id: t.owner._id });
  const c = await createCategory(t.db, r._id);
  return { r, p: await createProduct(t.db, c._id) };
}

describe('authorization matrix: option calls', () => {
  const calls: MatrixCall[] = [
    {
      name: 'GET /manager/product-option/product/:productId',
      ok: 200,
      make: async () => ({ method: 'GET', url: `/manager/product-option/product/${(await ownedProduct()).p._id}` }),
    },
    {
      name: 'POST /manager/product-option',
      ok: 201,
      make: async () => ({
        method: 'POST',
        url: '/manager/product-option',
        payload: { product_id: (await ownedProduct()).p._id, name: 'Hajmi' },
      }),
    },
    {
      name: 'PUT /manager/product-option/:id',
      ok: 200,
      make: async () => {
        const o = await createOption(t.db, (await ownedProduct()).p._id);
        return { method: 'PUT', url: `/manager/product-option/${o._id}`, payload: { name: 'Porsiya' } };
      },
    },
    {
      name: 'DELETE /manager/product-option/:id',
      ok: 200,
      make: async () => {
        const o = await createOption(t.db, (await ownedProduct()).p._id);
        await createRow(t.db, o._id);
        return { method: 'DELETE', url: `/manager/product-option/${o._id}` };
      },
    },
  ];
  itAnswersTheAuthorizationMatrix(t, calls);
});

describe('GET /manager/product-option/product/:productId', () => {
  it('answers an array of options in creation order, each with its rows', async () => {
    const { p } = await ownedProduct();
    const first = await createOption(t.db, p._id, { name: 'Hajmi', min_choices: 1 });
    const second = await createOption(t.db, p._id, { name: 'Sous' });
    const row = await createRow(t.db, first._id, { name: '1 l', price: 9000 });
    const res = await t.call('owner', { url: `/manager/product-option/product/${p._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        _id: first._id,
        product_id: p._id,
        name: 'Hajmi',
        required: true,
        min_choices: 1,
        max_choices: 1,
        createdAt: first.createdAt,
        updatedAt: first.updatedAt,
        rows: [
          {
            _id: row._id,
            product_option_id: first._id,
            name: '1 l',
            price: 9000,
            createdAt: row.createdAt,
            updatedAt: row.updatedAt,
          },
        ],
      },
      {
        _id: second._id,
        product_id: p._id,
        name: 'Sous',
        required: false,
        min_choices: 0,
        max_choices: 1,
        createdAt: second.createdAt,
        updatedAt: second.updatedAt,
        rows: [],
      },
    ]);
  });

  it('answers [] for a product without options, 404 for an unknown product and 400 for a bad id', async () => {
    const { p } = await ownedProduct();
    expect((await t.call('owner', { url: `/manager/product-option/product/${p._id}` })).json()).toEqual([]);
    expect((await t.call('owner', { url: `/manager/product-option/product/${UNKNOWN}` })).statusCode).toBe(404);
    const bad = await t.call('owner', { url: '/manager/product-option/product/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('"productId"');
  });
});

describe('POST /manager/product-option', () => {
  const create = (payload: Record<string, unknown>) =>
    t.call('owner', { method: 'POST', url: '/manager/product-option', payload });

  it('answers 201 with the option and _id at the top', async () => {
    const { r, p } = await ownedProduct();
    const res = await create({ product_id: p._id, name: ' Hajmi ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      _id: expect.any(String),
      product_id: p._id,
      name: 'Hajmi',
      required: false,
      min_choices: 0,
      max_choices: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      rows: [],
    });
    expect(t.changed).toEqual([r._id]);
  });

  it('creates a required option when told so, and lists it required', async () => {
    const { p } = await ownedProduct();
    const res = await create({ product_id: p._id, name: 'Porsiya', required: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Porsiya', required: true, min_choices: 1, max_choices: 1 });
    const list = await t.call('owner', { url: `/manager/product-option/product/${p._id}` });
    expect(list.json()).toEqual([expect.objectContaining({ _id: res.json()._id, required: true })]);
  });

  it('creates an option of extras with its choice counts: 1 to 3 rows', async () => {
    const { p } = await ownedProduct();
    const res = await create({ product_id: p._id, name: "Qo'shimchalar", min_choices: 1, max_choices: 3 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ required: true, min_choices: 1, max_choices: 3 });
    const optional = await create({ product_id: p._id, name: 'Souslar', max_choices: 2 });
    expect(optional.json()).toMatchObject({ required: false, min_choices: 0, max_choices: 2 });
  });

  it.each([
    ['a missing name', { name: undefined }, '"name"'],
    ['an empty name', { name: '' }, 'Opsiya nomi'],
    ['a blank name', { name: '   ' }, 'Opsiya nomi'],
    ['an over-long name', { name: 'o'.repeat(101) }, '"name"'],
    ['a numeric name', { name: 3 }, '"name"'],
    ['a missing product_id', { product_id: undefined }, '"product_id"'],
    ['a bad product_id', { product_id: 'p1' }, '"product_id"'],
    ['an unknown field', { price: 1 }, '"price"'],
    ['a required that is not true or false', { required: 'ha' }, '"required"'],
    ['a minimum above the maximum', { min_choices: 2, max_choices: 1 }, '"min_choices" "max_choices" dan katta'],
    ['a minimum above the default maximum 1', { min_choices: 2 }, '"min_choices" "max_choices" dan katta'],
    [
      'required false with a minimum',
      { required: false, min_choices: 1 },
      '"required" va "min_choices" bir-biriga zid',
    ],
    ['required with a minimum of 0', { required: true, min_choices: 0 }, '"required" va "min_choices" bir-biriga zid'],
    ['a maximum of 0', { max_choices: 0 }, '"max_choices"'],
    ['a maximum over 20', { max_choices: 21 }, '"max_choices"'],
    ['a negative minimum', { min_choices: -1 }, '"min_choices"'],
    ['a fractional maximum', { max_choices: 1.5 }, '"max_choices"'],
  ])('answers %s with 400 and creates nothing', async (_name, fields, text) => {
    const { p } = await ownedProduct();
    const before = await menuSnapshot(t.db);
    const res = await create({ product_id: p._id, name: 'Hajmi', ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(text);
    expect(await menuSnapshot(t.db)).toBe(before);
  });

  it("answers 404 for an unknown product or another manager's", async () => {
    const r = await createRestaurant(t.db, { manager_id: t.other._id });
    const foreign = await createProduct(t.db, (await createCategory(t.db, r._id))._id);
    const before = await menuSnapshot(t.db);
    for (const product_id of [foreign._id, UNKNOWN]) {
      const res = await create({ product_id, name: 'Hajmi' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Mahsulot topilmadi.');
    }
    expect(await menuSnapshot(t.db)).toBe(before);
  });
});

describe('PUT /manager/product-option/:id', () => {
  it('renames the option, bumps updatedAt and answers it with its rows', async () => {
    const { r, p } = await ownedProduct();
    const o = await createOption(t.db, p._id, { updatedAt: OLD });
    const row = await createRow(t.db, o._id);
    const res = await t.call('admin', {
      method: 'PUT',
      url: `/manager/product-option/${o._id}`,
      payload: { name: ' Sous  ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: o._id, name: 'Sous', rows: [{ _id: row._id }] });
    expect(res.json().updatedAt).not.toBe(OLD);
    // The public menu is read again after the rename.
    expect(t.changed).toEqual([r._id]);
  });

  it('marks an option required and back with `required` alone, keeping its name', async () => {
    const { r, p } = await ownedProduct();
    const o = await createOption(t.db, p._id, { name: 'Porsiya' });
    const put = (required: unknown) =>
      t.call('owner', { method: 'PUT', url: `/manager/product-option/${o._id}`, payload: { required } });
    const marked = await put(true);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ _id: o._id, name: 'Porsiya', required: true });
    expect(t.changed).toEqual([r._id]);
    const list = await t.call('owner', { url: `/manager/product-option/product/${p._id}` });
    expect(list.json()).toEqual([expect.objectContaining({ name: 'Porsiya', required: true })]);
    // A rename without `required` leaves it as it is.
    const renamed = await t.call('owner', {
      method: 'PUT',
      url: `/manager/product-option/${o._id}`,
      payload: { name: 'Hajmi' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Hajmi', required: true });
    expect((await put(false)).json()).toMatchObject({ name: 'Hajmi', required: false });
  });

  it('sets the choice counts alone; the one not sent stays, and `required` keeps a larger minimum', async () => {
    const { p } = await ownedProduct();
    const o = await createOption(t.db, p._id, { name: "Qo'shimchalar" });
    const put = (payload: Record<string, unknown>) =>
      t.call('owner', { method: 'PUT', url: `/manager/product-option/${o._id}`, payload });
    expect((await put({ max_choices: 4 })).json()).toMatchObject({ required: false, min_choices: 0, max_choices: 4 });
    expect((await put({ min_choices: 2 })).json()).toMatchObject({ required: true, min_choices: 2, max_choices: 4 });
    expect((await put({ required: true })).json()).toMatchObject({ min_choices: 2, max_choices: 4 });
    expect((await put({ required: false })).json()).toMatchObject({ min_choices: 0, max_choices: 4 });
    const lowered = await put({ min_choices: 3, max_choices: 3 });
    expect(lowered.json()).toMatchObject({ name: "Qo'shimchalar", min_choices: 3, max_choices: 3 });
    // A maximum below the stored minimum is refused, and nothing changes.
    const refused = await put({ max_choices: 2 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('"min_choices" "max_choices" dan katta');
    const list = await t.call('owner', { url: `/manager/product-option/product/${p._id}` });
    expect(list.json()).toEqual([expect.objectContaining({ min_choices: 3, max_choices: 3 })]);
  });

  it.each([
    ['an empty body', {}, '"name"'],
    ['a required that is not true or false', { required: 1 }, '"required"'],
    ['a blank name', { name: ' ' }, 'Opsiya nomi'],
    ['an over-long name', { name: 'x'.repeat(101) }, '"name"'],
    ['a list instead of an object', [], `"so'rov tanasi" maydoni noto'g'ri: object turida`],
  ])('answers %s with 400 and changes nothing', async (_name, payload, text) => {
    const o = await createOption(t.db, (await ownedProduct()).p._id);
    const before = await menuSnapshot(t.db);
    const res = await t.call('owner', { method: 'PUT', url: `/manager/product-option/${o._id}`, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(text);
    expect(await menuSnapshot(t.db)).toBe(before);
  });

  it('answers a JSON string body with the schema’s 400, never a 500', async () => {
    const o = await createOption(t.db, (await ownedProduct()).p._id);
    const res = await t.call('owner', {
      method: 'PUT',
      url: `/manager/product-option/${o._id}`,
      payload: '"Sous"',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`"so'rov tanasi" maydoni noto'g'ri: object turida`);
  });

  it('answers 404 for an unknown option', async () => {
    const res = await t.call('owner', {
      method: 'PUT',
      url: `/manager/product-option/${UNKNOWN}`,
      payload: { name: 'a' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Opsiya topilmadi.');
  });
});

describe('DELETE /manager/product-option/:id', () => {
  it('deletes the option and its rows, nothing else', async () => {
    const { r, p } = await ownedProduct();
    const o = await createOption(t.db, p._id);
    const kept = await createOption(t.db, p._id);
    const row = await createRow(t.db, o._id);
    const keptRow = await createRow(t.db, kept._id);
    const res = await t.call('owner', { method: 'DELETE', url: `/manager/product-option/${o._id}` });
    expect(res.json()).toEqual({ success: true, message: "Variant o'chirildi" });
    const ids = (JSON.parse(await menuSnapshot(t.db)) as { _id: string }[][]).flat().map((x) => x._id);
    expect(ids).not.toContain(o._id);
    expect(ids).not.toContain(row._id);
    expect(ids).toEqual(expect.arrayContaining([p._id, kept._id, keptRow._id]));
    expect(t.changed).toEqual([r._id]);
  });

  it('answers 404 for an unknown option and 400 for a bad id', async () => {
    expect((await t.call('owner', { method: 'DELETE', url: `/manager/product-option/${UNKNOWN}` })).statusCode).toBe(
      404,
    );
    expect((await t.call('owner', { method: 'DELETE', url: '/manager/product-option/1' })).statusCode).toBe(400);
  });
});
