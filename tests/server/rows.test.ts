import { describe, expect, it } from 'vitest';
import { createCategory, createOption, createProduct, createRestaurant, createRow } from '../support/fixtures';
import { itAnswersTheAuthorizationMatrix, type MatrixCall, menuSnapshot, setupTenants } from '../support/tenants';

const UNKNOWN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const OLD = '2020-01-01T00:00:00.000Z';
const OPTION_REQUIRED = 'Avval opsiya tanlang';

const t = setupTenants();

/** An option of a product of a restaurant managed by `managerId` (the owner by default). */
async function optionOf(managerId = t.owner._id) {
  const r = await createRestaurant(t.db, { manager_id: managerId });
  const p = await createProduct(t.db, (await createCategory(t.db, r._id))._id);
  return { r, o: await createOption(t.db, p._id) };
}

describe('authorization matrix: row calls', () => {
  const calls: MatrixCall[] = [
    {
      name: 'GET /manager/product-option-row/:optionId',
      ok: 200,
      make: async () => ({ method: 'GET', url: `/manager/product-option-row/${(await optionOf()).o._id}` }),
    },
    {
      name: 'POST /manager/product-option-row',
      ok: 201,
      make: async () => ({
        method: 'POST',
        url: '/manager/product-option-row',
        payload: { product_option_id: (await optionOf()).o._id, name: '1 l', price: 9000 },
      }),
    },
    {
      name: 'PUT /manager/product-option-row/:id',
      ok: 200,
      make: async () => {
        const row = await createRow(t.db, (await optionOf()).o._id);
        return { method: 'PUT', url: `/manager/product-option-row/${row._id}`, payload: { price: 1 } };
      },
    },
    {
      name: 'DELETE /manager/product-option-row/:id',
      ok: 200,
      make: async () => {
        const row = await createRow(t.db, (await optionOf()).o._id);
        return { method: 'DELETE', url: `/manager/product-option-row/${row._id}` };
      },
    },
  ];
  itAnswersTheAuthorizationMatrix(t, calls);
});

