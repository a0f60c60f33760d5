import { assign, setup } from 'xstate';
import { ApiError } from '../../client/client';
import { uzTelegram } from '../../lib/uz-telegram';
import { type TelegramStaffInput, telegramStaffActors } from './telegramStaff.actors';

/**
 * The restaurant page's "Tugmalarni bosa oladiganlar": the Telegram users (ids or @usernames) linked to the
 * restaurant's staff, who may press its orders' buttons besides the channel's administrators. Loaded once, edited as
 * a list here (add, remove) and saved as a whole; the server normalizes and checks each entry, and its 400 naming a
 * bad entry is shown with the list kept as typed, so nothing is lost.
 */

export interface TelegramStaffContext extends TelegramStaffInput {
  /** The list as the server last stored it. */
  saved: string[];
  /** The list being edited (what a save sends). */
  entries: string[];
  /** The entry being typed. */
  draft: string;
  /** The last failure's sentence (loading or saving); null otherwise. */
  error: string | null;
}

export type TelegramStaffEvent =
  | { type: 'staff.type'; value: string }
  | { type: 'staff.add' }
  | { type: 'staff.remove'; entry: string }
  | { type: 'staff.save' }
  | { type: 'staff.retry' };

/** The server's reason (a 400 names the entry; no answer is the client's networkError), or a general one. */
export function staffFailure(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

const editing = {
  'staff.type': {
    target: 'idle',
    actions: { type: 'type', params: ({ event }: { event: { value: string } }) => ({ value: event.value }) },
  },
  'staff.add': { target: 'idle', guard: 'canAdd', actions: 'add' },
  'staff.remove': {
    target: 'idle',
    guard: { type: 'isListed', params: ({ event }: { event: { entry: string } }) => ({ entry: event.entry }) },
    actions: { type: 'remove', params: ({ event }: { event: { entry: string } }) => ({ entry: event.entry }) },
  },
  'staff.save': { target: 'saving' },
} as const;

export const telegramStaffMachine = setup({
  types: {
    context: {} as TelegramStaffContext,
    events: {} as TelegramStaffEvent,
    input: {} as TelegramStaffInput,
  },
  actors: telegramStaffActors,
  guards: {
    /** Something typed that the list does not already hold (the server drops blanks and repeats anyway). */
    canAdd: ({ context }) => context.draft.trim() !== '' && !context.entries.includes(context.draft.trim()),
    isListed: ({ context }, params: { entry: string }) => context.entries.includes(params.entry),
  },
  actions: {
    type: assign({ draft: (_, params: { value: string }) => params.value }),
    add: assign({
      entries: ({ context }) => [...context.entries, context.draft.trim()],
      draft: '',
    }),
    remove: assign({
      entries: ({ context }, params: { entry: string }) => context.entries.filter((e) => e !== params.entry),
    }),
  },
}).createMachine({
  id: 'telegramStaff',
  context: ({ input }) => ({ restaurantId: input.restaurantId, saved: [], entries: [], draft: '', error: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadStaff',
        src: 'loadStaff',
        input: ({ context }) => ({ restaurantId: context.restaurantId }),
        onDone: {
          target: 'idle',
          actions: assign({ saved: ({ event }) => event.output, entries: ({ event }) => event.output }),
        },
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => staffFailure(event.error, uzTelegram.telegramStaffLoadFailed) }),
        },
      },
    },
    loadFailed: {
      on: { 'staff.retry': { target: 'loading' } },
    },
    /** Editing; the last save's result is gone. */
    idle: {
      entry: assign({ error: null }),
      on: editing,
    },
    saving: {
      entry: assign({ error: null }),
      invoke: {
        id: 'saveStaff',
        src: 'saveStaff',
        input: ({ context }) => ({ restaurantId: context.restaurantId, staff: context.entries }),
        onDone: {
          target: 'saved',
          actions: assign({ saved: ({ event }) => event.output, entries: ({ event }) => event.output }),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => staffFailure(event.error, uzTelegram.telegramStaffSaveFailed) }),
        },
      },
    },
    saved: { on: editing },
    /** The list stays as typed with the server's reason, to be corrected and saved again. */
    failed: { on: editing },
  },
});
