import type { Executor } from '../../db/client';
import { findOrderingRestaurant } from '../../repositories/orders';
import { slugKey } from '../../repositories/restaurants';

type Found = Awaited<ReturnType<typeof findOrderingRestaurant>>;

/** Slugs remembered at most, found or not; past it the oldest are forgotten first. */
const KEPT = 10_000;

/**
 * What the diner's writes need of a restaurant (its id, whether it is active and takes orders), by slug, in memory:
 * an order or a call then reads nothing before its own transaction. An entry lives until any write to its restaurant
 * (`invalidate`, wired to app.onMenuChanged, which every process hears), and an unknown slug is remembered too until
 * any write at all (a restaurant created or renamed announces itself that way). A read that was running while a write
 * happened answers its request but is not kept: it may be from before the write.
 */
export class OrderingRestaurants {
  private readonly entries = new Map<string, Found>();
  private generation = 0;

  constructor(private readonly db: Executor) {}

  async get(slug: string): Promise<Found> {
    const key = slugKey(slug);
    if (this.entries.has(key)) return this.entries.get(key);
    const generation = this.generation;
    const found = await findOrderingRestaurant(this.db, slug);
    if (generation === this.generation) {
      this.entries.set(key, found);
      if (this.entries.size > KEPT) this.entries.delete(this.entries.keys().next().value!);
    }
    return found;
  }

  /** Drops the restaurant (under whatever slug: a write may have changed it) and every unknown slug; `null`: all. */
  invalidate(restaurantId: string | null): void {
    this.generation++;
    for (const [key, found] of this.entries) {
      if (restaurantId === null || found === undefined || found._id === restaurantId) this.entries.delete(key);
    }
  }
}
