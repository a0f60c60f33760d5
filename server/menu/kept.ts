/**
 * Renders a cached menu keeps (pages, their compressed variants, the ordering page's templates), made once when first
 * asked for and counted in the menu's bytes once made (`grow`), at most `limit` of them, the least recently asked for
 * dropped first (its bytes with it). `clear` drops them all: the menu's open state changed, so none is right any more.
 */
export class KeptRenders<T> {
  private readonly items = new Map<string, { made: Promise<T>; bytes: number }>();

  constructor(
    private readonly limit: number,
    private readonly grow: (delta: number) => void,
    private readonly sizeOf: (made: T) => number,
  ) {}

  get(key: string, make: () => T | Promise<T>): Promise<T> {
    const kept = this.items.get(key);
    if (kept) {
      this.items.delete(key);
      this.items.set(key, kept);
      return kept.made;
    }
    const item = { made: Promise.resolve(make()), bytes: 0 };
    this.items.set(key, item);
    item.made.then(
      (made) => {
        if (this.items.get(key) !== item) return;
        item.bytes = this.sizeOf(made);
        this.grow(item.bytes);
      },
      // The request that asked for it gets the failure; the next one tries again.
      () => {
        if (this.items.get(key) === item) this.items.delete(key);
      },
    );
    if (this.items.size > this.limit) {
      const [oldestKey, oldest] = this.items.entries().next().value!;
      this.items.delete(oldestKey);
      this.grow(-oldest.bytes);
    }
    return item.made;
  }

  clear(): void {
    for (const item of this.items.values()) this.grow(-item.bytes);
    this.items.clear();
  }
}
