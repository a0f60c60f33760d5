import { describe, expect, it } from 'vitest';
import { WorkQueue, WorkQueueFull } from '../../server/work-queue';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('WorkQueue', () => {
  it('runs at most `concurrency` tasks, queues up to `maxWaiting` in order and refuses the rest at once', async () => {
    const queue = new WorkQueue({ concurrency: 2, maxWaiting: 2 });
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      queue.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await expect(queue.run(async () => 99)).rejects.toBeInstanceOf(WorkQueueFull);
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.stats).toEqual({ running: 2, waiting: 2 });
    gates[1]!.resolve();
    await runs[1];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(queue.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when a task fails', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
