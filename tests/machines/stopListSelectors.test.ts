import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { stopListMachine } from '../../machines/stopList/stopList.machine';
import * as select from '../../machines/stopList/stopList.selectors';
import { sampleAnswers } from '../ui/models/stopList.sample';
import { flush, pending, rejecting, resolving } from './helpers';

/** The stop-list's simple reads (spec 2.11): loading, load failure, the search text, the selection, a group's box. */

function start(load: unknown) {
  const machine = stopListMachine.provide({ actors: { loadStopList: load } as never });
  return createActor(machine, { input: { restaurantId: 'r1' } }).start();
}

describe('stop-list selectors', () => {
  it('loading, then a failed load', async () => {
    const loading = start(pending().logic);
    expect([select.selectIsLoading(loading.getSnapshot()), select.selectLoadFailed(loading.getSnapshot())]).toEqual([
      true,
      false,
    ]);
    const failed = start(rejecting(500).logic);
    await flush();
    expect([select.selectIsLoading(failed.getSnapshot()), select.selectLoadFailed(failed.getSnapshot())]).toEqual([
      false,
      true,
    ]);
  });

  it('the search text as typed, the selected products, and a category box from its visible products', async () => {
    const actor = start(resolving({ restaurantId: 'r1', ...sampleAnswers() }).logic);
    await flush();
    expect(select.selectIsLoading(actor.getSnapshot())).toBe(false);
    expect(select.selectQuery(actor.getSnapshot())).toBe('');
    const group = select.selectList(actor.getSnapshot()).groups[0]!;
    const first = group.products[0]!._id;
    expect(select.groupCheckState(group, select.selectSelected(actor.getSnapshot()))).toBe('unchecked');
    actor.send({ type: 'stopList.toggleProduct', id: first });
    expect([...select.selectSelected(actor.getSnapshot())]).toEqual([first]);
    const expected = group.products.length > 1 ? 'indeterminate' : 'checked';
    expect(select.groupCheckState(group, select.selectSelected(actor.getSnapshot()))).toBe(expected);
    actor.send({ type: 'stopList.toggleCategory', categoryId: group.category._id });
    expect(select.groupCheckState(group, select.selectSelected(actor.getSnapshot()))).toBe('checked');
    actor.send({ type: 'stopList.search', query: 'osh ' });
    expect(select.selectQuery(actor.getSnapshot())).toBe('osh ');
  });
});
