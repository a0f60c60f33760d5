/** Rows being sent at once by one process (each mostly waits for the outside system). */
const MAX_IN_FLIGHT = 20;
const TICK_MS = 1000;
const WAKE_GATHER_MS = 15;
/** The sends end this long before the lease does, so their outcome is recorded while the row is still this claim's. */
const LEASE_MARGIN_MS = 5000;

/** An outbox row: its id, and the request that queued it (both named in the log). */
export interface OutboxRowIds {
  id: number;
  request_id: string | null;
}

export interface OutboxSenderOptions<Row extends OutboxRowIds> {
  /** What the log calls it ("Till order", "Kitchen ticket"). */
  name: string;
  log: { warn(details: object, message: string): void };
  /** Takes up to `limit` due rows for this process, leased for `leaseSeconds`. */
  claim: (limit: number, leaseSeconds: number) => Promise<Row[]>;
  /** Sends one row and records its outcome, before `deadline` (epoch ms); it may throw only when recording failed. */
  send: (row: Row, deadline: number) => Promise<void>;
  leaseSeconds: number;
  /** Look for due rows this often besides `wake()`; tests shorten it. */
  tickMs?: number;
}

/**
 * Sends an outbox's rows (the till's orders, the kitchen's tickets) in every server process: it claims due rows (a
 * database lease, so one process sends each) and sends each on its own, up to MAX_IN_FLIGHT at once, so a slow
 * receiver never holds back another restaurant's row. Woken after a commit that wrote rows (the first try is
 * immediate) and after each send ends; otherwise it looks every `tickMs`. A restart finds the rows where they were.
 */
export class OutboxSender<Row extends OutboxRowIds> {
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  /** When `timer` fires (epoch ms). */
  private nextAt = 0;
  private claiming: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(private readonly options: OutboxSenderOptions<Row>) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /**
   * Rows were just written, or a send ended: look soon rather than at the next tick. Wakes within WAKE_GATHER_MS
   * make one claim: under a rush each row would otherwise cost a claim of its own, taking the database from the
   * diners' requests.
   */
  wake(): void {
    if (this.stopped) return;
    if (this.claiming) this.again = true;
    else this.schedule(WAKE_GATHER_MS);
  }

  /** Stops claiming; the sends under way finish and are recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.claiming;
    await Promise.all(this.inFlight);
  }

  /** Claims what is due and sends it, waiting for every send to end; answers how many (tests call it directly). */
  async runOnce(): Promise<number> {
    const sends = await this.claimAndSend(MAX_IN_FLIGHT);
    await Promise.all(sends);
    return sends.length;
  }

  private async claimAndSend(room: number): Promise<Promise<void>[]> {
    const { leaseSeconds } = this.options;
    const deadline = Date.now() + leaseSeconds * 1000 - Math.min(LEASE_MARGIN_MS, (leaseSeconds * 1000) / 3);
    const rows = await this.options.claim(room, leaseSeconds);
    return rows.map((row) => {
      const sending = this.options.send(row, deadline).catch((error) => {
        // Recording the outcome failed (the database away): the row is tried again when its lease runs out.
        this.options.log.warn(
          { err: error, outboxRow: row.id, requestId: row.request_id },
          `${this.options.name}: recording failed`,
        );
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
        this.options.log.warn({ err: error }, `${this.options.name}: claiming failed`);
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
