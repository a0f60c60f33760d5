import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatPrice } from '../../lib/format';
import type { TillState } from '../../server/dev/pos/dev-view';
import { CREATION_TIMEOUT_MESSAGE } from '../../server/dev/pos/table-orders';
import { createTestApp, type TestApp } from '../support/app';

/**
 * /dev/iiko over real HTTP: the POS simulator's till as a cashier sees it, in demo mode only. Orders are made through
 * the simulator's own iiko API (order/create, then commands/status until Success), as the app's sender makes them; the
 * page's JSON lists them, "Yopish" closes one, and the switch turns the till off and on (is_alive).
 */

async function listening(env: Record<string, string>): Promise<{ t: TestApp; base: string }> {
  const t = await createTestApp(env);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, base: address };
}

describe('outside demo mode', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    ({ t, base } = await listening({}));
  });
  afterAll(() => t.close());

  it('there is no /dev/iiko: the page, its state and its actions answer 404', async () => {
    expect(t.app.integration.simulator).toBeNull();
    for (const path of ['/dev/iiko', '/dev/iiko/state', '/dev/iiko/page.js']) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    }
    const close = await fetch(`${base}/dev/iiko/close`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: randomUUID() }),
    });
    expect(close.status).toBe(404);
  });
});

describe('in demo mode (DEMO=1 without IIKO_API_URL)', () => {
  let t: TestApp;
  let base: string;
  let pos: { url: string; apiLogin: string };
  let organizationId: string;
  let organizationName: string;
  let groupId: string;
  let tables: { id: string; number: number; name: string }[];
  let token: string;

  beforeAll(async () => {
    ({ t, base } = await listening({ DEMO: '1' }));
    pos = t.app.integration.simulator!;
  });
  afterAll(() => t.close());

  async function control<T>(action: string, args: object = {}): Promise<T> {
    const response = await fetch(`${pos.url}/control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiLogin: pos.apiLogin, action, ...args }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  }

  async function iiko<T>(path: string, body: object): Promise<T> {
    const response = await fetch(`${pos.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as T;
    expect(response.status, JSON.stringify(json)).toBe(200);
    return json;
  }

  beforeEach(async () => {
    await control('reset');
    const { organizations } = await control<{ organizations: { id: string; name: string }[] }>('state');
    organizationId = organizations[0]!.id;
    organizationName = organizations[0]!.name;
    groupId = (await control<{ id: string }[]>('terminalGroups', { organizationId }))[0]!.id;
    tables = await control('tables', { terminalGroupId: groupId });
    const answer = await fetch(`${pos.url}/api/1/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiLogin: pos.apiLogin }),
    });
    token = ((await answer.json()) as { token: string }).token;
  });

  interface NomenclatureProduct {
    id: string;
    name: string;
    sizePrices: { price: { currentPrice: number } }[];
    groupModifiers: { id: string; childModifiers: { id: string }[] }[];
  }

  /** Two lamb kebabs with rice (a group modifier) and a pot of green tea, as the app's sender would send them. */
  async function orderItems() {
    const { products } = await control<{ products: NomenclatureProduct[] }>('nomenclature', { organizationId });
    const byName = (name: string) => products.find((p) => p.name === name)!;
    const kebab = byName("Qo'y go'shti shashlik");
    const rice = byName('Guruch');
    const garnish = kebab.groupModifiers.find((g) => g.childModifiers.some((c) => c.id === rice.id))!;
    const tea = byName("Ko'k choy (choynak)");
    return [
      {
        type: 'Product',
        productId: kebab.id,
        amount: 2,
        price: 22000,
        modifiers: [{ productId: rice.id, amount: 1, productGroupId: garnish.id }],
      },
      { type: 'Product', productId: tea.id, amount: 1, price: 8000 },
    ];
  }

  /** order/create on the simulator's API, then commands/status until the command is no longer InProgress. */
  async function createOrder(externalNumber: string, tableId = tables[2]!.id): Promise<{ id: string; state: string }> {
    const id = randomUUID();
    const created = await iiko<{ correlationId: string }>('/api/1/order/create', {
      organizationId,
      terminalGroupId: groupId,
      order: { id, externalNumber, tableIds: [tableId], items: await orderItems() },
    });
    for (let attempt = 0; attempt < 100; attempt++) {
      const { state } = await iiko<{ state: string }>('/api/1/commands/status', {
        organizationId,
        correlationId: created.correlationId,
      });
      if (state !== 'InProgress') return { id, state };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the command stayed InProgress');
  }

  async function till(): Promise<TillState> {
    const response = await fetch(`${base}/dev/iiko/state`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(200);
    return (await response.json()) as TillState;
  }
  const groupOf = (state: TillState) => state.groups.find((group) => group.id === groupId)!;

  const post = (path: string, body: object) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });

  it('is an Uzbek page under a strict CSP, its script and style are files, each till with its switch', async () => {
    const response = await fetch(`${base}/dev/iiko`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('<title>iiko kassasi (simulyator)</title>');
    expect(html).toContain(organizationName);
    expect(html).toContain('Kassa ishlayapti');
    expect(html).toContain(`data-group="${groupId}" data-alive="off"`);
    expect(html).toContain('Ochiq chek yo&#39;q.');
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script src="/dev/iiko/page.js" defer>']);
    expect(html).not.toMatch(/<style|style=|\son[a-z]+=/i);

    const script = await fetch(`${base}/dev/iiko/page.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const code = await script.text();
    expect(code).toContain('/dev/iiko/state');
    expect(code).not.toContain('innerHTML');
    const style = await fetch(`${base}/dev/iiko/page.css`);
    expect(style.status).toBe(200);
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it("lists an order made through the simulator's API on its till: table, check number, our number, lines, modifiers, sum", async () => {
    const { id, state } = await createOrder('1042');
    expect(state).toBe('Success');
    const group = groupOf(await till());
    expect(group).toMatchObject({ organization: organizationName, name: 'Asosiy kassa', alive: true });
    expect(group.checks).toHaveLength(1);
    const check = group.checks[0]!;
    expect(check).toMatchObject({
      id,
      table: `Stol ${tables[2]!.number}`,
      check_number: 1,
      external_number: '1042',
      status: 'New',
      sum: 2 * 22000 + 2 * 8000 + 8000,
    });
    expect(check.lines).toEqual([
      {
        name: "Qo'y go'shti shashlik",
        size: null,
        amount: 2,
        price: 22000,
        sum: 44000,
        comment: null,
        modifiers: [{ name: 'Guruch', amount: 2, price: 8000, sum: 16000 }],
      },
      { name: "Ko'k choy (choynak)", size: null, amount: 1, price: 8000, sum: 8000, comment: null, modifiers: [] },
    ]);

    // The page a person opens shows it too, money with "so'm" on the same line.
    const html = await (await fetch(`${base}/dev/iiko`)).text();
    expect(html).toContain(`data-order="${id}"`);
    expect(html).toContain('Chek № 1');
    expect(html).toContain('Menyu № 1042');
    expect(html).toContain('+ Guruch');
    expect(formatPrice(68000)).toBe("68\u00a0000\u00a0so'm");
    expect(html).toContain('Jami: <b>68\u00a0000\u00a0so&#39;m</b>');
    expect(html).toContain('Yangi (New)');
    expect(html).toContain(`data-close="${id}"`);
  });

  it('shows the oldest order first, and every text escaped', async () => {
    const first = await createOrder('<b>7</b> & "x"', tables[0]!.id);
    const second = await createOrder('8', tables[1]!.id);
    expect(groupOf(await till()).checks.map((check) => check.id)).toEqual([first.id, second.id]);
    const html = await (await fetch(`${base}/dev/iiko`)).text();
    expect(html).toContain('Menyu № &lt;b&gt;7&lt;/b&gt; &amp; &quot;x&quot;');
    expect(html).not.toContain('<b>7</b>');
  });

  it('"Yopish" closes the check: it leaves the open list for the closed one; a second close is refused', async () => {
    const { id } = await createOrder('1043');
    const closed = await post('/dev/iiko/close', { order_id: id });
    expect(closed.status).toBe(200);
    expect(await closed.json()).toEqual({ order_id: id, status: 'Closed' });

    const state = await till();
    expect(groupOf(state).checks).toEqual([]);
    expect(state.done).toHaveLength(1);
    expect(state.done[0]).toMatchObject({
      id,
      outcome: 'closed',
      error: null,
      check_number: 1,
      external_number: '1043',
      table: `Stol ${tables[2]!.number}`,
      organization: organizationName,
    });
    const { orders } = await control<{ orders: { id: string }[] }>('openOrders');
    expect(orders).toEqual([]);

    const again = await post('/dev/iiko/close', { order_id: id });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { message: string }).message).toMatch(/ochiq chek topilmadi/);
    expect((await post('/dev/iiko/close', { order_id: randomUUID() })).status).toBe(404);
    expect((await post('/dev/iiko/close', {})).status).toBe(400);
  });

  it("the switch turns the till off (is_alive false; an order waits, then fails with iiko's text) and on again", async () => {
    const isAlive = async () =>
      (
        await iiko<{ isAliveStatus: { isAlive: boolean }[] }>('/api/1/terminal_groups/is_alive', {
          organizationIds: [organizationId],
          terminalGroupIds: [groupId],
        })
      ).isAliveStatus[0]!.isAlive;

    const off = await post('/dev/iiko/alive', { terminal_group_id: groupId, alive: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ terminal_group_id: groupId, alive: false });
    expect(await isAlive()).toBe(false);
    expect(groupOf(await till()).alive).toBe(false);
    expect(await (await fetch(`${base}/dev/iiko`)).text()).toContain(`data-group="${groupId}" data-alive="on"`);

    // An order sent meanwhile waits for the till, then iiko drops it.
    await control('orderTimings', { transportTimeoutMs: 400 });
    const id = randomUUID();
    await iiko('/api/1/order/create', {
      organizationId,
      terminalGroupId: groupId,
      order: { id, externalNumber: '1044', tableIds: [tables[0]!.id], items: await orderItems() },
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(groupOf(await till()).checks).toMatchObject([{ id, status: 'Waiting', check_number: null }]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const state = await till();
    expect(groupOf(state).checks).toEqual([]);
    expect(state.done[0]).toMatchObject({ id, outcome: 'failed', error: CREATION_TIMEOUT_MESSAGE, table: 'Stol 1' });
    expect(await (await fetch(`${base}/dev/iiko`)).text()).toContain(CREATION_TIMEOUT_MESSAGE);

    const on = await post('/dev/iiko/alive', { terminal_group_id: groupId, alive: true });
    expect(await on.json()).toEqual({ terminal_group_id: groupId, alive: true });
    expect(await isAlive()).toBe(true);
    expect(groupOf(await till()).alive).toBe(true);

    expect((await post('/dev/iiko/alive', { terminal_group_id: randomUUID(), alive: false })).status).toBe(404);
    expect((await post('/dev/iiko/alive', { terminal_group_id: groupId, alive: 'no' })).status).toBe(400);
  });
});
