import type { Merchant } from './cashbox';
import { PAYME_CHECKOUT_ERRORS } from './payme-params';

/**
 * Payme calling a cashbox's Endpoint URL, as Payme does: JSON-RPC 2.0 by POST, `Authorization: Basic
 * base64("Paycom:<key>")` with the cashbox KEY, or its TEST_KEY while the cashbox is in test mode. An answer other
 * than HTTP 200 with JSON is the merchant's fault (Payme's -32400 to itself; the payer sees -31623), no answer at all
 * is its service down (-31622).
 */

export interface PaymeEndpoint {
  url: string;
  authorization: string;
}

export interface RpcError {
  code: number;
  /** The merchant's `{ ru, uz, en }`, or a text. */
  message: unknown;
  data?: unknown;
}

export type RpcOutcome = { result: Record<string, unknown> } | { error: RpcError };

const TIMEOUT_MS = 10_000;
let nextId = 1;

export function paymeEndpoint(origin: string, merchant: Merchant): PaymeEndpoint {
  const { settings } = merchant;
  const key = (settings.payme_test_mode ? settings.payme_test_key : settings.payme_key) ?? '';
  return {
    url: `${origin}/payments/payme/${merchant.restaurantId}`,
    authorization: `Basic ${Buffer.from(`Paycom:${key}`).toString('base64')}`,
  };
}

export async function callPayme(
  endpoint: PaymeEndpoint,
  method: string,
  params: Record<string, unknown>,
): Promise<RpcOutcome> {
  const id = nextId++;
  let response: Response;
  try {
    response = await fetch(endpoint.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=UTF-8', authorization: endpoint.authorization },
      body: JSON.stringify({ method, params, id }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    const { code, text } = PAYME_CHECKOUT_ERRORS.serviceDown;
    return { error: { code, message: text } };
  }
  const faulty = {
    error: { code: PAYME_CHECKOUT_ERRORS.serviceFaulty.code, message: PAYME_CHECKOUT_ERRORS.serviceFaulty.text },
  };
  if (response.status !== 200) return faulty;
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    return faulty;
  }
  if (typeof answer !== 'object' || answer === null) return faulty;
  const { result, error } = answer as { result?: unknown; error?: unknown };
  if (typeof error === 'object' && error !== null && typeof (error as RpcError).code === 'number') {
    return { error: error as RpcError };
  }
  if (typeof result === 'object' && result !== null) return { result: result as Record<string, unknown> };
  return faulty;
}

/** What the payer reads of a merchant's error: its Uzbek text, as Payme's checkout shows the `l=uz` payer. */
export function rpcErrorText(error: RpcError): string {
  const { message } = error;
  if (typeof message === 'string') return message;
  if (typeof message === 'object' && message !== null) {
    const texts = message as Record<string, unknown>;
    for (const language of ['uz', 'ru', 'en']) if (typeof texts[language] === 'string') return texts[language];
  }
  return '';
}
