import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dinerRequest, planEvening } from '../../bench/friday-evening';
import {
  FRIDAY_MANAGER,
  FRIDAY_RESTAURANTS,
  FRIDAY_TABLES,
  type FridayRestaurant,
  seedFriday,
} from '../../bench/friday-seed';
import { createTestApp, type TestApp } from '../support/app';

/**
 * The Friday evening bench's chain and diners (bench/friday.ts runs only on PostgreSQL with two processes, so it is
 * never run here): what it seeds takes the orders, calls and staff tickets it sends, as it sends them.
 */
let t: TestApp;
let chain: FridayRestaurant[];
beforeAll(async () => {
  t = await createTestApp();
  chain = await seedFriday(t.db);
});
afterAll(() => t.close());

describe('seedFriday', () => {
  it('seeds ten restaurants of 30 tables, all watched by the one manager', async () => {
    expect(chain.map((restaurant) => restaurant.tableTokens.length)).toEqual(
      Array(FRIDAY_RESTAURANTS).fill(FRIDAY_TABLES),
    );
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: FRIDAY_MANAGER });
    expect(login.statusCode).toBe(200);
    const authorization = `Bearer ${login.json().data.accessToken}`;
    for (const restaurant of chain) {
      const ticket = await t.app.inject({
        method: 'POST',
        url: '/manager/events/ticket',
        headers: { authorization },
        payload: { restaurant_id: restaurant.restaurantId },
      });
      expect(ticket.statusCode).toBe(200);
    }
  });

  it("a diner's order and call, as the bench sends them, are each answered 201 at the diner's table", async () => {
    // The fifth table of the last restaurant.
    const diner = (FRIDAY_RESTAURANTS - 1) * FRIDAY_TABLES + 4;
    const send = (kind: 'order' | 'bill') => {
      const request = dinerRequest({ diner, kind }, chain);
      return t.app.inject({ method: 'POST', url: request.path, headers: request.headers, payload: request.body });
    };
    const order = await send('order');
    expect(order.statusCode).toBe(201);
    expect(order.json().data).toMatchObject({ table: { name: '5' }, needs_confirmation: false });
    expect(order.json().data.items).toHaveLength(3);
    const call = await send('bill');
    expect(call.statusCode).toBe(201);
    expect(call.json().data).toMatchObject({ type: 'bill', table: { name: '5' } });
    expect(dinerRequest({ diner, kind: 'order' }, chain).path).toBe(`/menu/${chain.at(-1)!.slug}/orders`);
  });
});

describe('planEvening', () => {
  const shape = { restaurants: 10, tables: 30, seconds: 60, seed: 5 };
  const plan = planEvening(shape);
  const byDiner = new Map<number, typeof plan>();
  for (const action of plan) byDiner.set(action.diner, [...(byDiner.get(action.diner) ?? []), action]);

  it('is the same evening for the same seed, another for another', () => {
    expect(planEvening(shape)).toEqual(plan);
    expect(planEvening({ ...shape, seed: 6 })).not.toEqual(plan);
  });

  it('gives every diner 1–3 orders and 0–2 calls of different types within the window, in time order', () => {
    expect(byDiner.size).toBe(300);
    for (const actions of byDiner.values()) {
      const orders = actions.filter((action) => action.kind === 'order').length;
      const calls = actions.filter((action) => action.kind !== 'order').map((action) => action.kind);
      expect(orders).toBeGreaterThanOrEqual(1);
      expect(orders).toBeLessThanOrEqual(3);
      expect(new Set(calls).size).toBe(calls.length);
    }
    expect(plan.every((action) => action.atMs >= 0 && action.atMs < 60_000)).toBe(true);
    expect(plan.map((action) => action.atMs)).toEqual(plan.map((action) => action.atMs).sort((a, b) => a - b));
    // Over 300 diners every count occurs.
    const counts = (kind: (k: string) => boolean) =>
      new Set([...byDiner.values()].map((actions) => actions.filter((action) => kind(action.kind)).length));
    expect(counts((k) => k === 'order')).toEqual(new Set([1, 2, 3]));
    expect(counts((k) => k !== 'order')).toEqual(new Set([0, 1, 2]));
  });

  it("sends each diner's actions to the two processes in turn", () => {
    for (const actions of byDiner.values()) {
      for (let k = 1; k < actions.length; k++) expect(actions[k]!.process).not.toBe(actions[k - 1]!.process);
    }
    expect(new Set(plan.map((action) => action.process))).toEqual(new Set([0, 1]));
  });
});
