/**
 * Recent public reads, each dropped by any write to its restaurant (app.onMenuChanged: every committed menu write calls
 * it, in every server process through LISTEN/NOTIFY on PostgreSQL), like the public menu page cache. A load that was
 * running while any write happened is answered but not kept: it may have read the menu from before the write. Misses
 * (unknown or hidden) are never kept, so what is created or published later shows at once.
 */
export class MenuReadCache<T extends { restaurant_id: string }> {
  private readonly entries = new Map<string, T>();
  private generation = 0;

  constructor(private readonly maxEntries: number) {}

  async get(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const generation = this.generation;
    const value = await load();
    if (value && generation === this.generation) {
      this.entries.set(key, value);
      // Oldest first out: a Map iterates in insertion order.
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
  }

  /** Drops the restaurant's entries, or every entry for `null`. */
  invalidate(restaurantId: string | null): void {
    this.generation++;
    for (const [key, entry] of this.entries) {
      if (restaurantId === null || entry.restaurant_id === restaurantId) this.entries.delete(key);
    }
  }
}
