import type { SnapshotFrom } from 'xstate';
import { uzPayments } from '../../lib/uz-payments';
import type { paymentSettingsMachine } from './paymentSettings.machine';
import {
  formChanged,
  formFromSettings,
  type KeyField,
  keyIsSet,
  type PaymentFormErrors,
  validatePaymentForm,
} from './paymentSettings.rules';

type Snapshot = SnapshotFrom<typeof paymentSettingsMachine>;

const NO_ERRORS: PaymentFormErrors = {};

export const selectIsLoading = (s: Snapshot) => s.matches('loading');
export const selectLoadFailed = (s: Snapshot) => s.matches('loadFailed');
export const selectHasForm = (s: Snapshot) => s.matches('form');
export const selectIsSaving = (s: Snapshot) => s.matches({ form: 'saving' });
export const selectValues = (s: Snapshot) => s.context.values;
/** The form's own errors, once a save was asked for (then updated as the user types). */
export const selectFieldErrors = (s: Snapshot): PaymentFormErrors =>
  s.context.showErrors ? validatePaymentForm(s.context.values) : NO_ERRORS;

/** A key as its field shows it: held by the server, to be removed by the next save, or not set. */
export type KeyState = 'set' | 'removing' | 'unset';
export const selectKeyState =
  (key: KeyField) =>
  (s: Snapshot): KeyState =>
    s.context.removing.includes(key) ? 'removing' : keyIsSet(s.context.settings, key) ? 'set' : 'unset';

/** The form differs from what the server stored: a reload would lose it. */
export const selectUnsaved = (s: Snapshot) =>
  s.context.settings !== null &&
  formChanged(s.context.values, formFromSettings(s.context.settings), s.context.removing);

/**
 * The last save's result under the form: green when saved; red with the server's reason when refused, or asking to
 * correct the marked fields when the form's own checks held the save.
 */
export const selectSaveResult = (s: Snapshot): { ok: boolean; message: string } | null => {
  if (s.matches({ form: 'saved' })) return { ok: true, message: uzPayments.paymentsSaved };
  if (s.matches({ form: 'failed' }) && s.context.error !== null) return { ok: false, message: s.context.error };
  if (s.matches({ form: 'editing' }) && Object.keys(selectFieldErrors(s)).length > 0)
    return { ok: false, message: uzPayments.paymentsInvalid };
  return null;
};
