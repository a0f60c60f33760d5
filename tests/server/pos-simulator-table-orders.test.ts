import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PosSimulator, startPosSimulator } from '../../server/dev/pos/server';

/**
 * The simulator's table-order protocol over HTTP, as iiko publishes it (iikocloud-table-orders-subset.json): terminal
 * groups, is_alive, halls and tables, order/create and order/add_items as asynchronous commands, commands/status,
 * order/by_id, iiko's error shape, and what tests and the demo drive through POST /control.
 */

let sim: PosSimulator;
let orgId: string;
let terminalGroupId: string;
let token: string;

beforeAll(async () => {
  sim = await startPosSimulator();
});
afterAll(() => sim.close());
beforeEach(async () => {
  sim.control.reset();
  orgId = sim.control.organizations()[0]!.id;
  terminalGroupId = sim.control.terminals.terminalGroups(orgId)[0]!.id;
  token = (await (await post('/api/1/access_token', { apiLogin: sim.apiLogin }, false)).json()).token;
});

async function post(path: string, body: unknown, auth = true): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (auth) headers.Authorization = `Bearer ${token}`;
  return fetch(`${sim.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

async function ok(path: string, body: unknown) {
  const response = await post(path, body);
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(200);
  return json;
}

async function refused(path: string, body: unknown, status = 400) {
  const response = await post(path, body);
  expect(response.status).toBe(status);
  const json = await response.json();
  expect(Object.keys(json).sort()).toEqual(['correlationId', 'error', 'errorDescription']);
  expect(json.correlationId).toMatch(/^[0-9a-f-]{36}$/);
  return json as { errorDescription: string; error: string };
}

const control = (action: string, args: object = {}) =>
  fetch(`${sim.url}/control`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ apiLogin: sim.apiLogin, action, ...args }),
  });

const product = (name: string) => sim.control.findProduct(orgId, name);
const tables = () => sim.control.terminals.tables(terminalGroupId);
const price = (name: string) => product(name).sizePrices![0]!.price.currentPrice;

function item(name: string, extra: object = {}) {
  return { type: 'Product', productId: product(name).id, amount: 1, price: price(name), ...extra };
}

function createBody(items: object[], order: object = {}) {
  return {
    organizationId: orgId,
    terminalGroupId,
    order: { id: randomUUID(), externalNumber: 'T1-0001', tableIds: [tables()[0]!.id], items, ...order },
    createOrderSettings: { transportToFrontTimeout: 8, checkStopList: true },
  };
}

const status = (correlationId: string) => ok('/api/1/commands/status', { organizationId: orgId, correlationId });

async function settled(correlationId: string) {
  for (let i = 0; i < 100; i++) {
    const answer = await status(correlationId);
    if (answer.state !== 'InProgress') return answer;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the command stayed InProgress');
}

const byId = async (orderId: string) =>
  (await ok('/api/1/order/by_id', { organizationIds: [orgId], orderIds: [orderId] })).orders;

describe('terminal groups and tables', () => {
  it('lists one terminal group per organization, in iiko’s shape', async () => {
    const answer = await ok('/api/1/terminal_groups', { organizationIds: [orgId] });
    expect(Object.keys(answer).sort()).toEqual(['correlationId', 'terminalGroups', 'terminalGroupsInSleep']);
    expect(answer.terminalGroups).toEqual([
      {
        organizationId: orgId,
        items: [
          {
            id: terminalGroupId,
            organizationId: orgId,
            name: expect.any(String),
            address: null,
            timeZone: 'West Asia Standard Time',
            externalData: null,
            posVersion: expect.stringMatching(/^\d+\.\d+/),
          },
        ],
      },
    ]);
    expect(answer.terminalGroupsInSleep).toEqual([{ organizationId: orgId, items: [] }]);
  });

  it('moves a sleeping group to terminalGroupsInSleep, and requires organizationIds', async () => {
    expect((await control('setTerminalAsleep', { terminalGroupId, asleep: true })).status).toBe(200);
    const answer = await ok('/api/1/terminal_groups', { organizationIds: [orgId] });
    expect(answer.terminalGroups[0].items).toEqual([]);
    expect(answer.terminalGroupsInSleep[0].items[0].id).toBe(terminalGroupId);
    expect((await refused('/api/1/terminal_groups', {})).errorDescription).toContain('organizationIds');
  });

  it('answers is_alive, and false once the till is switched off through /control', async () => {
    const ask = () =>
      ok('/api/1/terminal_groups/is_alive', { organizationIds: [orgId], terminalGroupIds: [terminalGroupId] });
    expect(await ask()).toEqual({
      correlationId: expect.any(String),
      isAliveStatus: [{ isAlive: true, terminalGroupId, organizationId: orgId }],
    });
    await control('setTerminalAlive', { terminalGroupId, alive: false });
    expect((await ask()).isAliveStatus[0].isAlive).toBe(false);
    await refused('/api/1/terminal_groups/is_alive', { terminalGroupIds: [randomUUID()] });
  });

  it('lists a hall of six tables numbered and named 1…6, each with iiko’s fields', async () => {
    const answer = await ok('/api/1/reserve/available_restaurant_sections', { terminalGroupIds: [terminalGroupId] });
    expect(Object.keys(answer).sort()).toEqual(['correlationId', 'restaurantSections', 'revision']);
    const [section] = answer.restaurantSections;
    expect(answer.restaurantSections).toHaveLength(1);
    expect(section).toMatchObject({ terminalGroupId, name: 'Asosiy zal', schema: null });
    expect(section.tables.map((t: { number: number; name: string }) => [t.number, t.name])).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => [n, String(n)]),
    );
    expect(Object.keys(section.tables[0]).sort()).toEqual(
      ['id', 'isDeleted', 'name', 'number', 'posId', 'revision', 'seatingCapacity'].sort(),
    );
    const withSchema = await ok('/api/1/reserve/available_restaurant_sections', {
      terminalGroupIds: [terminalGroupId],
      returnSchema: true,
    });
    expect(withSchema.restaurantSections[0].schema.tableElements).toHaveLength(6);
  });

  it('follows the till’s table changes, and answers only the changed tables after a revision', async () => {
    const before = await ok('/api/1/reserve/available_restaurant_sections', { terminalGroupIds: [terminalGroupId] });
    const [first, second] = tables();
    await control('renameTable', { tableId: first!.id, name: 'Deraza yoni' });
    await control('removeTable', { tableId: second!.id });
    const added = (await (await control('addTable', { terminalGroupId, number: 7 })).json()).id as string;
    const after = await ok('/api/1/reserve/available_restaurant_sections', {
      terminalGroupIds: [terminalGroupId],
      revision: before.revision,
    });
    expect(after.revision).toBeGreaterThan(before.revision);
    const changed = after.restaurantSections[0].tables;
    expect(changed.map((t: { id: string }) => t.id).sort()).toEqual([first!.id, second!.id, added].sort());
    expect(changed.find((t: { id: string }) => t.id === first!.id).name).toBe('Deraza yoni');
    expect(changed.find((t: { id: string }) => t.id === second!.id).isDeleted).toBe(true);
    expect((await control('addTable', { terminalGroupId, number: 3 })).status).toBe(400);
  });

  it('adds a second till with a hall of its own through /control, listed after the first, and takes it away', async () => {
    const add = await control('addTerminalGroup', { organizationId: orgId, name: 'Ayvon', tableNames: ['A1', 'A2'] });
    expect(add.status).toBe(200);
    const second = (await add.json()).id as string;
    const listed = async () =>
      (await ok('/api/1/terminal_groups', { organizationIds: [orgId] })).terminalGroups[0].items.map(
        (group: { id: string; name: string }) => [group.id, group.name],
      );
    expect(await listed()).toEqual([
      [terminalGroupId, expect.any(String)],
      [second, 'Ayvon'],
    ]);
    const sections = await ok('/api/1/reserve/available_restaurant_sections', { terminalGroupIds: [second] });
    expect(
      sections.restaurantSections[0].tables.map((t: { number: number; name: string }) => [t.number, t.name]),
    ).toEqual([
      [1, 'A1'],
      [2, 'A2'],
    ]);
    expect((await control('addTerminalGroup', { organizationId: orgId, name: 'Ayvon' })).status).toBe(400);
    expect((await control('addTerminalGroup', { organizationId: orgId, name: ' ' })).status).toBe(400);

    expect((await control('removeTerminalGroup', { terminalGroupId: second })).status).toBe(200);
    expect(await listed()).toEqual([[terminalGroupId, expect.any(String)]]);
    await refused('/api/1/reserve/available_restaurant_sections', { terminalGroupIds: [second] });
    expect((await control('removeTerminalGroup', { terminalGroupId: second })).status).toBe(400);
  });
});

describe('order/create', () => {
  it('answers at once with InProgress, then the command succeeds and by_id shows the order on the till', async () => {
    sim.control.tableOrders.setTimings({ commandDelayMs: 300 });
    const shashlik = product("Qo'y go'shti shashlik");
    const garnir = shashlik.groupModifiers![0]!;
    const rice = garnir.childModifiers[0]!.id;
    const body = createBody([
      item("Qo'y go'shti shashlik", {
        amount: 2,
        comment: 'piyozsiz',
        modifiers: [{ productId: rice, productGroupId: garnir.id, amount: 1, price: 8000 }],
      }),
      item("Ko'k choy (choynak)", {
        modifiers: [{ productId: sim.control.findProduct(orgId, 'Limon').id, amount: 1, price: 3000 }],
      }),
    ]);
    const answer = await ok('/api/1/order/create', body);
    expect(answer).toEqual({
      correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      orderInfo: {
        id: body.order.id,
        posId: null,
        externalNumber: 'T1-0001',
        organizationId: orgId,
        timestamp: expect.any(Number),
        creationStatus: 'InProgress',
        errorInfo: null,
        order: null,
      },
    });
    expect(await status(answer.correlationId)).toEqual({ state: 'InProgress' });
    expect((await byId(body.order.id))[0].creationStatus).toBe('InProgress');
    expect(await settled(answer.correlationId)).toEqual({ state: 'Success' });

    const [info] = await byId(body.order.id);
    expect(info).toMatchObject({ id: body.order.id, creationStatus: 'Success', errorInfo: null });
    expect(info.posId).toMatch(/^[0-9a-f-]{36}$/);
    expect(info.order).toMatchObject({
      tableIds: [tables()[0]!.id],
      status: 'New',
      number: 1,
      terminalGroupId,
      // 2 × 22 000 + 2 × 1 × 8 000 rice + 8 000 tea + 3 000 lemon
      sum: 71000,
      guestsInfo: { count: 1, splitBetweenPersons: false },
    });
    expect(info.order.whenCreated).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
    const [meat, tea] = info.order.items;
    expect(meat).toMatchObject({
      type: 'Product',
      status: 'Added',
      amount: 2,
      price: 22000,
      cost: 44000,
      resultSum: 44000,
      comment: 'piyozsiz',
      product: { id: shashlik.id, name: "Qo'y go'shti shashlik" },
    });
    expect(meat.positionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(meat.modifiers).toEqual([
      expect.objectContaining({
        product: { id: rice, name: 'Guruch' },
        productGroup: { id: garnir.id, name: 'Garnir' },
        amount: 1,
        price: 8000,
        resultSum: 16000,
      }),
    ]);
    expect(tea.modifiers[0]).toMatchObject({ product: { name: 'Limon' }, productGroup: null });
    expect(sim.control.tableOrders.openOrders(orgId).map((o) => o.id)).toEqual([body.order.id]);
  });

  it('carries a command out before the next call when the delay is 0', async () => {
    sim.control.tableOrders.setTimings({ commandDelayMs: 0 });
    const answer = await ok('/api/1/order/create', createBody([item('Mastava')]));
    expect(answer.orderInfo.creationStatus).toBe('InProgress');
    expect(await status(answer.correlationId)).toEqual({ state: 'Success' });
  });

  it('never makes a second order from the same order.id: the resend fails with DuplicatedOrderId', async () => {
    sim.control.tableOrders.setTimings({ commandDelayMs: 0 });
    const body = createBody([item('Mastava')]);
    await settled((await ok('/api/1/order/create', body)).correlationId);
    const again = await ok('/api/1/order/create', { ...body, order: { ...body.order, items: [item('Norin')] } });
    expect(again.orderInfo).toMatchObject({ id: body.order.id, creationStatus: 'InProgress' });
    const failed = await settled(again.correlationId);
    expect(failed).toMatchObject({ state: 'Error', exception: { code: 'DuplicatedOrderId' } });
    expect(failed.errorReason).toContain(body.order.id);
    const orders = await byId(body.order.id);
    expect(orders).toHaveLength(1);
    expect(orders[0].order.items.map((i: { product: { name: string } }) => i.product.name)).toEqual(['Mastava']);
    expect(sim.control.tableOrders.orders(orgId)).toHaveLength(1);
  });

  it('fails the command when a product is stop-listed at the till, naming it', async () => {
    sim.control.tableOrders.setTimings({ commandDelayMs: 0 });
    const body = createBody([item('Mastava'), item("Tandir go'sht")]);
    const answer = await ok('/api/1/order/create', body);
    const failed = await settled(answer.correlationId);
    expect(failed.state).toBe('Error');
    expect(failed.errorReason).toContain("Tandir go'sht");
    expect(failed.errorReason).toContain('stop list');
    const [info] = await byId(body.order.id);
    expect(info).toMatchObject({ creationStatus: 'Error', order: null, errorInfo: { code: 'Common' } });
    expect(info.errorInfo.message).toContain("Tandir go'sht");
    expect(sim.control.tableOrders.openOrders(orgId)).toEqual([]);

    // Nothing of it reached the till, so the same id may be sent again once the product is back.
    sim.control.unstop(orgId, product("Tandir go'sht").id);
    expect(await settled((await ok('/api/1/order/create', body)).correlationId)).toEqual({ state: 'Success' });
  });

  it('fails the command for a product the till does not sell, and for a product with sizes sent without one', async () => {
    sim.control.tableOrders.setTimings({ commandDelayMs: 0 });
    const unknown = randomUUID();
    const first = await ok(
      '/api/1/order/create',
      createBody([{ type: 'Product', productId: unknown, amount: 1, price: 1000 }]),
    );
    const failed = await settled(first.correlationId);
    expect(failed).toMatchObject({ state: 'Error', exception: { code: 'ProductNotFound' } });
    expect(failed.errorReason).toContain(unknown);

    const cola = sim.control
      .nomenclature(sim.control.organizations()[1]!.id)
      .products.find((p) => p.name === 'Coca-Cola')!;
    const otherOrg = sim.control.organizations()[1]!.id;
    const otherGroup = sim.control.terminals.terminalGroups(otherOrg)[0]!.id;
    const sized = await ok('/api/1/order/create', {
      organizationId: otherOrg,
      terminalGroupId: otherGroup,
      order: { id: randomUUID(), items: [{ type: 'Product', productId: cola.id, amount: 1, price: 9000 }] },
    });
    const noSize = await ok('/api/1/commands/status', { organizationId: otherOrg, correlationId: sized.correlationId });
    expect(noSize).toMatchObject({ state: 'Error', exception: { code: 'ProductSizeNotFound' } });
  });

  it('refuses with a 400 what iiko validates before accepting', async () => {
    const good = createBody([item('Mastava')]);
    const cases: [string, object, string][] = [
      ['unknown table', { ...good, order: { ...good.order, tableIds: [randomUUID()] } }, 'Table'],
      ['unknown organization', { ...good, organizationId: randomUUID() }, 'Organization'],
      ['no terminal group', { ...good, terminalGroupId: undefined }, 'terminalGroupId'],
      ['no items', { ...good, order: { ...good.order, items: undefined } }, 'items'],
      ['no price', { ...good, order: { ...good.order, items: [item('Mastava', { price: undefined })] } }, 'price'],
      ['amount too big', { ...good, order: { ...good.order, items: [item('Mastava', { amount: 1000 })] } }, 'amount'],
      ['unknown type', { ...good, order: { ...good.order, items: [item('Mastava', { type: 'Service' })] } }, 'type'],
      [
        'comment too long',
        { ...good, order: { ...good.order, items: [item('Mastava', { comment: 'x'.repeat(256) })] } },
        'comment',
      ],
      [
        'productId not a uuid',
        { ...good, order: { ...good.order, items: [item('Mastava', { productId: '42' })] } },
        'productId',
      ],
      [
        'externalNumber too long',
        { ...good, order: { ...good.order, externalNumber: 'x'.repeat(51) } },
        'externalNumber',
      ],
    ];
    for (const [name, body, mentions] of cases) {
      const error = await refused('/api/1/order/create', body);
      expect(error.errorDescription, name).toContain(mentions);
    }
    expect(sim.control.tableOrders.orders()).toEqual([]);
  });

  it('refuses a group modifier sent without productGroupId (the schema requires it)', async () => {
    const kabob = product('Qozon kabob');
    const rice = kabob.groupModifiers![0]!.childModifiers[0]!.id;
    const error = await refused(
      '/api/1/order/create',
      createBody([item('Qozon kabob', { modifiers: [{ productId: rice, amount: 1, price: 8000 }] })]),
    );
    expect(error.errorDescription).toContain('productGroupId is required');
  });
});

describe('order/add_items', () => {
  it('adds a round to an open order: the same check grows', async () => {
    sim.control.tableOrders.setTimings({ commandDelayMs: 0 });
    const body = createBody([item('Mastava')]);
    await settled((await ok('/api/1/order/create', body)).correlationId);
    const answer = await ok('/api/1/order/add_items', {
      organizationId: orgId,
      orderId: body.order.id,
      items: [item('Tandir non', { amount: 3 })],
    });
    expect(Object.keys(answer)).toEqual(['correlationId']);
    expect(await settled(answer.correlationId)).toEqual({ state: 'Success' });
    const [info] = await byId(body.order.id);
    expect(
      info.order.items.map((i: { product: { name: string }; amount: number }) => [i.product.name, i.amount]),
    ).toEqual([
      ['Mastava', 1],
      ['Tandir non', 3],
    ]);
    expect(info.order.sum).toBe(28000 + 3 * 5000);
    expect(sim.control.tableOrders.openOrders(orgId)).toHaveLength(1);
  });

  it('fails for an order the till does not have, or one the cashier closed', async () => {
    sim.control.tableOrders.setTimings({ commandDelayMs: 0 });
    const missing = await ok('/api/1/order/add_items', {
      organizationId: orgId,
      orderId: randomUUID(),
      items: [item('Mastava')],
    });
    expect(await settled(missing.correlationId)).toMatchObject({
      state: 'Error',
      exception: { code: 'OrderNotFound' },
    });

    const body = createBody([item('Mastava')]);
    await settled((await ok('/api/1/order/create', body)).correlationId);
    expect((await control('closeOrder', { orderId: body.order.id })).status).toBe(200);
    expect(sim.control.tableOrders.openOrders(orgId)).toEqual([]);
    const late = await ok('/api/1/order/add_items', {
      organizationId: orgId,
      orderId: body.order.id,
      items: [item('Norin')],
    });
    expect((await settled(late.correlationId)).state).toBe('Error');
    const [info] = await byId(body.order.id);
    expect(info.order).toMatchObject({ status: 'Closed', whenClosed: expect.any(String) });
    expect(info.order.items).toHaveLength(1);
  });

  it('refuses a stop-listed product in the next round, keeping the order as it was', async () => {
    sim.control.tableOrders.setTimings({ commandDelayMs: 0 });
    const body = createBody([item('Mastava')]);
    await settled((await ok('/api/1/order/create', body)).correlationId);
    const answer = await ok('/api/1/order/add_items', {
      organizationId: orgId,
      orderId: body.order.id,
      items: [item('Norin'), item('Qanot shashlik')],
    });
    const failed = await settled(answer.correlationId);
    expect(failed.errorReason).toContain('Qanot shashlik');
    expect((await byId(body.order.id))[0].order.items).toHaveLength(1);
  });
});

describe('commands/status and order/by_id', () => {
  it('answers 410 for a correlationId iiko no longer keeps, and 400 for one it never gave', async () => {
    sim.control.tableOrders.setTimings({ commandDelayMs: 0 });
    const answer = await ok('/api/1/order/create', createBody([item('Mastava')]));
    expect((await control('forgetCommands')).status).toBe(200);
    await refused('/api/1/commands/status', { organizationId: orgId, correlationId: answer.correlationId }, 410);
    await refused('/api/1/commands/status', { organizationId: orgId, correlationId: randomUUID() });
    await refused('/api/1/commands/status', { organizationId: orgId });
  });

  it('takes orderIds or posOrderIds, never both', async () => {
    sim.control.tableOrders.setTimings({ commandDelayMs: 0 });
    const body = createBody([item('Mastava')]);
    await settled((await ok('/api/1/order/create', body)).correlationId);
    const [info] = await byId(body.order.id);
    const byPos = await ok('/api/1/order/by_id', { organizationIds: [orgId], posOrderIds: [info.posId] });
    expect(byPos.orders.map((o: { id: string }) => o.id)).toEqual([body.order.id]);
    await refused('/api/1/order/by_id', {
      organizationIds: [orgId],
      orderIds: [body.order.id],
      posOrderIds: [info.posId],
    });
    await refused('/api/1/order/by_id', { organizationIds: [orgId] });
    expect(await byId(randomUUID())).toEqual([]);
  });

  it('lists the till’s open orders through POST /control', async () => {
    sim.control.tableOrders.setTimings({ commandDelayMs: 0 });
    const body = createBody([item('Mastava')]);
    await settled((await ok('/api/1/order/create', body)).correlationId);
    const open = await (await control('openOrders', { organizationId: orgId })).json();
    expect(open.orders.map((o: { id: string; order: { status: string } }) => [o.id, o.order.status])).toEqual([
      [body.order.id, 'New'],
    ]);
  });
});

describe('an offline till, failures and authorisation', () => {
  it('keeps an order waiting while the till is off, and drops it after the transport timeout as iiko does', async () => {
    sim.control.tableOrders.setTimings({ commandDelayMs: 0, transportTimeoutMs: 80 });
    sim.control.terminals.setAlive(terminalGroupId, false);
    const body = createBody([item('Mastava')]);
    const answer = await ok('/api/1/order/create', body);
    expect(await status(answer.correlationId)).toEqual({ state: 'InProgress' });
    const failed = await settled(answer.correlationId);
    expect(failed).toMatchObject({ state: 'Error', exception: { code: 'Common' } });
    expect(failed.errorReason).toBe('Creation timeout expired, order automatically transited to error creation status');
    expect((await byId(body.order.id))[0]).toMatchObject({ creationStatus: 'Error', errorInfo: { code: 'Common' } });
  });

  it('lets a waiting order through when the till comes back in time', async () => {
    sim.control.tableOrders.setTimings({ commandDelayMs: 0, transportTimeoutMs: 5000 });
    await control('setTerminalAlive', { terminalGroupId, alive: false });
    const answer = await ok('/api/1/order/create', createBody([item('Mastava')]));
    expect(await status(answer.correlationId)).toEqual({ state: 'InProgress' });
    await control('setTerminalAlive', { terminalGroupId, alive: true });
    expect(await status(answer.correlationId)).toEqual({ state: 'Success' });
  });

  it('answers 408 or 500 a set number of times, then works', async () => {
    sim.control.tableOrders.setTimings({ commandDelayMs: 0 });
    await control('fail', { path: '/api/1/order/create', status: 408, times: 2 });
    const body = createBody([item('Mastava')]);
    await refused('/api/1/order/create', body, 408);
    await refused('/api/1/order/create', body, 408);
    expect((await ok('/api/1/order/create', body)).orderInfo.creationStatus).toBe('InProgress');
    await control('fail', { path: '/api/1/commands/status', status: 500, times: 1 });
    await refused('/api/1/commands/status', { organizationId: orgId, correlationId: randomUUID() }, 500);
  });

  it('asks every table-order call for the bearer token', async () => {
    for (const path of [
      '/api/1/terminal_groups',
      '/api/1/terminal_groups/is_alive',
      '/api/1/reserve/available_restaurant_sections',
      '/api/1/order/create',
      '/api/1/order/add_items',
      '/api/1/commands/status',
      '/api/1/order/by_id',
    ]) {
      const response = await post(path, {}, false);
      expect(response.status, path).toBe(401);
    }
  });
});
