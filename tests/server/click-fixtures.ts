import { createHash } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ClickCall } from '../../server/dev/payments/click-api';
import { CLICK } from './payments-fixtures';

/** Click's side of the click-* tests: its calls built and signed as Click documents them, sent as Click sends them. */

export type ClickEndpoint = 'prepare' | 'complete';

/** A call's fields before signing (strings, as a form carries them): the shape the Click simulator sends too. */
export type ClickCallFields = ClickCall;

/**
 * The documented signature, written here apart from the server's: MD5 hex of click_trans_id, service_id, the secret,
 * merchant_trans_id, (Complete: merchant_prepare_id,) amount, action, sign_time.
 */
export function clickSign(fields: ClickCallFields, secret = CLICK.secret_key): string {
  const prepareId = fields.merchant_prepare_id ?? '';
  const text = `${fields.click_trans_id}${fields.service_id}${secret}${fields.merchant_trans_id}${prepareId}${fields.amount}${fields.action}${fields.sign_time}`;
  return createHash('md5').update(text).digest('hex');
}

let nextTransId = 7_000_000_000;
/** A click_trans_id (and paydoc id) no other call of the run used. */
export const freshClickTransId = () => String(++nextTransId);

/** Prepare's fields for a payment: a fresh click_trans_id unless given, `error` 0, signed at a fixed time. */
export function prepareFields(paymentId: string, amount: string, overrides: Partial<ClickCallFields> = {}) {
  const transId = overrides.click_trans_id ?? freshClickTransId();
  return {
    click_trans_id: transId,
    service_id: CLICK.service_id,
    click_paydoc_id: `${transId}1`,
    merchant_trans_id: paymentId,
    amount,
    action: '0',
    error: '0',
    error_note: 'Success',
    sign_time: '2025-05-17 12:30:05',
    ...overrides,
  } satisfies ClickCallFields;
}

/** Complete's fields following a Prepare's (same click_trans_id and paydoc), naming our prepare id. */
export function completeFields(
  prepared: ClickCallFields,
  merchantPrepareId: number | string,
  overrides: Partial<ClickCallFields> = {},
) {
  return {
    ...prepared,
    merchant_prepare_id: String(merchantPrepareId),
    action: '1',
    sign_time: '2025-05-17 12:30:09',
    ...overrides,
  } satisfies ClickCallFields;
}

/** The fields with their `sign_string` (the restaurant's secret unless given). */
export const signed = (fields: ClickCallFields, secret?: string) => ({
  ...fields,
  sign_string: clickSign(fields, secret),
});

/** POST /payments/click/{restaurant}/{endpoint} as Click sends it: the form URL-encoded, nothing else. */
export function postClick(
  app: { inject(options: InjectOptions): Promise<LightMyRequestResponse> },
  restaurantId: string,
  endpoint: ClickEndpoint,
  form: Record<string, string> | string,
  headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/payments/click/${restaurantId}/${endpoint}`,
    headers,
    payload: typeof form === 'string' ? form : new URLSearchParams(form).toString(),
  });
}

/** Prepare's answer as Click reads it. */
export const prepareAnswer = (
  fields: Pick<ClickCallFields, 'click_trans_id' | 'merchant_trans_id'>,
  error: number,
  errorNote: string,
  merchantPrepareId: number | null = null,
) => ({
  click_trans_id: Number(fields.click_trans_id),
  merchant_trans_id: fields.merchant_trans_id,
  merchant_prepare_id: merchantPrepareId,
  error,
  error_note: errorNote,
});

/** Complete's answer as Click reads it. */
export const completeAnswer = (
  fields: Pick<ClickCallFields, 'click_trans_id' | 'merchant_trans_id'>,
  error: number,
  errorNote: string,
  merchantConfirmId: number | null = null,
) => ({
  click_trans_id: Number(fields.click_trans_id),
  merchant_trans_id: fields.merchant_trans_id,
  merchant_confirm_id: merchantConfirmId,
  error,
  error_note: errorNote,
});
