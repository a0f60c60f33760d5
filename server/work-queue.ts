/** Thrown by WorkQueue.run when as many tasks are already waiting as the queue allows. */
export class WorkQueueFull extends Error {
  constructor() {
    super('work queue full');
    this.name = 'WorkQueueFull';
  }
}

export interface WorkQueueOptions {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks allowed to wait for a free slot; one more is refused at once with WorkQueueFull. */
  maxWaiting: number;
}

/**
 * A bounded queue for expensive work on shared resources (libuv's thread pool): at most `concurrency` tasks run, at
 * most `maxWaiting` wait in arrival order, and anything beyond fails fast instead of piling up behind a flood.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly options: WorkQueueOptions) {}

  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxWaiting) throw new WorkQueueFull();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next task, so `running` never drops below what is actually running.
      if (next) next();
      else this.running -= 1;
    }
  }
}
