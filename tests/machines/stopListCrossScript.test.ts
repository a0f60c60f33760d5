import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { LoadInput } from '../../machines/stopList/stopList.actors';
import { stopListMachine } from '../../machines/stopList/stopList.machine';
import { selectList } from '../../machines/stopList/stopList.selectors';
import { sampleCategoryId as cat, sampleProductId as id, sampleAnswers } from '../ui/models/stopList.sample';
import { flush, resolving } from './helpers';

/** The stop-list's search reads both scripts, as the public menu's does (lib/search.ts). */
function start() {
  const load = resolving<ReturnType<typeof sampleAnswers> & { restaurantId: string }, LoadInput>({
    restaurantId: 'r1',
    ...sampleAnswers(),
  });
  const machine = stopListMachine.provide({
    actors: { loadStopList: load.logic } as never,
    actions: { notify: () => {} },
  });
  const actor = createActor(machine, { input: { restaurantId: 'r1' } }).start();
  return { actor, s: () => actor.getSnapshot() };
}

const listed = (snapshot: Parameters<typeof selectList>[0]) =>
  selectList(snapshot).groups.map((g) => [g.category.title, g.products.map((p) => p.name)]);

describe('stop-list machine: search across the scripts', () => {
  it.each(['шурва', 'шўрва', 'shurva', "sho'rva"])('%s lists Sho‘rva alone', async (query) => {
    const { actor, s } = start();
    await flush();
    actor.send({ type: 'stopList.search', query });
    expect(listed(s())).toEqual([['Birinchi taomlar', ['Sho‘rva']]]);
  });

  it('a Cyrillic query selects what it shows: the category box takes the found products only', async () => {
    const { actor, s } = start();
    await flush();
    actor.send({ type: 'stopList.search', query: 'кабоб' });
    expect(listed(s())).toEqual([['Kaboblar', ['Jigar kabob', 'Qiyma kabob']]]);
    actor.send({ type: 'stopList.search', query: 'қийма' });
    actor.send({ type: 'stopList.toggleCategory', categoryId: cat('Kaboblar') });
    expect([...s().context.selected]).toEqual([id('Qiyma kabob')]);
  });

  it('a Cyrillic query with no match is a no-result', async () => {
    const { actor, s } = start();
    await flush();
    actor.send({ type: 'stopList.search', query: 'пицца' });
    expect(selectList(s())).toMatchObject({ total: 0, empty: 'noResult' });
  });
});
