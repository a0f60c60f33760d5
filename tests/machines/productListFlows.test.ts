import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Product } from '../../client/products';
import { uzCatalog } from '../../lib/uz-catalog';
import { productListMachine } from '../../machines/products/productList.machine';
import { selectPage } from '../../machines/products/productList.selectors';
import { flush, resolving } from './helpers';

/** The product list's paging bounds, reloads and refused positions (spec 2.9: 10 a page; spec 4: saving positions). */

const product = (i: number) => ({ _id: `p${i}`, name: `P${i}`, price: 1000, is_active: true }) as Product;
const loaded = (n: number) => ({
  products: Array.from({ length: n }, (_, i) => product(i + 1)),
  count: { all_count: n, active_count: n, inactive_count: 0 },
});

function start(answers: unknown[]) {
  const notify = vi.fn();
  const inputs: unknown[] = [];
  let call = 0;
  const machine = productListMachine.provide({
    actors: {
      loadProducts: resolving((input: unknown) => {
        inputs.push(input);
        const answer = answers[Math.min(call++, answers.length - 1)];
        if (answer instanceof Error) throw answer;
        return answer;
      }).logic,
    } as never,
    actions: { notify: (_, params) => notify(params) },
  });
  const actor = createActor(machine, { input: { categoryId: 'c1' } }).start();
  return { actor, notify, inputs, page: () => selectPage(actor.getSnapshot()) };
}

describe('product list paging (23 products: 3 pages)', () => {
  it('loads the category’s products', async () => {
    const { inputs } = start([loaded(23)]);
    await flush();
    expect(inputs).toEqual([{ categoryId: 'c1' }]);
  });

  it('page.go only to a page that exists', async () => {
    const { actor, page } = start([loaded(23)]);
    await flush();
    actor.send({ type: 'page.go', page: 0 });
    expect(page()).toBe(1);
    actor.send({ type: 'page.go', page: 4 });
    expect(page()).toBe(1);
    actor.send({ type: 'page.go', page: 3 });
    expect(page()).toBe(3);
    actor.send({ type: 'page.go', page: 1 });
    expect(page()).toBe(1);
  });

  it('next stops at the last page, previous at the first', async () => {
    const { actor, page } = start([loaded(23)]);
    await flush();
    actor.send({ type: 'page.prev' });
    expect(page()).toBe(1);
    actor.send({ type: 'page.next' });
    actor.send({ type: 'page.next' });
    actor.send({ type: 'page.next' });
    expect(page()).toBe(3);
    actor.send({ type: 'page.prev' });
    expect(page()).toBe(2);
  });

  it('a reload that leaves fewer pages moves back to the last one that exists; more pages keep the page', async () => {
    const { actor, page } = start([loaded(23), loaded(12), loaded(30)]);
    await flush();
    actor.send({ type: 'page.go', page: 3 });
    actor.send({ type: 'products.reload' });
    await flush();
    expect(page()).toBe(2);
    actor.send({ type: 'products.reload' });
    await flush();
    expect(page()).toBe(2);
  });
});

describe('product list reloads and refused positions', () => {
  it('the reorder child gets the loaded positions', async () => {
    const { actor } = start([loaded(3)]);
    await flush();
    expect(actor.getSnapshot().children.reorder?.getSnapshot().context.ids).toEqual(['p1', 'p2', 'p3']);
  });

  it('a failed positions save says so and reloads the list', async () => {
    const { actor, notify, inputs } = start([loaded(3)]);
    await flush();
    actor.send({ type: 'reorder.failed' });
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: uzCatalog.positionsSaveFailed });
    await flush();
    expect(inputs).toHaveLength(2);
  });

  it('a failed load: reload or retry load again', async () => {
    const { actor, inputs } = start([new Error('down'), new Error('down'), loaded(1)]);
    await flush();
    expect(actor.getSnapshot().matches({ data: 'failed' })).toBe(true);
    actor.send({ type: 'products.reload' });
    await flush();
    expect(actor.getSnapshot().matches({ data: 'failed' })).toBe(true);
    actor.send({ type: 'products.retry' });
    await flush();
    expect(actor.getSnapshot().matches({ data: 'ready' })).toBe(true);
    expect(inputs).toHaveLength(3);
  });

  it('a reload while loading starts the load again', async () => {
    let call = 0;
    const machine = productListMachine.provide({
      actors: {
        loadProducts: resolving(() => (call++ === 0 ? new Promise(() => {}) : loaded(2))).logic,
      } as never,
    });
    const actor = createActor(machine, { input: { categoryId: 'c1' } }).start();
    actor.send({ type: 'products.reload' });
    await flush();
    expect(actor.getSnapshot().context.products).toHaveLength(2);
  });

  it('a delete of a product not in the list asks nothing', async () => {
    const { actor } = start([loaded(3)]);
    await flush();
    actor.send({ type: 'product.delete', id: 'p9' });
    expect(actor.getSnapshot().matches({ removal: 'idle' })).toBe(true);
    actor.send({ type: 'product.delete', id: 'p2' });
    expect(actor.getSnapshot().matches({ removal: 'confirming' })).toBe(true);
  });
});
