import { type ActorRefFrom, assign, setup } from 'xstate';
import { ApiError } from '../../client/client';
import type { PaymentSettingsView } from '../../client/payments';
import { uzPayments } from '../../lib/uz-payments';
import { type PaymentSettingsInput, paymentSettingsActors } from './paymentSettings.actors';
import {
  formFromSettings,
  isValidPaymentForm,
  type KeyField,
  keyIsSet,
  type PaymentForm,
  toPaymentChange,
} from './paymentSettings.rules';

/**
 * The restaurant page's "To'lovlar": Payme and Click (each switched on or off, with its merchant data and keys; Payme
 * with its receipt's codes for the service charge and the tip), the service charge and the VAT percent. Loaded once, edited here and saved as one change. Keys are write-only: a set key
 * shows as set with an empty field that, left empty, keeps it; "O'chirish" marks it to be removed (null) by the next
 * save. The form's own checks (paymentSettings.rules.ts) hold a save until they pass; the server's refusal (a method
 * turned on while incomplete: 400 naming what is missing) is shown with the form kept as typed.
 */

export interface PaymentSettingsContext extends PaymentSettingsInput {
  /** The settings as the server last answered them (which keys are set). */
  settings: PaymentSettingsView | null;
  /** The form as typed. */
  values: PaymentForm;
  /** Set keys the next save removes. */
  removing: KeyField[];
  /** A save was asked for: the form's errors are shown from then on, updated as the user types. */
  showErrors: boolean;
  /** The last failure's sentence (loading or saving); null otherwise. */
  error: string | null;
}

export type PaymentSettingsEvent =
  | { type: 'payments.change'; values: Partial<PaymentForm> }
  | { type: 'payments.removeKey'; key: KeyField }
  | { type: 'payments.keepKey'; key: KeyField }
  | { type: 'payments.save' }
  | { type: 'payments.retry' };

/** The server's reason (a 400 names what is missing; no answer is the client's networkError), or a general one. */
export function paymentsFailure(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

const EMPTY_FORM: PaymentForm = {
  payme_enabled: false,
  payme_merchant_id: '',
  payme_key: '',
  payme_test_key: '',
  payme_test_mode: false,
  payme_service_ikpu: '',
  payme_service_package_code: '',
  payme_tip_ikpu: '',
  payme_tip_package_code: '',
  click_enabled: false,
  click_service_id: '',
  click_merchant_id: '',
  click_merchant_user_id: '',
  click_secret_key: '',
  service_percent: '0',
  vat_percent: '0',
};

type KeyParams = { key: KeyField };
const keyParams = ({ event }: { event: { key: KeyField } }) => ({ key: event.key });

/** What every state with the form on screen accepts; each edit takes the last save's result away. */
const editing = {
  'payments.change': {
    target: 'editing',
    actions: {
      type: 'change',
      params: ({ event }: { event: { values: Partial<PaymentForm> } }) => ({ values: event.values }),
    },
  },
  'payments.removeKey': {
    target: 'editing',
    guard: { type: 'keyRemovable', params: keyParams },
    actions: { type: 'removeKey', params: keyParams },
  },
  'payments.keepKey': {
    target: 'editing',
    guard: { type: 'keyRemoving', params: keyParams },
    actions: { type: 'keepKey', params: keyParams },
  },
  'payments.save': [
    { guard: 'formValid', target: 'saving' },
    { target: 'editing', actions: 'showErrors' },
  ],
} as const;

export const paymentSettingsMachine = setup({
  types: {
    context: {} as PaymentSettingsContext,
    events: {} as PaymentSettingsEvent,
    input: {} as PaymentSettingsInput,
  },
  actors: paymentSettingsActors,
  guards: {
    formValid: ({ context }) => isValidPaymentForm(context.values),
    /** A key the server holds, not typed anew and not already marked. */
    keyRemovable: ({ context }, { key }: KeyParams) =>
      keyIsSet(context.settings, key) && !context.removing.includes(key),
    keyRemoving: ({ context }, { key }: KeyParams) => context.removing.includes(key),
  },
  actions: {
    change: assign(({ context }, { values }: { values: Partial<PaymentForm> }) => ({
      values: { ...context.values, ...values },
      // A key typed anew replaces the stored one: it is no longer to be removed.
      removing: context.removing.filter((key) => !(typeof values[key] === 'string' && values[key] !== '')),
    })),
    removeKey: assign(({ context }, { key }: KeyParams) => ({
      removing: [...context.removing, key],
      values: { ...context.values, [key]: '' },
    })),
    keepKey: assign(({ context }, { key }: KeyParams) => ({ removing: context.removing.filter((k) => k !== key) })),
    showErrors: assign({ showErrors: true }),
    takeSettings: assign((_, settings: PaymentSettingsView) => ({
      settings,
      values: formFromSettings(settings),
      removing: [],
      showErrors: false,
    })),
  },
}).createMachine({
  id: 'paymentSettings',
  context: ({ input }) => ({
    restaurantId: input.restaurantId,
    settings: null,
    values: EMPTY_FORM,
    removing: [],
    showErrors: false,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        input: ({ context }) => ({ restaurantId: context.restaurantId }),
        onDone: { target: 'form', actions: { type: 'takeSettings', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => paymentsFailure(event.error, uzPayments.paymentsLoadFailed) }),
        },
      },
    },
    loadFailed: {
      on: { 'payments.retry': { target: 'loading' } },
    },
    /** The form on screen: edited, saved, and the save's outcome shown until the next edit. */
    form: {
      initial: 'editing',
      states: {
        editing: {
          entry: assign({ error: null }),
          on: editing,
        },
        saving: {
          entry: assign({ error: null }),
          invoke: {
            id: 'saveSettings',
            src: 'saveSettings',
            input: ({ context }) => ({
              restaurantId: context.restaurantId,
              change: toPaymentChange(context.values, context.removing),
            }),
            onDone: {
              target: 'saved',
              actions: { type: 'takeSettings', params: ({ event }) => event.output },
            },
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => paymentsFailure(event.error, uzPayments.paymentsSaveFailed) }),
            },
          },
        },
        saved: { on: editing },
        /** The form stays as typed with the server's reason, to be corrected and saved again. */
        failed: { on: editing },
      },
    },
  },
});

export type PaymentSettingsActor = ActorRefFrom<typeof paymentSettingsMachine>;
