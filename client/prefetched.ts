/**
 * GET answers the route preloader (scripts/route-preload.ts) asked for on a direct visit, before the panel's code had
 * run: a list screen's first call then travels while the code is still downloading instead of after it has run (one
 * round trip less before the rows show, on mobile data most of a second). The screen's machine still makes its call;
 * the call's client function asks through `requestPrefetched`, which hands it the answer already under way when the
 * address and the token are the ones the preloader used. (Only those functions: the login page's code, within its
 * 140 KB, does not carry this.)
 *
 * An answer is taken once, and only while it is fresh: a screen that asks again (a reload, another page) asks the
 * server. An answer that is not a success is not used: the call is made again so that its error takes the usual path.
 */

import { type CallOptions, request } from './client';
import { readToken } from './storage';

/** The global the preloader writes its calls to: address (path and query) → the call. */
export const PREFETCHED_KEY = '__menyuPrefetched';

/** How long after it was started an answer may stand in for a call. */
export const PREFETCH_FRESH_MS = 10_000;

export interface PrefetchedCall {
  /** The session token the call was made with. */
  token: string;
  /** Date.now() when it was started. */
  at: number;
  /** The answer, or null when the server could not be reached. */
  answer: Promise<Response | null>;
}

type PrefetchedCalls = Record<string, PrefetchedCall | undefined>;

function calls(): PrefetchedCalls | undefined {
  return (globalThis as Record<string, unknown>)[PREFETCHED_KEY] as PrefetchedCalls | undefined;
}

/** A GET's address as the preloader writes it: the path, then the query in the order the client gives it. */
export function prefetchAddress(path: string, query: Record<string, string> | undefined): string {
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}

/**
 * The preloaded answer's body for this call: undefined at once when none is left for it (none started, or taken), it
 * is stale or it was made with another token; otherwise a promise of the body, or of undefined when the answer is
 * not a success or not JSON. Either undefined means: ask the server.
 */
export function takePrefetched(address: string, token: string): Promise<unknown> | undefined {
  const table = calls();
  const call = table?.[address];
  if (!table || !call) return undefined;
  delete table[address];
  return call.token === token && Date.now() - call.at <= PREFETCH_FRESH_MS
    ? call.answer.then((answer) => (answer?.ok ? answer.json() : undefined)).catch(() => undefined)
    : undefined;
}

/** A GET the route preloader may have started already (src/router/preload-table.ts `prefetchTable`), else `request`. */
export async function requestPrefetched<T>(
  path: string,
  options: CallOptions & { query?: Record<string, string> } = {},
): Promise<T> {
  const token = readToken();
  const early = token ? takePrefetched(prefetchAddress(path, options.query), token) : undefined;
  const body = early && (await early);
  return body === undefined ? request<T>(path, options) : (body as T);
}
