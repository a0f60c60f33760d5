import type { Static } from 'typebox';
import type { Ok } from '../server/schemas/common';
import { type CallOptions, request } from './client';

/** The restaurant's Telegram delivery, as the panel reaches it. */

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

/**
 * GET /manager/restaurants/{id}/telegram/staff (admins and the owning manager) → the Telegram users linked to the
 * restaurant's staff, as stored: user ids as digits and lower-case @usernames.
 */
export async function getTelegramStaff(restaurantId: string, options: CallOptions = {}): Promise<string[]> {
  const answer = await request<{ data: { telegram_staff: string[] } }>(
    `/manager/restaurants/${encodeURIComponent(restaurantId)}/telegram/staff`,
    options,
  );
  return answer.data.telegram_staff;
}

/**
 * PUT /manager/restaurants/{id}/telegram/staff with the whole list → the list as the server stored it (normalized,
 * each once). An entry that is neither a user id nor a username is a 400 ApiError naming it, in Uzbek.
 */
export async function saveTelegramStaff(
  restaurantId: string,
  staff: readonly string[],
  options: CallOptions = {},
): Promise<string[]> {
  const answer = await request<{ data: { telegram_staff: string[] } }>(
    `/manager/restaurants/${encodeURIComponent(restaurantId)}/telegram/staff`,
    { ...options, method: 'PUT', body: { telegram_staff: [...staff] } },
  );
  return answer.data.telegram_staff;
}
