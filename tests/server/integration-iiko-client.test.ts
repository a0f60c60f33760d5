import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_ORGANIZATIONS } from '../../server/dev/pos/sample-data';
import { type PosSimulator, startPosSimulator } from '../../server/dev/pos/server';
import { TOKEN_LIFETIME_MS, TOKEN_REFRESH_MARGIN_MS } from '../../server/integrations/iiko/client';
import { IikoProvider } from '../../server/integrations/iiko/provider';
import { PosError } from '../../server/integrations/provider';

/** The iiko client and provider against the simulator: tokens, errors, time limits, and the simulator's contract. */

let sim: PosSimulator;
let orgId: string;

beforeAll(async () => {
  sim = await startPosSimulator();
  orgId = sim.control.organizations()[0]!.id;
});
afterAll(() => sim.close());
beforeEach(() => sim.control.reset());

const call = () => ({ signal: AbortSignal.timeout(5000) });
const provider = (now?: () => number, apiLogin = sim.apiLogin) =>
  new IikoProvider({ baseUrl: `${sim.url}/`, apiLogin, ...(now ? { now } : {}) });

async function failure(promise: Promise<unknown>): Promise<PosError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PosError);
    return error as PosError;
  }
  throw new Error('expected the call to fail');
}

describe('access token', () => {
  it('is taken once and reused by the following calls', async () => {
    const iiko = provider();
    await iiko.listOrganizations(call());
    await iiko.fetchMenu(orgId, call());
    await iiko.fetchStopList(orgId, call());
    expect(sim.control.stats()).toMatchObject({ tokensIssued: 1, unauthorized: 0 });
  });

  it('is refreshed before its hour runs out, without a refused call', async () => {
    let clock = 1_000_000;
    const iiko = provider(() => clock);
    await iiko.listOrganizations(call());
    clock += TOKEN_LIFETIME_MS - TOKEN_REFRESH_MARGIN_MS - 1000;
    await iiko.listOrganizations(call());
    expect(sim.control.stats().tokensIssued).toBe(1);
    clock += 2000;
    await iiko.listOrganizations(call());
    expect(sim.control.stats()).toMatchObject({ tokensIssued: 2, unauthorized: 0 });
  });

  it('is refreshed once when iiko refuses it (401) before its time, and the call succeeds', async () => {
    const iiko = provider();
    await iiko.listOrganizations(call());
    sim.control.expireTokens();
    const organizations = await iiko.listOrganizations(call());
    expect(organizations).toHaveLength(2);
    expect(sim.control.stats()).toMatchObject({ tokensIssued: 2, unauthorized: 1 });
  });

  it('fails as "rejected" for a wrong apiLogin', async () => {
    const error = await failure(provider(undefined, 'wrong-login').listOrganizations(call()));
    expect(error.kind).toBe('rejected');
    expect(error.message).toContain('/api/1/access_token');
    expect(error.message).toContain('HTTP 401');
  });
});

