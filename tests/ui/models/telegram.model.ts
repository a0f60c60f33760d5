import { ApiError } from '../../../client/client';
import { type TelegramTestEvent, telegramTestMachine } from '../../../machines/restaurants/telegramTest.machine';
import type { ActorEventType, ModelEvent, PathModel } from '../../support/paths';

/**
 * Issue 15, "Sinov xabari yuborish" on the restaurant page as a test plan: send, the server's answer (sent, or why
 * not), send again. The sentences are the server's own (server/routes/manager/telegram-test.ts).
 */

export const TEST_SENT = 'Sinov xabari yuborildi.';
/** What the server answers when the bot may not post in the channel (Telegram's 403). */
export const TEST_REFUSED_PREFIX = 'Sinov xabari yuborilmadi: bot kanalga xabar yubora olmaydi';
export const TEST_REFUSED = new ApiError(
  400,
  `${TEST_REFUSED_PREFIX}: uni kanalga administrator qilib qo'shing (Telegram: Forbidden: bot is not a member of the channel chat)`,
);

export const telegramTestModel: PathModel<typeof telegramTestMachine> = {
  name: 'telegramTest',
  machine: telegramTestMachine,
  input: { restaurantId: 'r1' },
  events: [
    { type: 'telegram.test' },
    { type: 'xstate.done.actor.sendTest', output: TEST_SENT },
    { type: 'xstate.error.actor.sendTest', error: TEST_REFUSED },
  ] satisfies Array<ModelEvent & { type: TelegramTestEvent['type'] | ActorEventType<'sendTest'> }>,
  // States are told apart by the transition that reached them (byTransition, the default): sending after a success
  // and sending after a failure are two paths.
  describeEvent: (e) =>
    ({
      'telegram.test': "press 'Sinov xabari yuborish'",
      'xstate.done.actor.sendTest': 'the test message reaches the channel',
      'xstate.error.actor.sendTest': 'Telegram refuses it (the bot may not post there)',
    })[e.type] ?? e.type,
};
