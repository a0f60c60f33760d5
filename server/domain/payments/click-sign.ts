import { createHash, timingSafeEqual } from 'node:crypto';
import type { ClickAction, ClickFields } from './click-fields';

type Signed = Pick<
  ClickFields,
  'click_trans_id' | 'service_id' | 'merchant_trans_id' | 'merchant_prepare_id' | 'amount' | 'action' | 'sign_time'
>;

/**
 * Click's `sign_string`: MD5 (hex) of the values concatenated exactly as received (never reformatted: `25000` and
 * `25000.00` sign differently) — click_trans_id, service_id, the secret key, merchant_trans_id, on Complete only
 * merchant_prepare_id, amount, action, sign_time.
 */
export function clickSignature(fields: Signed, secretKey: string, action: ClickAction): string {
  const parts = [fields.click_trans_id, fields.service_id, secretKey, fields.merchant_trans_id];
  if (action === 'complete') parts.push(fields.merchant_prepare_id);
  parts.push(fields.amount, fields.action, fields.sign_time);
  return createHash('md5').update(parts.join(''), 'utf8').digest('hex');
}

/** Whether the call's `sign_string` is its signature with this key (hex compared in constant time, either case). */
export function signatureMatches(fields: Signed & { sign_string: string }, secretKey: string, action: ClickAction) {
  const expected = Buffer.from(clickSignature(fields, secretKey, action));
  const received = Buffer.from(fields.sign_string.toLowerCase());
  return received.length === expected.length && timingSafeEqual(received, expected);
}
