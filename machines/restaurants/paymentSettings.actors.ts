import { fromPromise } from 'xstate';
import { getPaymentSettings, type PaymentSettingsChange, savePaymentSettings } from '../../client/payments';

export interface PaymentSettingsInput {
  restaurantId: string;
}

export interface SavePaymentSettingsInput extends PaymentSettingsInput {
  change: PaymentSettingsChange;
}

export const paymentSettingsActors = {
  /** GET /manager/restaurants/{id}/payments → the settings (keys only as whether each is set). */
  loadSettings: fromPromise(({ input, signal }: { input: PaymentSettingsInput; signal: AbortSignal }) =>
    getPaymentSettings(input.restaurantId, { signal }),
  ),
  /** PUT the form's change → the settings as stored; throws the ApiError (a 400 names what a method still needs). */
  saveSettings: fromPromise(({ input, signal }: { input: SavePaymentSettingsInput; signal: AbortSignal }) =>
    savePaymentSettings(input.restaurantId, input.change, { signal }),
  ),
};
