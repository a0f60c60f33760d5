import { FetchError, ofetch } from 'ofetch';
import { uz } from '../lib/uz';
import { readToken } from './storage';

/**
 * The one HTTP client of the panel. Every call but login sends `Authorization: Bearer <accessToken>`; any 401
 * reaches the `onUnauthorized` hook (the auth machine logs out and goes to /login). Errors are thrown as ApiError
 * with the server's `{ statusCode, error, message }`, or status 0 when the server could not be reached.
 */

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// Same origin in the browser. Tests point it at a real server on a random port (jsdom has no origin server).
let baseURL = '';
let unauthorizedHandler: (() => void) | undefined;

/** Test-only: where the API lives. The built panel always uses its own origin. */
export function setApiBaseUrl(url: string): void {
  baseURL = url.replace(/\/$/, '');
}
export function apiBaseUrl(): string {
  return baseURL;
}

/** Called once by the app root: what happens when any call answers 401. */
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  unauthorizedHandler = handler;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Milliseconds before the call is aborted (the sync call waits up to 60 s). */
  timeout?: number;
}

interface RequestOptions extends CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  /** Login is the one call made without a token. */
  anonymous?: boolean;
}

function toApiError(error: unknown): ApiError {
  if (error instanceof FetchError) {
    const status = error.response?.status ?? 0;
    const data = error.data as { message?: unknown } | undefined;
    if (status === 0) return new ApiError(0, uz.networkError);
    return new ApiError(status, typeof data?.message === 'string' ? data.message : error.statusText || String(status));
  }
  if (error instanceof ApiError) return error;
  return new ApiError(0, uz.networkError);
}

/** Reports a 401 to the app (logout), then rethrows: the caller's machine still sees its call fail. */
export function reportUnauthorized(error: ApiError): void {
  if (error.status === 401) unauthorizedHandler?.();
}

function combineSignals(signal: AbortSignal | undefined, timeout: number | undefined): AbortSignal | undefined {
  if (!timeout) return signal;
  const timer = AbortSignal.timeout(timeout);
  return signal ? AbortSignal.any([signal, timer]) : timer;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (!options.anonymous) {
    const token = readToken();
    if (!token) {
      const error = new ApiError(401, uz.noToken);
      reportUnauthorized(error);
      throw error;
    }
    headers.authorization = `Bearer ${token}`;
  }
  try {
    return await ofetch<T>(`${baseURL}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body,
      query: options.query,
      signal: combineSignals(options.signal, options.timeout),
      // A failed call is shown to the user, never silently repeated (a repeated POST could create twice).
      retry: 0,
    });
  } catch (caught) {
    // An abort (the user left the screen) is not an API failure: rethrow it unchanged.
    if (options.signal?.aborted) throw caught;
    const error = toApiError(caught);
    if (!options.anonymous) reportUnauthorized(error);
    throw error;
  }
}

/** A stored file's URL (`/uploads/…`) as the browser should load it: on the API's origin. */
export function assetUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  return /^https?:\/\//.test(url) ? url : `${baseURL}${url.startsWith('/') ? '' : '/'}${url}`;
}
