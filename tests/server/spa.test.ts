import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { freshDatabase } from '../support/database';

// The server serves a built SPA: a fake build in a temporary folder stands in for dist/.
const dir = mkdtempSync(join(tmpdir(), 'menyu-spa-'));
const dist = join(dir, 'dist');
let app: Awaited<ReturnType<typeof buildApp>>;
let close: () => Promise<void>;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>panel</title>');
  writeFileSync(join(dist, 'assets', 'index-aaa.js'), 'console.log(1)');
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
});
