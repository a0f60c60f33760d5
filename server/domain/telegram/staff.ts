import { restaurantForWrite } from '../../access';
import { saveTelegramStaff } from '../../repositories/telegram-staff';
import { normalizeStaff } from '../../telegram/staff-list';
import type { Viewer } from '../../viewer';
import type { DomainDeps } from '../deps';

/**
 * Replaces the Telegram users a restaurant links to its staff (besides the chat's administrators only they may press
 * its messages' buttons), as one list: the restaurant's manager or an admin (anybody else: 404, checked first), each
 * entry normalized (a 400 names one that is neither a user id nor a username). Answers the list as stored.
 */
export function replaceTelegramStaff(
  deps: DomainDeps,
  viewer: Viewer,
  restaurantId: string,
  entries: readonly string[],
): Promise<string[]> {
  return deps.work(async (w) => {
    const restaurant = await restaurantForWrite(w.tx, viewer, restaurantId);
    return saveTelegramStaff(w.tx, restaurant._id, normalizeStaff(entries));
  });
}
