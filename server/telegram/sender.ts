import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import {
  claimDueMessages,
  type DeliveryContext,
  deliveryContext,
  isOlderThan,
  markFailed,
  markRetry,
  markSent,
  markSkipped,
  type OutboxRow,
  pruneOutbox,
  restRestaurant,
} from '../repositories/telegram-delivery';
import { BotApiError, type BotApiOptions, callBotApi, chatIdParam, type TelegramMessage } from './bot-api';
import { ChatPace } from './chat-pace';
import { failureReason, GAVE_UP } from './failures';
import { callMessage, type MessageContent, orderMessage } from './messages';

/**
 * Seconds before the n-th retry (n = attempts made): an order must reach the kitchen fast, so the first retries come
 * within seconds; then minutes, up to a quarter of an hour between tries, for as long as GIVE_UP_HOURS.
 */
export const RETRY_SECONDS = [2, 5, 10, 30, 60, 120, 300, 600, 900] as const;
export const GIVE_UP_HOURS = 24;
/** A claimed row is another process's again after this: far longer than one call (BOT_API_TIMEOUT_MS). */
export const LEASE_SECONDS = 60;
const BATCH = 20;
const TICK_MS = 1000;
const PRUNE_EVERY_MS = 6 * 3600_000;
const KEEP_FINISHED_DAYS = 7;

export function retryDelaySeconds(attempts: number): number {
  return RETRY_SECONDS[Math.min(Math.max(attempts, 1), RETRY_SECONDS.length) - 1]!;
}

export interface SenderOptions {
  db: Db;
  api: BotApiOptions;
  log: FastifyBaseLogger;
  /** Poll for due rows every this many ms (besides `wake()`); tests pass a short one. */
  tickMs?: number;
  /** Telegram's per-chat pace (tests of other things pass one without gaps). */
  pace?: ChatPace;
}

/**
 * Delivers the outbox (server/repositories/telegram-delivery.ts), in every server process: each round claims due rows
 * (one per restaurant, so one chat's messages go one at a time and in order), sends or edits each message, and records
 * how it ended. Many processes on one PostgreSQL never take the same row (SKIP LOCKED, then a lease); a restart finds
 * the rows where they were. Telegram's pace per chat is kept here (ChatPace) and a 429 rests the whole chat.
 */
export class TelegramSender {
  private readonly pace: ChatPace;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private lastPrune = Date.now();

  constructor(private readonly options: SenderOptions) {
    this.pace = options.pace ?? new ChatPace();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Something was just written to the outbox: look now rather than at the next tick. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Stops claiming; the deliveries under way finish (their rows are then recorded, not left to the lease). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One round: claim what is due and deliver it. Answers how many rows it handled (tests call it directly). */
  async runOnce(): Promise<number> {
    const rows = await claimDueMessages(this.options.db, {
      limit: BATCH,
      resting: this.pace.resting(),
      leaseSeconds: LEASE_SECONDS,
    });
    await Promise.all(rows.map((row) => this.deliver(row)));
    return rows.length;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.loop(), ms);
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    if (this.stopped || this.running) return;
    let handled = 0;
    this.running = (async () => {
      try {
        handled = await this.runOnce();
        if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
          this.lastPrune = Date.now();
          await pruneOutbox(this.options.db, KEEP_FINISHED_DAYS);
        }
      } catch (error) {
        // The database away for a moment: the rows wait in the table; try at the next tick.
        this.options.log.warn({ err: error }, 'Telegram outbox: a round failed');
      }
    })();
    await this.running;
    this.running = undefined;
    if (this.stopped) return;
    const more = handled > 0 || this.again;
    this.again = false;
    this.schedule(more ? 0 : (this.options.tickMs ?? TICK_MS));
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const { db } = this.options;
    const context = await deliveryContext(db, row);
    if (!context) return markSkipped(db, row, 'The order or call is gone');
    const { bot_token: token, channel_id: channel } = context.restaurant;
    if (!token || !channel) return markSkipped(db, row, 'The restaurant has no bot token or channel now');
    const content = render(context);
    await this.pace.wait(row.restaurant_id, row.action === 'send');
    try {
      if (row.action === 'send') {
        const sent = await callBotApi<TelegramMessage>(this.options.api, token, 'sendMessage', {
          chat_id: chatIdParam(channel),
          text: content.text,
          parse_mode: 'HTML',
          reply_markup: content.reply_markup,
        });
        await markSent(db, row, { chatId: String(sent.chat.id), messageId: sent.message_id });
        return;
      }
      const message = sentMessage(context);
      if (!message) return markSkipped(db, row, 'Its message was never sent');
      await callBotApi(this.options.api, token, 'editMessageText', {
        chat_id: chatIdParam(message.chatId),
        message_id: message.messageId,
        text: content.text,
        parse_mode: 'HTML',
        reply_markup: content.reply_markup,
      });
      await markSent(db, row, undefined);
    } catch (error) {
      await this.failed(row, error);
    }
  }

  private async failed(row: OutboxRow, error: unknown): Promise<void> {
    const { db, log } = this.options;
    const failure = error instanceof BotApiError ? error : new BotApiError(0, String(error));
    const description = failure.description;
    // An edit that changes nothing (two changes rendered alike) or whose message staff deleted is done, not failed.
    if (row.action === 'edit' && failure.status === 400 && /message is not modified/i.test(description)) {
      return markSent(db, row, undefined);
    }
    if (row.action === 'edit' && failure.status === 400 && /message to edit not found/i.test(description)) {
      return markSkipped(db, row, description);
    }
    if (failure.permanent) {
      log.warn({ restaurant: row.restaurant_id, status: failure.status }, `Telegram refused a message: ${description}`);
      return markFailed(db, row, failureReason(failure));
    }
    if (isOlderThan(row, GIVE_UP_HOURS)) return markFailed(db, row, GAVE_UP);
    if (failure.status === 429) {
      const seconds = Math.max(1, failure.retryAfter ?? retryDelaySeconds(row.attempts));
      this.pace.rest(row.restaurant_id, seconds);
      await restRestaurant(db, row.restaurant_id, seconds);
      return markRetry(db, row, seconds, description);
    }
    return markRetry(db, row, retryDelaySeconds(row.attempts), description);
  }
}

function render(context: DeliveryContext): MessageContent {
  const name = context.restaurant.name;
  return context.subject.kind === 'order'
    ? orderMessage(name, context.subject.order)
    : callMessage(name, context.subject.call);
}

function sentMessage(context: DeliveryContext): { chatId: string; messageId: number } | undefined {
  const subject = context.subject.kind === 'order' ? context.subject.order : context.subject.call;
  if (subject.telegram_message_id === null || subject.telegram_chat_id === null) return undefined;
  return { chatId: subject.telegram_chat_id, messageId: subject.telegram_message_id };
}
