/**
 * Keeping the screen's lists true whatever the order in which answers and live events arrive: every object carries
 * `updatedAt`, and the newer copy of an id wins. An event replayed after a reconnect (the same id and updatedAt), or a
 * list reloaded after it, changes nothing, and the unchanged list is the same array (React re-renders nothing).
 */

export interface Versioned {
  _id: string;
  createdAt: string;
  updatedAt: string;
}

/** ISO 8601 timestamps of one format compare as strings; Date.parse keeps it right for any offset. */
const newer = (a: string, b: string) => Date.parse(a) > Date.parse(b);
const newestFirst = (a: Versioned, b: Versioned) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

/** The list with `incoming` in it: added (newest first), replaced when newer, or the same list when not. */
export function upsert<T extends Versioned>(list: readonly T[], incoming: T): readonly T[] {
  const index = list.findIndex((item) => item._id === incoming._id);
  if (index < 0) return [...list, incoming].sort(newestFirst);
  if (!newer(incoming.updatedAt, list[index]!.updatedAt)) return list;
  const next = [...list];
  next[index] = incoming;
  return next;
}

/** Every item of a loaded answer merged in (items the answer leaves out, beyond its page, stay). */
export function mergeAll<T extends Versioned>(list: readonly T[], loaded: readonly T[]): readonly T[] {
  return loaded.reduce<readonly T[]>((acc, item) => upsert(acc, item), list);
}

/** Whether the list already holds this id (a replayed "created" event is not a new order). */
export const knows = (list: readonly Versioned[], id: string) => list.some((item) => item._id === id);
