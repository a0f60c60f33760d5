/**
 * Telegram's pace for one chat, kept per restaurant (one restaurant, one channel): about one message a second and
 * twenty a minute in a group or channel (../shared/telegram/README.md). This process keeps it for the messages it
 * sends; other processes' messages are kept in line by Telegram's 429, which rests the whole chat for everyone
 * (server/telegram/sender.ts writes the rest into the outbox rows).
 */

export const MIN_GAP_MS = 1000;
export const SENDS_PER_MINUTE = 20;

export class ChatPace {
  /** The times of this chat's recent calls (any method) and sends, newest last. */
  private readonly calls = new Map<string, number>();
  private readonly sends = new Map<string, number[]>();
  private readonly restUntil = new Map<string, number>();

  constructor(
    private readonly limits: { minGapMs: number; sendsPerMinute: number } = {
      minGapMs: MIN_GAP_MS,
      sendsPerMinute: SENDS_PER_MINUTE,
    },
    private readonly now: () => number = Date.now,
  ) {}

  /** How long the chat must wait before its next call (a send also counts against the minute). */
  delay(chat: string, isSend: boolean): number {
    const now = this.now();
    let wait = Math.max(
      0,
      (this.restUntil.get(chat) ?? 0) - now,
      (this.calls.get(chat) ?? -Infinity) + this.limits.minGapMs - now,
    );
    if (isSend) {
      const recent = this.recentSends(chat, now);
      if (recent.length >= this.limits.sendsPerMinute) wait = Math.max(wait, recent[0]! + 60_000 - now);
    }
    return wait;
  }

  /** The chats that must not be given a new message now (the claim skips them; their rows stay due). */
  resting(): string[] {
    const chats = new Set([...this.calls.keys(), ...this.restUntil.keys()]);
    return [...chats].filter((chat) => this.delay(chat, true) > 0);
  }

  /** Waits for the chat's turn, then counts the call. */
  async wait(chat: string, isSend: boolean): Promise<void> {
    const ms = this.delay(chat, isSend);
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    const now = this.now();
    this.calls.set(chat, now);
    if (isSend) this.sends.set(chat, [...this.recentSends(chat, now), now]);
  }

  /** Telegram said 429: nothing to this chat for `seconds`. */
  rest(chat: string, seconds: number): void {
    this.restUntil.set(chat, this.now() + seconds * 1000);
  }

  private recentSends(chat: string, now: number): number[] {
    const recent = (this.sends.get(chat) ?? []).filter((at) => at > now - 60_000);
    if (recent.length === 0) this.sends.delete(chat);
    else this.sends.set(chat, recent);
    if (now - (this.calls.get(chat) ?? -Infinity) > 60_000) this.calls.delete(chat);
    if ((this.restUntil.get(chat) ?? 0) <= now) this.restUntil.delete(chat);
    return recent;
  }
}
