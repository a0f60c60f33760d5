/**
 * Writes the API's OpenAPI document (what /docs/json serves) to a file, without a database or a listener: building
 * the document queries nothing, so the app gets a stand-in database that refuses every query (a fresh in-memory
 * PGlite would cost ~12 s of initdb; this script runs in `npm run lint`).
 *
 *   tsx scripts/openapi.ts [out.json]     (default: .test-output/openapi.json)
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Database, Db } from '../server/db/client';

export const DEFAULT_OPENAPI_FILE = fileURLToPath(new URL('../.test-output/openapi.json', import.meta.url));

/** The document as /docs/json would answer it; `env` as the environment would set it (PUBLIC_URL → servers). */
export async function buildOpenApiDocument(env: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'menyu-openapi-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'openapi-document-secret-0123456789abcdef',
    LOG_LEVEL: 'silent',
    DEMO: '0',
    POS_SYNC_MINUTES: '0',
    ...env,
  });
  const database = noDatabase();
  const app = await buildApp(config, { database, logger: false, distDir: join(dataDir, 'no-dist') });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A Database whose every use throws: the document must never need one. */
function noDatabase(): Database {
  const db = new Proxy({} as Db, {
    get: (_target, property) => {
      // Fastify's decorate() looks for accessor options; a promise check looks for `then`.
      if (typeof property === 'symbol' || ['getter', 'setter', 'then'].includes(property)) return undefined;
      throw new Error(`scripts/openapi.ts: no database here (db.${String(property)} was used)`);
    },
  });
  const refuse = () => Promise.reject(new Error('scripts/openapi.ts: no database here (subscribe was used)'));
  return { db, kind: 'pglite', close: async () => {}, subscribe: refuse };
}

export async function writeOpenApiDocument(file = DEFAULT_OPENAPI_FILE): Promise<string> {
  const document = await buildOpenApiDocument();
  mkdirSync(dirname(file), { recursive: true });
  // Written whole, then renamed: a lint running at the same time never reads half a file.
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(document, null, 2)}\n`);
  renameSync(partial, file);
  return file;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = await writeOpenApiDocument(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(file);
}
