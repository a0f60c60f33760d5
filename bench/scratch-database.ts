import pg from 'pg';

/**
 * A PostgreSQL database of a bench's own next to DATABASE_URL's (`<name>_<suffix>`, created afresh, dropped with
 * `drop()`), so a bench never writes into the database it was pointed at: the role needs CREATEDB.
 */
export async function scratchDatabase(
  baseUrl: string,
  suffix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const url = new URL(baseUrl);
  const name = `${url.pathname.slice(1) || 'postgres'}_${suffix}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await run(`CREATE DATABASE "${name}"`);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
