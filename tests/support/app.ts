import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import type { Database, Db } from '../../server/db/client';
import { freshDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  /** Closes the app, the database and removes the temporary DATA_DIR. */
  close(): Promise<void>;
}

/**
 * The real server on a fresh database, for `app.inject` (or `listen` for browser tests).
 * `env` overrides configuration variables exactly as the environment would.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<
    BuildOptions,
    | 'telegramTickMs'
    | 'telegramPollSeconds'
    | 'eventsRecheckMs'
    | 'logger'
    | 'tillSender'
    | 'printSender'
    | 'shareLimits'
  > = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'menyu-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    // No test reaches Telegram's real servers: outside demo mode (which runs the Bot API simulator) a restaurant with
    // a bot would be delivered to a closed local port unless the test names its own simulator.
    ...(env.DEMO === '1' ? {} : { TELEGRAM_API_URL: 'http://127.0.0.1:9' }),
    ...env,
  });
  const database = await freshDatabase();
  const app = await buildApp(config, { database, logger: false, distDir: join(dataDir, 'no-dist'), ...options });
  await app.ready();
  let closing: Promise<void> | undefined;
  return {
    app,
    db: database.db,
    database,
    config,
    // Once: a test that closes its app itself (to check what closing does) leaves the afterAll nothing to do.
    close: () => {
      closing ??= (async () => {
        await app.close();
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}
