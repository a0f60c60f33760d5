import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  IikoAccessTokenResponse,
  IikoErrorResponse,
  IikoNomenclatureResponse,
  IikoOrganizationsResponse,
  IikoStopListsResponse,
} from '../../integrations/iiko/types';
import { readBody, sendJson as sendSimulatorJson } from '../http';
import { HttpFailure } from './http-failure';
import { DEMO_POS_ORGANIZATION } from './sample-data';
import { type SimulatorControl, SimulatorError, SimulatorState } from './state';
import { tableOrderControlActions } from './table-orders';
import { terminalControlActions } from './terminals';

/**
 * A local POS that speaks the subset of the iiko Cloud API the integration uses (access_token, organizations,
 * nomenclature, stop_lists; for table orders terminal_groups, is_alive, available_restaurant_sections, order/create,
 * order/add_items, commands/status, order/by_id — terminals.ts and table-orders.ts), with Uzbek sample menus. Tests
 * drive it through `control`; a person can drive a running one through `POST /control` (see docs/integration.md). It
 * listens on loopback only.
 */

export const DEFAULT_SIMULATOR_API_LOGIN = 'menyu-simulator';
const TOKEN_LIFETIME_MS = 60 * 60_000;
const MAX_BODY_BYTES = 1024 * 1024;

export interface PosSimulatorOptions {
  /** 0 (default): a free port. */
  port?: number;
  apiLogin?: string;
  /** The simulator's clock for token expiry. */
  now?: () => number;
}

export interface PosSimulator {
  /** Base URL for IIKO_API_URL, e.g. http://127.0.0.1:41234 */
  url: string;
  apiLogin: string;
  control: SimulatorControl;
  close(): Promise<void>;
}

const sendJson = (response: ServerResponse, status: number, body: unknown) =>
  sendSimulatorJson(response, status, body, 'application/json; charset=utf-8');

