import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, setApiBaseUrl, setUnauthorizedHandler } from '../../client/client';
import {
  downloadInsightsCsv,
  downloadInsightsXlsx,
  downloadName,
  platformInsights,
  restaurantInsights,
} from '../../client/insights';
import { safeLocalStorage } from '../../client/safeStorage';
import { ACCESS_TOKEN_KEY } from '../../client/storage';
import { uz } from '../../lib/uz';
import { SAMPLE_REPORT } from '../ui/models/insights.model';

/**
 * client/insights.ts against a stand-in for the API (the contract: paths, `from`/`to`, the bearer token, `{ data }`,
 * the files with their names, errors with the server's Uzbek message). The real routes are tested in tests/server.
 */

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
}

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

let server: Server;
let answer: Answer;
const seen: Seen[] = [];
const PERIOD = { from: '2026-11-27', to: '2026-12-03' };

const json =
  (status: number, body: unknown): Answer =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  safeLocalStorage.setItem(ACCESS_TOKEN_KEY, 'token-1');
});
afterEach(() => {
  seen.length = 0;
  setUnauthorizedHandler(undefined);
  safeLocalStorage.setItem(ACCESS_TOKEN_KEY, 'token-1');
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  setApiBaseUrl('');
});

describe('the report', () => {
  it("a restaurant's: its path, the period's days, the token; answers `data`", async () => {
    answer = json(200, { data: SAMPLE_REPORT });
    expect(await restaurantInsights('r 1', PERIOD)).toEqual(SAMPLE_REPORT);
    expect(seen).toEqual([
      {
        method: 'GET',
        url: '/manager/restaurants/r%201/insights?from=2026-11-27&to=2026-12-03',
        authorization: 'Bearer token-1',
      },
    ]);
  });

  it("the platform's: GET /admin/insights", async () => {
    answer = json(200, { data: SAMPLE_REPORT });
    await platformInsights(PERIOD);
    expect(seen[0]?.url).toBe('/admin/insights?from=2026-11-27&to=2026-12-03');
  });

  it("a refused period is an ApiError with the server's words", async () => {
    answer = json(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: "Davr oxiri boshidan oldin bo'lmasligi kerak.",
    });
    await expect(restaurantInsights('r1', PERIOD)).rejects.toEqual(
      new ApiError(400, "Davr oxiri boshidan oldin bo'lmasligi kerak."),
    );
  });
});

describe('the files', () => {
  it('CSV: fetched with the token, named as the server names it', async () => {
    answer = (_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="hisobot-rayhon-2026-11-27-2026-12-03.csv"',
      });
      res.end('kun,menyu ochildi\n2026-11-27,4\n');
    };
    const file = await downloadInsightsCsv('r1', PERIOD);
    expect(seen).toEqual([
      {
        method: 'GET',
        url: '/manager/restaurants/r1/insights.csv?from=2026-11-27&to=2026-12-03',
        authorization: 'Bearer token-1',
      },
    ]);
    expect(file.fileName).toBe('hisobot-rayhon-2026-11-27-2026-12-03.csv');
    expect(await file.blob.text()).toBe('kun,menyu ochildi\n2026-11-27,4\n');
  });

  it('Excel: the .xlsx path, the bytes as they came', async () => {
    const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00]);
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
      res.end(bytes);
    };
    const file = await downloadInsightsXlsx('r1', PERIOD);
    expect(seen[0]?.url).toBe('/manager/restaurants/r1/insights.xlsx?from=2026-11-27&to=2026-12-03');
    expect(Buffer.from(await file.blob.arrayBuffer())).toEqual(bytes);
    // No name from the server: one made of the period.
    expect(file.fileName).toBe('hisobot-2026-11-27-2026-12-03.xlsx');
  });

  it("a refused file is an ApiError with the server's words; a 401 logs out", async () => {
    let loggedOut = 0;
    setUnauthorizedHandler(() => loggedOut++);
    answer = json(403, { statusCode: 403, error: 'Forbidden', message: "Ruxsat yo'q." });
    await expect(downloadInsightsCsv('r1', PERIOD)).rejects.toEqual(new ApiError(403, "Ruxsat yo'q."));
    expect(loggedOut).toBe(0);
    answer = json(401, { statusCode: 401, error: 'Unauthorized', message: 'Token eskirgan.' });
    await expect(downloadInsightsXlsx('r1', PERIOD)).rejects.toEqual(new ApiError(401, 'Token eskirgan.'));
    expect(loggedOut).toBe(1);
  });

  it('without a token nothing is asked', async () => {
    safeLocalStorage.removeItem(ACCESS_TOKEN_KEY);
    await expect(downloadInsightsCsv('r1', PERIOD)).rejects.toEqual(new ApiError(401, uz.noToken));
    expect(seen).toEqual([]);
  });

  it('a server that cannot be reached is the network error', async () => {
    answer = (req) => req.socket.destroy();
    await expect(downloadInsightsCsv('r1', PERIOD)).rejects.toEqual(new ApiError(0, uz.networkError));
  });

  it('an abort is passed on as it is, not as a failure', async () => {
    answer = () => {};
    const controller = new AbortController();
    const call = downloadInsightsCsv('r1', PERIOD, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.not.toBeInstanceOf(ApiError);
  });

  it.each([
    ['attachment; filename="hisobot.csv"', 'hisobot.csv'],
    ["attachment; filename*=UTF-8''hisobot%20%D0%BC%D0%B5%D0%BD%D1%8E.csv", 'hisobot меню.csv'],
    ['attachment', 'hisobot-2026-11-27-2026-12-03.csv'],
    [null, 'hisobot-2026-11-27-2026-12-03.csv'],
  ])('Content-Disposition %j names the file %j', (disposition, name) => {
    expect(downloadName(disposition, PERIOD, 'csv')).toBe(name);
  });
});
