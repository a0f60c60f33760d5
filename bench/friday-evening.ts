import { randomUUID } from 'node:crypto';
import type { FridayRestaurant } from './friday-seed';
import { orderBody, phoneAddress } from './orders';

/**
 * What the Friday evening's diners do (bench/friday.ts), planned ahead from a seed so every run sends the same
 * evening: one diner per table, each placing 1–3 orders and making 0–2 calls at random moments of the window, each
 * action sent to the server processes in turn.
 *
 * A diner's two calls are never of the same type: the server answers the same table's same call within 60 s with a
 * 429 by design (server/routes/menu/table-limits.ts), and the compressed evening is about that long. Every other limit
 * stays far away: at most 3 orders and 2 calls per device (15 and 30 allowed per 10 minutes), each diner its own
 * address and device, at most 3 orders per table (past 10 an hour an order waits for confirmation, still a 201).
 */

export type ActionKind = 'order' | 'waiter' | 'bill';

export interface DinerAction {
  /** When to send it, from the evening's start. */
  atMs: number;
  /** The diner, one per table: restaurant `Math.floor(diner / tables)`, its table `diner % tables`. */
  diner: number;
  kind: ActionKind;
  /** Which server process it goes to (0 or 1). */
  process: number;
}

/** A small deterministic generator (mulberry32): the same seed gives the same evening. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function planEvening(options: {
  restaurants: number;
  tables: number;
  seconds: number;
  seed: number;
  processes?: number;
}): DinerAction[] {
  const random = seededRandom(options.seed);
  const processes = options.processes ?? 2;
  const pick = (count: number) => Math.floor(random() * count);
  const actions: DinerAction[] = [];
  for (let diner = 0; diner < options.restaurants * options.tables; diner++) {
    const kinds: ActionKind[] = Array.from({ length: 1 + pick(3) }, () => 'order');
    const calls = pick(3);
    if (calls === 2) kinds.push('waiter', 'bill');
    else if (calls === 1) kinds.push(random() < 0.5 ? 'waiter' : 'bill');
    const own = kinds
      .map((kind) => ({ atMs: Math.floor(random() * options.seconds * 1000), diner, kind }))
      .sort((a, b) => a.atMs - b.atMs);
    // The diner's actions in time order alternate between the processes, starting from a different one per diner.
    actions.push(...own.map((action, k) => ({ ...action, process: (diner + k) % processes })));
  }
  return actions.sort((a, b) => a.atMs - b.atMs);
}

/** The request a diner's phone sends for `action`: path, headers and body, as the menu page sends them. */
export function dinerRequest(
  action: Pick<DinerAction, 'diner' | 'kind'>,
  chain: readonly FridayRestaurant[],
): { path: string; headers: Record<string, string>; body: string } {
  const tables = chain[0]!.tableTokens.length;
  const restaurant = chain[Math.floor(action.diner / tables)]!;
  const table = action.diner % tables;
  const phone = {
    'content-type': 'application/json',
    'x-device-id': `friday-diner-${action.diner}`,
    // Each diner its own phone: the server trusts the loopback proxy (TRUST_PROXY=127.0.0.1).
    'x-forwarded-for': phoneAddress(action.diner + 1),
  };
  if (action.kind === 'order') {
    return {
      path: `/menu/${restaurant.slug}/orders`,
      headers: { ...phone, 'idempotency-key': randomUUID() },
      body: orderBody(restaurant, table),
    };
  }
  return {
    path: `/menu/${restaurant.slug}/calls`,
    headers: phone,
    body: JSON.stringify({ table_id: restaurant.tableTokens[table], type: action.kind }),
  };
}
