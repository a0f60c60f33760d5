import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { uz } from '../../lib/uz';
import { productDetailMachine } from '../../machines/products/productDetail.machine';
import { confirmDeleteWith } from '../../machines/shared/confirmDelete.machine';
import { flush, rejecting, resolving } from './helpers';

/** The product page's flows the older test leaves open: the load's input and retry, Yo‘q, a failed delete. */

const product = { _id: 'p1', name: 'Osh', category_id: 'c9', options: [], rows: [] };

function start(load: { logic: unknown }, remove: { logic: unknown } = resolving(undefined)) {
  const notify = vi.fn();
  const goToList = vi.fn();
  const machine = productDetailMachine.provide({
    actors: { loadProduct: load.logic, confirmDelete: confirmDeleteWith(remove.logic as never) } as never,
    actions: { notify: (_, params) => notify(params), goToList: (_, params) => goToList(params) },
  });
  const actor = createActor(machine, { input: { productId: 'p1', categoryId: 'c1' } }).start();
  return { actor, notify, goToList };
}

describe('product page flows (spec 2.9)', () => {
  it('reads the product of the URL, in the URL’s category', async () => {
    const load = resolving(product);
    start(load);
    await flush();
    expect(load.probe.inputs).toEqual([{ id: 'p1', categoryId: 'c1' }]);
  });

  it('a failed read is retried', async () => {
    let calls = 0;
    const { actor } = start(
      resolving(() => {
        calls++;
        if (calls === 1) throw new Error('down');
        return product;
      }),
    );
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'product.retry' });
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('Yo‘q deletes nothing and keeps the page', async () => {
    const remove = resolving(undefined);
    const { actor, notify, goToList } = start(resolving(product), remove);
    await flush();
    actor.send({ type: 'product.delete' });
    actor.send({ type: 'confirm.no' });
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(remove.probe.inputs).toEqual([]);
    expect(notify).not.toHaveBeenCalled();
    expect(goToList).not.toHaveBeenCalled();
  });

  it('Ha deletes the product by its id; the success toast comes with leaving', async () => {
    const remove = resolving(undefined);
    const { actor, notify } = start(resolving(product), remove);
    await flush();
    actor.send({ type: 'product.delete' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(remove.probe.inputs).toEqual([{ id: 'p1' }]);
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: uz.productDeleted });
  });

  it('a failed delete says so and keeps the page', async () => {
    const { actor, notify, goToList } = start(resolving(product), rejecting(500));
    await flush();
    actor.send({ type: 'product.delete' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: uz.productDeleteFailed });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(goToList).not.toHaveBeenCalled();
  });
});
