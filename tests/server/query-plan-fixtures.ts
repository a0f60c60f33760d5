import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type Database, rowsOf } from '../../server/db/client';
import { freshDatabase } from '../support/database';

/**
 * What the database's planner picks for the tests that hold queries to their indexes. `restaurantsAtScale`: the admin's
 * restaurant search at 2,500 restaurants, a database of its own where every 250th restaurant is called `${name} <n>`
 * and the rest "Benchmark restoran <n>".
 */
export function restaurantsAtScale(name: string): { db: () => Database['db'] } {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
    await database.db.execute(sql`insert into users (login, password_hash, role) values ('m', 'x', 'manager')`);
    await database.db.execute(sql`insert into restaurants (name, slug, address, phone_number, manager_id)
      select case when g % 250 = 0 then ${`${name} `} || g else 'Benchmark restoran ' || g end, 'r-' || g, 'Toshkent',
             '+998 71 000 00 00', (select id from users where login = 'm')
      from generate_series(1, 2500) g`);
    await database.db.execute(sql`analyze restaurants`);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });
  return { db: () => database.db };
}

/** A node of a plan as EXPLAIN (FORMAT JSON) gives it, with the fields the tests read. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** Every node of the plan the database picks for a query, flattened (PGlite answers the plan as text, pg as JSON). */
export async function planNodes(db: Database['db'], query: SQLWrapper): Promise<PlanNode[]> {
  const result = await db.execute(sql`explain (format json) ${query.getSQL() as SQL}`);
  const raw = rowsOf<{ 'QUERY PLAN': unknown }>(result)[0]!['QUERY PLAN'];
  const [top] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(top.Plan);
  return nodes;
}

/** The indexes the planner reads for a query, and how many times it reads the restaurants table whole. */
export async function planOf(db: Database['db'], query: SQLWrapper): Promise<{ indexes: string[]; seqScans: number }> {
  const nodes = await planNodes(db, query);
  return {
    indexes: nodes.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : [])),
    seqScans: nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'restaurants')
      .length,
  };
}
