import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { rowsOf } from '../../server/db/client';
import { CATEGORY_TITLE_REQUIRED } from '../../server/schemas/categories';
import { OPTION_NAME_REQUIRED, ROW_NAME_REQUIRED } from '../../server/schemas/options';
import { freshDatabase } from '../support/database';
import { createCategory, createOption, createProduct, createRestaurant, createRow } from '../support/fixtures';
import { type Caller, menuSnapshot, setupTenants } from '../support/tenants';

const t = setupTenants();

const CONTROL_MESSAGE = (field: string) => `"${field}" maydoni noto'g'ri: boshqaruv belgilari bo'lmasligi kerak.`;
const BLANK_MESSAGE = (field: string) => `"${field}" maydoni noto'g'ri: bo'sh bo'lmasligi kerak.`;

/** C0 controls, DEL and C1 controls: nothing a person types into a name or a URL. */
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
];
/** Tab and line breaks are text in a multi-line field (a product description). */
const LINE_BREAKS = ['\t', '\n', '\r'];
const hex = (char: string) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Characters that show nothing: a name made only of them looks empty on the menu. */
const INVISIBLE_NAMES = ['\u200B', '\u200B\u200C\u200D', '\u2060\uFEFF', ' \u200B\u00A0 ', '\u3164'];

type Owned = Awaited<ReturnType<typeof ownedProduct>>;

async function ownedProduct() {
  const r = await createRestaurant(t.db, { manager_id: t.owner._id });
  const c = await createCategory(t.db, r._id);
  const p = await createProduct(t.db, c._id);
  const o = await createOption(t.db, p._id);
  const row = await createRow(t.db, o._id);
  return { r, c, p, o, row };
}

describe('a NUL byte from an anonymous caller is a 400, not a database error', () => {
  it.each<[string, InjectOptions, string]>([
    [
      'POST /auth/login (login)',
      { method: 'POST', url: '/auth/login', payload: { login: 'a\u0000b', password: 'x' } },
      'login',
    ],
    [
      'POST /auth/login (password)',
      { method: 'POST', url: '/auth/login', payload: { login: 'ab', password: '\u0000' } },
      'password',
    ],
    ['GET /user/restaurants/view', { url: '/user/restaurants/view?slug=a%00b' }, 'slug'],
    ['GET /menu', { url: '/menu?slug=a%00b' }, 'slug'],
    ['GET /menu/:slug', { url: '/menu/a%00b' }, 'slug'],
    ['GET /menu/data', { url: '/menu/data?slug=a%00b' }, 'slug'],
    ['GET /menu/qr.svg', { url: '/menu/qr.svg?slug=a%00b' }, 'slug'],
    ['GET /menu/card', { url: '/menu/card?slug=a%00b' }, 'slug'],
  ])('%s', async (_name, request, field) => {
    const res = await t.call('anonymous', request);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: CONTROL_MESSAGE(field) });
  });
});

