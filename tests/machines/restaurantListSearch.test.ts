import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Restaurant } from '../../client/types';
import { restaurantListMachine } from '../../machines/restaurants/restaurantList.machine';
import {
  selectDeleteTarget,
  selectIsEmpty,
  selectLoadFailed,
  selectNothingFound,
  selectPage,
  selectPageRows,
  selectRange,
} from '../../machines/restaurants/restaurantList.selectors';
import { confirmDeleteWith } from '../../machines/shared/confirmDelete.machine';
import { SEARCH_DEBOUNCE_MS } from '../../machines/shared/listQuery';
import { deferred } from './deferred';
import { resolving } from './helpers';
import { restaurantsPage } from './listServer';

/** The admin's restaurant list pages, searches and filters on the server. */

const restaurant = (i: number, extra: Partial<Restaurant> = {}) =>
  ({
    _id: `r${i}`,
    name: `Restoran ${i}`,
    slug: `restoran-${i}`,
    phone_number: `+998 90 000 00 ${String(i).padStart(2, '0')}`,
    type: i % 5 === 0 ? 'integration' : 'manual',
    is_active: i % 3 !== 0,
    ...extra,
  }) as Restaurant;
type Asked = Parameters<ReturnType<typeof restaurantsPage>>[0];
type Answer = ReturnType<ReturnType<typeof restaurantsPage>>;
const all = Array.from({ length: 25 }, (_, i) => restaurant(i + 1));

function start(actors: Record<string, unknown> = {}) {
  const load = resolving(restaurantsPage(all));
  const machine = restaurantListMachine.provide({ actors: { loadRestaurants: load.logic, ...actors } as never });
  return { actor: createActor(machine).start(), loads: load.probe.inputs };
}

