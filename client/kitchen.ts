import { FetchError, ofetch } from 'ofetch';
import { uz } from '../lib/uz';
import type { KitchenDeviceInfoView, KitchenLineView, KitchenOrderView } from '../server/schemas/kitchen';
import { ApiError, apiBaseUrl, type CallOptions } from './client';
import { safeLocalStorage } from './safeStorage';

/**
 * The kitchen display's calls (`/kitchen/...`). A kitchen tablet is a paired DEVICE, not a panel user: it sends its own
 * device token (from POST /kitchen/pair), never the panel's session, and a 401 here means the device was removed in the
 * panel, which the kitchen's machines handle (back to pairing). So these calls go through their own small ofetch
 * instance instead of client.ts's `request`, which would send the panel's token and log a panel user out on a 401.
 * Errors are the same ApiError (the server's Uzbek message, or status 0 when it could not be reached).
 */

export type KitchenOrder = KitchenOrderView;
export type KitchenLine = KitchenLineView;
export type KitchenDevice = KitchenDeviceInfoView;
export type LineStatus = KitchenLineView['status'];

/** Where the paired device keeps its token, so that a reload of the wall tablet stays paired. */
export const KITCHEN_TOKEN_KEY = 'menyu.kitchen.token';

export function readKitchenToken(): string | null {
  return safeLocalStorage.getItem(KITCHEN_TOKEN_KEY) || null;
}
export function storeKitchenToken(token: string): void {
  safeLocalStorage.setItem(KITCHEN_TOKEN_KEY, token);
}
export function forgetKitchenToken(): void {
  safeLocalStorage.removeItem(KITCHEN_TOKEN_KEY);
}

// A failed call is shown on the screen, never silently repeated: a repeated move could skip a step.
const kitchenFetch = ofetch.create({ retry: 0 });

interface KitchenCallOptions extends CallOptions {
  method?: 'GET' | 'POST' | 'PUT';
  body?: Record<string, unknown>;
  /** The device token; only the pairing itself is made without one. */
  token?: string;
}

function asApiError(error: unknown): ApiError {
  if (error instanceof FetchError) {
    const status = error.response?.status ?? 0;
    if (status === 0) return new ApiError(0, uz.networkError);
    const data = error.data as { message?: unknown } | undefined;
    return new ApiError(status, typeof data?.message === 'string' ? data.message : error.statusText || String(status));
  }
  return error instanceof ApiError ? error : new ApiError(0, uz.networkError);
}

function withTimeout(signal: AbortSignal | undefined, timeout: number | undefined): AbortSignal | undefined {
  if (!timeout) return signal;
  const timer = AbortSignal.timeout(timeout);
  return signal ? AbortSignal.any([signal, timer]) : timer;
}

async function kitchenCall<T>(path: string, options: KitchenCallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  try {
    return await kitchenFetch<T>(`${apiBaseUrl()}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body,
      signal: withTimeout(options.signal, options.timeout),
    });
  } catch (caught) {
    // Left by the machine (the screen closed, the state left): not a failure to show.
    if (options.signal?.aborted) throw caught;
    throw asApiError(caught);
  }
}

/** A move or "Hammasi tayyor" that has not answered in this long is reported (the list is then read again). */
const MOVE_TIMEOUT_MS = 15_000;

/** POST /kitchen/pair `{ code }` → `{ token }`; 400 wrong, expired or used code; 429 too many tries. */
export async function pairKitchen(code: string, options: CallOptions = {}): Promise<string> {
  const answer = await kitchenCall<{ token: string }>('/kitchen/pair', { ...options, method: 'POST', body: { code } });
  return answer.token;
}

/** GET /kitchen/orders → the open orders of the device's station (oldest first) and the device itself. */
export function kitchenOrders(token: string, options: CallOptions = {}) {
  return kitchenCall<{ data: KitchenOrder[]; device: KitchenDevice }>('/kitchen/orders', { ...options, token });
}

/** PUT /kitchen/orders/{id}/items/{index} `{ status }` → the order as the station sees it (403/404/409 refused). */
export async function moveKitchenLine(
  token: string,
  orderId: string,
  index: number,
  status: LineStatus,
  options: CallOptions = {},
): Promise<KitchenOrder> {
  const path = `/kitchen/orders/${encodeURIComponent(orderId)}/items/${index}`;
  const answer = await kitchenCall<{ data: KitchenOrder }>(path, {
    timeout: MOVE_TIMEOUT_MS,
    ...options,
    token,
    method: 'PUT',
    body: { status },
  });
  return answer.data;
}

/** POST /kitchen/orders/{id}/ready: every line of the station not yet ready becomes ready ("Hammasi tayyor"). */
export async function kitchenOrderReady(token: string, orderId: string, options: CallOptions = {}) {
  const path = `/kitchen/orders/${encodeURIComponent(orderId)}/ready`;
  const answer = await kitchenCall<{ data: KitchenOrder }>(path, {
    timeout: MOVE_TIMEOUT_MS,
    ...options,
    token,
    method: 'POST',
  });
  return answer.data;
}

/**
 * POST /kitchen/events/ticket → `{ data: { ticket, expires_in } }`, like the panel's ticket call: good for a minute and
 * one connection of GET /kitchen/events (EventSource cannot send the Authorization header). A bare `{ ticket }` is read
 * as well: the two shapes were both announced for this call.
 */
export async function kitchenEventsTicket(token: string, signal?: AbortSignal): Promise<string> {
  const answer = await kitchenCall<{ ticket?: string; data?: { ticket?: string } }>('/kitchen/events/ticket', {
    token,
    method: 'POST',
    ...(signal ? { signal } : {}),
  });
  const ticket = answer.ticket ?? answer.data?.ticket;
  if (!ticket) throw new ApiError(502, uz.networkError);
  return ticket;
}