describe('errors and time limits', () => {
  it('turns a 500 with iiko’s error shape into "unavailable" carrying its description', async () => {
    sim.control.fail('/api/1/nomenclature', { times: 1 });
    const error = await failure(provider().fetchMenu(orgId, call()));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/\/api\/1\/nomenclature: HTTP 500: Simulated failure of the POS \([0-9a-f-]{36}\)/);
  });

  it('turns an answer that outlives the signal into "timeout"', async () => {
    sim.control.slow('/api/1/stop_lists', 2000);
    const started = Date.now();
    const error = await failure(provider().fetchStopList(orgId, { signal: AbortSignal.timeout(200) }));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('turns an unreachable POS into "unavailable"', async () => {
    const closed = await startPosSimulator();
    await closed.close();
    const iiko = new IikoProvider({ baseUrl: closed.url, apiLogin: closed.apiLogin });
    expect((await failure(iiko.listOrganizations(call()))).kind).toBe('unavailable');
  });

  it('refuses a "no changes since this revision" answer instead of reading it as an empty menu', async () => {
    const { revision } = sim.control.nomenclature(orgId);
    // Make the simulator's revision equal to the 0 the provider sends: it answers empty lists.
    const org = (sim.control as unknown as { organization(id: string): { revision: number } }).organization(orgId);
    org.revision = 0;
    const error = await failure(provider().fetchMenu(orgId, call()));
    expect(error.kind).toBe('bad-response');
    org.revision = revision;
  });
});

describe('stop-list', () => {
  it('lists products with balance <= 0 of the organization only', async () => {
    const sample = SAMPLE_ORGANIZATIONS[0]!;
    const id = (name: string) => sim.control.findProduct(orgId, name).id;
    const entries = await provider().fetchStopList(orgId, call());
    expect(entries.map((e) => e.productId).sort()).toEqual([id("Tandir go'sht"), id('Qanot shashlik')].sort());
    expect(sample.stopList['Patir non']).toBeGreaterThan(0);
    expect(entries.every((e) => e.sizeId === null)).toBe(true);
  });
});

describe('the simulator speaks the iiko contract', () => {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${sim.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

  it('answers a token with correlationId, and errors as { correlationId, errorDescription, error }', async () => {
    const ok = await post('/api/1/access_token', { apiLogin: sim.apiLogin }, { 'Content-Type': 'application/json' });
    expect(Object.keys(await ok.json()).sort()).toEqual(['correlationId', 'token']);
    const refused = await post('/api/1/organizations', {}, { 'Content-Type': 'application/json' });
    expect(refused.status).toBe(401);
    const body = await refused.json();
    expect(Object.keys(body).sort()).toEqual(['correlationId', 'error', 'errorDescription']);
  });

  it('requires Content-Type: application/json', async () => {
    const res = await post('/api/1/access_token', { apiLogin: sim.apiLogin }, { 'Content-Type': 'text/plain' });
    expect(res.status).toBe(400);
    expect((await res.json()).errorDescription).toContain('application/json');
  });

  it('answers empty lists when startRevision is the current revision', async () => {
    const token = (
      await (
        await post('/api/1/access_token', { apiLogin: sim.apiLogin }, { 'Content-Type': 'application/json' })
      ).json()
    ).token as string;
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
    const full = await (await post('/api/1/nomenclature', { organizationId: orgId, startRevision: 0 }, headers)).json();
    expect(full.products.length).toBeGreaterThan(30);
    const same = await (
      await post('/api/1/nomenclature', { organizationId: orgId, startRevision: full.revision }, headers)
    ).json();
    expect(same).toMatchObject({ groups: [], products: [], productCategories: [], sizes: [], revision: full.revision });
  });

  it('can be driven over HTTP through POST /control', async () => {
    const productId = sim.control.findProduct(orgId, 'Mastava').id;
    const headers = { 'Content-Type': 'application/json' };
    const refused = await post('/control', { action: 'setPrice' }, headers);
    expect(refused.status).toBe(401);
    const res = await post(
      '/control',
      { apiLogin: sim.apiLogin, action: 'setPrice', organizationId: orgId, productId, price: 33000 },
      headers,
    );
    expect(res.status).toBe(200);
    expect(sim.control.findProduct(orgId, 'Mastava').sizePrices![0]!.price.currentPrice).toBe(33000);
    const unknown = await post('/control', { apiLogin: sim.apiLogin, action: 'explode' }, headers);
    expect(unknown.status).toBe(400);
  });
});

describe('the simulator over HTTP (POST /control, as a person drives it in demo mode)', () => {
  const control = (body: object | string, contentType = 'application/json') =>
    fetch(`${sim.url}/control`, {
      method: 'POST',
      headers: { 'Content-Type': contentType },
      body: typeof body === 'string' ? body : JSON.stringify({ apiLogin: sim.apiLogin, ...body }),
    });

  it('adds a group, moves a dish into it and removes another group, as the till would', async () => {
    const res = await control({ action: 'addGroup', organizationId: orgId, name: 'Mavsumiy' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const { id: groupId } = (await res.json()) as { id: string };
    const dish = sim.control.nomenclature(orgId).products.find((p) => p.type === 'Dish')!;
    expect((await control({ action: 'moveProduct', organizationId: orgId, productId: dish.id, groupId })).status).toBe(
      200,
    );
    const other = sim.control.nomenclature(orgId).groups.find((g) => !g.isGroupModifier && g.id !== groupId)!;
    expect((await control({ action: 'removeGroup', organizationId: orgId, groupId: other.id })).status).toBe(200);
    const menu = sim.control.nomenclature(orgId);
    expect(menu.products.find((p) => p.id === dish.id)!.parentGroup).toBe(groupId);
    expect(menu.groups.find((g) => g.id === other.id)!.isDeleted).toBe(true);
    expect((await control({ action: 'removeGroup', organizationId: orgId, groupId: 'no-such-group' })).status).toBe(
      400,
    );
  });

  it('refuses a body over 1 MB, or not JSON, with a 400 in its own error shape', async () => {
    const huge = await control(JSON.stringify({ apiLogin: sim.apiLogin, pad: 'x'.repeat(1024 * 1024 + 1) }));
    expect(huge.status).toBe(400);
    expect(await huge.json()).toMatchObject({ errorDescription: 'Request body is too large' });
    const notJson = await control('{"apiLogin":', 'application/json');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ errorDescription: 'Request body must be a JSON object' });
  });
});
