/** How many of a statement may run at once, and how many items one may carry. */
export interface BatchLimits {
  inFlight: number;
  maxItems: number;
}

interface Waiting<In, Out> {
  item: In;
  resolve(out: Out): void;
  reject(error: unknown): void;
}

/**
 * Items of one statement that takes several at a time (answering one result per item, in their order), run as they
 * come: the items of one turn of the event loop go together as soon as fewer than `inFlight` statements run, and the
 * items that arrive while they all run wait and go together in the next one (at most `maxItems`). Quiet, every item is
 * a statement of its own and waits for nothing but the end of its turn; busy, each statement carries what gathered
 * during the last one, so the statements (their round trips and commits) grow fewer than the items. A statement that fails is run again for each of its items alone, so one item's
 * fault (a deadlock, a constraint) is only that item's error.
 */
export class StatementBatches<In, Out> {
  private readonly waiting: Array<Waiting<In, Out>> = [];
  private running = 0;
  private startScheduled = false;

  constructor(
    private readonly run: (items: In[]) => Promise<Out[]>,
    private readonly limits: BatchLimits,
  ) {}

  submit(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.startSoon();
    });
  }

  /**
   * After the event loop's current turn: the requests it parsed together (a busy server reads many sockets per turn)
   * then go in one statement, where starting at once would send the first alone and the rest after it.
   */
  private startSoon(): void {
    if (this.startScheduled) return;
    this.startScheduled = true;
    setImmediate(() => {
      this.startScheduled = false;
      this.start();
    });
  }

  private start(): void {
    while (this.running < this.limits.inFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.limits.maxItems);
      this.running++;
      void this.runBatch(batch).finally(() => {
        this.running--;
        this.start();
      });
    }
  }

  private async runBatch(batch: Array<Waiting<In, Out>>): Promise<void> {
    try {
      const outs = await this.run(batch.map((waiting) => waiting.item));
      for (const [index, waiting] of batch.entries()) waiting.resolve(outs[index]!);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      await Promise.all(
        batch.map((waiting) => this.run([waiting.item]).then(([out]) => waiting.resolve(out!), waiting.reject)),
      );
    }
  }
}
