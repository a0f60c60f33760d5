import type { Static } from 'typebox';
import { restaurantForWrite } from '../../access';
import { badRequest } from '../../errors';
import { messages } from '../../messages';
import {
  findPaymentSettings,
  type PaymentSettingsChange,
  type PaymentSettingsRecord,
  savePaymentSettings,
  setServicePercent,
} from '../../repositories/payments';
import type { PaymentSettings, PaymentSettingsBody } from '../../schemas/payments';
import type { Viewer } from '../../viewer';
import type { DomainDeps } from '../deps';
import type { PaymentMethod } from './bill';

type SettingsView = Static<typeof PaymentSettings>;

/** A restaurant that never saved its settings: every method off, nothing set. */
const NONE: Omit<PaymentSettingsRecord, 'restaurant_id' | 'createdAt' | 'updatedAt'> = {
  payme_enabled: false,
  payme_merchant_id: '',
  payme_key: null,
  payme_test_key: null,
  payme_test_mode: false,
  payme_service_ikpu: null,
  payme_service_package_code: null,
  payme_tip_ikpu: null,
  payme_tip_package_code: null,
  click_enabled: false,
  click_service_id: '',
  click_merchant_id: '',
  click_merchant_user_id: '',
  click_secret_key: null,
  vat_percent: 0,
};

export type StoredSettings = typeof NONE;

export const storedOrNone = (row: PaymentSettingsRecord | undefined): StoredSettings => row ?? NONE;

/** The settings as the API answers them: the keys only as whether one is set. */
export function presentSettings(row: StoredSettings, servicePercent: number): SettingsView {
  return {
    payme: {
      enabled: row.payme_enabled,
      merchant_id: row.payme_merchant_id,
      key_set: row.payme_key !== null,
      test_key_set: row.payme_test_key !== null,
      test_mode: row.payme_test_mode,
      service_ikpu: row.payme_service_ikpu,
      service_package_code: row.payme_service_package_code,
      tip_ikpu: row.payme_tip_ikpu,
      tip_package_code: row.payme_tip_package_code,
    },
    click: {
      enabled: row.click_enabled,
      service_id: row.click_service_id,
      merchant_id: row.click_merchant_id,
      merchant_user_id: row.click_merchant_user_id,
      secret_key_set: row.click_secret_key !== null,
    },
    vat_percent: row.vat_percent,
    service_percent: servicePercent,
  };
}

/** Payme can take money when it has its merchant id and the key its mode checks calls with. */
export const paymeReady = (s: StoredSettings) =>
  s.payme_merchant_id !== '' && (s.payme_test_mode ? s.payme_test_key : s.payme_key) !== null;
export const clickReady = (s: StoredSettings) =>
  s.click_service_id !== '' &&
  s.click_merchant_id !== '' &&
  s.click_merchant_user_id !== '' &&
  s.click_secret_key !== null;

/** The methods a diner may pay with: on, and complete enough to be paid through. */
export function enabledMethods(s: StoredSettings): PaymentMethod[] {
  const methods: PaymentMethod[] = [];
  if (s.payme_enabled && paymeReady(s)) methods.push('payme');
  if (s.click_enabled && clickReady(s)) methods.push('click');
  return methods;
}

/** A receipt code as stored: '' (a field emptied) is no code, as null. */
const storedCode = (code: string | null) => (code === '' ? null : code);

/** The body's change, field by field: what it omits is kept; a key or code sent as null is removed. */
function changeOf(body: Static<typeof PaymentSettingsBody>): PaymentSettingsChange {
  const change: PaymentSettingsChange = {};
  const { payme, click } = body;
  if (payme?.enabled !== undefined) change.payme_enabled = payme.enabled;
  if (payme?.merchant_id !== undefined) change.payme_merchant_id = payme.merchant_id;
  if (payme?.key !== undefined) change.payme_key = payme.key;
  if (payme?.test_key !== undefined) change.payme_test_key = payme.test_key;
  if (payme?.test_mode !== undefined) change.payme_test_mode = payme.test_mode;
  if (payme?.service_ikpu !== undefined) change.payme_service_ikpu = storedCode(payme.service_ikpu);
  if (payme?.service_package_code !== undefined)
    change.payme_service_package_code = storedCode(payme.service_package_code);
  if (payme?.tip_ikpu !== undefined) change.payme_tip_ikpu = storedCode(payme.tip_ikpu);
  if (payme?.tip_package_code !== undefined) change.payme_tip_package_code = storedCode(payme.tip_package_code);
  if (click?.enabled !== undefined) change.click_enabled = click.enabled;
  if (click?.service_id !== undefined) change.click_service_id = click.service_id;
  if (click?.merchant_id !== undefined) change.click_merchant_id = click.merchant_id;
  if (click?.merchant_user_id !== undefined) change.click_merchant_user_id = click.merchant_user_id;
  if (click?.secret_key !== undefined) change.click_secret_key = click.secret_key;
  if (body.vat_percent !== undefined) change.vat_percent = body.vat_percent;
  return change;
}

/** The restaurant's payment settings (its manager or an admin; anybody else 404). */
export async function readPaymentSettings(deps: DomainDeps, viewer: Viewer, restaurantId: string) {
  const restaurant = await restaurantForWrite(deps.db, viewer, restaurantId);
  const row = await findPaymentSettings(deps.db, restaurant._id);
  return presentSettings(storedOrNone(row), restaurant.service_percent);
}

/**
 * Saves what the body names (its manager or an admin). A method left on must be complete (400 naming what it needs),
 * so a diner never meets a button that cannot work.
 */
export function updatePaymentSettings(
  deps: DomainDeps,
  viewer: Viewer,
  restaurantId: string,
  body: Static<typeof PaymentSettingsBody>,
) {
  return deps.work(async (w) => {
    const restaurant = await restaurantForWrite(w.tx, viewer, restaurantId);
    const before = storedOrNone(await findPaymentSettings(w.tx, restaurant._id));
    const change = changeOf(body);
    const after = { ...before, ...change };
    if (after.payme_enabled && !paymeReady(after)) throw badRequest(messages.paymeIncomplete);
    if (after.click_enabled && !clickReady(after)) throw badRequest(messages.clickIncomplete);
    const saved = await savePaymentSettings(w.tx, restaurant._id, change);
    const servicePercent = body.service_percent ?? restaurant.service_percent;
    if (servicePercent !== restaurant.service_percent) await setServicePercent(w.tx, restaurant._id, servicePercent);
    // The menu shows the service charge and which methods pay the bill.
    w.menuChanged(restaurant._id);
    return presentSettings(saved, servicePercent);
  });
}
