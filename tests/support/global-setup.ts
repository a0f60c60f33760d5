import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { createPglite } from '../../server/db/pglite';
import { PG_TEMPLATE_DB, TEMPLATE_DUMP } from './template';

/** Migrates one template database once per run; test files then copy it instead of migrating again. */
export default async function setup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${PG_TEMPLATE_DB}`;
    const database = await openDatabase({ databaseUrl: templateUrl.toString() });
    await database.close();
    return;
  }
  const pglite = await createPglite();
  const database = await openDatabase({ pglite });
  const dump = await pglite.dumpDataDir('gzip');
  await database.close();
  mkdirSync(dirname(TEMPLATE_DUMP), { recursive: true });
  writeFileSync(TEMPLATE_DUMP, Buffer.from(await dump.arrayBuffer()));
}
