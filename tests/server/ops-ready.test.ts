import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { createPglite } from '../../server/db/pglite';
import { createTestApp, type TestApp } from '../support/app';
import { TEMPLATE_DUMP } from '../support/template';

/**
 * GET /ready tells a load balancer whether to send this process traffic: 200 while the database answers with every
 * migration applied and the server is not stopping, 503 otherwise (docs/operations.md).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ready = (app = t.app) => app.inject({ url: '/ready' });

describe('GET /ready', () => {
  it('answers 200 on a migrated database that answers', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', stopping: false, database: 'ok', migrations: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 once the server is marked stopping, while /health still answers 200', async () => {
    t.app.markStopping();
    expect(t.app.stopping).toBe(true);
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'not ready', stopping: true });
    expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
  });
});

describe('GET /ready on a database of its own', () => {
  // A PGlite this file owns: the shared test databases are given back open and must keep their migrations table.
  const openOwn = async () => {
    const pglite = await createPglite(undefined, { loadDataDir: new Blob([readFileSync(TEMPLATE_DUMP)]) });
    const database = await openDatabase({ pglite, migrate: false });
    const config = loadConfig({ DATA_DIR: '/nonexistent-menyu', JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' });
    const app = await buildApp(config, { database, logger: false, distDir: '/nonexistent-menyu/dist' });
    await app.ready();
    return { app, database, pglite };
  };

  it('answers 503 when the newest migration is not applied', async () => {
    const { app, database, pglite } = await openOwn();
    try {
      await pglite.exec(
        'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
      );
      const res = await ready(app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', stopping: false, database: 'ok', migrations: 'failed' });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('answers 503 when the database is closed', async () => {
    const { app, database } = await openOwn();
    try {
      await database.close();
      const res = await ready(app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', stopping: false, database: 'failed', migrations: 'skipped' });
    } finally {
      await app.close();
    }
  });

  it('closing the app marks it stopping (for whatever still asks during the close)', async () => {
    const { app, database } = await openOwn();
    expect(app.stopping).toBe(false);
    await app.close();
    await database.close();
    expect(app.stopping).toBe(true);
  });
});
