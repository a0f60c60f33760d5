import { type KeptByBytes, MenuCacheMemory } from './cache-memory';

/**
 * A cached read's answers, one per language asked (routes/user/languages.ts `inLanguage` fills it). Each answer added
 * is counted in its entry's bytes (the JSON length of the answer), so an entry grows with the languages asked for.
 */
export class AnswerMemo extends Map<string, unknown> {
  /** Told each new answer's estimated bytes once its entry is kept. */
  onAdded: ((bytes: number) => void) | undefined;

  override set(key: string, value: unknown): this {
    const added = !this.has(key);
    super.set(key, value);
    if (added) this.onAdded?.(jsonBytes(value));
    return this;
  }
}

/** The estimate of what a loaded value holds in memory: the length of its JSON. */
function jsonBytes(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}

/**
 * Recent public reads, each dropped by any write to its restaurant (app.onMenuChanged: every committed menu write calls
 * it, in every server process through LISTEN/NOTIFY on PostgreSQL), like the public menu page cache. A load that was
 * running while any write happened is answered but not kept: it may have read the menu from before the write. Misses
 * (unknown or hidden) are never kept, so what is created or published later shows at once. What is kept shares the
 * public menu caches' byte budget (`MenuCacheMemory`, MENU_CACHE_MB), least recently used dropped first; an entry counts
 * the JSON length of what was loaded and of each answer made from it since.
 */
export class MenuReadCache<T extends { restaurant_id: string; answers: AnswerMemo }> {
  private readonly entries: KeptByBytes<T>;
  private generation = 0;

  constructor(name: string, memory = new MenuCacheMemory()) {
    this.entries = memory.cache(name);
  }

  async get(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const generation = this.generation;
    const value = await load();
    if (value && generation === this.generation) {
      // A fresh load has no answers yet: each is counted as it is made.
      this.entries.set(key, value, jsonBytes(value));
      value.answers.onAdded = (bytes) => this.entries.grow(key, value, bytes);
    }
    return value;
  }

  /** Drops the restaurant's entries, or every entry for `null`. */
  invalidate(restaurantId: string | null): void {
    this.generation++;
    this.entries.deleteWhere((entry) => restaurantId === null || entry.restaurant_id === restaurantId);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Estimated bytes of the entries kept. */
  get bytes(): number {
    return this.entries.bytes;
  }
}