describe('control characters in text fields of signed-in calls', () => {
  /** One call per kind of text field; `field` gets the character under test. */
  const calls: Array<{ name: string; field: string; make: (f: Owned, value: string) => InjectOptions }> = [
    {
      name: 'POST /manager/category/create',
      field: 'title',
      make: (f, title) => ({
        method: 'POST',
        url: '/manager/category/create',
        payload: { title, restaurant_id: f.r._id },
      }),
    },
    {
      name: 'PUT /manager/products/:id',
      field: 'name',
      make: (f, name) => ({ method: 'PUT', url: `/manager/products/${f.p._id}`, payload: { name } }),
    },
    {
      name: 'PUT /manager/product-option/:id',
      field: 'name',
      make: (f, name) => ({
        method: 'PUT',
        url: `/manager/product-option/${f.o._id}`,
        payload: { name },
      }),
    },
    {
      name: 'PUT /manager/product-option-row/:id',
      field: 'name',
      make: (f, name) => ({
        method: 'PUT',
        url: `/manager/product-option-row/${f.row._id}`,
        payload: { name },
      }),
    },
    {
      name: 'PUT /manager/restaurants/update',
      field: 'address',
      make: (f, address) => ({
        method: 'PUT',
        url: `/manager/restaurants/update?slug=${f.r.slug}`,
        payload: { address },
      }),
    },
  ];

  it.each(calls)('$name refuses every control character in "$field" and changes nothing', async (call) => {
    const f = await ownedProduct();
    const before = await menuSnapshot(t.db);
    for (const char of CONTROLS) {
      const res = await t.call('owner', call.make(f, `Osh${char}palov`));
      expect(res.statusCode, hex(char)).toBe(400);
      expect(res.json().message, hex(char)).toBe(CONTROL_MESSAGE(call.field));
    }
    expect(await menuSnapshot(t.db)).toBe(before);
  });

  it('a product description keeps tabs and line breaks but refuses every other control character', async () => {
    const { p } = await ownedProduct();
    const update = (description: string) =>
      t.call('owner', { method: 'PUT', url: `/manager/products/${p._id}`, payload: { description } });
    for (const char of CONTROLS) {
      const res = await update(`Birinchi qator${char}ikkinchi qator`);
      if (LINE_BREAKS.includes(char)) {
        expect(res.statusCode, hex(char)).toBe(200);
        expect(res.json().data.description, hex(char)).toBe(`Birinchi qator${char}ikkinchi qator`);
      } else {
        expect(res.statusCode, hex(char)).toBe(400);
        expect(res.json().message, hex(char)).toBe(CONTROL_MESSAGE('description'));
      }
    }
  });

  it('an admin cannot give a restaurant a NUL in its bot token or a manager one in a password', async () => {
    const { r } = await ownedProduct();
    const restaurant = await t.call('admin', {
      method: 'PUT',
      url: `/manager/restaurants/update?slug=${r.slug}`,
      payload: { bot_token: '123:abc\u0000' },
    });
    expect(restaurant.json()).toMatchObject({ statusCode: 400, message: CONTROL_MESSAGE('bot_token') });
    const manager = await t.call('admin', {
      method: 'POST',
      url: '/admin/managers',
      payload: { login: 'nul-parol', password: 'parol\u0000parol' },
    });
    expect(manager.json()).toMatchObject({ statusCode: 400, message: CONTROL_MESSAGE('password') });
  });
});

