import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISTINCT_SUBJECTS_PER_HOUR, FLUSH_EVERY_MS, InsightCounter } from '../../server/domain/insights/counter';
import type { CountRow } from '../../server/repositories/insights';

/** What the menu counts for the owner's report: in memory, written in one batch at most once a second. */

const R = '00000000-0000-4000-8000-000000000001';
const HOUR = 3_600_000;

describe('InsightCounter', () => {
  let batches: CountRow[][];
  let now: number;
  const warnings: string[] = [];
  const counter = (write = async (rows: CountRow[]) => void batches.push(rows)) =>
    new InsightCounter(write, { warn: (_details, message) => void warnings.push(message) }, () => now);

  beforeEach(() => {
    vi.useFakeTimers();
    batches = [];
    warnings.length = 0;
    now = Date.parse('2026-12-03T10:59:59.500Z');
  });
  afterEach(() => vi.useRealTimers());

  it('writes what it counted in one batch a second after the first count, summed per hour, kind and subject', async () => {
    const c = counter();
    c.add(R, 'open', 'uz');
    c.add(R, 'open', 'uz');
    c.add(R, 'open', 'ru');
    now += 600; // the next hour
    c.add(R, 'open', 'uz');
    await vi.advanceTimersByTimeAsync(FLUSH_EVERY_MS - 1);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([
      [
        { restaurant_id: R, hour: '2026-12-03T10:00:00.000Z', kind: 'open', subject: 'uz', count: 2 },
        { restaurant_id: R, hour: '2026-12-03T10:00:00.000Z', kind: 'open', subject: 'ru', count: 1 },
        { restaurant_id: R, hour: '2026-12-03T11:00:00.000Z', kind: 'open', subject: 'uz', count: 1 },
      ],
    ]);
    // Nothing more to write: no empty batch.
    await vi.advanceTimersByTimeAsync(5 * FLUSH_EVERY_MS);
    expect(batches).toHaveLength(1);
  });

  it('writes again only a second after the next count, never more often', async () => {
    const c = counter();
    for (let i = 0; i < 50; i++) {
      c.add(R, 'detail_open', 'p1');
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(FLUSH_EVERY_MS);
    expect(batches).toHaveLength(5);
    expect(batches.flat().reduce((sum, row) => sum + row.count, 0)).toBe(50);
  });

  it('drops a batch the database refused, with a warning, and keeps counting', async () => {
    let refuse = true;
    const c = counter(async (rows) => {
      if (refuse) throw new Error('database away');
      batches.push(rows);
    });
    c.add(R, 'unavailable', 'p1');
    await vi.advanceTimersByTimeAsync(FLUSH_EVERY_MS);
    expect(warnings).toEqual(['Insight counts could not be written']);
    refuse = false;
    c.add(R, 'unavailable', 'p2');
    await vi.advanceTimersByTimeAsync(FLUSH_EVERY_MS);
    expect(batches).toEqual([[expect.objectContaining({ subject: 'p2', count: 1 })]]);
  });

  it('takes at most so many distinct searches per restaurant and hour, and counts the known ones still', async () => {
    const cap = DISTINCT_SUBJECTS_PER_HOUR.empty_search!;
    const c = counter();
    for (let i = 0; i < cap + 10; i++) c.add(R, 'empty_search', `word ${i}`);
    c.add(R, 'empty_search', 'word 0');
    await c.flush();
    const rows = batches.flat();
    expect(rows).toHaveLength(cap);
    expect(rows.find((row) => row.subject === 'word 0')!.count).toBe(2);
    // Another hour: new words again.
    now += HOUR;
    c.add(R, 'empty_search', `word ${cap + 5}`);
    await c.flush();
    expect(batches.at(-1)).toEqual([expect.objectContaining({ subject: `word ${cap + 5}` })]);
  });

  it('writes what is pending when closed, and counts nothing after', async () => {
    const c = counter();
    c.add(R, 'open', 'en');
    await c.close();
    expect(batches).toEqual([[expect.objectContaining({ subject: 'en', count: 1 })]]);
    c.add(R, 'open', 'en');
    await vi.advanceTimersByTimeAsync(5 * FLUSH_EVERY_MS);
    expect(batches).toHaveLength(1);
  });
});
