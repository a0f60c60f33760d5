import { TelegramApiError } from './api-error';

/**
 * Each bot's queue of updates and the two ways Telegram hands them over: long polling (`getUpdates`, one request at a
 * time, `offset` confirms) and a webhook (a POST per update, in order, retried on a non-2xx answer or a network
 * error; an update stays queued until its webhook answered 2xx, as Telegram keeps it).
 */

export interface Update {
  update_id: number;
  callback_query?: Record<string, unknown>;
}

export interface WebhookSettings {
  url: string;
  secret_token?: string;
  allowed_updates?: string[];
}

/** Waits before the 2nd, 3rd and 4th attempt of one webhook delivery: Telegram retries too, only more slowly. */
export const WEBHOOK_RETRY_DELAYS_MS = [100, 300, 1000];
/** A webhook that does not answer within this is a failed attempt. */
const WEBHOOK_TIMEOUT_MS = 10_000;
/** Telegram's own ceiling on a long poll. */
const MAX_POLL_SECONDS = 50;

interface Waiter {
  wake(): void;
  end(error: TelegramApiError): void;
}

interface BotQueue {
  nextUpdateId: number;
  pending: Update[];
  webhook?: WebhookSettings;
  /** Kept from the last getUpdates or setWebhook that named them (Telegram remembers the choice). */
  allowedUpdates?: string[];
  waiter?: Waiter;
  delivering: boolean;
  lastError?: { date: number; message: string };
  /** press() waits for the first webhook attempt of its update: these resolve it. */
  firstAttempt: Map<number, () => void>;
}

export class UpdateHub {
  private queues = new Map<number, BotQueue>();
  /** Bumped by reset: delivery loops and sleeps of an older generation stop. */
  private generation = 0;
  private sleepers = new Set<() => void>();
  private requests = new Set<AbortController>();

  constructor(private readonly now: () => number) {}

  private queue(botId: number): BotQueue {
    let queue = this.queues.get(botId);
    if (!queue) {
      queue = { nextUpdateId: 1, pending: [], delivering: false, firstAttempt: new Map() };
      this.queues.set(botId, queue);
    }
    return queue;
  }

  /**
   * Queues an update of `kind` ('callback_query') made by `make`; resolves with its update_id once it has been
   * offered to the webhook once (at once when there is none: it waits for getUpdates).
   */
  async add(botId: number, kind: string, make: (updateId: number) => Update): Promise<number> {
    const queue = this.queue(botId);
    const update = make(queue.nextUpdateId++);
    // Telegram never creates updates of a type the bot did not ask for.
    if (queue.allowedUpdates && !queue.allowedUpdates.includes(kind)) return update.update_id;
    queue.pending.push(update);
    queue.waiter?.wake();
    if (!queue.webhook) return update.update_id;
    const attempted = new Promise<void>((resolve) => queue.firstAttempt.set(update.update_id, resolve));
    void this.deliver(queue);
    await attempted;
    return update.update_id;
  }

  /** getUpdates. `signal` aborts when the caller hung up: its poll ends without an answer. */
  poll(
    botId: number,
    params: { offset: number; limit: number; timeout: number; allowedUpdates?: string[] },
    signal: AbortSignal,
  ): Promise<Update[]> {
    const queue = this.queue(botId);
    if (queue.webhook) {
      throw new TelegramApiError(
        409,
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      );
    }
    queue.waiter?.end(
      new TelegramApiError(
        409,
        'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
      ),
    );
    if (params.allowedUpdates) queue.allowedUpdates = params.allowedUpdates.length ? params.allowedUpdates : undefined;
    // A positive offset confirms every earlier update; a negative one keeps only the last -offset and forgets the rest.
    if (params.offset > 0) queue.pending = queue.pending.filter((u) => u.update_id >= params.offset);
    else if (params.offset < 0) queue.pending = queue.pending.slice(params.offset);
    const ready = () => structuredClone(queue.pending.slice(0, params.limit));
    if (queue.pending.length > 0 || params.timeout <= 0) return Promise.resolve(ready());

    return new Promise<Update[]>((resolve, reject) => {
      let done = false;
      const finish = () => {
        done = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.sleepers.delete(onReset);
        if (queue.waiter === waiter) queue.waiter = undefined;
      };
      const waiter: Waiter = {
        wake: () => {
          if (done) return;
          finish();
          resolve(ready());
        },
        end: (error) => {
          if (done) return;
          finish();
          reject(error);
        },
      };
      const onAbort = () => {
        if (done) return;
        finish();
        resolve([]);
      };
      const onReset = onAbort;
      const timer = setTimeout(waiter.wake, Math.min(params.timeout, MAX_POLL_SECONDS) * 1000);
      signal.addEventListener('abort', onAbort);
      this.sleepers.add(onReset);
      queue.waiter = waiter;
    });
  }