describe('GET /manager/product-option-row/:optionId', () => {
  it('answers data: the rows in creation order', async () => {
    const { o } = await optionOf();
    const a = await createRow(t.db, o._id, { name: '0.5 l', price: 0 });
    const b = await createRow(t.db, o._id, { name: '1 l', price: 9000.75 });
    const res = await t.call('owner', { url: `/manager/product-option-row/${o._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          _id: a._id,
          product_option_id: o._id,
          name: '0.5 l',
          price: 0,
          createdAt: a.createdAt,
          updatedAt: a.updatedAt,
        },
        {
          _id: b._id,
          product_option_id: o._id,
          name: '1 l',
          price: 9000.75,
          createdAt: b.createdAt,
          updatedAt: b.updatedAt,
        },
      ],
    });
  });

  it('answers 404 for an unknown option and 400 for a bad id', async () => {
    expect((await t.call('owner', { url: `/manager/product-option-row/${UNKNOWN}` })).statusCode).toBe(404);
    const bad = await t.call('owner', { url: '/manager/product-option-row/42' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('"optionId"');
  });
});

describe('POST /manager/product-option-row', () => {
  const create = (payload: Record<string, unknown>) =>
    t.call('owner', { method: 'POST', url: '/manager/product-option-row', payload });

  it('answers 201 { data: row }', async () => {
    const { r, o } = await optionOf();
    const res = await create({ product_option_id: o._id, name: ' 1 l ', price: 9000 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      _id: expect.any(String),
      product_option_id: o._id,
      name: '1 l',
      price: 9000,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(t.changed).toEqual([r._id]);
  });

  it('defaults the price to 0', async () => {
    const { o } = await optionOf();
    expect((await create({ product_option_id: o._id, name: 'Oddiy' })).json().data.price).toBe(0);
  });

  it.each([
    ['a missing product_option_id', { product_option_id: undefined }],
    ['an empty product_option_id', { product_option_id: '' }],
  ])('answers %s with the spec text', async (_name, fields) => {
    await optionOf();
    const before = await menuSnapshot(t.db);
    const res = await create({ name: '1 l', price: 1, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(OPTION_REQUIRED);
    expect(await menuSnapshot(t.db)).toBe(before);
  });

  it.each([
    ['a negative price', { price: -0.01 }, '"price"'],
    ['a non-numeric price', { price: 'free' }, '"price"'],
    ['a null price', { price: null }, '"price"'],
    ['a missing name', { name: undefined }, '"name"'],
    ['a blank name', { name: '  ' }, 'Qator nomi'],
    ['an over-long name', { name: 'q'.repeat(101) }, '"name"'],
    ['a bad product_option_id', { product_option_id: 'opt' }, '"product_option_id"'],
  ])('answers %s with 400 naming the field and creates nothing', async (_name, fields, text) => {
    const { o } = await optionOf();
    const before = await menuSnapshot(t.db);
    const res = await create({ product_option_id: o._id, name: '1 l', price: 1, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(text);
    expect(await menuSnapshot(t.db)).toBe(before);
  });

  it("answers 404 for an unknown option or another manager's", async () => {
    const foreign = await optionOf(t.other._id);
    const before = await menuSnapshot(t.db);
    for (const product_option_id of [foreign.o._id, UNKNOWN]) {
      const res = await create({ product_option_id, name: '1 l', price: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Opsiya topilmadi.');
    }
    expect(await menuSnapshot(t.db)).toBe(before);
  });
});

describe('PUT /manager/product-option-row/:id', () => {
  const update = (id: string, payload: unknown) =>
    t.call('owner', { method: 'PUT', url: `/manager/product-option-row/${id}`, payload: payload as object });

  it('changes only the sent fields and bumps updatedAt', async () => {
    const { r, o } = await optionOf();
    const row = await createRow(t.db, o._id, { name: 'Kichik', price: 100, updatedAt: OLD });
    const priced = await update(row._id, { price: 250.5 });
    expect(priced.statusCode).toBe(200);
    expect(priced.json().data).toMatchObject({ name: 'Kichik', price: 250.5 });
    expect(priced.json().data.updatedAt).not.toBe(OLD);
    const renamed = await update(row._id, { name: '  Katta ' });
    expect(renamed.json().data).toMatchObject({ name: 'Katta', price: 250.5 });
    // The public menu is read again after each change.
    expect(t.changed).toEqual([r._id, r._id]);
  });

  it.each([
    ['an empty body', {}, 'kamida bitta maydon'],
    ['a negative price', { price: -1 }, '"price"'],
    ['a blank name', { name: '' }, 'Qator nomi'],
    ['a move to another option', { product_option_id: UNKNOWN }, '"product_option_id"'],
  ])('answers %s with 400 and changes nothing', async (_name, payload, text) => {
    const row = await createRow(t.db, (await optionOf()).o._id);
    const before = await menuSnapshot(t.db);
    const res = await update(row._id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(text);
    expect(await menuSnapshot(t.db)).toBe(before);
  });

  it('answers 404 for an unknown row', async () => {
    const res = await update(UNKNOWN, { price: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Qator topilmadi.');
  });
});

describe('DELETE /manager/product-option-row/:id', () => {
  it('deletes only that row', async () => {
    const { r, o } = await optionOf();
    const row = await createRow(t.db, o._id);
    const kept = await createRow(t.db, o._id);
    const res = await t.call('admin', { method: 'DELETE', url: `/manager/product-option-row/${row._id}` });
    expect(res.json()).toEqual({ success: true, message: "Qator o'chirildi" });
    const ids = (JSON.parse(await menuSnapshot(t.db)) as { _id: string }[][]).flat().map((x) => x._id);
    expect(ids).not.toContain(row._id);
    expect(ids).toEqual(expect.arrayContaining([o._id, kept._id]));
    expect(t.changed).toEqual([r._id]);
  });

  it('answers 404 for an unknown row and 400 for a bad id', async () => {
    expect(
      (await t.call('owner', { method: 'DELETE', url: `/manager/product-option-row/${UNKNOWN}` })).statusCode,
    ).toBe(404);
    expect((await t.call('owner', { method: 'DELETE', url: '/manager/product-option-row/x' })).statusCode).toBe(400);
  });
});

describe('/docs', () => {
  it('documents every option and row call', async () => {
    const paths = (await t.app.inject({ url: '/docs/json' })).json().paths;
    expect(paths['/manager/product-option/product/{productId}'].get).toBeDefined();
    expect(paths['/manager/product-option'].post.requestBody).toBeDefined();
    expect(paths['/manager/product-option/{id}'].put).toBeDefined();
    expect(paths['/manager/product-option/{id}'].delete).toBeDefined();
    // The spec's /manager/product-option-row/{optionId}: one path with {id} in OpenAPI (identical templates).
    expect(paths['/manager/product-option-row/{id}'].get.operationId).toBe('getManagerProductOptionRowByOptionId');
    expect(paths['/manager/product-option-row'].post.requestBody).toBeDefined();
    expect(paths['/manager/product-option-row/{id}'].put).toBeDefined();
    expect(paths['/manager/product-option-row/{id}'].delete).toBeDefined();
  });
});

describe('option row prices have at most 2 decimals, never rounded', () => {
  const TOO_PRECISE = `"price" maydoni noto'g'ri: kasr qismida ko'pi bilan 2 ta raqam bo'lishi mumkin.`;

  it('refuses 0.005 on create and on edit, changing nothing', async () => {
    const { o } = await optionOf();
    const row = await createRow(t.db, o._id, { price: 100 });
    const before = await menuSnapshot(t.db);
    const created = await t.call('owner', {
      method: 'POST',
      url: '/manager/product-option-row',
      payload: { product_option_id: o._id, name: '1 l', price: 0.005 },
    });
    expect(created.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: TOO_PRECISE });
    const edited = await t.call('owner', {
      method: 'PUT',
      url: `/manager/product-option-row/${row._id}`,
      payload: { price: 9000.125 },
    });
    expect(edited.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: TOO_PRECISE });
    expect(await menuSnapshot(t.db)).toBe(before);
  });

  it('keeps 0.07 exactly', async () => {
    const { o } = await optionOf();
    const created = await t.call('owner', {
      method: 'POST',
      url: '/manager/product-option-row',
      payload: { product_option_id: o._id, name: '1 l', price: 0.07 },
    });
    expect(created.json().data.price).toBe(0.07);
  });
});
