/**
 * The transactions the Payme simulator made, as Payme's cabinet lists them (this process only: a restart forgets
 * them, as the demo's simulators hold no state of their own on disk). Each keeps what the merchant last answered.
 */
export interface PaymeSimTransaction {
  /** Payme's id: 24 hex. */
  id: string;
  /** Payme's `time` (ms). */
  time: number;
  restaurantId: string;
  restaurantName: string;
  account: Record<string, string>;
  /** Tiyin. */
  amount: number;
  /** The merchant's id of it (`transaction`). */
  transaction: string;
  state: number;
  reason: number | null;
  returnUrl: string | undefined;
}

/** Kept at most: the oldest are forgotten first. */
const KEPT = 200;

export class PaymeLedger {
  private readonly transactions = new Map<string, PaymeSimTransaction>();

  add(transaction: PaymeSimTransaction): void {
    this.transactions.set(transaction.id, transaction);
    if (this.transactions.size > KEPT) this.transactions.delete(this.transactions.keys().next().value!);
  }

  get(id: string): PaymeSimTransaction | undefined {
    return this.transactions.get(id);
  }

  /** Newest first. */
  list(): PaymeSimTransaction[] {
    return [...this.transactions.values()].reverse();
  }
}
