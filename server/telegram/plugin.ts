import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { type BotApiOptions, DEFAULT_TELEGRAM_API_URL } from './bot-api';
import { TelegramPoller } from './poller';
import { PressRights } from './press-rights';
import { TelegramSender } from './sender';
import { Webhooks } from './webhooks';

/** Demo mode's local Bot API (server/dev/telegram), as the app sees it: where it answers. */
export interface LocalBotApi {
  readonly url: string;
}

/** What the app knows of Telegram delivery; see server/telegram/. */
export interface TelegramService {
  api: BotApiOptions;
  sender: TelegramSender;
  /** Long polling, when PUBLIC_URL is not set (Telegram cannot reach us then). */
  poller: TelegramPoller | undefined;
  /** Who may press a message's buttons (one per app: its cache of the chats' administrators). */
  rights: PressRights;
  /** Webhook registration, when PUBLIC_URL is set. */
  webhooks: Webhooks | undefined;
  /** The local Bot API simulator of demo mode (DEMO=1 without TELEGRAM_API_URL). */
  simulator: LocalBotApi | undefined;
  /** The simulator's demo bot and channel, for the demo restaurants (seedDemo); undefined without the simulator. */
  demoSettings: { bot_token: string; channel_id: string } | undefined;
  /** An order, call or change was just committed: deliver now rather than at the next tick. */
  wake(): void;
  /** A restaurant's bot token or channel was saved: register its webhook or start polling its bot. */
  settingsSaved(restaurantId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    telegram: TelegramService;
  }
}

export interface TelegramPluginOptions {
  config: Config;
  /** Sender tick and poll wait (tests shorten them). */
  tickMs?: number;
  pollSeconds?: number;
}

/**
 * Starts delivery in this process: the outbox sender always; then either webhooks (PUBLIC_URL) or long polling. In
 * demo mode without TELEGRAM_API_URL it starts the local Bot API simulator and its page at /dev/telegram, so nothing
 * in a demo (or a test) ever calls Telegram's real servers.
 */
export const telegramPlugin = fp<TelegramPluginOptions>(
  async (app: FastifyInstance, { config, tickMs, pollSeconds }) => {
    // Demo mode's code is loaded here and only here, when it runs: a production start imports nothing of server/dev.
    const demo =
      config.demo && !config.telegramApiUrl
        ? await (await import('../dev/telegram/demo')).startDemoTelegram(app)
        : undefined;
    const simulator = demo?.simulator;
    const api: BotApiOptions = { baseUrl: simulator?.url ?? config.telegramApiUrl ?? DEFAULT_TELEGRAM_API_URL };
    const rights = new PressRights(api);
    const deps = { db: app.db, work: app.work, api, log: app.log, rights };
    const sender = new TelegramSender({ ...deps, tickMs, publicUrl: config.publicUrl });
    const webhooks = config.publicUrl ? new Webhooks(deps, config.publicUrl) : undefined;
    const poller = webhooks ? undefined : new TelegramPoller(deps, { pollSeconds });

    app.decorate('telegram', {
      api,
      sender,
      poller,
      rights,
      webhooks,
      simulator,
      demoSettings: demo?.settings,
      wake: () => sender.wake(),
      settingsSaved: async (restaurantId: string) => {
        poller?.refreshSoon();
        await webhooks?.register(restaurantId);
      },
    } satisfies TelegramService);

    app.addHook('onReady', async () => {
      sender.start();
      poller?.start();
      webhooks?.registerAll();
    });
    // Before the database closes: deliveries under way finish and are recorded; pollers hand their bots over.
    app.addHook('preClose', async () => {
      await Promise.all([sender.stop(), poller?.stop(), webhooks?.stop()]);
    });
  },
  { name: 'telegram' },
);
