import { STATUS_CODES } from 'node:http';
import { gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../server/errors';
import { registerErrorHandling } from '../../server/plugins/errors';
import { schemaKeywords } from '../../server/schemas/keywords';
import { createCategory, createRestaurant } from '../support/fixtures';
import { setupTenants } from '../support/tenants';

const t = setupTenants();

/** Words of ajv's and Fastify's English messages; none may reach a user. */
const ENGLISH =
  /\b(must|should|NOT|have|has|property|properties|items?|match(es)?|schema|pass|valid|cannot|body|Request|Unsupported|not)\b/;

const uzbek = (status: number, message: string) => ({ statusCode: status, error: STATUS_CODES[status], message });

describe("Fastify's own client errors answer in Uzbek with the usual body", () => {
  const login = '/auth/login';
  const json = { 'content-type': 'application/json' };
  it.each<[string, InjectOptions, number, string]>([
    [
      'an empty JSON body',
      { method: 'POST', url: login, headers: json, payload: '' },
      400,
      "So'rov tanasi bo'sh: JSON yuboring (yoki Content-Type sarlavhasini yubormang).",
    ],
    [
      'a body that is not JSON',
      { method: 'POST', url: login, headers: json, payload: '{"login":' },
      400,
      "So'rov tanasi yaroqli JSON emas.",
    ],
    [
      'a body of an unsupported type',
      { method: 'POST', url: login, headers: { 'content-type': 'application/xml' }, payload: '<login/>' },
      415,
      "So'rov tanasining turi (Content-Type) qo'llab-quvvatlanmaydi: JSON yuboring.",
    ],
    [
      'a body shorter than its Content-Length',
      { method: 'POST', url: login, headers: { ...json, 'content-length': '3' }, payload: '{"login":"a"}' },
      400,
      "So'rov tanasining hajmi Content-Length sarlavhasiga mos emas.",
    ],
    [
      'a body in an unknown Content-Encoding',
      { method: 'POST', url: login, headers: { ...json, 'content-encoding': 'foo' }, payload: '{}' },
      415,
      "So'rov tanasining siqilish usuli (Content-Encoding) qo'llab-quvvatlanmaydi.",
    ],
    [
      'a body that is not the gzip it claims',
      { method: 'POST', url: login, headers: { ...json, 'content-encoding': 'gzip' }, payload: 'not gzip' },
      400,
      "So'rov tanasini Content-Encoding sarlavhasidagi usul bilan ochib bo'lmadi.",
    ],
    ['a malformed URL', { url: '/menu/%E0%A4%A' }, 400, "So'rov manzili noto'g'ri."],
    ['an over-long path parameter', { url: `/menu/${'a'.repeat(200)}` }, 414, "So'rov manzili juda uzun."],
  ])('%s', async (_name, request, status, message) => {
    const res = await t.call('anonymous', request);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(uzbek(status, message));
  });

  it('a gzip body that is valid is still read (the rule is about broken ones)', async () => {
    const res = await t.call('anonymous', {
      method: 'POST',
      url: login,
      headers: { ...json, 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ login: 'hech-kim', password: 'parol-parol' })),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('schema rules of real calls answer in Uzbek', () => {
  it('duplicate ids in an order: uniqueItems', async () => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id });
    const c = await createCategory(t.db, r._id);
    const res = await t.call('owner', {
      method: 'PUT',
      url: '/manager/category/order',
      payload: { restaurant_id: r._id, ids: [c._id, c._id] },
    });
    expect(res.json()).toEqual(uzbek(400, `"ids" maydoni noto'g'ri: bir xil elementlar takrorlanmasligi kerak.`));
  });

  it('a bot token that is neither text nor null: anyOf', async () => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id });
    const res = await t.call('admin', {
      method: 'PUT',
      url: `/manager/restaurants/update?slug=${r.slug}`,
      payload: { bot_token: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^"bot_token" maydoni noto'g'ri: /);
    expect(res.json().message).not.toMatch(ENGLISH);
  });

  it('a body that is not an object names the body in Uzbek', async () => {
    const res = await t.call('anonymous', {
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(res.json()).toEqual(uzbek(400, `"so'rov tanasi" maydoni noto'g'ri: object turida bo'lishi kerak.`));
  });
});

/**
 * Every JSON-schema keyword, through a real Fastify with the server's validator keywords and error handler: the
 * server's routes use only some of them today, and a route added tomorrow must not leak ajv's English.
 */
describe('every validation keyword has an Uzbek reason', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerErrorHandling(app);
    app.post('/english/:status', async (request) => {
      const status = Number((request.params as { status: string }).status);
      throw Object.assign(new Error('Something went wrong in English'), { statusCode: status });
    });
    app.post('/ours', async () => {
      throw new HttpError(503, "Server hozir band. Iltimos, bir necha soniyadan so'ng qayta urinib ko'ring.");
    });
    await app.ready();
  });
  afterAll(() => app.close());

  /** keyword, schema of the field `v`, a value it refuses, and the expected reason where we state it exactly. */
  const cases: Array<[string, Record<string, unknown>, unknown, string?]> = [
    ['type', { type: 'string' }, 5, "string turida bo'lishi kerak"],
    ['minLength', { type: 'string', minLength: 3 }, 'ab', "kamida 3 belgi bo'lishi kerak"],
    ['maxLength', { type: 'string', maxLength: 1 }, 'ab', "ko'pi bilan 1 belgi bo'lishi mumkin"],
    ['minimum', { type: 'number', minimum: 1 }, 0],
    ['maximum', { type: 'number', maximum: 1 }, 2],
    ['exclusiveMinimum', { type: 'number', exclusiveMinimum: 1 }, 1, "1 dan katta bo'lishi kerak"],
    ['exclusiveMaximum', { type: 'number', exclusiveMaximum: 1 }, 1, "1 dan kichik bo'lishi kerak"],
    ['multipleOf', { type: 'number', multipleOf: 5 }, 3, "5 ga karrali bo'lishi kerak"],
    ['format', { type: 'string', format: 'uuid' }, 'x', "uuid formatida bo'lishi kerak"],
    ['pattern', { type: 'string', pattern: '^a+$' }, 'b'],
    ['enum', { enum: ['a', 'b'] }, 'c'],
    ['const', { const: 'a' }, 'b'],
    ['minItems', { type: 'array', minItems: 2 }, [1]],
    ['maxItems', { type: 'array', maxItems: 1 }, [1, 2]],
    ['uniqueItems', { type: 'array', uniqueItems: true }, [1, 1], 'bir xil elementlar takrorlanmasligi kerak'],
    ['contains', { type: 'array', contains: { const: 1 } }, [2], "kerakli element yo'q"],
    ['additionalItems', { type: 'array', items: [{}], additionalItems: false }, [1, 2]],
    ['minProperties', { type: 'object', minProperties: 1 }, {}],
    [
      'maxProperties',
      { type: 'object', maxProperties: 1 },
      { a: 1, b: 2 },
      "ko'pi bilan 1 ta maydon yuborilishi mumkin",
    ],
    ['propertyNames', { type: 'object', propertyNames: { pattern: '^a' } }, { b: 1 }],
    ['dependencies', { type: 'object', dependencies: { a: ['b'] } }, { a: 1 }],
    ['anyOf', { anyOf: [{ type: 'string' }, { type: 'null' }] }, 5],
    ['oneOf', { oneOf: [{ type: 'number' }, { type: 'integer' }] }, 1],
    ['not', { not: { type: 'string' } }, 'a', 'ruxsat etilmagan qiymat'],
    ['false schema', { type: 'object', properties: { x: false } }, { x: 1 }],
    [
      'noControlCharacters',
      { type: 'string', noControlCharacters: 'single-line' },
      'a\u0000',
      "boshqaruv belgilari bo'lmasligi kerak",
    ],
    ['notBlank', { type: 'string', notBlank: true }, '\u200B', "bo'sh bo'lmasligi kerak"],
    ['maxDecimals', { type: 'number', maxDecimals: 2 }, 0.005, "kasr qismida ko'pi bilan 2 ta raqam bo'lishi mumkin"],
  ];

  it.each(cases)('%s', async (_keyword, schema, value, reason) => {
    // One route per keyword would need one app each; a body schema per request is the same validator path.
    const local = Fastify({
      ajv: {
        customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false, keywords: schemaKeywords },
      },
    });
    registerErrorHandling(local);
    local.post('/check', { schema: { body: { type: 'object', properties: { v: schema } } } }, async () => ({}));
    const res = await local.inject({ method: 'POST', url: '/check', payload: { v: value } });
    await local.close();
    expect(res.statusCode).toBe(400);
    const { message } = res.json();
    expect(message).toMatch(/^"v(\.[a-z0-9]+)?" maydoni noto'g'ri: .+\.$/);
    expect(message).not.toMatch(ENGLISH);
    if (reason) expect(message).toBe(`"v" maydoni noto'g'ri: ${reason}.`);
  });

  it("an unknown client error gets its status's Uzbek sentence, never the English text", async () => {
    for (const [status, message] of [
      [400, "So'rov noto'g'ri."],
      [403, "Bu amalni bajarish uchun ruxsat yo'q."],
      [404, 'Topilmadi.'],
      [429, "Juda ko'p so'rov. Iltimos, birozdan so'ng qayta urinib ko'ring."],
      [418, "So'rovni bajarib bo'lmadi."],
    ] as const) {
      const res = await app.inject({ method: 'POST', url: `/english/${status}` });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(uzbek(status, message));
    }
  });

  it("keeps the Uzbek sentence of the server's own errors, even a 503", async () => {
    const res = await app.inject({ method: 'POST', url: '/ours' });
    expect(res.json()).toEqual(
      uzbek(503, "Server hozir band. Iltimos, bir necha soniyadan so'ng qayta urinib ko'ring."),
    );
  });
});
