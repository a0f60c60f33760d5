import type { MenuData } from './data';
import { renderMenuPage } from './page';
import { makeVariant, type Variant } from './variant';

/** One restaurant's rendered menu: the page now, the JSON when first asked for. */
export interface CachedMenu {
  restaurantId: string;
  data: MenuData;
  page: Variant;
  json(): Promise<Variant>;
}

/**
 * The public menus in memory, by slug. An entry lives until a write to its restaurant (`invalidate`, wired to
 * app.onMenuChanged), so a stop-list change shows on the next load. Guarantees:
 * - concurrent requests for a cold slug share one load (a QR code scanned by a full room costs one render);
 * - a load that was running while any write happened is served to its waiting requests but not kept, since it may
 *   have read the menu from before the write;
 * - at most `maxEntries` menus are kept, least recently used dropped first;
 * - a slug with no menu (unknown, or its restaurant inactive) is remembered too, so random slugs cannot keep the
 *   database busy; every remembered miss is forgotten at any menu write (a restaurant created, renamed or switched on
 *   announces itself that way), at most `maxMisses` are kept.
 */
export class MenuCache {
  private readonly entries = new Map<string, CachedMenu>();
  private readonly loading = new Map<string, Promise<CachedMenu | undefined>>();
  /** Slugs known to have no menu, oldest first. */
  private readonly misses = new Set<string>();
  private generation = 0;

  constructor(
    private readonly load: (slug: string) => Promise<MenuData | undefined>,
    private readonly maxEntries = 500,
    private readonly maxMisses = 10_000,
  ) {}

  async get(slug: string): Promise<CachedMenu | undefined> {
    const hit = this.entries.get(slug);
    if (hit) {
      this.entries.delete(slug);
      this.entries.set(slug, hit);
      return hit;
    }
    if (this.misses.has(slug)) return undefined;
    const running = this.loading.get(slug);
    if (running) return running;
    const generation = this.generation;
    const pending = this.build(slug).then((entry) => {
      if (generation === this.generation) {
        if (entry) this.store(slug, entry);
        else this.remember(slug);
      }
      return entry;
    });
    this.loading.set(slug, pending);
    const forget = () => {
      if (this.loading.get(slug) === pending) this.loading.delete(slug);
    };
    pending.then(forget, forget);
    return pending;
  }

  /**
   * Drops the restaurant's menu (under whatever slug it was cached: a write may have changed the slug), or every
   * menu for `null`.
   */
  invalidate(restaurantId: string | null): void {
    this.generation++;
    this.loading.clear();
    this.misses.clear();
    for (const [slug, entry] of this.entries) {
      if (restaurantId === null || entry.restaurantId === restaurantId) this.entries.delete(slug);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private remember(slug: string): void {
    this.misses.add(slug);
    if (this.misses.size > this.maxMisses) {
      const oldest = this.misses.values().next().value;
      if (oldest !== undefined) this.misses.delete(oldest);
    }
  }

  private store(slug: string, entry: CachedMenu): void {
    this.entries.set(slug, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  private async build(slug: string): Promise<CachedMenu | undefined> {
    const data = await this.load(slug);
    if (!data) return undefined;
    const page = await makeVariant(renderMenuPage(data));
    let json: Promise<Variant> | undefined;
    return {
      restaurantId: data.restaurant._id,
      data,
      page,
      json: () => {
        json ??= makeVariant(JSON.stringify({ data }));
        return json;
      },
    };
  }
}
