import { BotApiError, type BotApiOptions, botIdOf, callBotApi, chatIdParam, type TelegramUser } from './bot-api';

/**
 * Who may press an order's or a call's buttons: anybody can read a channel, so a press counts only from an
 * administrator of the restaurant's chat (Telegram's `getChatMember`, remembered for a minute so a busy shift asks
 * Telegram once per person, not once per press) or from a Telegram user the restaurant linked to its staff
 * (`telegram_staff`: user ids or @usernames, checked first and without a call).
 */

export const ADMIN_CACHE_MS = 60_000;

export type PressVerdict = 'allowed' | 'refused' | 'unknown';

/** A linked entry matches the user's id ("123456789") or username ("@ali", without regard to case). */
export function isLinkedStaff(staff: readonly string[], user: TelegramUser): boolean {
  if (staff.includes(String(user.id))) return true;
  return user.username !== undefined && staff.includes(`@${user.username.toLowerCase()}`);
}

export class PressRights {
  private readonly admins = new Map<string, { admin: boolean; at: number }>();

  constructor(
    private readonly api: BotApiOptions,
    private readonly cacheMs = ADMIN_CACHE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** `unknown`: Telegram could not be asked (down, slow); the press is refused with "try again", not "not allowed". */
  async verdict(
    restaurant: { bot_token: string; channel_id: string | null; telegram_staff: readonly string[] },
    user: TelegramUser,
  ): Promise<PressVerdict> {
    if (isLinkedStaff(restaurant.telegram_staff, user)) return 'allowed';
    if (!restaurant.channel_id) return 'refused';
    const key = `${botIdOf(restaurant.bot_token)}:${restaurant.channel_id}:${user.id}`;
    const known = this.admins.get(key);
    if (known && this.now() - known.at < this.cacheMs) return known.admin ? 'allowed' : 'refused';
    let admin: boolean;
    try {
      const member = await callBotApi<{ status: string }>(this.api, restaurant.bot_token, 'getChatMember', {
        chat_id: chatIdParam(restaurant.channel_id),
        user_id: user.id,
      });
      admin = member.status === 'creator' || member.status === 'administrator';
    } catch (error) {
      // "user not found" and the like: Telegram will answer the same again, so it is an answer (not an admin).
      if (!(error instanceof BotApiError && error.permanent)) return 'unknown';
      admin = false;
    }
    if (this.admins.size > 10_000) this.admins.clear();
    this.admins.set(key, { admin, at: this.now() });
    return admin ? 'allowed' : 'refused';
  }
}
