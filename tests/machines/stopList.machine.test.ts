import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { AvailabilityChange } from '../../client/stopList';
import type { LoadInput, MoveInput } from '../../machines/stopList/stopList.actors';
import { stopListMachine } from '../../machines/stopList/stopList.machine';
import {
  selectIsBusy,
  selectIsMoving,
  selectList,
  selectMoveFailed,
  selectSelectedCount,
  selectTab,
  selectTabCounts,
} from '../../machines/stopList/stopList.selectors';
import {
  sampleCategoryId as cat,
  sampleProductId as id,
  STOP_LIST_SAMPLE,
  sampleAnswers,
} from '../ui/models/stopList.sample';
import { flush, pending, rejecting, resolving } from './helpers';

const loaded = (restaurantId: string | null = 'r1') => ({ restaurantId, ...sampleAnswers() });

function start(actors: Record<string, unknown> = {}, restaurantId: string | null = 'r1') {
  const notify = vi.fn();
  const load = resolving<ReturnType<typeof loaded>, LoadInput>(loaded());
  const machine = stopListMachine.provide({
    actors: { loadStopList: load.logic, ...actors } as never,
    actions: { notify: (_, params) => notify(params) },
  });
  const actor = createActor(machine, { input: { restaurantId } }).start();
  return { actor, notify, load, s: () => actor.getSnapshot() };
}

const titles = (snapshot: Parameters<typeof selectList>[0]) => selectList(snapshot).groups.map((g) => g.category.title);
const productOf = (snapshot: ReturnType<ReturnType<typeof start>['s']>, name: string) =>
  snapshot.context.catalog.products.find((p) => p._id === id(name))!;
const categoryOf = (snapshot: ReturnType<ReturnType<typeof start>['s']>, title: string) =>
  snapshot.context.catalog.categories.find((c) => c._id === cat(title))!;

describe('stop-list machine: loading', () => {
  it('loads the stored restaurant, opens on Mavjud with 5 of 7 categories, adds 5 per click', async () => {
    const { actor, load, s } = start();
    expect(s().matches('loading')).toBe(true);
    await flush();
    expect(load.probe.inputs).toEqual([{ restaurantId: 'r1' }]);
    expect(selectTab(s())).toBe('available');
    expect(selectTabCounts(s())).toEqual({ available: 12, stopped: 4 });
    expect(selectList(s())).toMatchObject({ shown: 5, total: 7, empty: 'none' });
    expect(s().can({ type: 'stopList.showMore' })).toBe(true);
    actor.send({ type: 'stopList.showMore' });
    expect(selectList(s())).toMatchObject({ shown: 7, total: 7 });
    expect(titles(s()).at(-1)).toBe('Sovuq ichimliklar');
    expect(s().can({ type: 'stopList.showMore' })).toBe(false);
  });

  it('passes no restaurant when none is stored (the actor asks /manager/restaurants/me)', async () => {
    const { load } = start({}, null);
    await flush();
    expect(load.probe.inputs).toEqual([{ restaurantId: null }]);
  });

  it('a failed load can be retried', async () => {
    let calls = 0;
    const { actor, s } = start({
      loadStopList: resolving(() => {
        calls++;
        if (calls === 1) throw new Error('down');
        return loaded();
      }).logic,
    });
    await flush();
    expect(s().matches('loadFailed')).toBe(true);
    actor.send({ type: 'stopList.retry' });
    await flush();
    expect(selectTab(s())).toBe('available');
  });

  it('an empty restaurant is "Mahsulot yo\'q", a search without match is a no-result', async () => {
    const { actor, s } = start({
      loadStopList: resolving({ restaurantId: null, categories: [], products: [] }).logic,
    });
    await flush();
    expect(selectList(s()).empty).toBe('noProducts');
    actor.send({ type: 'stopList.search', query: 'osh' });
    expect(selectList(s()).empty).toBe('noResult');
  });
});

