import type { PaymentSettingsChange, PaymentSettingsView } from '../../client/payments';
import { uzPayments } from '../../lib/uz-payments';
import { fiscalCode, ikpuError, packageCodeError } from '../products/productForm.rules';

/**
 * The restaurant page's "To'lovlar" form: the fields as typed, the checks made before a save (the server's own
 * limits, in Uzbek) and the body a save sends. Whether a method turned on is complete is the server's to say (its 400
 * names what is missing); the form keeps what was typed. Payme's receipt codes for the service charge and the tip are
 * checked as the product form checks a dish's codes.
 */

/** The form as typed: texts as the fields hold them, switches as booleans. Keys are typed anew, never shown. */
export interface PaymentForm {
  payme_enabled: boolean;
  payme_merchant_id: string;
  payme_key: string;
  payme_test_key: string;
  payme_test_mode: boolean;
  /** The IKPU (MXIK) and package codes Payme's receipt prints on the service charge's and the tip's items. */
  payme_service_ikpu: string;
  payme_service_package_code: string;
  payme_tip_ikpu: string;
  payme_tip_package_code: string;
  click_enabled: boolean;
  click_service_id: string;
  click_merchant_id: string;
  click_merchant_user_id: string;
  click_secret_key: string;
  service_percent: string;
  vat_percent: string;
}

/** The write-only keys: a set one is shown as "o'rnatilgan"; left empty it is kept, or removed on request. */
export type KeyField = 'payme_key' | 'payme_test_key' | 'click_secret_key';
export const KEY_FIELDS: readonly KeyField[] = ['payme_key', 'payme_test_key', 'click_secret_key'];

/** Payme's receipt codes: the IKPU fields and the package code fields. */
export const RECEIPT_IKPU_FIELDS = ['payme_service_ikpu', 'payme_tip_ikpu'] as const;
export const RECEIPT_PACKAGE_CODE_FIELDS = ['payme_service_package_code', 'payme_tip_package_code'] as const;

export type PaymentFormErrors = Partial<Record<keyof PaymentForm, string>>;

export const MAX_SERVICE_PERCENT = 30;
export const MAX_VAT_PERCENT = 100;

/** Whether the server holds this key (its answer's `…_set`). */
export function keyIsSet(settings: PaymentSettingsView | null, key: KeyField): boolean {
  if (!settings) return false;
  if (key === 'payme_key') return settings.payme.key_set;
  if (key === 'payme_test_key') return settings.payme.test_key_set;
  return settings.click.secret_key_set;
}

/** The stored settings as the form starts: keys empty (left empty they are kept). */
export function formFromSettings(settings: PaymentSettingsView): PaymentForm {
  return {
    payme_enabled: settings.payme.enabled,
    payme_merchant_id: settings.payme.merchant_id,
    payme_key: '',
    payme_test_key: '',
    payme_test_mode: settings.payme.test_mode,
    payme_service_ikpu: settings.payme.service_ikpu ?? '',
    payme_service_package_code: settings.payme.service_package_code ?? '',
    payme_tip_ikpu: settings.payme.tip_ikpu ?? '',
    payme_tip_package_code: settings.payme.tip_package_code ?? '',
    click_enabled: settings.click.enabled,
    click_service_id: settings.click.service_id,
    click_merchant_id: settings.click.merchant_id,
    click_merchant_user_id: settings.click.merchant_user_id,
    click_secret_key: '',
    service_percent: String(settings.service_percent),
    vat_percent: String(settings.vat_percent),
  };
}

/** A whole percent as typed, within 0…max; null for anything else (a fraction, a sign, letters, too big). */
export function parsePercent(value: string, max: number): number | null {
  const text = value.trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const number = Number(text);
  return number <= max ? number : null;
}

const PAYME_MERCHANT_ID = /^[0-9a-fA-F]{24}$/;
const CLICK_ID = /^\d{1,12}$/;

function keyError(value: string): string | null {
  const key = value.trim();
  if (key === '') return null;
  if (/\s/.test(key)) return uzPayments.keyHasSpaces;
  return key.length > 100 ? uzPayments.keyTooLong : null;
}

