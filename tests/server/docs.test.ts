import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Spec section 7, row by row (OpenAPI path form), plus the calls the issues add. */
const SPEC_CALLS: Array<[method: string, path: string]> = [
  ['post', '/auth/login'],
  ['get', '/auth/profile'],
  ['get', '/admin/restaurants'],
  ['get', '/manager/restaurants/me'],
  ['post', '/admin/restaurants/create'],
  ['put', '/manager/restaurants/update'],
  ['delete', '/admin/restaurants/delete'],
  ['delete', '/manager/restaurants/delete'],
  ['get', '/user/restaurants/view'],
  ['get', '/admin/integration/restaurants'],
  ['post', '/admin/integration/restaurants/create'],
  ['put', '/admin/integration/restaurants/{id}/sync'],
  ['get', '/admin/managers'],
  ['post', '/manager/upload'],
  ['get', '/manager/category'],
  ['get', '/user/category'],
  ['post', '/manager/category/create'],
  ['put', '/manager/category/update/{id}'],
  ['delete', '/manager/category/delete/{id}'],
  ['get', '/user/products/category/'],
  ['get', '/user/products/{id}'],
  ['get', '/manager/products'],
  ['post', '/manager/products'],
  ['put', '/manager/products/{id}'],
  ['delete', '/manager/products/{id}'],
  ['get', '/manager/product-option/product/{productId}'],
  ['post', '/manager/product-option'],
  ['put', '/manager/product-option/{id}'],
  ['delete', '/manager/product-option/{id}'],
  ['get', '/manager/product-option-row/{optionId}'],
  ['post', '/manager/product-option-row'],
  ['put', '/manager/product-option-row/{id}'],
  ['delete', '/manager/product-option-row/{id}'],
  // Added by the issues: managers, ordering, bulk availability, last sync.
  ['post', '/admin/managers'],
  ['put', '/admin/managers/{id}'],
  ['delete', '/admin/managers/{id}'],
  ['put', '/manager/category/order'],
  ['put', '/manager/products/order'],
  ['put', '/manager/products/availability'],
  ['get', '/admin/integration/restaurants/{id}/last-sync'],
  ['get', '/manager/restaurants/working'],
  ['put', '/manager/restaurants/working'],
];

interface Operation {
  responses?: Record<string, unknown>;
  parameters?: Array<{ in: string }>;
  requestBody?: unknown;
}

describe('/docs documents every call', () => {
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    const res = await t.app.inject({ url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    paths = res.json().paths;
  });

  it.each(SPEC_CALLS)('%s %s is listed with a 2xx answer schema', (method, path) => {
    // Fastify writes `:id` as `{id}`; a parameter may carry another name in the route than in the spec.
    const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '\\{[^}]+\\}')}$`);
    const key = Object.keys(paths).find((p) => pattern.test(p) && paths[p]?.[method]);
    expect(key, `${method.toUpperCase()} ${path} in /docs`).toBeDefined();
    const operation = paths[key!]![method]!;
    const success = Object.keys(operation.responses ?? {}).find((code) => code.startsWith('2'));
    expect(success, `${method.toUpperCase()} ${path} documents its answer`).toBeDefined();
  });

  it('documents the input of every call that takes one', () => {
    for (const [method, path] of SPEC_CALLS) {
      const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '\\{[^}]+\\}')}$`);
      const key = Object.keys(paths).find((p) => pattern.test(p) && paths[p]?.[method])!;
      const operation = paths[key]![method]!;
      if (path.includes('{'))
        expect(
          operation.parameters?.some((p) => p.in === 'path'),
          path,
        ).toBe(true);
      if (['post', 'put'].includes(method) && !path.endsWith('/sync')) {
        const hasInput =
          operation.requestBody !== undefined || operation.parameters?.some((p) => p.in === 'query') === true;
        expect(hasInput, `${method} ${path}`).toBe(true);
      }
    }
  });
});

describe('/docs is a page of its own: no framing, no foreign scripts', () => {
  it.each<[method: 'GET' | 'HEAD', url: string]>([
    ['GET', '/docs'],
    ['GET', '/docs/'],
    ['HEAD', '/docs'],
  ])('%s %s sends a Content-Security-Policy that forbids framing and scripts from elsewhere', async (method, url) => {
    const res = await t.app.inject({ method, url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('swagger-ui’s own scripts and styles are served from this server', async () => {
    const page = (await t.app.inject({ url: '/docs/' })).body;
    const sources = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) {
      const res = await t.app.inject({ url: new URL(source, 'http://localhost/docs/').pathname });
      expect(res.statusCode, source).toBe(200);
    }
    expect(page).not.toMatch(/<script>|<script [^>]*>[^<\s]/); // no inline script for the policy to allow
  });

  it.each([
    ['an over-long file name', `/docs/static/${'a'.repeat(300)}.js`],
    ['an unknown file', '/docs/static/nope.js'],
  ])('%s under /docs is a 404 with the API’s error shape', async (_what, url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: expect.stringMatching(/topilmadi\.$/) });
  });
});
