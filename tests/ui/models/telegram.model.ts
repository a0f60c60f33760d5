import { ApiError } from '../../../client/client';
import { type TelegramStaffEvent, telegramStaffMachine } from '../../../machines/restaurants/telegramStaff.machine';
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

/** The server's 400 for an entry that is neither a user id nor a username (server/telegram/staff-list.ts). */
export const STAFF_BAD_ENTRY = 'ali ofitsiant';
export const STAFF_REFUSED = new ApiError(
  400,
  `"telegram_staff" maydoni noto'g'ri: "${STAFF_BAD_ENTRY}" Telegram foydalanuvchi ID si (faqat raqamlar) yoki @username bo'lishi kerak.`,
);
export const STAFF_LOAD_FAILED = new ApiError(500, 'Serverda xatolik');

/**
 * "Tugmalarni bosa oladiganlar" on the restaurant page as a test plan: the list loads (or not, and again), a
 * Telegram user is typed and added, one is removed, the list is saved (stored, or refused naming an entry).
 */
export const telegramStaffModel: PathModel<typeof telegramStaffMachine> = {
  name: 'telegramStaff',
  machine: telegramStaffMachine,
  input: { restaurantId: 'r1' },
  events: [
    { type: 'xstate.done.actor.loadStaff', output: ['123456789'] },
    { type: 'xstate.error.actor.loadStaff', error: STAFF_LOAD_FAILED },
    { type: 'staff.retry' },
    { type: 'staff.type', value: '@Ali_Ofitsiant' },
    { type: 'staff.add' },
    { type: 'staff.remove', entry: '123456789' },
    { type: 'staff.save' },
    { type: 'xstate.done.actor.saveStaff', output: ['@ali_ofitsiant'] },
    { type: 'xstate.error.actor.saveStaff', error: STAFF_REFUSED },
  ] satisfies Array<ModelEvent & { type: TelegramStaffEvent['type'] | ActorEventType<'loadStaff' | 'saveStaff'> }>,
  describeEvent: (e) =>
    ({
      'xstate.done.actor.loadStaff': 'the linked list loads (123456789)',
      'xstate.error.actor.loadStaff': 'loading the list fails',
      'staff.retry': "press 'Qayta urinish'",
      'staff.type': "type '@Ali_Ofitsiant'",
      'staff.add': "press 'Qo'shish'",
      'staff.remove': 'remove 123456789',
      'staff.save': "press 'Saqlash'",
      'xstate.done.actor.saveStaff': 'the server stores the list',
      'xstate.error.actor.saveStaff': 'the server refuses an entry (400 naming it)',
    })[e.type] ?? e.type,
};