/** The form's own checks, each with the sentence shown under its field; {} when it may be saved. */
export function validatePaymentForm(values: PaymentForm): PaymentFormErrors {
  const errors: PaymentFormErrors = {};
  if (values.service_percent.trim() === '') errors.service_percent = uzPayments.percentRequired;
  else if (parsePercent(values.service_percent, MAX_SERVICE_PERCENT) === null)
    errors.service_percent = uzPayments.servicePercentInvalid;
  if (values.vat_percent.trim() === '') errors.vat_percent = uzPayments.percentRequired;
  else if (parsePercent(values.vat_percent, MAX_VAT_PERCENT) === null)
    errors.vat_percent = uzPayments.vatPercentInvalid;
  const merchant = values.payme_merchant_id.trim();
  if (merchant !== '' && !PAYME_MERCHANT_ID.test(merchant))
    errors.payme_merchant_id = uzPayments.paymeMerchantIdInvalid;
  for (const field of ['click_service_id', 'click_merchant_id', 'click_merchant_user_id'] as const) {
    const id = values[field].trim();
    if (id !== '' && !CLICK_ID.test(id)) errors[field] = uzPayments.clickIdInvalid;
  }
  for (const field of KEY_FIELDS) {
    const error = keyError(values[field]);
    if (error) errors[field] = error;
  }
  for (const field of RECEIPT_IKPU_FIELDS) {
    const error = ikpuError(values[field]);
    if (error) errors[field] = error;
  }
  for (const field of RECEIPT_PACKAGE_CODE_FIELDS) {
    const error = packageCodeError(values[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

export const isValidPaymentForm = (values: PaymentForm) => Object.keys(validatePaymentForm(values)).length === 0;

/**
 * What a save sends: every field as typed (trimmed; the merchant id in the lower case Payme writes it; a receipt code
 * without the spaces digits are grouped with, null when empty); a key only when typed (a new one) or asked to be
 * removed (null); a key left empty is omitted, so the server keeps it.
 */
export function toPaymentChange(values: PaymentForm, removing: readonly KeyField[]): PaymentSettingsChange {
  const key = (field: KeyField): { value?: string | null } => {
    const typed = values[field].trim();
    if (typed !== '') return { value: typed };
    return removing.includes(field) ? { value: null } : {};
  };
  const withKey = <K extends string>(name: K, field: KeyField) => {
    const { value } = key(field);
    return value === undefined ? {} : ({ [name]: value } as Record<K, string | null>);
  };
  return {
    payme: {
      enabled: values.payme_enabled,
      merchant_id: values.payme_merchant_id.trim().toLowerCase(),
      test_mode: values.payme_test_mode,
      service_ikpu: fiscalCode(values.payme_service_ikpu) || null,
      service_package_code: fiscalCode(values.payme_service_package_code) || null,
      tip_ikpu: fiscalCode(values.payme_tip_ikpu) || null,
      tip_package_code: fiscalCode(values.payme_tip_package_code) || null,
      ...withKey('key', 'payme_key'),
      ...withKey('test_key', 'payme_test_key'),
    },
    click: {
      enabled: values.click_enabled,
      service_id: values.click_service_id.trim(),
      merchant_id: values.click_merchant_id.trim(),
      merchant_user_id: values.click_merchant_user_id.trim(),
      ...withKey('secret_key', 'click_secret_key'),
    },
    service_percent: parsePercent(values.service_percent, MAX_SERVICE_PERCENT) ?? 0,
    vat_percent: parsePercent(values.vat_percent, MAX_VAT_PERCENT) ?? 0,
  };
}

/** Whether the form would change anything the server stores: a field differs, a key is typed or to be removed. */
export function formChanged(values: PaymentForm, saved: PaymentForm, removing: readonly KeyField[]): boolean {
  if (removing.length > 0) return true;
  return (Object.keys(values) as Array<keyof PaymentForm>).some((field) => values[field] !== saved[field]);
}
