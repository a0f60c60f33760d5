import { fromPromise } from 'xstate';
import { getTelegramStaff, saveTelegramStaff } from '../../client/telegram';

export interface TelegramStaffInput {
  restaurantId: string;
}

export interface SaveTelegramStaffInput extends TelegramStaffInput {
  staff: string[];
}

export const telegramStaffActors = {
  /** GET /manager/restaurants/{id}/telegram/staff → the linked Telegram users as stored. */
  loadStaff: fromPromise(({ input, signal }: { input: TelegramStaffInput; signal: AbortSignal }) =>
    getTelegramStaff(input.restaurantId, { signal }),
  ),
  /** PUT the whole list → the list as stored; throws the ApiError (a 400 names the bad entry). */
  saveStaff: fromPromise(({ input, signal }: { input: SaveTelegramStaffInput; signal: AbortSignal }) =>
    saveTelegramStaff(input.restaurantId, input.staff, { signal }),
  ),
};
