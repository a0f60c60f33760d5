import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The extensions our migrations create (0006: pg_trgm, for the admin search's trigram indexes). PGlite can only load an
 * extension when it starts, so every PGlite that runs our migrations, or opens a database made by them (a data folder,
 * the tests' template dump), must be created with these: through createPglite.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Where DATA_DIR keeps the embedded database's files (beside the uploads): the server, backup and restore agree on it. */
export const pgliteFolderOf = (dataDir: string) => join(dataDir, 'pgdata');

/** PGlite.create with our extensions; `dataDir` omitted: in memory. */
export function createPglite(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite> {
  const withExtensions = { ...options, extensions: { ...PGLITE_EXTENSIONS, ...options.extensions } };
  return dataDir === undefined ? PGlite.create(withExtensions) : PGlite.create(dataDir, withExtensions);
}
