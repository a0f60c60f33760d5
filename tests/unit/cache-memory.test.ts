import { describe, expect, it } from 'vitest';
import { MenuCacheMemory } from '../../server/menu/cache-memory';

describe('MenuCacheMemory: the public menu caches bounded by bytes', () => {
  it('keeps any number of entries while their bytes fit, then drops the least recently used', () => {
    const memory = new MenuCacheMemory(3_000 * 100);
    const cache = memory.cache<string>('pages');
    for (let i = 0; i < 3_000; i++) cache.set(`k${i}`, `v${i}`, 100);
    expect(cache.size).toBe(3_000);
    expect(memory.bytes).toBe(300_000);

    expect(cache.get('k0')).toBe('v0'); // now the most recently used
    cache.set('new', 'v', 250); // 250 B over: k1, k2 and k3 go, k0 stays
    expect(cache.get('k0')).toBe('v0');
    expect(['k1', 'k2', 'k3'].map((key) => cache.get(key))).toEqual([undefined, undefined, undefined]);
    expect(cache.get('k4')).toBe('v4');
    expect(memory.bytes).toBe(300_000 - 300 + 250);
    expect(cache.stats()).toEqual({ name: 'pages', entries: 2_998, bytes: 299_950, dropped: 3 });
  });

  it('keeps nothing bigger than the whole budget, and a tiny budget only what fits', () => {
    const memory = new MenuCacheMemory(250);
    const cache = memory.cache<string>('pages');
    cache.set('huge', 'h', 251);
    expect(cache.size).toBe(0);
    expect(memory.bytes).toBe(0);
    for (const key of ['a', 'b', 'c']) cache.set(key, key, 100);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'b', 'c']);
  });

  it('counts an entry growing after it was kept, and drops the least recently used to make room', () => {
    const memory = new MenuCacheMemory(1_000);
    const cache = memory.cache<{ id: string }>('pages');
    const a = { id: 'a' };
    const b = { id: 'b' };
    cache.set('a', a, 400);
    cache.set('b', b, 400);
    cache.grow('b', b, 150);
    expect(memory.bytes).toBe(950);
    expect(cache.size).toBe(2);
    cache.grow('b', b, 100); // 1,050: a, the least recently used, goes
    expect(cache.get('a')).toBeUndefined();
    expect(cache.bytes).toBe(650);
  });

  it('ignores the growth of a value no longer kept under its key (dropped, replaced, invalidated)', () => {
    const memory = new MenuCacheMemory(10_000);
    const cache = memory.cache<{ id: number }>('pages');
    const first = { id: 1 };
    cache.set('a', first, 100);
    cache.set('a', { id: 2 }, 300);
    cache.grow('a', first, 5_000);
    expect(memory.bytes).toBe(300);
    cache.deleteWhere((value) => value.id === 2);
    expect(memory.bytes).toBe(0);
    cache.grow('a', first, 5_000);
    expect(memory.bytes).toBe(0);
  });

  it('shares one budget between caches and drops the least recently used entry of all of them', () => {
    const memory = new MenuCacheMemory(300);
    const pages = memory.cache<string>('pages');
    const reads = memory.cache<string>('reads');
    pages.set('p1', 'p1', 100);
    reads.set('r1', 'r1', 100);
    pages.set('p2', 'p2', 100);
    expect(pages.get('p1')).toBe('p1'); // r1 is now the least recently used of all
    reads.set('r2', 'r2', 100);
    expect(reads.get('r1')).toBeUndefined();
    expect(pages.size + reads.size).toBe(3);
    expect(memory.stats()).toEqual({
      maxBytes: 300,
      bytes: 300,
      caches: [
        { name: 'pages', entries: 2, bytes: 200, dropped: 0 },
        { name: 'reads', entries: 1, bytes: 100, dropped: 1 },
      ],
    });
  });

  it('bounds a cache by count as well when asked to', () => {
    const memory = new MenuCacheMemory(1_000_000);
    const cache = memory.cache<string>('pages', 2);
    for (const key of ['a', 'b', 'c']) cache.set(key, key, 1);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'b', 'c']);
    expect(memory.bytes).toBe(2);
  });
});
