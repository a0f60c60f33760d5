import type { FastifyInstance } from 'fastify';
import { registerTelegramDevPage } from './dev-page';
import { DEMO_TELEGRAM, seedDemoTelegram, startTelegramSimulator, type TelegramSimulator } from './server';

export interface DemoTelegram {
  simulator: TelegramSimulator;
  /** The demo bot and channel, for the demo restaurants (seedDemo). */
  settings: { bot_token: string; channel_id: string };
}

/**
 * Demo mode's Telegram, loaded by server/telegram/plugin.ts only when DEMO=1 runs without TELEGRAM_API_URL: the local
 * Bot API with the demo bot and channel, and its chats at /dev/telegram; the simulator closes with the app.
 */
export async function startDemoTelegram(app: FastifyInstance): Promise<DemoTelegram> {
  const simulator = await startTelegramSimulator();
  app.addHook('onClose', () => simulator.close());
  seedDemoTelegram(simulator.control);
  await registerTelegramDevPage(app, simulator);
  app.log.info(`Telegram simulator (Bot API) at ${simulator.url}; its chats at /dev/telegram`);
  return { simulator, settings: { bot_token: DEMO_TELEGRAM.token, channel_id: String(DEMO_TELEGRAM.channelId) } };
}
