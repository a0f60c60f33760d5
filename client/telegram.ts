import type { Static } from 'typebox';
import type { Ok } from '../server/schemas/common';
import { type CallOptions, request } from './client';

/** Issue 15: the restaurant's Telegram delivery, as the panel reaches it. */

/**
 * POST /manager/restaurants/{id}/telegram/test (no body; admins and the owning manager) → the server's sentence
 * ('Sinov xabari yuborildi.'). A 400 (not set up, or Telegram refused) or 502 (Telegram unreachable) is an ApiError
 * whose message says why, in Uzbek.
 */
export async function sendTelegramTest(restaurantId: string, options: CallOptions = {}): Promise<string> {
  const answer = await request<Static<typeof Ok>>(
    `/manager/restaurants/${encodeURIComponent(restaurantId)}/telegram/test`,
    { ...options, method: 'POST' },
  );
  return answer.message;
}
