import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, sendJson } from '../http';
import { STATUS_DESCRIPTIONS, TelegramApiError } from './api-error';
import { METHODS, methodName } from './methods';
import { type SimFailure, type SimUser, type TelegramSimulatorControl, TelegramSimulatorState } from './state';

/**
 * A local Telegram Bot API server for the subset order delivery uses (see methods.ts), so that neither the product
 * in demo mode nor any test ever calls Telegram's real servers. `POST /bot<token>/<method>` as in Telegram; tests
 * drive and inspect it through `control`. It listens on loopback only and logs nothing (tokens are secrets).
 */

export type {
  SimCall,
  SimCallbackAnswer,
  SimFailure,
  SimMessage,
  SimUser,
  TelegramSimulatorControl,
  UserStatus,
} from './state';

export interface TelegramSimulatorOptions {
  /** 0 (default): a free port. */
  port?: number;
  /** Enforce Telegram's per-chat limits with 429 (default false). */
  rateLimits?: boolean;
  /** The clock of message dates, rate limits and call times. */
  now?: () => number;
}

export interface TelegramSimulator {
  /** The API base, e.g. http://127.0.0.1:41234 (a bot calls `${url}/bot${token}/sendMessage`). */
  url: string;
  control: TelegramSimulatorControl;
  close(): Promise<void>;
}

/** The demo restaurant's bot and its orders channel (demo mode posts there; /dev/telegram shows it). */
export const DEMO_TELEGRAM = {
  token: '7000000001:AAEdemoMenyuBotTokenForTheSimulator00',
  username: 'menyu_demo_bot',
  channelId: -1001000000001,
  channelTitle: 'Samarqand Darvozasi — buyurtmalar',
} as const;

/** Who presses the buttons on /dev/telegram: an administrator of the demo channel, so the presses count. */
export const DEMO_STAFF_USER: SimUser = { id: 5000001, first_name: 'Demo ofitsiant', username: 'demo_ofitsiant' };

/** Adds the demo bot and channel, the bot an administrator allowed to post, and the demo waiter its administrator. */
export function seedDemoTelegram(control: TelegramSimulatorControl): void {
  control.addBot({ token: DEMO_TELEGRAM.token, username: DEMO_TELEGRAM.username, first_name: 'Menyu buyurtmalar' });
  control.addChat({ id: DEMO_TELEGRAM.channelId, type: 'channel', title: DEMO_TELEGRAM.channelTitle });
  control.setMember(DEMO_TELEGRAM.channelId, DEMO_TELEGRAM.token, 'administrator', true);
  control.setUserMember(DEMO_TELEGRAM.channelId, DEMO_STAFF_USER, 'administrator');
}

const MAX_BODY_BYTES = 1024 * 1024;

const send = (response: ServerResponse, status: number, body: unknown) =>
  sendJson(response, status, body, 'application/json');

function sendError(response: ServerResponse, error: TelegramApiError): void {
  send(response, error.status, {
    ok: false,
    error_code: error.status,
    description: error.description,
    ...(error.parameters ? { parameters: error.parameters } : {}),
  });
}

/** The parameters: a JSON object body, a form body or the query string, as Telegram accepts them; empty is {}. */
async function readParameters(request: IncomingMessage, query: URLSearchParams): Promise<Record<string, unknown>> {
  const { text, tooLarge } = await readBody(request, MAX_BODY_BYTES);
  if (tooLarge) throw new TelegramApiError(400, 'Bad Request: request body is too large');
  const parameters: Record<string, unknown> = Object.fromEntries(query);
  if (text.trim() === '') return parameters;
  const type = (request.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return { ...parameters, ...Object.fromEntries(new URLSearchParams(text)) };
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return { ...parameters, ...(parsed as Record<string, unknown>) };
    }
  } catch {
    // answered below
  }
  throw new TelegramApiError(400, "Bad Request: can't parse JSON encoded request body");
}

export async function startTelegramSimulator(options: TelegramSimulatorOptions = {}): Promise<TelegramSimulator> {
  const now = options.now ?? Date.now;
  const state = new TelegramSimulatorState(now);
  const delays = new Set<() => void>();

  /** Waits `ms`, or less when the caller hangs up or the simulator closes. */
  const delay = (ms: number, response: ServerResponse) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        delays.delete(done);
        response.off('close', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      delays.add(done);
      response.once('close', done);
    });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://simulator');
    const route = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    if (!route || (request.method !== 'POST' && request.method !== 'GET')) {
      request.resume();
      throw new TelegramApiError(404, 'Not Found');
    }
    const token = decodeURIComponent(route[1]!);
    const method = methodName(route[2]!) ?? route[2]!;
    const body = await readParameters(request, url.searchParams);
    state.recordCall({ method, token, body: structuredClone(body), at: now() });

    const failure: SimFailure | undefined = state.takeFailure(method);
    if (failure) {
      // A caller that hangs up during the delay does not stop a 2xx call: like a slow Telegram, it still acts.
      if (failure.delayMs) await delay(failure.delayMs, response);
      if (failure.status === 0) {
        response.socket?.destroy();
        return;
      }
      if (failure.status < 200 || failure.status >= 300) {
        const description =
          failure.description ??
          (failure.status === 429
            ? `Too Many Requests: retry after ${failure.retry_after ?? 1}`
            : (STATUS_DESCRIPTIONS[failure.status] ?? 'Error'));
        const retryAfter = failure.retry_after ?? (failure.status === 429 ? 1 : undefined);
        throw new TelegramApiError(
          failure.status,
          description,
          retryAfter !== undefined ? { retry_after: retryAfter } : undefined,
        );
      }
    }

    const bot = state.bots.get(token);
    if (!bot) throw new TelegramApiError(401, 'Unauthorized');
    const run = METHODS[method];
    if (!run) throw new TelegramApiError(404, 'Not Found');
    const aborted = new AbortController();
    response.once('close', () => aborted.abort());
    const answer = await run({ state, bot, body, signal: aborted.signal, rateLimits: options.rateLimits ?? false });
    send(response, 200, {
      ok: true,
      result: answer.result,
      ...(answer.description ? { description: answer.description } : {}),
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof TelegramApiError) return sendError(response, error);
      // Never the error's text: it could carry a request's token.
      sendError(response, new TelegramApiError(500, 'Internal Server Error'));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    control: state,
    close: async () => {
      for (const done of [...delays]) done();
      state.updates.reset();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
