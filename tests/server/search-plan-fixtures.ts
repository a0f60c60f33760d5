import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type Database, rowsOf } from '../../server/db/client';
import { freshDatabase } from '../support/database';

/**
 * The admin's restaurant search at 2,500 restaurants, for the planner's choices: a database of its own where every
 * 250th restaurant is called `${name} <n>` and the rest "Benchmark restoran <n>"; and the plan of a query.
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

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The indexes the planner reads for a query, and how many times it reads the restaurants table whole. */
export async function planOf(
  db: Database['db'],
  query: { getSQL(): SQL },
): Promise<{ indexes: string[]; seqScans: number }> {
  const result = await db.execute(sql`explain (format json) ${query.getSQL()}`);
  const raw = rowsOf<{ 'QUERY PLAN': unknown }>(result)[0]!['QUERY PLAN'];
  const [top] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  const plan = { indexes: [] as string[], seqScans: 0 };
  const walk = (node: PlanNode) => {
    if (node['Index Name']) plan.indexes.push(node['Index Name']);
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'restaurants') plan.seqScans += 1;
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(top.Plan);
  return plan;
}
