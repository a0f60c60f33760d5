import { randomBytes } from 'node:crypto';
import { messages } from '../messages';
import {
  deliveringRestaurants,
  restaurantBot,
  saveWebhookSecret,
  setRestaurantTelegramError,
} from '../repositories/telegram-updates';
import { BotApiError, botIdOf, callBotApi } from './bot-api';
import type { UpdateDeps } from './updates';

/**
 * With PUBLIC_URL set Telegram calls us: each restaurant's bot gets `setWebhook` with its own URL
 * (`/telegram/webhook/{restaurant id}`) and a random secret that Telegram sends back in every call, when its token is
 * saved and again at start (PUBLIC_URL may have changed). A bot shared by several restaurants has one webhook; the
 * handler accepts a press on any order of a restaurant with that bot (server/telegram/updates.ts checks the bot).
 */
export class Webhooks {
  private readonly stopping = new AbortController();

  constructor(
    private readonly deps: UpdateDeps,
    private readonly publicUrl: string,
  ) {}

  /** The URL Telegram is given for a restaurant. */
  urlOf(restaurantId: string): string {
    return `${this.publicUrl.replace(/\/+$/, '')}/telegram/webhook/${restaurantId}`;
  }

  /** Registers a restaurant's webhook; a refusal is recorded on the restaurant (and logged), not thrown. */
  async register(restaurantId: string): Promise<void> {
    const bot = await restaurantBot(this.deps.db, restaurantId);
    if (!bot?.bot_token || !bot.channel_id) return;
    // 32 random bytes as base64url: 43 of the characters Telegram allows in a secret_token (A-Z a-z 0-9 _ -).
    const secret = bot.secret ?? randomBytes(32).toString('base64url');
    if (!bot.secret) await saveWebhookSecret(this.deps.db, restaurantId, secret);
    try {
      await callBotApi(this.deps.api, bot.bot_token, 'setWebhook', {
        url: this.urlOf(restaurantId),
        secret_token: secret,
        allowed_updates: ['callback_query'],
      });
    } catch (error) {
      const why = error instanceof BotApiError ? error.description : String(error);
      this.deps.log.warn({ restaurant: restaurantId }, `Telegram setWebhook failed: ${why}`);
      await setRestaurantTelegramError(this.deps.db, restaurantId, messages.webhookFailed(why));
    }
  }

  /** At start, in the background: one registration per bot, one at a time (Telegram's pace for one bot is ample). */
  registerAll(): void {
    void (async () => {
      const seen = new Set<string>();
      for (const restaurant of await deliveringRestaurants(this.deps.db)) {
        if (this.stopping.signal.aborted) return;
        const botId = botIdOf(restaurant.bot_token);
        if (seen.has(botId)) continue;
        seen.add(botId);
        await this.register(restaurant._id);
      }
    })().catch((error: unknown) => this.deps.log.warn({ err: error }, 'Telegram: registering webhooks failed'));
  }

  async stop(): Promise<void> {
    this.stopping.abort();
  }
}