describe('titles and names made only of invisible characters are blank', () => {
  const cases: Array<{
    name: string;
    caller: Caller;
    make: (f: Owned, value: string) => InjectOptions;
    message: string;
  }> = [
    {
      name: 'POST /manager/category/create (title)',
      caller: 'owner',
      make: (f, title) => ({
        method: 'POST',
        url: '/manager/category/create',
        payload: { title, restaurant_id: f.r._id },
      }),
      message: CATEGORY_TITLE_REQUIRED,
    },
    {
      name: 'PUT /manager/category/update/:id (title)',
      caller: 'owner',
      make: (f, title) => ({
        method: 'PUT',
        url: `/manager/category/update/${f.c._id}`,
        payload: { title },
      }),
      message: CATEGORY_TITLE_REQUIRED,
    },
    {
      name: 'POST /manager/products (name)',
      caller: 'owner',
      make: (f, name) => ({
        method: 'POST',
        url: '/manager/products',
        payload: { name, category_id: f.c._id, price: 1000 },
      }),
      message: 'Mahsulot nomi',
    },
    {
      name: 'POST /manager/product-option (name)',
      caller: 'owner',
      make: (f, name) => ({
        method: 'POST',
        url: '/manager/product-option',
        payload: { name, product_id: f.p._id },
      }),
      message: OPTION_NAME_REQUIRED,
    },
    {
      name: 'POST /manager/product-option-row (name)',
      caller: 'owner',
      make: (f, name) => ({
        method: 'POST',
        url: '/manager/product-option-row',
        payload: { name, product_option_id: f.o._id, price: 0 },
      }),
      message: ROW_NAME_REQUIRED,
    },
    {
      name: 'PUT /manager/restaurants/update (name)',
      caller: 'owner',
      make: (f, name) => ({
        method: 'PUT',
        url: `/manager/restaurants/update?slug=${f.r.slug}`,
        payload: { name },
      }),
      message: BLANK_MESSAGE('name'),
    },
    {
      name: 'POST /admin/restaurants/create (name)',
      caller: 'admin',
      make: (_f, name) => ({
        method: 'POST',
        url: '/admin/restaurants/create',
        payload: {
          name,
          slug: `bosh-nom-${Date.now().toString(36)}`,
          address: 'Toshkent',
          manager_id: t.owner._id,
          is_active: true,
          phone_number: '+998 90 000 00 00',
          work_time: '09:00 - 23:00',
        },
      }),
      message: BLANK_MESSAGE('name'),
    },
  ];

  // Only the rows: pg's and PGlite's result objects differ in everything else.
  const restaurantCount = async () =>
    rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from restaurants`))[0]!.n;

  it.each(cases)('$name', async ({ caller, make, message }) => {
    const f = await ownedProduct();
    for (const value of INVISIBLE_NAMES) {
      const request = make(f, value);
      const before = await menuSnapshot(t.db);
      const restaurantsBefore = await restaurantCount();
      const res = await t.call(caller, request);
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.json().message, JSON.stringify(value)).toContain(message);
      expect(await menuSnapshot(t.db)).toBe(before);
      expect(await restaurantCount()).toBe(restaurantsBefore);
    }
  });

  it('a name with visible letters around invisible ones is still a name', async () => {
    const { c } = await ownedProduct();
    const res = await t.call('owner', {
      method: 'PUT',
      url: `/manager/category/update/${c._id}`,
      payload: { title: 'Ichim\u200Cliklar' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.title).toBe('Ichim\u200Cliklar');
  });
});

interface SchemaNode {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  /** The validator's `noControlCharacters`, as the OpenAPI extension /docs/json writes it. */
  'x-noControlCharacters'?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
}

/** Every string schema under `schema`, with where it sits. */
function stringSchemas(schema: SchemaNode | undefined, where: string): Array<[string, SchemaNode]> {
  if (!schema || typeof schema !== 'object') return [];
  const found: Array<[string, SchemaNode]> = [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string')) found.push([where, schema]);
  for (const [name, child] of Object.entries(schema.properties ?? {}))
    found.push(...stringSchemas(child, `${where}.${name}`));
  found.push(...stringSchemas(schema.items, `${where}[]`));
  for (const child of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    found.push(...stringSchemas(child, where));
  }
  return found;
}

describe('every text a call accepts carries the control-character rule', () => {
  it('every string parameter and body field in /docs/json (all routes) is checked', async () => {
    const paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ in: string; name: string; schema: SchemaNode }>;
          requestBody?: { content: Record<string, { schema: SchemaNode }> };
        }
      >
    > = (await t.app.inject({ url: '/docs/json' })).json().paths;
    const missing: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const inputs: Array<[string, SchemaNode]> = [];
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in === 'header') continue;
          inputs.push(...stringSchemas(parameter.schema, `${parameter.in}.${parameter.name}`));
        }
        for (const [type, content] of Object.entries(operation.requestBody?.content ?? {})) {
          inputs.push(...stringSchemas(content.schema, `body(${type})`));
        }
        for (const [where, schema] of inputs) {
          checked++;
          // A uuid, an enum and a constant cannot hold a control character; a multipart file is bytes, not text.
          if (schema.format === 'uuid' || schema.enum || schema.const !== undefined || schema.format === 'binary') {
            continue;
          }
          if (!['single-line', 'multi-line'].includes(schema['x-noControlCharacters'] ?? '')) {
            missing.push(`${method.toUpperCase()} ${path} ${where}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});

describe('a 5xx is logged without the values of the request', () => {
  let lines: string[];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    lines = [];
    const dataDir = mkdtempSync(join(tmpdir(), 'menyu-log-test-'));
    const database = await freshDatabase();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'test-secret-that-is-long-enough-0123456789' });
    // A logger writing to memory, as pino would write to stdout in production.
    const logger = { level: 'info', stream } as unknown as { level: string };
    app = await buildApp(config, { database, logger, distDir: join(dataDir, 'no-dist') });
    await app.ready();
    // A genuine database failure: the table the call reads is gone.
    await database.db.execute(sql`alter table restaurants rename to restaurants_gone`);
    close = async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  it('answers the Uzbek 500 and logs the error code and SQL, never the slug it was asked for', async () => {
    const secret = 'maxfiy-qiymat-7f3a';
    const res = await app.inject({ url: `/user/restaurants/view?slug=${secret}` });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: "Serverda kutilmagan xatolik yuz berdi. Iltimos, keyinroq qayta urinib ko'ring.",
    });
    expect(lines.join('\n')).not.toContain(secret);
    const errors = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);
    expect(errors).toHaveLength(1);
    // What someone reading the log needs: which database error and in which statement.
    expect(errors[0].error).toMatchObject({ code: '42P01', query: expect.stringContaining('"restaurants"') });
  });
});
