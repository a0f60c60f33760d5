import type {
  OrderReadRequest,
  OrderReads,
  PricedProduct,
  PricedRow,
  TableForOrder,
} from '../../repositories/order-placing';

/**
 * Tables, dishes and rows remembered at most, all restaurants together (a few hundred bytes each: some tens of MB);
 * past it the restaurants remembered first are forgotten first.
 */
const KEPT_ENTRIES = 200_000;

type KeptTable = Omit<TableForOrder, 'keyUsed'>;

interface Remembered {
  /** By token. */
  tables: Map<string, KeptTable>;
  products: Map<string, PricedProduct>;
  rows: Map<string, PricedRow>;
}

/**
 * The tables and dishes orders have named, by restaurant, as ordering uses them (a table's id, name and whether it is
 * active; a dish's price, whether it can be ordered, its schedules, its station and its options' rules). An order whose
 * table and dishes are all remembered reads nothing before its write: its table then comes with `keyUsed: null`, its
 * Idempotency-Key not looked for (the write finds a used key; place-order.ts). Otherwise it reads what is missing, and
 * its table with its key, in one statement. A restaurant's entry lives until any write to it (`invalidate`, wired to
 * app.onMenuChanged, which every writer of tables, products, categories, options, rows, the stop-list and kitchen
 * stations announces, in every process). A read that was running while a write happened answers its order but is not
 * kept: it may be from before the write. What the read did not find (an unknown token, another restaurant's product)
 * is not remembered: it is read again each time, as a row that is not of one of the restaurant's products (pricing
 * refuses it) is.
 */
export class OrderingReads {
  private readonly restaurants = new Map<string, Remembered>();
  private generation = 0;
  /** Tables, dishes and rows remembered, all restaurants together. */
  private entries = 0;

  constructor(private readonly keptEntries = KEPT_ENTRIES) {}

  /** `request`'s reads, what is remembered left out of what `readFrom` is asked (and `readFrom` not asked at all). */
  async read(
    request: OrderReadRequest,
    readFrom: (request: OrderReadRequest) => Promise<OrderReads>,
  ): Promise<OrderReads> {
    const kept = this.restaurants.get(request.restaurantId);
    const table = kept?.tables.get(request.token);
    const productIds = kept ? request.productIds.filter((id) => !kept.products.has(id)) : request.productIds;
    const rowIds = kept ? request.rowIds.filter((id) => !kept.rows.has(id)) : request.rowIds;
    if (kept && table && productIds.length === 0 && rowIds.length === 0) {
      return { table: { ...table, keyUsed: null }, ...remembered(request, kept) };
    }
    const generation = this.generation;
    const read = await readFrom({
      restaurantId: request.restaurantId,
      token: request.token,
      deviceId: request.deviceId,
      key: request.key,
      productIds,
      rowIds,
    });
    if (generation === this.generation) this.keep(request, read);
    if (!kept) return read;
    return { table: read.table, ...remembered(request, kept, read) };
  }

  /** Drops the restaurant's tables and dishes; `null`: every restaurant's. */
  invalidate(restaurantId: string | null): void {
    this.generation++;
    if (restaurantId === null) {
      this.restaurants.clear();
      this.entries = 0;
    } else {
      this.forget(restaurantId);
    }
  }

  /** How many tables, dishes and rows are remembered, all restaurants together. */
  get size(): number {
    return this.entries;
  }

  private forget(restaurantId: string): void {
    const entry = this.restaurants.get(restaurantId);
    if (!entry) return;
    this.entries -= sizeOf(entry);
    this.restaurants.delete(restaurantId);
  }

  private keep(request: OrderReadRequest, read: OrderReads): void {
    if (!read.table && read.products.size === 0 && read.rows.size === 0) return;
    let entry = this.restaurants.get(request.restaurantId);
    if (!entry) {
      entry = { tables: new Map(), products: new Map(), rows: new Map() };
      this.restaurants.set(request.restaurantId, entry);
    }
    const before = sizeOf(entry);
    if (read.table) {
      const { _id, name, is_active } = read.table;
      entry.tables.set(request.token, { _id, name, is_active });
    }
    for (const [id, product] of read.products) entry.products.set(id, product);
    // Only the rows of this restaurant's products: another's row is not invalidated by this restaurant's writes.
    for (const [id, row] of read.rows) if (entry.products.has(row.product_id)) entry.rows.set(id, row);
    this.entries += sizeOf(entry) - before;
    for (const oldest of this.restaurants.keys()) {
      if (this.entries <= this.keptEntries || oldest === request.restaurantId) break;
      this.forget(oldest);
    }
  }
}

const sizeOf = (entry: Remembered) => entry.tables.size + entry.products.size + entry.rows.size;

/** The request's dishes and rows from what is remembered, else from what was just read. */
function remembered(request: OrderReadRequest, kept: Remembered, read?: OrderReads) {
  const products = new Map<string, PricedProduct>();
  for (const id of request.productIds) {
    const product = kept.products.get(id) ?? read?.products.get(id);
    if (product) products.set(id, product);
  }
  const rows = new Map<string, PricedRow>();
  for (const id of request.rowIds) {
    const row = kept.rows.get(id) ?? read?.rows.get(id);
    if (row) rows.set(id, row);
  }
  return { products, rows };
}
