import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readImports, sourceFiles } from '../../scripts/layers/imports';

/**
 * The server's layering (README, Repository layout): every query goes through server/repositories/, and the viewer a
 * route works for is typed, never asserted. Read from the sources, so a shortcut fails here rather than in review.
 */

const root = join(import.meta.dirname, '..', '..');

/** Where SQL may be written: the repositories, and the database's own plumbing (client, migrations, NOTIFY). */
const QUERY_FOLDERS = ['server/repositories/', 'server/db/'];
/**
 * The demo and benchmark data sets: fixed rows bulk-inserted in one transaction before any request is served, read
 * by nothing else; routing them through repositories would add a function per fixture table and no safety.
 */
const SEED_LOADERS = ['server/dev/demo/seed.ts', 'server/dev/bench-data.ts'];
const maySpeakSql = (file: string) =>
  QUERY_FOLDERS.some((folder) => file.startsWith(folder)) || SEED_LOADERS.includes(file);

/** A query needs a table object or drizzle's operators (eq, and, sql…); `import type` of a row type is harmless. */
const QUERY_CALL = /\b(db|tx)\s*\.\s*(select|selectDistinct|insert|update|delete|execute)\s*\(/;

describe('server layering', () => {
  const imports = readImports(root, ['server']);
  const files = sourceFiles(root, ['server']);

  it('reads the whole server', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('writes SQL only in server/repositories (and server/db)', () => {
    const offending = imports
      .filter((item) => !maySpeakSql(item.from))
      .filter((item) => item.target === 'drizzle-orm' || (item.target === 'server/db/schema' && !item.typeOnly))
      .map((item) => `${item.from} imports ${item.target}`);
    expect(offending).toEqual([]);
  });

  it('runs no query builder outside server/repositories (and server/db)', () => {
    const offending = files
      .filter((file) => !maySpeakSql(file))
      .filter((file) => QUERY_CALL.test(readFileSync(join(root, file), 'utf8')));
    expect(offending).toEqual([]);
  });

  it('never asserts that a request has a viewer (authenticated(request) is typed and answers 401)', () => {
    const offending = files.filter((file) => readFileSync(join(root, file), 'utf8').includes('viewer!'));
    expect(offending).toEqual([]);
  });

  it('takes Viewer from server/viewer.ts: nothing but app.ts imports the auth plugin', () => {
    const offending = imports
      .filter((item) => item.target === 'server/plugins/auth' && item.from !== 'server/app.ts')
      .map((item) => item.from);
    expect(offending).toEqual([]);
  });
});
