import type { OrderReadRequest, OrderReads, PricedProduct, PricedRow } from '../../repositories/order-placing';

/** Restaurants whose dishes are remembered at most; past it the oldest are forgotten first. */
const KEPT_RESTAURANTS = 5_000;

interface Dishes {
  products: Map<string, PricedProduct>;
  rows: Map<string, PricedRow>;
}

/**
 * The dishes and option rows orders have named, by restaurant, as ordering prices them (its price, whether it can be
 * ordered, its schedules, its station and its options' rules): an order whose dishes were all ordered before reads only
 * its table. A restaurant's entry lives until any write to it (`invalidate`, wired to app.onMenuChanged, which every
 * writer of products, categories, options, rows, the stop-list and kitchen stations announces, in every process). A read
 * that was running while a write happened answers its order but is not kept: it may be from before the write.
 * A product the read did not find (another restaurant's, deleted) is not remembered: it is read again each time, as a
 * row that is not of one of the restaurant's products (pricing refuses it) is.
 */
export class OrderingDishes {
  private readonly restaurants = new Map<string, Dishes>();
  private generation = 0;

  /** `request`'s reads, its dishes and rows that are remembered left out of what `readFrom` is asked. */
  async read(
    request: OrderReadRequest,
    readFrom: (request: OrderReadRequest) => Promise<OrderReads>,
  ): Promise<OrderReads> {
    const kept = this.restaurants.get(request.restaurantId);
    const generation = this.generation;
    const productIds = kept ? request.productIds.filter((id) => !kept.products.has(id)) : request.productIds;
    const rowIds = kept ? request.rowIds.filter((id) => !kept.rows.has(id)) : request.rowIds;
    const read = await readFrom({
      restaurantId: request.restaurantId,
      token: request.token,
      deviceId: request.deviceId,
      key: request.key,
      productIds,
      rowIds,
    });
    if (generation === this.generation) this.keep(request.restaurantId, read);
    if (!kept) return read;
    const products = new Map<string, PricedProduct>();
    for (const id of request.productIds) {
      const product = kept.products.get(id) ?? read.products.get(id);
      if (product) products.set(id, product);
    }
    const rows = new Map<string, PricedRow>();
    for (const id of request.rowIds) {
      const row = kept.rows.get(id) ?? read.rows.get(id);
      if (row) rows.set(id, row);
    }
    return { table: read.table, products, rows };
  }

  /** Drops the restaurant's dishes; `null`: every restaurant's. */
  invalidate(restaurantId: string | null): void {
    this.generation++;
    if (restaurantId === null) this.restaurants.clear();
    else this.restaurants.delete(restaurantId);
  }

  private keep(restaurantId: string, read: OrderReads): void {
    if (read.products.size === 0 && read.rows.size === 0) return;
    let dishes = this.restaurants.get(restaurantId);
    if (!dishes) {
      dishes = { products: new Map(), rows: new Map() };
      this.restaurants.set(restaurantId, dishes);
      if (this.restaurants.size > KEPT_RESTAURANTS) this.restaurants.delete(this.restaurants.keys().next().value!);
    }
    for (const [id, product] of read.products) dishes.products.set(id, product);
    // Only the rows of this restaurant's products: another's row is not invalidated by this restaurant's writes.
    for (const [id, row] of read.rows) if (dishes.products.has(row.product_id)) dishes.rows.set(id, row);
  }
}