/** Lets the promise actors answer on the fake clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('restaurant list: the search box', () => {
  it('waits for a pause in typing: one call for the whole word, from page 1', async () => {
    const { actor, loads } = start();
    await settle();
    actor.send({ type: 'page.next' });
    await settle();
    expect(selectPage(actor.getSnapshot())).toBe(2);
    for (let i = 1; i <= 'restoran-7'.length; i++) {
      actor.send({ type: 'search.change', value: 'restoran-7'.slice(0, i) });
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 50);
    }
    // Every key so far came within the pause: the search is not sent yet, and the box shows what was typed.
    expect(loads).toHaveLength(2);
    expect(actor.getSnapshot().context.query).toBe('restoran-7');
    await vi.advanceTimersByTimeAsync(50);
    expect(loads).toHaveLength(3);
    expect(loads[2]).toEqual({ page: 1, limit: 10, q: 'restoran-7' });
    await settle();
    expect(selectPageRows(actor.getSnapshot()).map((r) => r.restaurant.slug)).toEqual(['restoran-7']);
    expect(selectRange(actor.getSnapshot())).toEqual({ first: 1, last: 1, total: 1 });
  });

  it('a search that matches nothing says so (not "no restaurants")', async () => {
    const { actor } = start();
    await settle();
    actor.send({ type: 'search.change', value: 'yoq-restoran' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    await settle();
    expect(selectNothingFound(actor.getSnapshot())).toBe(true);
    expect(selectIsEmpty(actor.getSnapshot())).toBe(false);
    expect(selectRange(actor.getSnapshot())).toEqual({ first: 0, last: 0, total: 0 });
  });
});

describe('restaurant list: the filters', () => {
  it('status and type are sent at once, and each goes back to page 1', async () => {
    const { actor, loads } = start();
    await settle();
    actor.send({ type: 'page.next' });
    await settle();
    actor.send({ type: 'filter.status', value: 'inactive' });
    expect(loads.at(-1)).toEqual({ page: 1, limit: 10, q: '', is_active: false });
    await settle();
    expect(selectPageRows(actor.getSnapshot()).every((r) => !r.restaurant.is_active)).toBe(true);
    actor.send({ type: 'filter.type', value: 'integration' });
    expect(loads.at(-1)).toEqual({ page: 1, limit: 10, q: '', is_active: false, type: 'integration' });
    await settle();
    // Restaurants 15 (integration, every 3rd inactive) only.
    expect(selectPageRows(actor.getSnapshot()).map((r) => r.restaurant._id)).toEqual(['r15']);
    actor.send({ type: 'filter.status', value: 'all' });
    actor.send({ type: 'filter.type', value: 'all' });
    expect(loads.at(-1)).toEqual({ page: 1, limit: 10, q: '' });
  });

  it('the counters stay those of every restaurant whatever the filter', async () => {
    const { actor } = start();
    await settle();
    actor.send({ type: 'filter.status', value: 'active' });
    await settle();
    expect(actor.getSnapshot().context.counts).toEqual({ all_count: 25, active_count: 17, inactive_count: 8 });
    expect(actor.getSnapshot().context.total).toBe(17);
  });
});

describe('restaurant list: answers out of turn', () => {
  it('a slower older answer never replaces a newer one (its call is aborted)', async () => {
    const load = deferred<Answer, Asked>();
    const { actor } = start({ loadRestaurants: load.logic });
    load.calls[0]!.resolve(restaurantsPage(all)(load.calls[0]!.input));
    await settle();
    actor.send({ type: 'filter.status', value: 'inactive' });
    actor.send({ type: 'filter.status', value: 'active' });
    expect(load.calls).toHaveLength(3);
    expect(load.calls[1]!.aborted).toBe(true);
    // The newer answers first, then the older one arrives anyway.
    load.calls[2]!.resolve(restaurantsPage(all)(load.calls[2]!.input));
    await settle();
    load.calls[1]!.resolve(restaurantsPage(all)(load.calls[1]!.input));
    await settle();
    expect(selectPageRows(actor.getSnapshot()).every((r) => r.restaurant.is_active)).toBe(true);
    expect(actor.getSnapshot().context.total).toBe(17);
  });

  it('typing while a page loads drops that page: the search decides what is shown', async () => {
    const load = deferred<Answer, Asked>();
    const { actor } = start({ loadRestaurants: load.logic });
    load.calls[0]!.resolve(restaurantsPage(all)(load.calls[0]!.input));
    await settle();
    actor.send({ type: 'page.next' });
    actor.send({ type: 'search.change', value: 'Restoran 3' });
    expect(load.calls[1]!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    load.calls[1]!.resolve(restaurantsPage(all)(load.calls[1]!.input));
    load.calls[2]!.resolve(restaurantsPage(all)(load.calls[2]!.input));
    await settle();
    expect(selectPageRows(actor.getSnapshot()).map((r) => r.restaurant.name)).toEqual(['Restoran 3']);
    expect(selectPage(actor.getSnapshot())).toBe(1);
  });
});

describe('restaurant list: a delete asked while another page loads', () => {
  it('the question keeps naming its restaurant when the new page arrives without it, and Ha deletes that one', async () => {
    const remove = resolving(undefined);
    const { actor } = start({ confirmDelete: confirmDeleteWith(remove.logic) });
    await settle();
    actor.send({ type: 'page.next' });
    actor.send({ type: 'restaurant.delete', id: 'r2' });
    await settle();
    expect(selectPageRows(actor.getSnapshot())[0]!.restaurant._id).toBe('r11');
    expect(selectDeleteTarget(actor.getSnapshot())?.name).toBe('Restoran 2');
    actor.send({ type: 'confirm.yes' });
    await settle();
    expect(remove.probe.inputs).toEqual([{ slug: 'restoran-2' }]);
  });
});

describe('restaurant list: reloads and failures', () => {
  it('a save elsewhere (restaurants.reload) reloads the page shown with its search and filters', async () => {
    const { actor, loads } = start();
    await settle();
    actor.send({ type: 'filter.type', value: 'manual' });
    await settle();
    actor.send({ type: 'page.next' });
    await settle();
    actor.send({ type: 'restaurants.reload' });
    expect(loads.at(-1)).toEqual({ page: 2, limit: 10, q: '', type: 'manual' });
  });

  it('a failed search keeps the rows shown with the error; the next change tries again', async () => {
    let fail = false;
    const load = resolving((input: Asked) => {
      if (fail) throw new Error('down');
      return restaurantsPage(all)(input);
    });
    const { actor } = start({ loadRestaurants: load.logic });
    await settle();
    fail = true;
    actor.send({ type: 'filter.status', value: 'inactive' });
    await settle();
    expect(selectLoadFailed(actor.getSnapshot())).toBe(true);
    expect(selectPageRows(actor.getSnapshot())).toHaveLength(10);
    fail = false;
    actor.send({ type: 'search.change', value: 'Restoran 9' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    await settle();
    expect(selectLoadFailed(actor.getSnapshot())).toBe(false);
    expect(selectPageRows(actor.getSnapshot()).map((r) => r.restaurant.name)).toEqual(['Restoran 9']);
  });
});
