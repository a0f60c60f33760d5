import type { Executor } from '../../db/client';
import { findPaymentSettings } from '../../repositories/payments';

type Row = Awaited<ReturnType<typeof findPaymentSettings>>;

/** Restaurants remembered at most, unless told otherwise; past it the oldest are forgotten first. */
const KEPT = 10_000;

/**
 * The restaurants' payment settings as the providers' calls read them (the keys their calls are checked with), in
 * memory: a provider's call then reads nothing before its own work, and Payme's three calls for one payment are three
 * statements fewer. An entry lives until any write to its restaurant (`invalidate`, wired to app.onMenuChanged, which
 * every process hears: saving the settings announces it); a read that was running while a write happened answers its
 * call but is not kept, since it may be from before the write. A restaurant without settings is remembered too.
 */
export class PaymentSettingsCache {
  private readonly entries = new Map<string, Row>();
  private generation = 0;

  constructor(
    private readonly db: Executor,
    private readonly kept = KEPT,
  ) {}

  async get(restaurantId: string): Promise<Row> {
    if (this.entries.has(restaurantId)) return this.entries.get(restaurantId);
    const generation = this.generation;
    const row = await findPaymentSettings(this.db, restaurantId);
    if (generation === this.generation) {
      this.entries.set(restaurantId, row);
      if (this.entries.size > this.kept) this.entries.delete(this.entries.keys().next().value!);
    }
    return row;
  }

  /** Drops the restaurant's settings; `null`: every restaurant's. */
  invalidate(restaurantId: string | null): void {
    this.generation++;
    if (restaurantId === null) this.entries.clear();
    else this.entries.delete(restaurantId);
  }
}