describe('stop-list selectors', () => {
  it('show nothing while loading, and the same objects again while their sources are unchanged', async () => {
    const { actor, s } = start();
    expect(selectList(s())).toEqual({ groups: [], shown: 0, total: 0, empty: 'none' });
    await flush();
    const view = selectList(s());
    const counts = selectTabCounts(s());
    expect(selectList(s())).toBe(view);
    // A selection change keeps the catalog: same groups, same counts.
    actor.send({ type: 'stopList.toggleProduct', id: id('Mastava') });
    expect(selectList(s())).toBe(view);
    expect(selectTabCounts(s())).toBe(counts);
    actor.send({ type: 'stopList.showMore' });
    const more = selectList(s());
    expect(more).not.toBe(view);
    expect(more.groups.slice(0, 5)).toEqual(view.groups);
    expect(more.groups[0]).toBe(view.groups[0]);
    // The other tab, then back: groups of each tab, regrouped only when the tab changed.
    actor.send({ type: 'stopList.tab', tab: 'stopped' });
    expect(titles(s())).toEqual(['Birinchi taomlar', 'Ikkinchi taomlar', 'Nonlar']);
    actor.send({ type: 'stopList.tab', tab: 'available' });
    expect(selectList(s()).total).toBe(7);
  });

  it('a search of spaces only is no search: an empty restaurant is "Mahsulot yo\'q", not a no-result', async () => {
    const { actor, s } = start({
      loadStopList: resolving({ restaurantId: null, categories: [], products: [] }).logic,
    });
    await flush();
    actor.send({ type: 'stopList.search', query: '   ' });
    expect(selectList(s()).empty).toBe('noProducts');
  });
});

describe('stop-list machine: tabs, search and selection', () => {
  it('switching tab clears the selection and resets the visible count to 5', async () => {
    const { actor, s } = start();
    await flush();
    actor.send({ type: 'stopList.showMore' });
    actor.send({ type: 'stopList.toggleProduct', id: id('Mastava') });
    expect(selectSelectedCount(s())).toBe(1);
    actor.send({ type: 'stopList.tab', tab: 'stopped' });
    expect(selectTab(s())).toBe('stopped');
    expect(selectSelectedCount(s())).toBe(0);
    expect(s().context.visibleCount).toBe(5);
    expect(titles(s())).toEqual(['Birinchi taomlar', 'Ikkinchi taomlar', 'Nonlar']);
    // Switching to the tab one is on is no event at all.
    expect(s().can({ type: 'stopList.tab', tab: 'stopped' })).toBe(false);
  });

  it('searching resets the visible count to 5 and keeps the selection', async () => {
    const { actor, s } = start();
    await flush();
    actor.send({ type: 'stopList.showMore' });
    actor.send({ type: 'stopList.toggleProduct', id: id('Mastava') });
    actor.send({ type: 'stopList.search', query: 'Kabob' });
    expect(s().context.visibleCount).toBe(5);
    expect(titles(s())).toEqual(['Kaboblar']);
    expect(selectSelectedCount(s())).toBe(1);
    // The same text again changes nothing; clearing shows everything again.
    expect(s().can({ type: 'stopList.search', query: 'Kabob' })).toBe(false);
    actor.send({ type: 'stopList.clearSearch' });
    expect(s().context.query).toBe('');
    expect(selectList(s()).total).toBe(7);
    expect(s().can({ type: 'stopList.clearSearch' })).toBe(false);
  });

  it('only products of the current tab can be selected; a category selects its visible products', async () => {
    const { actor, s } = start();
    await flush();
    expect(s().can({ type: 'stopList.toggleProduct', id: id('Chuchvara') })).toBe(false);
    actor.send({ type: 'stopList.search', query: 'sho‘r' });
    // A product the search hides has no checkbox on screen.
    expect(s().can({ type: 'stopList.toggleProduct', id: id('Mastava') })).toBe(false);
    actor.send({ type: 'stopList.toggleCategory', categoryId: cat('Birinchi taomlar') });
    expect([...s().context.selected]).toEqual([id('Sho‘rva')]);
    // A category with nothing visible on this tab offers no checkbox.
    expect(s().can({ type: 'stopList.toggleCategory', categoryId: cat('Nonlar') })).toBe(false);
  });

  it('offers no "ko\'proq ko\'rsatish" when exactly 5 categories are listed (the 5 shown are all)', async () => {
    // Without Shirinliklar and Sovuq ichimliklar, Mavjud lists exactly CATEGORY_PAGE categories.
    const five = STOP_LIST_SAMPLE.filter((c) => c.title !== 'Shirinliklar' && c.title !== 'Sovuq ichimliklar');
    const { actor, s } = start({ loadStopList: resolving({ restaurantId: 'r1', ...sampleAnswers(five) }).logic });
    await flush();
    expect(selectList(s())).toMatchObject({ shown: 5, total: 5 });
    expect(s().can({ type: 'stopList.showMore' })).toBe(false);
    actor.send({ type: 'stopList.showMore' });
    expect(s().context.visibleCount).toBe(5);
  });
});

