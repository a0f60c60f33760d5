import type { BotApiOptions } from './bot-api';
import { checkTelegramSettings } from './setup';

/** A restaurant's Telegram settings as stored (null: not set). */
export interface TelegramSettings {
  bot_token: string | null;
  channel_id: string | null;
}

/**
 * Before a save: the settings the restaurant will have, checked with Telegram when the save changes them (a save of
 * other fields never calls Telegram, so a Telegram outage cannot stop a manager renaming a restaurant). Answers
 * whether they change: then the restaurant's old delivery error no longer applies.
 */
export async function checkSettingsChange(
  api: BotApiOptions,
  before: TelegramSettings | undefined,
  change: { bot_token?: string | null; channel_id?: string | null },
): Promise<boolean> {
  const after: TelegramSettings = {
    bot_token: change.bot_token === undefined ? (before?.bot_token ?? null) : change.bot_token,
    channel_id: change.channel_id === undefined ? (before?.channel_id ?? null) : change.channel_id,
  };
  const changed = after.bot_token !== (before?.bot_token ?? null) || after.channel_id !== (before?.channel_id ?? null);
  if (changed) await checkTelegramSettings(api, after);
  return changed;
}
