import type { PgPreparedQuery, PreparedQueryConfig, SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** What drizzle's prepared select keeps of its builder: the text with its placeholders and how a row is mapped. */
interface BuiltSelect {
  queryString: string;
  params: unknown[];
  fields: SelectedFieldsOrdered;
  joinsNotNullableMap?: Record<string, boolean>;
}

/** A select's builder that drizzle can prepare (`.prepare(name)` of any `db.select()…`). */
interface Preparable<Row> {
  prepare(name: string): PgPreparedQuery<PreparedQueryConfig & { execute: Row[] }>;
}

/**
 * A select on the hot path whose SQL is made once. Drizzle builds a query's text anew at every call: on the order path
 * its builders were a fifth of the server's CPU per order. `build` runs once, with `sql.placeholder(name)` where the
 * values go; each call then runs that text on its own executor (the pool or a transaction: a row lock taken here
 * belongs to the caller's transaction) with its values, its rows mapped as drizzle maps them.
 *
 * `name` is the statement's name on PostgreSQL: each connection parses and plans it once, then only binds it. A
 * placeholder given as an inserted column's value goes through that column's encoder (a jsonb value is written as
 * JSON); one inside a condition or a `sql` fragment is sent as it is (ids, text, numbers, booleans and arrays of those,
 * cast in the SQL where PostgreSQL cannot tell the type).
 */
export function reusableSelect<Values extends object, Row>(
  name: string,
  build: (db: Executor) => Preparable<Row>,
): (db: Executor, values: Values) => Promise<Row[]> {
  let built: BuiltSelect | undefined;
  return (db, values) => {
    // drizzle's prepared query keeps these as its own (undeclared) fields: the text, params and fields it made.
    built ??= build(db).prepare(name) as unknown as BuiltSelect;
    const query = db._.session.prepareQuery<PreparedQueryConfig & { execute: Row[] }>(
      { sql: built.queryString, params: built.params },
      built.fields,
      name,
      true,
    );
    (query as unknown as { joinsNotNullableMap?: Record<string, boolean> }).joinsNotNullableMap =
      built.joinsNotNullableMap;
    return query.execute(values as Record<string, unknown>);
  };
}
