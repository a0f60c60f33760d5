/**
 * Rows per multi-row INSERT. A sync can bring thousands of rows; one statement each would be slow (PGlite: ~1 ms a
 * row) and one statement for all could pass PostgreSQL's 65,535 bind parameters.
 */
const ROWS_PER_INSERT = 500;

/** Calls `insert` with consecutive slices of `rows`, one after the other (inside the caller's transaction). */
export async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await insert(rows.slice(i, i + ROWS_PER_INSERT));
}
