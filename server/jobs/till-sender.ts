import { sendToTill, type TillSendDeps, type TillSendOptions } from '../domain/orders/send-to-till';
import { claimDueTillOrders } from '../repositories/pos-outbox';

/**
 * Seconds before the n-th retry while the POS or the till is away: an order must reach the kitchen fast, so the first
 * tries come within seconds; ten tries (about four minutes) and it is given up, for the staff to see and send again.
 */
export const TILL_RETRY_SECONDS = [1, 2, 5, 10, 20, 30, 60, 60, 60] as const;
export const TILL_MAX_ATTEMPTS = 10;
/**
 * How long a claim holds a row: the calls get all of it but the margin, enough for iiko to carry an order to the till
 * (its transport timeout, 8 s) and the calls around it; a command still under way then is followed by the next claim.
 * A process that died mid-send holds its rows no longer than this.
 */
export const TILL_LEASE_SECONDS = 15;
/** The calls end this long before the lease does, so their answer is recorded while the row is still this claim's. */
const LEASE_MARGIN_MS = 5000;
/** Orders being sent at once by one process (each mostly waits for the till). */
const MAX_IN_FLIGHT = 20;
const TICK_MS = 1000;
const WAKE_GATHER_MS = 15;

export interface TillSenderOptions extends Partial<TillSendOptions> {
  deps: TillSendDeps;
  /** Look for due rows this often besides `wake()`; tests shorten it. */
  tickMs?: number;
  leaseSeconds?: number;
}

/**
 * Sends the orders of pos_outbox to the tills (domain/orders/send-to-till.ts), in every server process: it claims due
 * rows (a database lease, so one process sends each order) and sends each on its own, up to MAX_IN_FLIGHT at once, so
 * a slow till never holds back another restaurant's order. Woken after an order's commit (the first try is
 * immediate) and after each sending ends (a table's next order is due then); otherwise it looks every `tickMs`. A
 * restart finds the rows where they were.
 */
export class TillSender {
  private readonly send: TillSendOptions;
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  /** When `timer` fires (epoch ms). */
  private nextAt = 0;
  private claiming: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(private readonly options: TillSenderOptions) {
    this.send = {
      retrySeconds: options.retrySeconds ?? TILL_RETRY_SECONDS,
      maxAttempts: options.maxAttempts ?? TILL_MAX_ATTEMPTS,
      pollMs: options.pollMs ?? 200,
    };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /**
   * An order was just written to the outbox, or a sending ended: look soon rather than at the next tick. Wakes within
   * WAKE_GATHER_MS make one claim: under a rush each order would otherwise cost a claim of its own (and each sending's
   * end another), taking the database from the diners' requests.
   */
  wake(): void {
    if (this.stopped) return;
    if (this.claiming) this.again = true;
    else this.schedule(WAKE_GATHER_MS);
  }

  /** Stops claiming; the sendings under way finish and are recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.claiming;
    await Promise.all(this.inFlight);
  }

  /** Claims what is due and sends it, waiting for every sending to end; answers how many (tests call it directly). */
  async runOnce(): Promise<number> {
    const sendings = await this.claimAndSend(MAX_IN_FLIGHT);
    await Promise.all(sendings);
    return sendings.length;
  }

  private async claimAndSend(room: number): Promise<Promise<void>[]> {
    const leaseSeconds = this.options.leaseSeconds ?? TILL_LEASE_SECONDS;
    const deadline = Date.now() + leaseSeconds * 1000 - Math.min(LEASE_MARGIN_MS, (leaseSeconds * 1000) / 3);
    const rows = await claimDueTillOrders(this.options.deps.db, { limit: room, leaseSeconds });
    return rows.map((row) => {
      const sending = sendToTill(this.options.deps, row, this.send, deadline).catch((error) => {
        // Recording the outcome failed (the database away): the row is tried again when its lease runs out.
        this.options.deps.log.warn({ err: error, order: row.order_id }, 'Till order: recording failed');
      });
      const tracked = sending.finally(() => {
        this.inFlight.delete(tracked);
        this.wake();
      });
      this.inFlight.add(tracked);
      return tracked;
    });
  }

  /** The next look in `ms`, unless one is due sooner already. */
  private schedule(ms: number): void {
    const at = Date.now() + ms;
    if (this.timer && at >= this.nextAt) return;
    clearTimeout(this.timer);
    this.nextAt = at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.loop();
    }, ms);
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    if (this.stopped || this.claiming) return;
    let claimed = 0;
    const room = MAX_IN_FLIGHT - this.inFlight.size;
    this.claiming = (async () => {
      if (room <= 0) return;
      try {
        claimed = (await this.claimAndSend(room)).length;
      } catch (error) {
        // The database away for a moment: the rows wait in the table; try at the next tick.
        this.options.deps.log.warn({ err: error }, 'Till orders: claiming failed');
      }
    })();
    await this.claiming;
    this.claiming = undefined;
    if (this.stopped) return;
    const more = (claimed > 0 && claimed === room) || this.again;
    this.again = false;
    this.schedule(more ? 0 : (this.options.tickMs ?? TICK_MS));
  }
}
