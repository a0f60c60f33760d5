import { createHash } from 'node:crypto';
import type { Merchant } from './cashbox';

/**
 * Click calling a service's SHOP API, as Click does: `application/x-www-form-urlencoded` POSTs to its Prepare and
 * Complete URLs, signed with MD5 over the values exactly as sent:
 * Prepare  md5(click_trans_id + service_id + SECRET_KEY + merchant_trans_id + amount + action + sign_time),
 * Complete md5(click_trans_id + service_id + SECRET_KEY + merchant_trans_id + merchant_prepare_id + amount + action
 * + sign_time). Written here apart from the merchant's check, as Click's side of the protocol.
 */

export interface ClickService {
  /** The service's base: `/prepare` and `/complete` follow. */
  url: string;
  serviceId: string;
  secretKey: string;
}

/** A call's fields, every one a string as a form carries it. */
export interface ClickCall {
  click_trans_id: string;
  service_id: string;
  click_paydoc_id: string;
  merchant_trans_id: string;
  merchant_prepare_id?: string;
  amount: string;
  action: string;
  error: string;
  error_note: string;
  sign_time: string;
}

export type ClickReply =
  | { error: number; error_note: string; merchant_prepare_id?: unknown; merchant_confirm_id?: unknown }
  | { failure: string };

/** Click's `error` for a payment the payer's bank refused (its own code, sent on Complete). */
export const CLICK_INSUFFICIENT_FUNDS = { error: '-5017', error_note: 'Insufficient funds' };

const TIMEOUT_MS = 10_000;

export function clickService(origin: string, merchant: Merchant): ClickService {
  return {
    url: `${origin}/payments/click/${merchant.restaurantId}`,
    serviceId: merchant.settings.click_service_id,
    secretKey: merchant.settings.click_secret_key ?? '',
  };
}

/** Click's ids grow; two calls of one process never share one (well inside 2^53, as Click's are). */
let lastId = 0;
function nextId(): string {
  lastId = Math.max(lastId + 1, Date.now());
  return String(lastId);
}

/** `YYYY-MM-DD HH:mm:ss` on Tashkent's clock, as Click signs. */
const SIGN_TIME = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Tashkent',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
export const signTime = (date = new Date()) => SIGN_TIME.format(date);

export function clickSignString(call: ClickCall, secretKey: string): string {
  const text =
    call.click_trans_id +
    call.service_id +
    secretKey +
    call.merchant_trans_id +
    (call.action === '1' ? (call.merchant_prepare_id ?? '') : '') +
    call.amount +
    call.action +
    call.sign_time;
  return createHash('md5').update(text).digest('hex');
}

/** A new Click transaction's Prepare of `paymentId` (the button's `transaction_param`) for `amount` as the button has it. */
export function prepareCall(service: ClickService, paymentId: string, amount: string): ClickCall {
  return {
    click_trans_id: nextId(),
    service_id: service.serviceId,
    click_paydoc_id: nextId(),
    merchant_trans_id: paymentId,
    amount,
    action: '0',
    error: '0',
    error_note: 'Success',
    sign_time: signTime(),
  };
}

/** The Complete that follows a Prepare (same transaction), naming the merchant's prepare id. */
export function completeCall(
  prepared: ClickCall,
  merchantPrepareId: string,
  outcome: { error: string; error_note: string } = { error: '0', error_note: 'Success' },
): ClickCall {
  return { ...prepared, merchant_prepare_id: merchantPrepareId, action: '1', ...outcome, sign_time: signTime() };
}

/** Sends the call signed (or with `signString` as given, to test a wrong one); answers the merchant's JSON. */
export async function sendClick(service: ClickService, call: ClickCall, signString?: string): Promise<ClickReply> {
  const endpoint = call.action === '1' ? 'complete' : 'prepare';
  const form = new URLSearchParams({ ...call, sign_string: signString ?? clickSignString(call, service.secretKey) });
  let response: Response;
  try {
    response = await fetch(`${service.url}/${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { failure: 'Xizmat serveri javob bermadi.' };
  }
  if (response.status !== 200) return { failure: `Xizmat serveri HTTP ${response.status} javob berdi.` };
  try {
    const answer = (await response.json()) as Record<string, unknown>;
    if (typeof answer.error !== 'number') return { failure: "Xizmat javobida `error` yo'q." };
    return {
      error: answer.error,
      error_note: typeof answer.error_note === 'string' ? answer.error_note : '',
      merchant_prepare_id: answer.merchant_prepare_id,
      merchant_confirm_id: answer.merchant_confirm_id,
    };
  } catch {
    return { failure: 'Xizmat JSON emas javob berdi.' };
  }
}

/** The merchant's prepare id from a successful Prepare's reply. */
export function prepareIdOf(reply: ClickReply): string | undefined {
  if ('failure' in reply || reply.error !== 0) return undefined;
  const id = reply.merchant_prepare_id;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : undefined;
}
