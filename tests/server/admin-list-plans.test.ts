import { type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import {
  restaurantMatchCountQuery,
  restaurantPageQuery,
  restaurantSearchPageQuery,
} from '../../server/repositories/restaurants';
import { managerPageQuery } from '../../server/repositories/users';
import { freshDatabase } from '../support/database';
import { type PlanNode, planNodes } from './query-plan-fixtures';

/**
 * At 2,500 restaurants (and as many managers) the admin lists' queries read indexes, not every row: the
 * first page from the list's order index without sorting everything, a search from the trigram index. Asked of the
 * database's own planner (EXPLAIN), on PGlite and, with DATABASE_URL, on PostgreSQL; rows are written after the
 * indexes exist, as on a live platform, and the tables analyzed as the server's upkeep (or autovacuum) does. Names
 * repeat from batch to batch as the scale bench's do ('Benchmark restoran 1'…'100', slugs r<batch>-<n>, one phone): the statistics
 * then expect ~10 times more matches for 'r1-5' than there are, the trap a LIMITed ordered walk falls into (on the
 * bench's own 2,500 restaurants the planner walked restaurants_created_idx for it; this smaller copy of its data does
 * not reproduce that choice, so the search's test is that its query reads the trigram index and never that walk).
 */
let database: Database;
const SIZE = 2500;

beforeAll(async () => {
  database = await freshDatabase();
  const db = database.db;
  for (let from = 0; from < SIZE; from += 100) {
    const batch = from / 100 + 1;
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into users (login, password_hash, role)
        select 'manager-' || lpad((${from}::int + g)::text, 5, '0'), 'x', 'manager' from generate_series(1, 100) g`);
      await tx.execute(sql`insert into restaurants (name, slug, address, phone_number, manager_id)
        select 'Benchmark restoran ' || g, 'r' || ${batch}::int || '-' || g, 'Toshkent, ' || g || '-uy',
               case when g = 12 then '+998 71 012 00 00' else '+998 71 000 00 00' end,
               (select id from users where login = 'manager-' || lpad((${from}::int + g)::text, 5, '0'))
        from generate_series(1, 100) g`);
    });
  }
  await db.execute(sql`analyze restaurants`);
  await db.execute(sql`analyze users`);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const planOf = (query: SQLWrapper) => planNodes(database.db, query);

const indexesOf = (nodes: PlanNode[]) => nodes.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : []));
const seqScansOf = (nodes: PlanNode[], table: string) =>
  nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === table);
const sorts = (nodes: PlanNode[]) => nodes.filter((node) => node['Node Type'].includes('Sort'));

const firstPage = { page: 1, limit: 20 };

describe(`admin list plans at ${SIZE} restaurants`, () => {
  it('the first page of restaurants comes from restaurants_created_idx, in order (no sort of every restaurant)', async () => {
    const nodes = await planOf(restaurantPageQuery(database.db, {}, firstPage));
    expect(indexesOf(nodes)).toContain('restaurants_created_idx');
    expect(sorts(nodes)).toEqual([]);
    expect(seqScansOf(nodes, 'restaurants')).toEqual([]);
  });

  it.each(['r1-5', 'R25-10', 'r13-51'])(
    'a search (q=%j) reads the trigram index once for its page and total, never walking every restaurant in order',
    async (q) => {
      const nodes = await planOf(restaurantSearchPageQuery(database.db, { q }, firstPage));
      expect(seqScansOf(nodes, 'restaurants')).toEqual([]);
      expect(indexesOf(nodes)).toContain('restaurants_search_trgm_idx');
      expect(indexesOf(nodes)).not.toContain('restaurants_created_idx');
      // A page past the last counts apart.
      const counted = await planOf(restaurantMatchCountQuery(database.db, { q }));
      expect(seqScansOf(counted, 'restaurants')).toEqual([]);
    },
  );

  it('a phone number in digits reads the digits index as well', async () => {
    const nodes = await planOf(restaurantMatchCountQuery(database.db, { q: '71012' }));
    expect(seqScansOf(nodes, 'restaurants')).toEqual([]);
    expect(indexesOf(nodes)).toContain('restaurants_phone_digits_trgm_idx');
  });

  it('the first page of managers comes from users_role_login_idx, in order', async () => {
    const nodes = await planOf(managerPageQuery(database.db, {}, firstPage));
    expect(indexesOf(nodes)).toContain('users_role_login_idx');
    expect(sorts(nodes)).toEqual([]);
    expect(seqScansOf(nodes, 'users')).toEqual([]);
  });
});
