import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { managersMachine } from '../../machines/managers/managers.machine';
import {
  selectIsEmpty,
  selectLoadFailed,
  selectNothingFound,
  selectPage,
  selectPageRows,
  selectRange,
} from '../../machines/managers/managers.selectors';
import { confirmDeleteWith } from '../../machines/shared/confirmDelete.machine';
import { SEARCH_DEBOUNCE_MS } from '../../machines/shared/listQuery';
import { deferred } from './deferred';
import { resolving } from './helpers';
import { managersPage } from './listServer';

/** The admin's managers list pages and searches on the server. */

type Asked = Parameters<ReturnType<typeof managersPage>>[0];
type Answer = ReturnType<ReturnType<typeof managersPage>>;

const manager = (i: number) => ({
  _id: `m${i}`,
  login: `menedjer${String(i).padStart(2, '0')}`,
  is_active: i % 4 !== 0,
  restaurants_count: 0,
});
let all = Array.from({ length: 24 }, (_, i) => manager(i + 1));

function start(actors: Record<string, unknown> = {}) {
  const load = resolving(managersPage(() => all));
  const machine = managersMachine.provide({ actors: { loadManagers: load.logic, ...actors } as never });
  return { actor: createActor(machine).start(), loads: load.probe.inputs as Asked[] };
}
const settle = () => vi.advanceTimersByTimeAsync(0);
const logins = (actor: ReturnType<typeof start>['actor']) =>
  selectPageRows(actor.getSnapshot()).map((r) => r.manager.login);

