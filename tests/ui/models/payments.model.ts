import type { EventObject } from 'xstate';
import { ApiError } from '../../../client/client';
import type { StaffOrder } from '../../../client/orders';
import type { PaymentSettingsView, PaymentView } from '../../../client/payments';
import { type CashPaymentEvent, cashPaymentMachine } from '../../../machines/orders/cashPayment.machine';
import {
  type PaymentSettingsEvent,
  paymentSettingsMachine,
} from '../../../machines/restaurants/paymentSettings.machine';
import { isValidPaymentForm } from '../../../machines/restaurants/paymentSettings.rules';
import { type ActorEventType, byTransition, type ModelEvent, type PathModel } from '../../support/paths';
import { sampleOrder } from './orders.model';

/**
 * Paying, as test plans: the restaurant page's "To'lovlar" and the orders screen's "Naqd to'landi".
 *
 * "To'lovlar" on the restaurant page as a test plan: the settings load (or not, and again), the service charge is
 * typed (a valid figure, or one the form's checks refuse), Click is turned on, the stored Payme key is marked for
 * removal and kept after all, the form is saved (stored, or refused by the server's 400 naming what is missing).
 */

/** A restaurant with Payme's merchant id, KEY and the service charge's receipt codes stored, Click never set up. */
export const STORED_SETTINGS: PaymentSettingsView = {
  payme: {
    enabled: true,
    merchant_id: '5e730e8e0b852a417aa49ceb',
    key_set: true,
    test_key_set: false,
    test_mode: false,
    service_ikpu: '10202001001000000',
    service_package_code: '1500403',
    tip_ikpu: null,
    tip_package_code: null,
  },
  click: { enabled: false, service_id: '', merchant_id: '', merchant_user_id: '', secret_key_set: false },
  vat_percent: 12,
  service_percent: 0,
};
/** The same after a save that set the service charge to 10 %. */
export const SAVED_SETTINGS: PaymentSettingsView = { ...STORED_SETTINGS, service_percent: 10 };
/** The server's 400 for Click turned on without its data (server/messages/payments.ts clickIncomplete). */
export const CLICK_INCOMPLETE = new ApiError(
  400,
  "Click'ni yoqish uchun service ID, merchant ID, merchant user ID va maxfiy kalitni kiriting.",
);
export const SETTINGS_LOAD_FAILED = new ApiError(500, 'Serverda xatolik');

const isValid = (snapshot: unknown) =>
  isValidPaymentForm((snapshot as { context: { values: Parameters<typeof isValidPaymentForm>[0] } }).context.values);

export const paymentSettingsModel: PathModel<typeof paymentSettingsMachine> = {
  name: 'paymentSettings',
  machine: paymentSettingsMachine,
  input: { restaurantId: 'r1' },
  events: [
    { type: 'xstate.done.actor.loadSettings', output: STORED_SETTINGS },
    { type: 'xstate.error.actor.loadSettings', error: SETTINGS_LOAD_FAILED },
    { type: 'payments.retry' },
    { type: 'payments.change', values: { service_percent: '10', click_enabled: true } },
    { type: 'payments.change', values: { service_percent: '45' } },
    { type: 'payments.removeKey', key: 'payme_key' },
    { type: 'payments.keepKey', key: 'payme_key' },
    { type: 'payments.save' },
    { type: 'xstate.done.actor.saveSettings', output: SAVED_SETTINGS },
    { type: 'xstate.error.actor.saveSettings', error: CLICK_INCOMPLETE },
  ] satisfies Array<
    ModelEvent & { type: PaymentSettingsEvent['type'] | ActorEventType<'loadSettings' | 'saveSettings'> }
  >,
  // byTransition, with whether the form passes its own checks: a save then goes to the server or stays to be
  // corrected, two outcomes of one event.
  serializeState: (snapshot, event, previous) =>
    `${byTransition(snapshot, event as EventObject | undefined, previous)} ${isValid(snapshot) ? 'valid' : 'invalid'}`,
  describeEvent: (e) => {
    if (e.type === 'payments.change') {
      const values = e.values as Record<string, unknown>;
      return values.click_enabled
        ? "type 10 in 'Xizmat haqi' and turn Click on"
        : "type 45 in 'Xizmat haqi' (more than 30)";
    }
    return (
      {
        'xstate.done.actor.loadSettings': 'the settings load (Payme set up, Click not)',
        'xstate.error.actor.loadSettings': 'loading the settings fails',
        'payments.retry': "press 'Qayta urinish'",
        'payments.removeKey': "press 'O'chirish' beside Payme's KEY",
        'payments.keepKey': "press 'Bekor qilish' beside Payme's KEY",
        'payments.save': "press 'Saqlash'",
        'xstate.done.actor.saveSettings': 'the server stores the settings',
        'xstate.error.actor.saveSettings': 'the server refuses Click without its data (400)',
      }[e.type] ?? e.type
    );
  },
};

/** Table 5's bill on the orders screen: two unpaid orders, one with a 10 % service charge; another table's order. */
export const CASH_ORDERS: StaffOrder[] = [
  sampleOrder('o1', { total: 50000 }),
  sampleOrder('o2', { number: 2, total: 100000, service_percent: 10, service: 10000 }),
  sampleOrder('o3', { number: 3, table: { _id: 't6', name: '6' } }),
];
export const CASH_TABLE = CASH_ORDERS[0]!.table;
export const CASH_PAYMENT: PaymentView = {
  _id: 'pay1',
  provider: 'cash',
  amount: 160000,
  tip: 0,
  status: 'paid',
  order_ids: ['o1', 'o2'],
  redirect_url: null,
  paid_at: '2026-11-26T12:10:00.000Z',
  createdAt: '2026-11-26T12:10:00.000Z',
};
/** The server's 409 while a Payme or Click transaction holds the bill (server/messages/payments.ts billInProgress). */
export const BILL_IN_PROGRESS = new ApiError(409, "Hisob hozir to'lanmoqda. Bir oz kutib, qayta urinib ko'ring.");

/**
 * "Naqd to'landi" on the orders screen as a test plan: asked about table 5's bill, answered no, or yes (recorded, or
 * refused while a provider holds the bill, then tried again or closed).
 */
export const cashPaymentModel: PathModel<typeof cashPaymentMachine> = {
  name: 'cashPayment',
  machine: cashPaymentMachine,
  events: [
    { type: 'cash.ask', table: CASH_TABLE, orders: CASH_ORDERS },
    { type: 'confirm.yes' },
    { type: 'confirm.no' },
    { type: 'xstate.done.actor.payCash', output: CASH_PAYMENT },
    { type: 'xstate.error.actor.payCash', error: BILL_IN_PROGRESS },
  ] satisfies Array<ModelEvent & { type: CashPaymentEvent['type'] | ActorEventType<'payCash'> }>,
  describeEvent: (e) =>
    ({
      'cash.ask': "press 'Naqd to'landi' on table 5's order",
      'confirm.yes': "press 'Ha, to'landi'",
      'confirm.no': "press 'Yo'q'",
      'xstate.done.actor.payCash': 'the server records the cash payment',
      'xstate.error.actor.payCash': 'the server refuses: Payme or Click holds the bill (409)',
    })[e.type] ?? e.type,
};
