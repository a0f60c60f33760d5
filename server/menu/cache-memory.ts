/**
 * The memory the public menu caches may hold together (MENU_CACHE_MB), counted in bytes, not in entries: a platform of
 * 2,500 restaurants in four languages must fit whole, and one restaurant of 200 dishes holds ten times what one of 20
 * holds. Each cache keeps its entries in a `KeptByBytes`, least recently used first; when the sum of every cache's
 * estimated bytes is over the budget, the least recently used entry of all of them is dropped, whichever cache holds
 * it, until the sum fits. An entry may grow after it is kept (a language's page rendered later): it says so (`grow`).
 */

/** What a server holds unless MENU_CACHE_MB says otherwise (docs/configuration.md: what it holds). */
export const DEFAULT_MENU_CACHE_MB = 512;

export const MB = 1024 * 1024;

export interface KeptStats {
  name: string;
  entries: number;
  /** Estimated bytes of its entries. */
  bytes: number;
  /** Entries dropped to fit the budget (or the cache's count bound), since the start. */
  dropped: number;
}

export interface CacheLookups {
  name: string;
  hits: number;
  misses: number;
}

export interface MenuCacheMemoryStats {
  maxBytes: number;
  bytes: number;
  caches: KeptStats[];
}

export class MenuCacheMemory {
  private readonly caches: KeptByBytes<unknown>[] = [];
  private held = 0;
  /** Orders uses across the caches: the smallest stamp is the least recently used entry of all. */
  private clock = 0;

  constructor(readonly maxBytes: number = DEFAULT_MENU_CACHE_MB * MB) {}

  /** A new cache in this budget, named in `stats()`; `maxEntries` bounds its count as well (none by default). */
  cache<V>(name: string, maxEntries = Number.POSITIVE_INFINITY): KeptByBytes<V> {
    const kept = new KeptByBytes<V>(this, name, maxEntries);
    this.caches.push(kept as KeptByBytes<unknown>);
    return kept;
  }

  /** Estimated bytes held by every cache together. */
  get bytes(): number {
    return this.held;
  }

  stats(): MenuCacheMemoryStats {
    return { maxBytes: this.maxBytes, bytes: this.held, caches: this.caches.map((cache) => cache.stats()) };
  }

  /** Each cache's lookups since the start, found or not (the /metrics hit ratio). */
  lookups(): CacheLookups[] {
    return this.caches.map((cache) => ({ name: cache.name, hits: cache.hits, misses: cache.misses }));
  }

  /** @internal A cache's bytes changed by `delta`. */
  counted(delta: number): void {
    this.held += delta;
  }

  /** @internal The next use's stamp. */
  tick(): number {
    return ++this.clock;
  }

  /** @internal Drops the least recently used entries of all caches until the bytes fit the budget. */
  fit(): void {
    while (this.held > this.maxBytes) {
      let oldest: KeptByBytes<unknown> | undefined;
      let oldestUse = Number.POSITIVE_INFINITY;
      for (const cache of this.caches) {
        const used = cache.oldestUse();
        if (used !== undefined && used < oldestUse) {
          oldest = cache;
          oldestUse = used;
        }
      }
      if (!oldest) return;
      oldest.dropOldest();
    }
  }
}

interface Kept<V> {
  value: V;
  bytes: number;
  used: number;
}

/** One cache's entries by key, least recently used first, each with its estimated bytes. */
export class KeptByBytes<V> {
  private readonly entries = new Map<string, Kept<V>>();
  private held = 0;
  private dropped = 0;
  /** Lookups by `get` that found an entry, and that did not. */
  hits = 0;
  misses = 0;

  constructor(
    private readonly memory: MenuCacheMemory,
    readonly name: string,
    private readonly maxEntries: number,
  ) {}

  /** The value kept under `key`, now the most recently used; undefined if none. */
  get(key: string): V | undefined {
    const kept = this.entries.get(key);
    if (!kept) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.entries.delete(key);
    this.entries.set(key, kept);
    kept.used = this.memory.tick();
    return kept.value;
  }

  /** Keeps `value` under `key` (replacing what was there) as `bytes`, then drops what no longer fits. */
  set(key: string, value: V, bytes: number): void {
    const before = this.entries.get(key);
    if (before) this.remove(key, before);
    this.entries.set(key, { value, bytes, used: this.memory.tick() });
    this.count(bytes);
    while (this.entries.size > this.maxEntries) this.dropOldest();
    this.memory.fit();
  }

  /**
   * `value` holds `delta` bytes more (or fewer) than when kept: counted if it is still the one kept under `key` (one
   * dropped or replaced meanwhile is nobody's memory any more), then what no longer fits is dropped. Not a use.
   */
  grow(key: string, value: V, delta: number): void {
    const kept = this.entries.get(key);
    if (kept?.value !== value) return;
    kept.bytes += delta;
    this.count(delta);
    this.memory.fit();
  }

  /** Removes every entry whose value `matches` (a write made it stale). */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, kept] of this.entries) if (matches(kept.value)) this.remove(key, kept);
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.held;
  }

  stats(): KeptStats {
    return { name: this.name, entries: this.entries.size, bytes: this.held, dropped: this.dropped };
  }

  /** @internal The stamp of its least recently used entry, if any. */
  oldestUse(): number | undefined {
    return this.entries.values().next().value?.used;
  }

  /** @internal Drops its least recently used entry. */
  dropOldest(): void {
    const oldest = this.entries.entries().next().value;
    if (!oldest) return;
    this.remove(oldest[0], oldest[1]);
    this.dropped++;
  }

  private remove(key: string, kept: Kept<V>): void {
    this.entries.delete(key);
    this.count(-kept.bytes);
  }

  private count(delta: number): void {
    this.held += delta;
    this.memory.counted(delta);
  }
}