beforeEach(() => {
  vi.useFakeTimers();
  all = Array.from({ length: 24 }, (_, i) => manager(i + 1));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('managers list: pages, search and status', () => {
  it('pages 10 at a time, numbered in the whole list', async () => {
    const { actor, loads } = start();
    await settle();
    expect(loads).toEqual([{ page: 1, limit: 10, q: '' }]);
    expect(actor.getSnapshot().can({ type: 'page.prev' })).toBe(false);
    actor.send({ type: 'page.next' });
    await settle();
    actor.send({ type: 'page.next' });
    await settle();
    expect(selectPage(actor.getSnapshot())).toBe(3);
    expect(selectPageRows(actor.getSnapshot()).map((r) => r.index)).toEqual([21, 22, 23, 24]);
    expect(selectRange(actor.getSnapshot())).toEqual({ first: 21, last: 24, total: 24 });
    expect(actor.getSnapshot().can({ type: 'page.next' })).toBe(false);
    actor.send({ type: 'page.prev' });
    await settle();
    expect(logins(actor)[0]).toBe('menedjer11');
  });

  it('typing is sent after a pause, from page 1; the status filter at once', async () => {
    const { actor, loads } = start();
    await settle();
    actor.send({ type: 'page.next' });
    await settle();
    actor.send({ type: 'search.change', value: 'menedjer1' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(loads).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(loads.at(-1)).toEqual({ page: 1, limit: 10, q: 'menedjer1' });
    await settle();
    expect(logins(actor)).toEqual([
      'menedjer10',
      'menedjer11',
      'menedjer12',
      'menedjer13',
      'menedjer14',
      'menedjer15',
      'menedjer16',
      'menedjer17',
      'menedjer18',
      'menedjer19',
    ]);
    actor.send({ type: 'filter.status', value: 'inactive' });
    expect(loads.at(-1)).toEqual({ page: 1, limit: 10, q: 'menedjer1', is_active: false });
    await settle();
    expect(logins(actor)).toEqual(['menedjer12', 'menedjer16']);
    actor.send({ type: 'search.change', value: 'hech-kim' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    await settle();
    expect(selectNothingFound(actor.getSnapshot())).toBe(true);
    expect(selectIsEmpty(actor.getSnapshot())).toBe(false);
  });

  it('a slower older answer never replaces a newer one', async () => {
    const load = deferred<Answer, Asked>();
    const { actor } = start({ loadManagers: load.logic });
    load.calls[0]!.resolve(managersPage(all)(load.calls[0]!.input));
    await settle();
    actor.send({ type: 'filter.status', value: 'inactive' });
    actor.send({ type: 'filter.status', value: 'active' });
    expect(load.calls[1]!.aborted).toBe(true);
    load.calls[2]!.resolve(managersPage(all)(load.calls[2]!.input));
    await settle();
    load.calls[1]!.resolve(managersPage(all)(load.calls[1]!.input));
    await settle();
    expect(selectPageRows(actor.getSnapshot()).every((r) => r.manager.is_active)).toBe(true);
    expect(actor.getSnapshot().context.total).toBe(18);
  });

  it('a failed page keeps the rows shown with the error', async () => {
    let fail = false;
    const load = resolving((input: Asked) => {
      if (fail) throw new Error('down');
      return managersPage(all)(input);
    });
    const { actor } = start({ loadManagers: load.logic });
    await settle();
    fail = true;
    actor.send({ type: 'page.next' });
    await settle();
    expect(selectLoadFailed(actor.getSnapshot())).toBe(true);
    expect(logins(actor)[0]).toBe('menedjer01');
  });

  it('a delete reloads the page shown; its last row gone, the page before is shown', async () => {
    const { actor, loads } = start({
      confirmDelete: confirmDeleteWith(
        resolving(({ id }: { id: string }) => {
          all = all.filter((m) => m._id !== id);
        }).logic as never,
      ),
    });
    await settle();
    actor.send({ type: 'filter.status', value: 'active' });
    await settle();
    actor.send({ type: 'page.next' });
    await settle();
    // 18 active managers: page 2 holds 11–18; delete down to one row there, then that row.
    expect(selectRange(actor.getSnapshot())).toEqual({ first: 11, last: 18, total: 18 });
    for (const row of selectPageRows(actor.getSnapshot())) {
      actor.send({ type: 'manager.delete', id: row.manager._id });
      actor.send({ type: 'confirm.yes' });
      await settle();
      await settle();
      expect(loads.at(-1)?.is_active).toBe(true);
    }
    expect(selectPage(actor.getSnapshot())).toBe(1);
    expect(selectRange(actor.getSnapshot())).toEqual({ first: 1, last: 10, total: 10 });
  });

  it('a search typed while a change runs is asked for when it ends (failed or not)', async () => {
    const setActive = deferred<unknown, unknown>();
    const { actor, loads } = start({ setActive: setActive.logic });
    await settle();
    actor.send({ type: 'manager.toggleActive', id: 'm4' });
    actor.send({ type: 'search.change', value: 'menedjer2' });
    // The change goes on; the box shows the text.
    expect(actor.getSnapshot().value).toBe('toggling');
    expect(actor.getSnapshot().context.query).toBe('menedjer2');
    setActive.calls[0]!.reject(new Error('down'));
    await settle();
    expect(loads.at(-1)).toEqual({ page: 1, limit: 10, q: 'menedjer2' });
    await settle();
    expect(logins(actor)).toEqual(['menedjer20', 'menedjer21', 'menedjer22', 'menedjer23', 'menedjer24']);

    // The deactivation question, answered Yo‘q, also comes back to a list that follows the box.
    const question = start();
    await settle();
    question.actor.send({ type: 'manager.toggleActive', id: 'm1' });
    question.actor.send({ type: 'filter.status', value: 'inactive' });
    expect(question.loads).toHaveLength(1);
    question.actor.send({ type: 'confirm.no' });
    expect(question.loads.at(-1)).toEqual({ page: 1, limit: 10, q: '', is_active: false });
  });

  it('nothing typed meanwhile: back from a question, nothing is asked again', async () => {
    const { actor, loads } = start();
    await settle();
    actor.send({ type: 'manager.toggleActive', id: 'm1' });
    actor.send({ type: 'confirm.no' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(loads).toHaveLength(1);
  });
});
