import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import {
  type Claim,
  type CoalescedContext,
  claimDueMessages,
  coalescedContext,
  type DeliveryContext,
  deliveryContext,
  isOlderThan,
  markCoalescedSent,
  markFailed,
  markRetry,
  markSent,
  markSkipped,
  type OutboxRow,
  restRestaurant,
} from '../repositories/telegram-delivery';
import {
  BOT_API_TIMEOUT_MS,
  BotApiError,
  type BotApiOptions,
  callBotApi,
  chatIdParam,
  type TelegramMessage,
} from './bot-api';
import { type PaceLimits, TELEGRAM_PACE } from './chat-pace';
import { failureReason, GAVE_UP } from './failures';
import { callMessage, type MessageContent, orderMessage, summaryMessage } from './messages';

/**
 * Seconds before the n-th retry (n = attempts made): an order must reach the kitchen fast, so the first retries come
 * within seconds; then minutes, up to a quarter of an hour between tries, for as long as GIVE_UP_HOURS.
 */
export const RETRY_SECONDS = [2, 5, 10, 30, 60, 120, 300, 600, 900] as const;
export const GIVE_UP_HOURS = 24;
/**
 * A claimed row is another process's again after its call's timeout and this margin (for reading the order and
 * recording the answer): the call is never started or kept on after its lease, and a process that died mid-call
 * holds its chat back no longer than that.
 */
export const LEASE_MARGIN_SECONDS = 5;

/** The lease of a claim whose Bot API call may take `timeoutMs`. */
export function leaseSeconds(timeoutMs: number): number {
  return Math.ceil(timeoutMs / 1000) + LEASE_MARGIN_SECONDS;
}
const BATCH = 20;
const TICK_MS = 1000;

export function retryDelaySeconds(attempts: number): number {
  return RETRY_SECONDS[Math.min(Math.max(attempts, 1), RETRY_SECONDS.length) - 1]!;
}

export interface SenderOptions {
  db: Db;
  api: BotApiOptions;
  log: FastifyBaseLogger;
  /** Poll for due rows every this many ms (besides `wake()`); tests pass a short one. */
  tickMs?: number;
  /** Telegram's per-chat pace (tests shorten it, or pass NO_PACE when testing other things). */
  pace?: PaceLimits;
  /** PUBLIC_URL: a coalesced message links to the panel's orders screen there. */
  publicUrl?: string;
}

/**
 * Delivers the outbox (server/repositories/telegram-delivery.ts), in every server process: each round claims due rows
 * (one per restaurant, so one chat's messages go one at a time and in order), sends or edits each message, and records
 * how it ended. Many processes on one PostgreSQL never take the same row (SKIP LOCKED, then a lease); a restart finds
 * the rows where they were. Telegram's pace per chat is kept in the database by the claim, and a 429 rests the whole
 * chat. Delivery is at least once: a process that dies after Telegram took a message but before recording it leaves
 * the row to be sent again when its lease runs out.
 */
export class TelegramSender {
  private readonly pace: PaceLimits;
  private readonly timeoutMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(private readonly options: SenderOptions) {
    this.pace = options.pace ?? TELEGRAM_PACE;
    this.timeoutMs = options.api.timeoutMs ?? BOT_API_TIMEOUT_MS;
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
    // The calls must end before the lease does (with its margin left for recording the answer), counted from here.
    const lease = leaseSeconds(this.timeoutMs);
    const callDeadline = Date.now() + (lease - LEASE_MARGIN_SECONDS) * 1000;
    const claims = await claimDueMessages(this.options.db, { limit: BATCH, leaseSeconds: lease, pace: this.pace });
    await Promise.all(claims.map((claim) => this.deliverClaim(claim, callDeadline)));
    return claims.length;
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

  private deliverClaim(claim: Claim, callDeadline: number): Promise<void> {
    const api = { ...this.options.api, timeoutMs: Math.max(1, Math.min(this.timeoutMs, callDeadline - Date.now())) };
    return claim.rows.length > 1 ? this.deliverCoalesced(claim.rows, api) : this.deliver(claim.rows[0]!, api);
  }

  private async deliver(row: OutboxRow, api: BotApiOptions): Promise<void> {
    const { db } = this.options;
    const context = await deliveryContext(db, row);
    if (!context) return markSkipped(db, row, 'The order or call is gone');
    const { bot_token: token, channel_id: channel } = context.restaurant;
    if (!token || !channel) return markSkipped(db, row, 'The restaurant has no bot token or channel now');
    const content = render(context);
    try {
      if (row.action === 'send') {
        const sent = await callBotApi<TelegramMessage>(api, token, 'sendMessage', {
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
      await callBotApi(api, token, 'editMessageText', {
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

  /** Many sends of one chat as one message ("5 ta yangi buyurtma"); each row ends as that message does. */
  private async deliverCoalesced(rows: OutboxRow[], api: BotApiOptions): Promise<void> {
    const { db } = this.options;
    const context = await coalescedContext(db, rows);
    const token = context?.restaurant.bot_token;
    const channel = context?.restaurant.channel_id;
    if (!context || !token || !channel) {
      for (const row of rows) await markSkipped(db, row, 'The restaurant has no bot token or channel now');
      return;
    }
    const content = renderSummary(context, this.options.publicUrl);
    try {
      await callBotApi<TelegramMessage>(api, token, 'sendMessage', {
        chat_id: chatIdParam(channel),
        text: content.text,
        parse_mode: 'HTML',
      });
      await markCoalescedSent(db, rows);
    } catch (error) {
      for (const [index, row] of rows.entries()) await this.failed(row, error, index > 0);
    }
  }

  /** `chatRested`: a 429 about this chat was recorded already (the other rows of a coalesced message). */
  private async failed(row: OutboxRow, error: unknown, chatRested = false): Promise<void> {
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
      log.warn(
        { outboxRow: row.id, requestId: row.request_id, restaurant: row.restaurant_id, status: failure.status },
        `Telegram refused a message: ${description}`,
      );
      return markFailed(db, row, failureReason(failure));
    }
    if (isOlderThan(row, GIVE_UP_HOURS)) return markFailed(db, row, GAVE_UP);
    if (failure.status === 429) {
      const seconds = Math.max(1, failure.retryAfter ?? retryDelaySeconds(row.attempts));
      if (!chatRested) await restRestaurant(db, row.restaurant_id, seconds);
      return markRetry(db, row, seconds, description);
    }
    return markRetry(db, row, retryDelaySeconds(row.attempts), description);
  }
}

function render(context: DeliveryContext): MessageContent {
  const name = context.restaurant.name;
  const { subject } = context;
  if (subject.kind === 'text') return { text: subject.body, reply_markup: { inline_keyboard: [] } };
  return subject.kind === 'order' ? orderMessage(name, subject.order) : callMessage(name, subject.call);
}

/** The panel's orders screen (a manager's `/orders`), when the server knows its public address. */
function renderSummary(context: CoalescedContext, publicUrl: string | undefined): MessageContent {
  const ordersUrl = publicUrl ? `${publicUrl.replace(/\/+$/, '')}/orders` : undefined;
  return summaryMessage(context.restaurant.name, context, ordersUrl);
}

function sentMessage(context: DeliveryContext): { chatId: string; messageId: number } | undefined {
  // A message with its own text is never edited.
  if (context.subject.kind === 'text') return undefined;
  const subject = context.subject.kind === 'order' ? context.subject.order : context.subject.call;
  if (subject.telegram_message_id === null || subject.telegram_chat_id === null) return undefined;
  return { chatId: subject.telegram_chat_id, messageId: subject.telegram_message_id };
}
