import { fromPromise } from 'xstate';
import { sendTelegramTest } from '../../client/telegram';

export interface TelegramTestInput {
  restaurantId: string;
}

export const telegramTestActors = {
  /** POST /manager/restaurants/{id}/telegram/test → the server's sentence; throws the ApiError that says why not. */
  sendTest: fromPromise(({ input, signal }: { input: TelegramTestInput; signal: AbortSignal }) =>
    sendTelegramTest(input.restaurantId, { signal }),
  ),
};
