import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createTestApp } from '../support/app';
import { freshDatabase } from '../support/database';

const BIG_JS = `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Restoran ${i}`))};\n`;
const BIG_CSS = Array.from({ length: 200 }, (_, i) => `.c${i}{margin:${i}px;padding:0}`).join('\n');

// The server serves a built SPA: a fake build in a temporary folder stands in for dist/.
const dir = mkdtempSync(join(tmpdir(), 'menyu-spa-'));
const dist = join(dir, 'dist');
let app: Awaited<ReturnType<typeof buildApp>>;
let close: () => Promise<void>;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>panel</title>');
  writeFileSync(join(dist, 'assets', 'index-aaa.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets', 'big-bbb.js'), BIG_JS);
  writeFileSync(join(dist, 'assets', 'big-ccc.css'), BIG_CSS);
  // What `npm run build` does after bundling (scripts/precompress.ts, the Vite plugin's step).
  precompressDir(dist);
  const database = await freshDatabase();
  app = await buildApp(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), { database, logger: false, distDir: dist });
  close = async () => {
    await app.close();
    await database.close();
  };
});
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

describe('serving the admin panel', () => {
  it.each(['/', '/login', '/admin/restaurants', '/manager', '/ProductStopList', '/ManagerProductTable/abc'])(
    'a browser opening %s gets index.html, revalidated on every load',
    async (url) => {
      const res = await app.inject({ url, headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>panel</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('sends the panel with a policy that allows only its own scripts and no framing by other sites', async () => {
    const res = await app.inject({ url: '/admin/restaurants', headers: html });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await app.inject({ url: '/assets/index-aaa.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Never revalidated, so no validators: their bytes would only count against the first load's budget.
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['last-modified']).toBeUndefined();
    // Nor Accept-Ranges: a small compressed asset is never fetched in parts.
    expect(res.headers['accept-ranges']).toBeUndefined();
  });

  it('serves assets of a rebuild without a restart', async () => {
    writeFileSync(join(dist, 'assets', 'index-bbb.js'), 'console.log(2)');
    const res = await app.inject({ url: '/assets/index-bbb.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(2)');
  });

  it('a missing asset is a 404, not index.html', async () => {
    const res = await app.inject({ url: '/assets/gone.js', headers: html });
    expect(res.statusCode).toBe(404);
  });

  it('an API client asking for JSON reaches the API, not the SPA', async () => {
    const res = await app.inject({ url: '/auth/profile', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().statusCode).toBe(401);
  });

  it('the API docs stay the server’s own page', async () => {
    const res = await app.inject({ url: '/docs/json', headers: html });
    expect(res.json().openapi).toBe('3.0.3');
  });

  it('hashed assets are never sniffed as another type', async () => {
    const res = await app.inject({ url: '/assets/index-aaa.js' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the panel is sent compressed, compressed once at build time', () => {
  it('the build writes brotli and gzip copies of text files, not of files too small to gain', () => {
    const written = precompressDir(dist).map((entry) => entry.file.replace(`${dist}/`, ''));
    expect(written.sort()).toEqual(['assets/big-bbb.js', 'assets/big-ccc.css']);
  });

  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)(
    'Accept-Encoding %s gets the %s copy of an asset, immutable, varying on Accept-Encoding',
    async (accept, encoding, decode) => {
      const res = await app.inject({ url: '/assets/big-bbb.js', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.length).toBeLessThan(BIG_JS.length / 3);
      expect(decode(res.rawPayload).toString()).toBe(BIG_JS);
    },
  );

  it('a client that accepts no compression gets the original file', async () => {
    const res = await app.inject({ url: '/assets/big-ccc.css', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/text\/css/);
    expect(res.body).toBe(BIG_CSS);
  });

  it('HEAD answers the same headers without a body', async () => {
    const get = await app.inject({ url: '/assets/big-bbb.js', headers: { 'accept-encoding': 'br' } });
    const head = await app.inject({ method: 'HEAD', url: '/assets/big-bbb.js', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.rawPayload.length).toBe(0);
  });

  it('a Range request gets the whole file (200): an asset is never sent in parts, so never in a wrong encoding', async () => {
    const plain = await app.inject({ url: '/assets/big-ccc.css', headers: { range: 'bytes=0-9' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-range']).toBeUndefined();
    expect(plain.body).toBe(BIG_CSS);
    const whole = await app.inject({ url: '/assets/big-ccc.css', headers: { 'accept-encoding': 'gzip' } });
    const asked = await app.inject({
      url: '/assets/big-ccc.css',
      headers: { 'accept-encoding': 'gzip', range: 'bytes=0-9' },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-encoding']).toBe('gzip');
    expect(asked.rawPayload.equals(whole.rawPayload)).toBe(true);
  });

  it('a file without compressed copies is sent as it is', async () => {
    const res = await app.inject({ url: '/assets/index-aaa.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
  });
});

describe('the panel page is the same however it is addressed', () => {
  const panelHeaders = (headers: Record<string, unknown>) => ({
    'content-type': headers['content-type'],
    'cache-control': headers['cache-control'],
    'content-security-policy': headers['content-security-policy'],
    'x-frame-options': headers['x-frame-options'],
    'x-content-type-options': headers['x-content-type-options'],
    'referrer-policy': headers['referrer-policy'],
  });
  let expected: ReturnType<typeof panelHeaders>;
  beforeAll(async () => {
    expected = panelHeaders((await app.inject({ url: '/login', headers: html })).headers);
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it.each<[method: 'GET' | 'HEAD', url: string, accept: string | undefined]>([
    ['GET', '/', undefined], // curl, an uptime monitor, a load balancer's health check
    ['GET', '/', '*/*'],
    ['GET', '/', html.accept],
    ['HEAD', '/', undefined],
    ['GET', '/index.html', undefined],
    ['GET', '/index.html', html.accept],
    ['GET', '/index.html?from=bookmark', html.accept],
    ['HEAD', '/index.html', undefined],
    ['HEAD', '/admin/restaurants', html.accept],
  ])('%s %s (Accept: %s) answers the panel with its policy and no framing', async (method, url, accept) => {
    const res = await app.inject({ method, url, headers: accept ? { accept } : {} });
    expect(res.statusCode).toBe(200);
    expect(panelHeaders(res.headers)).toEqual(expected);
    if (method === 'GET') expect(res.body).toContain('<title>panel</title>');
    else expect(res.body).toBe('');
  });
});

describe('paths that are not the panel’s answer like the API, in Uzbek', () => {
  const longSegment = 'a'.repeat(300); // over the 255 bytes a file name may have

  it.each([
    ['an unknown path', '/nope'],
    ['an unknown file', '/robots.txt'],
    ['an over-long path', `/${longSegment}`],
    ['an over-long path below a real one', `/login/${longSegment}`],
    ['the assets folder itself', '/assets/'],
    ['a path that climbs out of the assets', '/assets/..%2Findex.html'],
  ])('%s is a 404 with the API’s error shape', async (_what, url) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await app.inject({ method, url, headers: { accept: 'application/json' } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      if (method === 'GET') {
        expect(res.json()).toEqual({
          statusCode: 404,
          error: 'Not Found',
          message: expect.stringMatching(/topilmadi\.$/),
        });
      }
    }
  });

  // Fastify's router refuses these before any route or hook runs (a path parameter over 100 characters, a broken
  // percent-encoding); the status and sentence are server/plugins/errors.ts's, the shape and headers the API's.
  it.each([
    ['an over-long asset name', `/assets/${longSegment}.js`],
    ['an over-long id of an API call', `/user/products/${longSegment}`],
    ['an over-long menu address', `/menu/${longSegment}`],
    ['a broken percent-encoding', '/user/products/%E0%A4%A'],
  ])('%s is refused with the API’s error shape, not stored, not sniffed', async (_what, url) => {
    for (const accept of ['application/json', html.accept]) {
      const res = await app.inject({ url, headers: { accept } });
      expect([400, 414]).toContain(res.statusCode);
      expect(res.json()).toEqual({
        statusCode: res.statusCode,
        error: STATUS_CODES[res.statusCode],
        message: expect.stringMatching(/^So'rov manzili /),
      });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('a server whose panel is not built yet', () => {
  it('answers / with a 503 in Uzbek in the API’s error shape, not stored', async () => {
    const t = await createTestApp(); // its distDir does not exist
    try {
      const res = await t.app.inject({ url: '/', headers: html });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: expect.stringContaining('npm run build'),
      });
      expect(res.json().message).toMatch(/^Boshqaruv paneli hali yig'ilmagan/);
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  });
});