function errorBody(message: string, code: string | null): IikoErrorResponse {
  return { correlationId: randomUUID(), errorDescription: message, error: code };
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  if (!(request.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
    throw new HttpFailure(400, 'Content-Type must be application/json', 'BAD_REQUEST');
  }
  const { text, tooLarge } = await readBody(request, MAX_BODY_BYTES);
  if (tooLarge) throw new HttpFailure(400, 'Request body is too large', 'BAD_REQUEST');
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new HttpFailure(400, 'Request body must be a JSON object', 'BAD_REQUEST');
}

const uuidList = (value: unknown) =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : undefined;

/** A picture for every sample product: a coloured tile with the product's initial. */
function productImage(state: SimulatorState, productId: string): string | undefined {
  for (const org of state.organizationsById.values()) {
    const item = org.products.find((p) => p.id === productId);
    if (!item) continue;
    const hue = Number.parseInt(productId.slice(0, 6), 16) % 360;
    const initial = (item.name.trim()[0] ?? '?').toUpperCase().replace(/[<&>"']/g, '?');
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">` +
      `<rect width="400" height="300" fill="hsl(${hue},55%,45%)"/>` +
      `<text x="200" y="190" font-family="sans-serif" font-size="140" fill="#fff" text-anchor="middle">${initial}</text>` +
      `</svg>`
    );
  }
  return undefined;
}

/** The table-order calls, answered by the tills (terminals.ts) and the orders on them (table-orders.ts). */
const tableOrderCalls: Record<
  string,
  (sim: SimulatorState, body: Record<string, unknown>, correlationId: string) => unknown
> = {
  '/api/1/terminal_groups': (sim, body, id) => sim.terminals.terminalGroupsAnswer(body, id),
  '/api/1/terminal_groups/is_alive': (sim, body, id) => sim.terminals.isAliveAnswer(body, id),
  '/api/1/reserve/available_restaurant_sections': (sim, body, id) => sim.terminals.sectionsAnswer(body, id),
  '/api/1/order/create': (sim, body, id) => sim.tableOrders.create(body, id),
  '/api/1/order/add_items': (sim, body, id) => sim.tableOrders.addItems(body, id),
  '/api/1/commands/status': (sim, body) => sim.tableOrders.status(body),
  '/api/1/order/by_id': (sim, body, id) => sim.tableOrders.byId(body, id),
};

export async function startPosSimulator(options: PosSimulatorOptions = {}): Promise<PosSimulator> {
  const apiLogin = options.apiLogin ?? DEFAULT_SIMULATOR_API_LOGIN;
  const now = options.now ?? Date.now;
  const timers = new Set<NodeJS.Timeout>();
  let state: SimulatorState | undefined;

  const wait = (ms: number, response: ServerResponse) =>
    new Promise<void>((resolve) => {
      if (ms <= 0) return resolve();
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
      // A caller that gave up does not need its answer: stop waiting (and do not keep the process alive).
      response.once('close', () => {
        clearTimeout(timer);
        timers.delete(timer);
        resolve();
      });
    });

  function authorise(request: IncomingMessage, sim: SimulatorState): void {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    const expiresAt = match ? sim.tokens.get(match[1]!) : undefined;
    if (expiresAt === undefined || expiresAt <= now()) {
      sim.counters.unauthorized++;
      throw new HttpFailure(401, 'Token is expired or invalid', 'UNAUTHORIZED');
    }
  }

  async function api(
    path: string,
    request: IncomingMessage,
    response: ServerResponse,
    sim: SimulatorState,
  ): Promise<unknown> {
    sim.counters.calls[path] = (sim.counters.calls[path] ?? 0) + 1;
    await wait(sim.delayFor(path), response);
    const failure = sim.takeFailure(path);
    if (failure !== undefined) throw new HttpFailure(failure, 'Simulated failure of the POS', 'INTERNAL_SERVER_ERROR');
    const body = await readJson(request);
    const correlationId = randomUUID();

    if (path === '/api/1/access_token') {
      if (body.apiLogin !== apiLogin) {
        throw new HttpFailure(401, `Login '${String(body.apiLogin)}' is not authorized`, 'UNAUTHORIZED');
      }
      const token = randomBytes(36).toString('base64url');
      sim.tokens.set(token, now() + TOKEN_LIFETIME_MS);
      sim.counters.tokensIssued++;
      return { correlationId, token } satisfies IikoAccessTokenResponse;
    }
    authorise(request, sim);

    if (path === '/api/1/organizations') {
      const wanted = uuidList(body.organizationIds);
      const organizations = sim
        .organizations()
        .filter((org) => !wanted || wanted.includes(org.id))
        .map((org) =>
          // iiko answers the extended info (responseType 'Extended': country, restaurantAddress…) only when asked.
          body.returnAdditionalInfo === true
            ? {
                responseType: 'Extended',
                id: org.id,
                name: org.name,
                code: null,
                externalData: null,
                country: 'Uzbekistan',
                restaurantAddress: org.address,
                countryPhoneCode: '998',
              }
            : { responseType: 'Simple', id: org.id, name: org.name, code: null, externalData: null },
        );
      return { correlationId, organizations } satisfies IikoOrganizationsResponse;
    }
    if (path === '/api/1/nomenclature') {
      const org = typeof body.organizationId === 'string' ? sim.organizationsById.get(body.organizationId) : undefined;
      if (!org) throw new HttpFailure(400, 'Organization is not found or not available', 'BAD_REQUEST');
      // Documented iiko behaviour: asking from the current revision answers empty lists ("no changes").
      if (body.startRevision === org.revision) {
        return {
          correlationId,
          groups: [],
          productCategories: [],
          products: [],
          sizes: [],
          revision: org.revision,
        } satisfies IikoNomenclatureResponse;
      }
      return { ...sim.nomenclature(org.id), correlationId };
    }
    if (path === '/api/1/stop_lists') {
      const wanted = uuidList(body.organizationIds);
      if (!wanted) throw new HttpFailure(400, 'organizationIds is required', 'BAD_REQUEST');
      const terminalGroupStopLists = wanted.flatMap((id) => {
        const org = sim.organizationsById.get(id);
        if (!org) return [];
        const items = [...org.stopList].map(([productId, balance]) => ({
          balance,
          productId,
          sizeId: null,
          sku: null,
          dateAdd: '2026-01-15 09:30:00.000',
        }));
        return [{ organizationId: org.id, items: [{ terminalGroupId: org.terminalGroupId, items }] }];
      });
      return { correlationId, terminalGroupStopLists } satisfies IikoStopListsResponse;
    }
    const tableOrderCall = tableOrderCalls[path];
    if (tableOrderCall) return tableOrderCall(sim, body, correlationId);
    throw new HttpFailure(404, `Unknown method ${path}`, 'NOT_FOUND');
  }

  /** POST /control { apiLogin, action, ...arguments }: the HTTP face of SimulatorControl. */
  async function controlCall(request: IncomingMessage, sim: SimulatorState): Promise<unknown> {
    const body = await readJson(request);
    if (body.apiLogin !== apiLogin) throw new HttpFailure(401, 'apiLogin is required', 'UNAUTHORIZED');
    const org = String(body.organizationId ?? '');
    const productId = String(body.productId ?? '');
    const actions: Record<string, () => unknown> = {
      state: () => ({ organizations: sim.organizations(), stats: sim.stats() }),
      nomenclature: () => sim.nomenclature(org),
      setPrice: () => sim.setPrice(org, productId, Number(body.price)),
      renameProduct: () => sim.renameProduct(org, productId, String(body.name ?? '')),
      renameGroup: () => sim.renameGroup(org, String(body.groupId ?? ''), String(body.name ?? '')),
      setModifierAmounts: () =>
        sim.setModifierAmounts(org, productId, String(body.groupId ?? ''), {
          minAmount: Number(body.minAmount),
          maxAmount: Number(body.maxAmount),
        }),
      addGroup: () => ({ id: sim.addGroup(org, String(body.name ?? '')) }),
      removeGroup: () => sim.removeGroup(org, String(body.groupId ?? '')),
      moveProduct: () => sim.moveProduct(org, productId, String(body.groupId ?? '')),
      removeProduct: () => sim.removeProduct(org, productId),
      addProduct: () => ({
        id: sim.addProduct(org, { groupId: String(body.groupId), name: String(body.name), price: Number(body.price) }),
      }),
      stop: () => sim.stop(org, productId, body.balance === undefined ? 0 : Number(body.balance)),
      unstop: () => sim.unstop(org, productId),
      fail: () =>
        sim.fail(String(body.path), {
          status: body.status === undefined ? 500 : Number(body.status),
          times: body.times === undefined ? Number.POSITIVE_INFINITY : Number(body.times),
        }),
      slow: () => sim.slow(String(body.path ?? '*'), Number(body.ms)),
      clearFaults: () => sim.clearFaults(),
      expireTokens: () => sim.expireTokens(),
      reset: () => sim.reset(),
      addDemoOrganization: () => sim.addSampleOrganization(DEMO_POS_ORGANIZATION),
      ...terminalControlActions(sim.terminals, body),
      ...tableOrderControlActions(sim.tableOrders, body),
    };
    const action = typeof body.action === 'string' ? actions[body.action] : undefined;
    if (!action) throw new HttpFailure(400, `action must be one of ${Object.keys(actions).join(', ')}`, 'BAD_REQUEST');
    return (await action()) ?? { ok: true };
  }

  const server = createServer((request, response) => {
    const sim = state!;
    const path = (request.url ?? '/').split('?')[0]!;
    const handle = async () => {
      try {
        const image = /^\/images\/([0-9a-f-]{36})\.svg$/.exec(path);
        if (request.method === 'GET' && image) {
          const svg = productImage(sim, image[1]!);
          if (!svg) throw new HttpFailure(404, 'No such image', 'NOT_FOUND');
          response.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=3600' });
          response.end(svg);
          return;
        }
        if (request.method !== 'POST') throw new HttpFailure(405, 'Only POST is supported', 'METHOD_NOT_ALLOWED');
        const answer = path === '/control' ? await controlCall(request, sim) : await api(path, request, response, sim);
        sendJson(response, 200, answer);
      } catch (error) {
        if (error instanceof HttpFailure) return sendJson(response, error.status, errorBody(error.message, error.code));
        if (error instanceof SimulatorError) return sendJson(response, 400, errorBody(error.message, 'BAD_REQUEST'));
        sendJson(response, 500, errorBody('Internal server error', 'INTERNAL_SERVER_ERROR'));
      }
    };
    void handle();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  state = new SimulatorState(url);

  return {
    url,
    apiLogin,
    control: state,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      state!.tableOrders.dispose();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