  setWebhook(botId: number, settings: WebhookSettings, dropPending: boolean): void {
    const queue = this.queue(botId);
    queue.waiter?.end(new TelegramApiError(409, 'Conflict: terminated by setWebhook request'));
    queue.webhook = settings;
    if (settings.allowed_updates) {
      queue.allowedUpdates = settings.allowed_updates.length ? settings.allowed_updates : undefined;
    }
    if (dropPending) queue.pending = [];
    queue.lastError = undefined;
    void this.deliver(queue);
  }

  /** Returns whether a webhook was set. */
  deleteWebhook(botId: number, dropPending: boolean): boolean {
    const queue = this.queue(botId);
    const had = queue.webhook !== undefined;
    queue.webhook = undefined;
    if (dropPending) queue.pending = [];
    return had;
  }

  webhook(botId: number): WebhookSettings | undefined {
    const webhook = this.queues.get(botId)?.webhook;
    return webhook && structuredClone(webhook);
  }

  /** getWebhookInfo's WebhookInfo. */
  info(botId: number): Record<string, unknown> {
    const queue = this.queue(botId);
    return {
      url: queue.webhook?.url ?? '',
      has_custom_certificate: false,
      pending_update_count: queue.pending.length,
      ...(queue.webhook ? { max_connections: 40, ip_address: '127.0.0.1' } : {}),
      ...(queue.lastError
        ? { last_error_date: queue.lastError.date, last_error_message: queue.lastError.message }
        : {}),
      ...(queue.webhook?.allowed_updates ? { allowed_updates: queue.webhook.allowed_updates } : {}),
    };
  }

  /** Forgets every queue, webhook and poll (polls answer []); deliveries under way stop. */
  reset(): void {
    this.generation++;
    for (const wakeUp of [...this.sleepers]) wakeUp();
    this.sleepers.clear();
    for (const request of this.requests) request.abort();
    this.requests.clear();
    for (const queue of this.queues.values()) {
      for (const resolve of queue.firstAttempt.values()) resolve();
    }
    this.queues.clear();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wakeUp = () => {
        clearTimeout(timer);
        this.sleepers.delete(wakeUp);
        resolve();
      };
      const timer = setTimeout(wakeUp, ms);
      this.sleepers.add(wakeUp);
    });
  }

  /** Posts the queue's updates to its webhook one by one, oldest first, until it is empty or one fails for good. */
  private async deliver(queue: BotQueue): Promise<void> {
    if (queue.delivering) return;
    queue.delivering = true;
    const generation = this.generation;
    try {
      while (queue.webhook && queue.pending.length > 0 && generation === this.generation) {
        const update = queue.pending[0]!;
        if (!(await this.attempts(queue, update, generation))) break;
        if (queue.pending[0] === update) queue.pending.shift();
      }
    } finally {
      queue.delivering = false;
      // Updates behind one that failed for good wait for the next delivery; their press() need not.
      for (const resolve of queue.firstAttempt.values()) resolve();
      queue.firstAttempt.clear();
    }
  }

  private async attempts(queue: BotQueue, update: Update, generation: number): Promise<boolean> {
    for (let attempt = 0; attempt <= WEBHOOK_RETRY_DELAYS_MS.length; attempt++) {
      if (attempt > 0) await this.sleep(WEBHOOK_RETRY_DELAYS_MS[attempt - 1]!);
      const webhook = queue.webhook;
      if (!webhook || generation !== this.generation) return false;
      const delivered = await this.post(webhook, update);
      if (delivered !== true) queue.lastError = { date: Math.floor(this.now() / 1000), message: delivered };
      queue.firstAttempt.get(update.update_id)?.();
      queue.firstAttempt.delete(update.update_id);
      if (delivered === true) return true;
    }
    return false;
  }

  /** One POST of the update: true, or the reason it failed in getWebhookInfo's words. */
  private async post(webhook: WebhookSettings, update: Update): Promise<true | string> {
    const controller = new AbortController();
    this.requests.add(controller);
    const timer = setTimeout(() => controller.abort(), WEBHOOK_TIMEOUT_MS);
    try {
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(webhook.secret_token ? { 'x-telegram-bot-api-secret-token': webhook.secret_token } : {}),
        },
        body: JSON.stringify(update),
        redirect: 'manual',
        signal: controller.signal,
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status >= 200 && response.status < 300) return true;
      return `Wrong response from the webhook: ${response.status} ${response.statusText}`.trim();
    } catch (error) {
      return controller.signal.aborted ? 'Read timeout expired' : `Connection failed: ${(error as Error).message}`;
    } finally {
      clearTimeout(timer);
      this.requests.delete(controller);
    }
  }
}
