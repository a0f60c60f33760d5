import { randomUUID } from 'node:crypto';
import { deliveringBotTokens, leasePoller, releasePoller, savePollOffset } from '../repositories/telegram-updates';
import { BotApiError, botIdOf, callBotApi, type TelegramUpdate } from './bot-api';
import { handleUpdate, type UpdateDeps } from './updates';

/**
 * Without PUBLIC_URL Telegram cannot call us, so each bot's button presses are read by long polling (getUpdates): one
 * loop per bot, in one process at a time (a lease in telegram_pollers, renewed every poll), from the offset kept
 * there, so a restart or another process continues where the last one stopped and an update is never handled twice
 * (updates.ts remembers them too). The set of bots is read again every BOTS_EVERY_MS: a token saved in the panel
 * starts being polled within that time, a removed one stops.
 */

export interface PollerOptions {
  /** getUpdates' long-polling wait in seconds (Telegram allows up to 50; tests use 1). */
  pollSeconds?: number;
  /** How often the bots to poll are read again. */
  botsEveryMs?: number;
}

const LEASE_SECONDS = 90;
const RETRY_MS = 5000;
/** A webhook is set on the bot (409): somebody else receives its updates; look again later. */
const CONFLICT_RETRY_MS = 30_000;

export class TelegramPoller {
  private readonly owner = randomUUID();
  private readonly loops = new Map<string, { stop: AbortController; done: Promise<void>; leased: boolean }>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private readonly pollSeconds: number;
  private readonly botsEveryMs: number;

  constructor(
    private readonly deps: UpdateDeps,
    options: PollerOptions = {},
  ) {
    this.pollSeconds = options.pollSeconds ?? 25;
    this.botsEveryMs = options.botsEveryMs ?? 10_000;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.refresh();
  }

  /** The bots changed (a token saved): look at once rather than at the next refresh. */
  refreshSoon(): void {
    if (!this.stopped) void this.refresh();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const loops = [...this.loops.values()];
    for (const loop of loops) loop.stop.abort();
    await Promise.all(loops.map((loop) => loop.done));
  }

  /**
   * Which bots are polled by this process now (tests): those whose lease it holds. A loop that is only asking for the
   * lease (another process may hold it) is not polling.
   */
  polling(): string[] {
    return [...this.loops].filter(([, loop]) => loop.leased).map(([botId]) => botId);
  }

  private async refresh(): Promise<void> {
    clearTimeout(this.timer);
    try {
      const tokens = await deliveringBotTokens(this.deps.db);
      const wanted = new Map(tokens.map((token) => [botIdOf(token), token]));
      for (const [botId, loop] of this.loops) {
        if (!wanted.has(botId)) loop.stop.abort();
      }
      for (const [botId, token] of wanted) {
        if (!this.loops.has(botId) && !this.stopped) this.startLoop(botId, token);
      }
    } catch (error) {
      this.deps.log.warn({ err: error }, 'Telegram poller: reading the bots failed');
    }
    if (!this.stopped) {
      this.timer = setTimeout(() => void this.refresh(), this.botsEveryMs);
      this.timer.unref();
    }
  }

  private startLoop(botId: string, token: string): void {
    const stop = new AbortController();
    const done = this.poll(botId, token, stop.signal).finally(() => {
      this.loops.delete(botId);
      void releasePoller(this.deps.db, botId, this.owner).catch(() => undefined);
    });
    this.loops.set(botId, { stop, done, leased: false });
  }

  private async poll(botId: string, token: string, signal: AbortSignal): Promise<void> {
    const api = { ...this.deps.api, timeoutMs: (this.pollSeconds + 10) * 1000 };
    while (!signal.aborted) {
      let offset: number | undefined;
      try {
        offset = await leasePoller(this.deps.db, botId, this.owner, LEASE_SECONDS);
      } catch (error) {
        this.deps.log.warn({ err: error }, 'Telegram poller: lease failed');
      }
      // Another process polls this bot: stop here; the next refresh tries again (and takes over if it died).
      if (offset === undefined) return;
      const loop = this.loops.get(botId);
      if (loop) loop.leased = true;
      try {
        const updates = await callBotApi<TelegramUpdate[]>(
          api,
          token,
          'getUpdates',
          { offset, timeout: this.pollSeconds, allowed_updates: ['callback_query'] },
          signal,
        );
        for (const update of updates) {
          await handleUpdate(this.deps, token, update);
          await savePollOffset(this.deps.db, botId, this.owner, update.update_id + 1);
        }
      } catch (error) {
        if (signal.aborted) return;
        const conflict = error instanceof BotApiError && error.status === 409;
        // A bad token (401) stops nothing here: the next refresh drops it if it was removed, else it waits and retries.
        this.deps.log.warn({ bot: botId, err: error }, 'Telegram poller: getUpdates failed');
        await sleep(conflict ? CONFLICT_RETRY_MS : RETRY_MS, signal);
      }
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
