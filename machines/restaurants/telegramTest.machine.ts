import { assign, setup } from 'xstate';
import { ApiError } from '../../client/client';
import { uzTelegram } from '../../lib/uz-telegram';
import { type TelegramTestInput, telegramTestActors } from './telegramTest.actors';

/**
 * "Sinov xabari yuborish" on the restaurant page: sends a test message to the restaurant's Telegram channel
 * and shows the server's sentence, whether it went ('Sinov xabari yuborildi.') or why not (no bot token or channel,
 * Telegram refused, Telegram unreachable). Sending again after either result sends again; while it runs, nothing.
 * A delivered test clears the restaurant's delivery error on the server: `delivered`, provided by the screen, clears
 * it on the page too.
 */

export interface TelegramTestContext extends TelegramTestInput {
  /** The last result's sentence; null before the first and while one runs. */
  message: string | null;
}

export type TelegramTestEvent = { type: 'telegram.test' };

/** The server's reason (every 4xx and 5xx of this call says why in Uzbek; no answer is the client's networkError). */
export function testFailure(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : uzTelegram.telegramTestFailed;
}

export const telegramTestMachine = setup({
  types: {
    context: {} as TelegramTestContext,
    events: {} as TelegramTestEvent,
    input: {} as TelegramTestInput,
  },
  actors: telegramTestActors,
  actions: {
    /** Provided by the screen: the restaurant's `telegram_error` is gone (the server cleared it). */
    delivered: () => {},
  },
}).createMachine({
  id: 'telegramTest',
  context: ({ input }) => ({ restaurantId: input.restaurantId, message: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'telegram.test': { target: 'sending' } },
    },
    sending: {
      entry: assign({ message: null }),
      invoke: {
        id: 'sendTest',
        src: 'sendTest',
        input: ({ context }) => ({ restaurantId: context.restaurantId }),
        onDone: {
          target: 'sent',
          actions: [assign({ message: ({ event }) => event.output }), 'delivered'],
        },
        onError: {
          target: 'failed',
          actions: assign({ message: ({ event }) => testFailure(event.error) }),
        },
      },
    },
    sent: {
      on: { 'telegram.test': { target: 'sending' } },
    },
    failed: {
      on: { 'telegram.test': { target: 'sending' } },
    },
  },
});
