import { assign, type DoneActorEvent, setup } from 'xstate';
import type { KitchenDisplayOutput } from './kitchenDisplay.machine';
import { failureText } from './kitchenDisplay.rules';
import { kitchenPairingActors } from './kitchenPairing.actors';

/**
 * The kitchen tablet at /kitchen: paired or not. Unpaired, it takes the six digits the manager's panel shows and trades
 * them for a device token (POST /kitchen/pair), which React keeps in localStorage (`storeToken`), so a reload stays
 * paired. Paired, it runs the display as its child (`display`, kitchenDisplay.machine.ts); the display ends only
 * when the device was removed in the panel (a 401): the token is forgotten (`forgetToken`) and the pairing screen
 * shows the server's message. The screen knows no panel session: a kitchen device is no panel user.
 */

export const CODE_LENGTH = 6;
/** What the code field keeps of what was typed or pasted: its digits, six at most. */
export const codeDigits = (typed: string) => typed.replace(/\D/g, '').slice(0, CODE_LENGTH);

export interface KitchenPairingInput {
  /** The stored device token, if this tablet was paired before. */
  token: string | null;
}

export interface KitchenPairingContext {
  token: string | null;
  code: string;
  /** Why pairing failed or the display ended, in Uzbek (null with a reason but no message: the screen's own words). */
  message: string | null;
  /** Whether there is something to say (a failure or an ended display). */
  notice: boolean;
}

export type KitchenPairingEvent =
  | { type: 'kitchen.code'; value: string }
  | { type: 'kitchen.pair' }
  | { type: 'kitchen.retry' };

export const kitchenPairingMachine = setup({
  types: {
    context: {} as KitchenPairingContext,
    events: {} as KitchenPairingEvent,
    input: {} as KitchenPairingInput,
  },
  actors: kitchenPairingActors,
  actions: {
    /** React keeps the token (client/kitchen.ts storeKitchenToken, localStorage). */
    storeToken: (_, _params: { token: string }) => {},
    /** React forgets it (client/kitchen.ts forgetKitchenToken). */
    forgetToken: () => {},
    setCode: assign((_, { value }: { value: string }) => ({ code: codeDigits(value), notice: false, message: null })),
    takeToken: assign((_, { token }: { token: string }) => ({ token, code: '', notice: false, message: null })),
    sayWhy: assign((_, { message }: { message: string | null }) => ({ message, notice: true })),
    dropToken: assign({ token: null }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    codeComplete: ({ context }) => context.code.length === CODE_LENGTH,
  },
}).createMachine({
  id: 'kitchenPairing',
  context: ({ input }) => ({ token: input.token, code: '', message: null, notice: false }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasToken', target: 'paired' }, { target: 'unpaired' }],
    },
    unpaired: {
      tags: ['unpaired'],
      on: {
        'kitchen.code': { actions: { type: 'setCode', params: ({ event }) => ({ value: event.value }) } },
        'kitchen.pair': { guard: 'codeComplete', target: 'pairing' },
      },
    },
    pairing: {
      tags: ['unpaired', 'pairing'],
      invoke: {
        id: 'pair',
        src: 'pair',
        input: ({ context }) => ({ code: context.code }),
        onDone: {
          target: 'paired',
          actions: [
            { type: 'takeToken', params: ({ event }: { event: DoneActorEvent<string> }) => ({ token: event.output }) },
            { type: 'storeToken', params: ({ event }) => ({ token: event.output }) },
          ],
        },
        onError: {
          target: 'unpaired',
          actions: { type: 'sayWhy', params: ({ event }) => ({ message: failureText(event.error) }) },
        },
      },
    },
    paired: {
      tags: ['paired'],
      invoke: {
        id: 'display',
        src: 'kitchenDisplay',
        input: ({ context }) => ({ token: context.token! }),
        onDone: {
          target: 'unpaired',
          actions: [
            'forgetToken',
            'dropToken',
            {
              type: 'sayWhy',
              params: ({ event }: { event: DoneActorEvent<KitchenDisplayOutput> }) => ({
                message: event.output.message,
              }),
            },
          ],
        },
        // The display broke (a fault, not the server): the token stays, and a tap starts the display again.
        onError: { target: 'displayFailed' },
      },
    },
    displayFailed: {
      on: { 'kitchen.retry': { target: 'paired' } },
    },
  },
});