describe('stop-list machine: moving', () => {
  it('moves the selection to the stop-list and applies the answer without reloading', async () => {
    const move = resolving<AvailabilityChange, MoveInput>({
      products: [id('Jigar kabob'), id('Qiyma kabob')],
      categories: [{ _id: cat('Kaboblar'), is_active: false }],
    });
    const { actor, s, notify, load } = start({ moveProducts: move.logic });
    await flush();
    actor.send({ type: 'stopList.toggleCategory', categoryId: cat('Kaboblar') });
    actor.send({ type: 'stopList.move' });
    expect(selectIsMoving(s())).toBe(true);
    expect(s().context.pending?.expected).toEqual([{ _id: cat('Kaboblar'), is_active: false }]);
    await flush();
    expect(move.probe.inputs).toEqual([{ ids: [id('Jigar kabob'), id('Qiyma kabob')], is_active: false }]);
    expect(s().matches({ available: 'idle' })).toBe(true);
    expect(productOf(s(), 'Jigar kabob').is_active).toBe(false);
    expect(categoryOf(s(), 'Kaboblar').is_active).toBe(false);
    expect(selectSelectedCount(s())).toBe(0);
    expect(selectTabCounts(s())).toEqual({ available: 10, stopped: 6 });
    expect(titles(s())).not.toContain('Kaboblar');
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: "2 ta mahsulot stop-listga o'tkazildi" });
    expect(load.probe.inputs).toHaveLength(1);
  });

  it('takes products out on the Stop-list tab (is_active true) and reactivates their category', async () => {
    const move = resolving<AvailabilityChange, MoveInput>({
      products: [id('Patir')],
      categories: [{ _id: cat('Nonlar'), is_active: true }],
    });
    const { actor, s, notify } = start({ moveProducts: move.logic });
    await flush();
    actor.send({ type: 'stopList.tab', tab: 'stopped' });
    actor.send({ type: 'stopList.toggleProduct', id: id('Patir') });
    actor.send({ type: 'stopList.move' });
    await flush();
    expect(move.probe.inputs).toEqual([{ ids: [id('Patir')], is_active: true }]);
    expect(s().matches({ stopped: 'idle' })).toBe(true);
    expect(categoryOf(s(), 'Nonlar').is_active).toBe(true);
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: '1 ta mahsulot stop-listdan chiqarildi' });
  });

  it('refuses a move with nothing selected, on either tab and after a failure: no call, nothing changes', async () => {
    const move = rejecting<MoveInput>(500);
    const { actor, s } = start({ moveProducts: move.logic });
    await flush();
    const before = s().context.catalog;
    expect(s().can({ type: 'stopList.move' })).toBe(false);
    actor.send({ type: 'stopList.move' });
    expect(s().matches({ available: 'idle' })).toBe(true);
    expect(s().context.pending).toBeNull();
    actor.send({ type: 'stopList.tab', tab: 'stopped' });
    actor.send({ type: 'stopList.move' });
    expect(s().matches({ stopped: 'idle' })).toBe(true);
    // A failed move, then the selection emptied: moving again is refused too.
    actor.send({ type: 'stopList.toggleProduct', id: id('Patir') });
    actor.send({ type: 'stopList.move' });
    await flush();
    expect(selectMoveFailed(s())).toBe(true);
    actor.send({ type: 'stopList.toggleProduct', id: id('Patir') });
    expect(s().can({ type: 'stopList.move' })).toBe(false);
    actor.send({ type: 'stopList.move' });
    await flush();
    expect(selectMoveFailed(s())).toBe(true);
    expect(move.probe.inputs).toEqual([{ ids: [id('Patir')], is_active: true }]);
    expect(s().context.catalog).toBe(before);
  });

  it('locks the selection and the tabs while moving; search still works', async () => {
    const move = pending<MoveInput>();
    const { actor, s } = start({ moveProducts: move.logic });
    await flush();
    actor.send({ type: 'stopList.toggleProduct', id: id('Mastava') });
    actor.send({ type: 'stopList.move' });
    expect(selectIsBusy(s())).toBe(true);
    expect(s().can({ type: 'stopList.tab', tab: 'stopped' })).toBe(false);
    expect(s().can({ type: 'stopList.toggleProduct', id: id('Manti') })).toBe(false);
    expect(s().can({ type: 'stopList.toggleCategory', categoryId: cat('Kaboblar') })).toBe(false);
    expect(s().can({ type: 'stopList.move' })).toBe(false);
    expect(s().can({ type: 'stopList.search', query: 'osh' })).toBe(true);
  });

  it('on failure nothing changes, the selection stays; retry sends the same ids, dismiss closes', async () => {
    let calls = 0;
    const move = resolving<AvailabilityChange, MoveInput>(() => {
      calls++;
      if (calls === 1) throw new Error('500');
      return { products: [id('Mastava')], categories: [] };
    });
    const { actor, s } = start({ moveProducts: move.logic });
    await flush();
    const before = s().context.catalog;
    actor.send({ type: 'stopList.toggleProduct', id: id('Mastava') });
    actor.send({ type: 'stopList.move' });
    await flush();
    expect(selectMoveFailed(s())).toBe(true);
    expect(s().context.catalog).toBe(before);
    expect([...s().context.selected]).toEqual([id('Mastava')]);
    actor.send({ type: 'stopList.move' });
    await flush();
    expect(move.probe.inputs).toEqual([
      { ids: [id('Mastava')], is_active: false },
      { ids: [id('Mastava')], is_active: false },
    ]);
    expect(productOf(s(), 'Mastava').is_active).toBe(false);
    expect(s().matches({ available: 'idle' })).toBe(true);
  });

  it('after a failure the manager can dismiss, change the selection or switch tab', async () => {
    const { actor, s } = start({ moveProducts: rejecting<MoveInput>(500).logic });
    await flush();
    actor.send({ type: 'stopList.toggleProduct', id: id('Mastava') });
    actor.send({ type: 'stopList.move' });
    await flush();
    actor.send({ type: 'stopList.toggleProduct', id: id('Manti') });
    expect(selectSelectedCount(s())).toBe(2);
    expect(selectMoveFailed(s())).toBe(true);
    actor.send({ type: 'stopList.dismiss' });
    expect(s().matches({ available: 'idle' })).toBe(true);
    actor.send({ type: 'stopList.move' });
    await flush();
    actor.send({ type: 'stopList.tab', tab: 'stopped' });
    expect(s().matches({ stopped: 'idle' })).toBe(true);
    expect(selectSelectedCount(s())).toBe(0);
  });

  it('reloads when the server cascaded differently (the screen data was stale), keeping tab and search', async () => {
    // The screen thinks Mastava's category keeps two available products; the server says it went inactive.
    const move = resolving<AvailabilityChange, MoveInput>({
      products: [id('Mastava')],
      categories: [{ _id: cat('Birinchi taomlar'), is_active: false }],
    });
    const fresh = sampleAnswers();
    for (const p of fresh.products) if (p.category_id === cat('Birinchi taomlar')) p.is_active = false;
    fresh.categories[0]!.is_active = false;
    let calls = 0;
    const load = resolving<ReturnType<typeof loaded>, LoadInput>(() =>
      ++calls === 1 ? loaded() : { restaurantId: 'r1', ...fresh },
    );
    const { actor, s } = start({ moveProducts: move.logic, loadStopList: load.logic });
    await flush();
    actor.send({ type: 'stopList.search', query: 'a' });
    actor.send({ type: 'stopList.toggleProduct', id: id('Mastava') });
    actor.send({ type: 'stopList.move' });
    await flush();
    await flush();
    expect(load.probe.inputs).toEqual([{ restaurantId: 'r1' }, { restaurantId: 'r1' }]);
    expect(s().matches({ available: 'idle' })).toBe(true);
    expect(s().context.query).toBe('a');
    expect(productOf(s(), 'Sho‘rva').is_active).toBe(false);
    expect(categoryOf(s(), 'Birinchi taomlar').is_active).toBe(false);
  });

  it('a failed reload after a stale answer keeps the applied answer and says so', async () => {
    const move = resolving<AvailabilityChange, MoveInput>({ products: [id('Mastava')], categories: [] });
    let calls = 0;
    const load = resolving<ReturnType<typeof loaded>, LoadInput>(() => {
      if (++calls === 1) return loaded();
      throw new Error('down');
    });
    const { actor, s, notify } = start({ moveProducts: move.logic, loadStopList: load.logic });
    await flush();
    actor.send({ type: 'stopList.toggleCategory', categoryId: cat('Kaboblar') });
    actor.send({ type: 'stopList.move' }); // predicted: Kaboblar goes inactive; the answer says nothing did
    await flush();
    await flush();
    expect(s().matches({ available: 'idle' })).toBe(true);
    expect(productOf(s(), 'Jigar kabob').is_active).toBe(false);
    expect(categoryOf(s(), 'Kaboblar').is_active).toBe(true);
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: 'Mahsulotlarni yuklashda xatolik yuz berdi!' });
  });

  it('is busy while a move runs and while stale data is reloaded', async () => {
    const move = resolving<AvailabilityChange, MoveInput>({ products: [id('Mastava')], categories: [] });
    let calls = 0;
    const { actor, s } = start({
      moveProducts: move.logic,
      // The first load answers; the reload after the stale answer never does.
      loadStopList: resolving<ReturnType<typeof loaded>, LoadInput>(() =>
        ++calls === 1 ? loaded() : (new Promise(() => {}) as never),
      ).logic,
    });
    await flush();
    expect(selectIsBusy(s())).toBe(false);
    actor.send({ type: 'stopList.toggleCategory', categoryId: cat('Kaboblar') });
    actor.send({ type: 'stopList.move' });
    expect(selectIsBusy(s())).toBe(true);
    await flush(); // the answer differs from the prediction: reloading
    expect(s().matches({ available: 'refreshing' })).toBe(true);
    expect(selectIsMoving(s())).toBe(false);
    expect(selectIsBusy(s())).toBe(true);
  });

  it('leaving the screen while moving aborts the call', async () => {
    const move = pending<MoveInput>();
    const { actor } = start({ moveProducts: move.logic });
    await flush();
    actor.send({ type: 'stopList.toggleProduct', id: id('Mastava') });
    actor.send({ type: 'stopList.move' });
    await flush();
    actor.stop();
    expect(move.probe.aborted).toBe(1);
  });
});
