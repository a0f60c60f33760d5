import { PosError, type PosErrorKind } from '../provider';
import type { IikoAccessTokenResponse, IikoErrorResponse } from './types';

/**
 * A minimal iiko Cloud API client: POSTs JSON to /api/1/..., with the bearer token from /api/1/access_token.
 * The token lives one hour (iiko's documented lifetime); we take a new one five minutes before that, and once
 * more when a call answers 401 anyway (iiko may drop a token early, e.g. after the apiLogin was re-issued).
 */

export const TOKEN_LIFETIME_MS = 60 * 60_000;
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;

export interface IikoClientOptions {
  /** e.g. https://api-ru.iiko.services (no trailing /api/1). */
  baseUrl: string;
  apiLogin: string;
  /** The clock deciding when the token is old; tests move it past the hour. */
  now?: () => number;
}

export interface IikoCallOptions {
  signal: AbortSignal;
  /** Epoch ms the caller gives up at: sent to iiko as its `Timeout` header (seconds) so it does not work longer. */
  deadline?: number | undefined;
}

/** A non-2xx answer; 401 is retried once with a fresh token, the rest become PosErrors. */
class IikoHttpError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: IikoErrorResponse | undefined,
    path: string,
  ) {
    const description = body?.errorDescription ?? 'no error description';
    super(`iiko ${path}: HTTP ${status}: ${description}${body?.correlationId ? ` (${body.correlationId})` : ''}`);
  }
}

export class IikoClient {
  private readonly baseUrl: string;
  private readonly now: () => number;
  private token: { value: string; obtainedAt: number } | undefined;
  /** One token request at a time, shared by concurrent calls. */
  private pendingToken: Promise<string> | undefined;

  constructor(private readonly options: IikoClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.now = options.now ?? Date.now;
  }

  /** POST `body` to an authorised iiko call and answer its parsed JSON. */
  async call<T>(path: string, body: unknown, options: IikoCallOptions): Promise<T> {
    const token = await this.accessToken(options);
    try {
      return await this.send<T>(path, body, options, token);
    } catch (error) {
      if (!(error instanceof IikoHttpError && error.status === 401)) throw toPosError(error, path, options.signal);
      // The token was refused before its hour was up: forget it and try once more with a new one.
      if (this.token?.value === token) this.token = undefined;
      const fresh = await this.accessToken(options);
      try {
        return await this.send<T>(path, body, options, fresh);
      } catch (retryError) {
        throw toPosError(retryError, path, options.signal);
      }
    }
  }

  private async accessToken(options: IikoCallOptions): Promise<string> {
    if (this.token && this.now() - this.token.obtainedAt < TOKEN_LIFETIME_MS - TOKEN_REFRESH_MARGIN_MS) {
      return this.token.value;
    }
    this.pendingToken ??= (async () => {
      try {
        const obtainedAt = this.now();
        const answer = await this.send<IikoAccessTokenResponse>(
          '/api/1/access_token',
          { apiLogin: this.options.apiLogin },
          options,
          undefined,
        );
        if (typeof answer?.token !== 'string' || answer.token === '') {
          throw new PosError('bad-response', 'iiko /api/1/access_token: the answer has no token');
        }
        this.token = { value: answer.token, obtainedAt };
        return answer.token;
      } catch (error) {
        throw toPosError(error, '/api/1/access_token', options.signal);
      } finally {
        this.pendingToken = undefined;
      }
    })();
    return this.pendingToken;
  }

  private async send<T>(path: string, body: unknown, options: IikoCallOptions, token: string | undefined): Promise<T> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.deadline !== undefined) {
      headers.Timeout = String(Math.max(1, Math.floor((options.deadline - Date.now()) / 1000)));
    }
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: options.signal,
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      if (!response.ok) throw new IikoHttpError(response.status, undefined, path);
      throw new PosError('bad-response', `iiko ${path}: the answer is not JSON`);
    }
    if (!response.ok) {
      const errorBody =
        parsed && typeof parsed === 'object' && 'errorDescription' in parsed
          ? (parsed as IikoErrorResponse)
          : undefined;
      throw new IikoHttpError(response.status, errorBody, path);
    }
    if (parsed === undefined || parsed === null || typeof parsed !== 'object') {
      throw new PosError('bad-response', `iiko ${path}: the answer is not a JSON object`);
    }
    return parsed as T;
  }
}

/**
 * A refused HTTP call: a PosError like the others, that also keeps iiko's HTTP status and its error body (`error` code,
 * `errorDescription`), for callers that tell one refusal from another (a table order: 410 on commands/status).
 */
export class IikoCallError extends PosError {
  constructor(
    kind: PosErrorKind,
    message: string,
    public readonly status: number,
    public readonly body: IikoErrorResponse | undefined,
  ) {
    super(kind, message);
  }
}

/** Every failure leaves the client as a PosError whose kind tells the sync which status to answer. */
function toPosError(error: unknown, path: string, signal: AbortSignal): PosError {
  if (error instanceof PosError) return error;
  if (signal.aborted) return new PosError('timeout', `iiko ${path}: no answer within the sync's time budget`);
  if (error instanceof IikoHttpError) {
    const kind = error.status >= 500 || error.status === 408 || error.status === 429 ? 'unavailable' : 'rejected';
    return new IikoCallError(kind, error.message, error.status, error.body);
  }
  const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
  return new PosError('unavailable', `iiko ${path}: ${cause || 'request failed'}`);
}
