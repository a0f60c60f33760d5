import { describe, expect, it } from 'vitest';
import { StatementBatches } from '../../server/db/statement-batches';

/** A statement that answers when told to: each call's items are recorded, and it resolves (or fails) on `finish`. */
function heldStatement(fail: (items: number[]) => boolean = () => false) {
  const calls: Array<{ items: number[]; finish(): void }> = [];
  const run = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({
        items,
        finish: () =>
          fail(items) ? reject(new Error(`failed ${items.join(',')}`)) : resolve(items.map((n) => `done ${n}`)),
      });
    });
  return { calls, run };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('statements that carry several items', () => {
  it('runs an item after its turn while fewer than inFlight statements run: quiet, each item is its own statement', async () => {
    const { calls, run } = heldStatement();
    const batches = new StatementBatches(run, { inFlight: 2, maxItems: 10 });
    const first = batches.submit(1);
    expect(calls).toEqual([]);
    await settle();
    const second = batches.submit(2);
    await settle();
    expect(calls.map((call) => call.items)).toEqual([[1], [2]]);
    calls[0]!.finish();
    calls[1]!.finish();
    expect(await first).toBe('done 1');
    expect(await second).toBe('done 2');
  });

  it('sends the items of one turn in one statement though a statement could start for each', async () => {
    const { calls, run } = heldStatement();
    const batches = new StatementBatches(run, { inFlight: 3, maxItems: 10 });
    const answers = [1, 2, 3].map((n) => batches.submit(n));
    await settle();
    expect(calls.map((call) => call.items)).toEqual([[1, 2, 3]]);
    calls[0]!.finish();
    expect(await Promise.all(answers)).toEqual(['done 1', 'done 2', 'done 3']);
  });

  it('gathers what arrives while every statement runs into the next one, at most maxItems, each answered its own', async () => {
    const { calls, run } = heldStatement();
    const batches = new StatementBatches(run, { inFlight: 1, maxItems: 3 });
    const answers = [batches.submit(1)];
    await settle();
    answers.push(...[2, 3, 4, 5, 6].map((n) => batches.submit(n)));
    await settle();
    expect(calls.map((call) => call.items)).toEqual([[1]]);
    calls[0]!.finish();
    await settle();
    expect(calls.map((call) => call.items)).toEqual([[1], [2, 3, 4]]);
    calls[1]!.finish();
    await settle();
    expect(calls.map((call) => call.items)).toEqual([[1], [2, 3, 4], [5, 6]]);
    calls[2]!.finish();
    expect(await Promise.all(answers)).toEqual(['done 1', 'done 2', 'done 3', 'done 4', 'done 5', 'done 6']);
  });

  it('runs a failed statement’s items again one by one: only the item at fault fails', async () => {
    const { calls, run } = heldStatement((items) => items.includes(3));
    const batches = new StatementBatches(run, { inFlight: 1, maxItems: 10 });
    const answers = [batches.submit(1).catch((error: Error) => error.message)];
    await settle();
    answers.push(...[2, 3, 4].map((n) => batches.submit(n).catch((error: Error) => error.message)));
    await settle();
    calls[0]!.finish();
    await settle();
    calls[1]!.finish();
    await settle();
    expect(calls.map((call) => call.items)).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    for (const call of calls.slice(2)) call.finish();
    expect(await Promise.all(answers)).toEqual(['done 1', 'done 2', 'failed 3', 'done 4']);
  });

  it('starts the next statement after one fails', async () => {
    const { calls, run } = heldStatement((items) => items.includes(1));
    const batches = new StatementBatches(run, { inFlight: 1, maxItems: 10 });
    const first = batches.submit(1).catch((error: Error) => error.message);
    await settle();
    const second = batches.submit(2);
    await settle();
    calls[0]!.finish();
    expect(await first).toBe('failed 1');
    await settle();
    calls[1]!.finish();
    expect(await second).toBe('done 2');
  });
});
