import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PosSimulator, startPosSimulator } from '../../server/dev/pos/server';
import { IikoClient } from '../../server/integrations/iiko/client';
import type { IikoCreateTableOrderRequest, IikoOrderItem } from '../../server/integrations/iiko/table-order-types';
import {
  addOrderItems,
  commandStatus,
  createTableOrder,
  isAlive,
  liveTables,
  orderById,
  requireAlive,
  restaurantSections,
  terminalGroups,
  waitForCommand,
} from '../../server/integrations/iiko/table-orders';
import { TableOrderError } from '../../server/integrations/till';
import { tableOrderFailureReasons } from '../../server/messages';

/**
 * The iiko table-order client against the simulator over HTTP: each call, the outcome of commands, and whether a
 * failure is worth retrying (408, 5xx, network, our time budget, a till that is off) or not (iiko's refusals, a product
 * the till does not sell or has stopped), with the Uzbek reason the staff will read.
 */

let sim: PosSimulator;
let orgId: string;
let terminalGroupId: string;
let client: IikoClient;

beforeAll(async () => {
  sim = await startPosSimulator();
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.control.reset();
  sim.control.tableOrders.setTimings({ commandDelayMs: 20 });
  orgId = sim.control.organizations()[0]!.id;
  terminalGroupId = sim.control.terminals.terminalGroups(orgId)[0]!.id;
  client = new IikoClient({ baseUrl: sim.url, apiLogin: sim.apiLogin });
});

const call = () => ({ signal: AbortSignal.timeout(5000) });

async function failure(promise: Promise<unknown>): Promise<TableOrderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(TableOrderError);
    return error as TableOrderError;
  }
  throw new Error('expected the call to fail');
}

function line(name: string, amount = 1) {
  const product = sim.control.findProduct(orgId, name);
  return {
    type: 'Product' as const,
    productId: product.id,
    amount,
    price: product.sizePrices![0]!.price.currentPrice,
    positionId: randomUUID(),
  };
}

function order(items: IikoOrderItem[] = [line('Mastava')], orderId = randomUUID()): IikoCreateTableOrderRequest {
  return {
    organizationId: orgId,
    terminalGroupId,
    order: {
      id: orderId,
      externalNumber: 'T3-0007',
      tableIds: [sim.control.terminals.tables(terminalGroupId)[2]!.id],
      items,
    },
    createOrderSettings: { transportToFrontTimeout: 8, checkStopList: true },
  };
}

const wait = (correlationId: string) => waitForCommand(client, { organizationId: orgId, correlationId }, call(), 10);

describe('terminal groups and tables', () => {
  it('lists the organization’s terminal groups, awake and asleep', async () => {
    expect(await terminalGroups(client, [orgId], call())).toEqual({
      active: [expect.objectContaining({ id: terminalGroupId, organizationId: orgId })],
      asleep: [],
    });
    sim.control.terminals.setAsleep(terminalGroupId, true);
    const groups = await terminalGroups(client, [orgId], call());
    expect(groups.active).toEqual([]);
    expect(groups.asleep.map((g) => g.id)).toEqual([terminalGroupId]);
  });

  it('says whether the till is alive, and requireAlive fails as a retryable "terminal-offline"', async () => {
    expect(await isAlive(client, { organizationIds: [orgId], terminalGroupIds: [terminalGroupId] }, call())).toEqual([
      { isAlive: true, terminalGroupId, organizationId: orgId },
    ]);
    await requireAlive(client, orgId, terminalGroupId, call());
    sim.control.terminals.setAlive(terminalGroupId, false);
    const error = await failure(requireAlive(client, orgId, terminalGroupId, call()));
    expect(error).toMatchObject({ kind: 'terminal-offline', retryable: true });
    expect(error.reason).toBe(tableOrderFailureReasons['terminal-offline']);
  });

  it('reads the halls and their tables, leaving deleted tables out of liveTables', async () => {
    const first = await restaurantSections(client, [terminalGroupId], call());
    expect(liveTables(first.sections).map((t) => t.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(liveTables(first.sections)[0]).toMatchObject({ name: '1', sectionName: 'Asosiy zal' });
    const removed = sim.control.terminals.tables(terminalGroupId)[5]!;
    sim.control.terminals.removeTable(removed.id);
    const changes = await restaurantSections(client, [terminalGroupId], call(), { revision: first.revision });
    expect(changes.sections[0]!.tables).toEqual([expect.objectContaining({ id: removed.id, isDeleted: true })]);
    expect(liveTables((await restaurantSections(client, [terminalGroupId], call())).sections)).toHaveLength(5);
  });
});

describe('sending an order', () => {
  it('creates it, follows the command to Success, adds a round, and reads it back', async () => {
    sim.control.tableOrders.setTimings({ commandDelayMs: 300 });
    const request = order([line('Mastava', 2)]);
    const created = await createTableOrder(client, request, call());
    expect(created.orderInfo).toMatchObject({ id: request.order.id, creationStatus: 'InProgress' });
    expect(
      await commandStatus(client, { organizationId: orgId, correlationId: created.correlationId }, call()),
    ).toEqual({ state: 'InProgress' });
    await wait(created.correlationId);

    const added = await addOrderItems(
      client,
      { organizationId: orgId, orderId: request.order.id!, items: [line('Tandir non', 2)] },
      call(),
    );
    await wait(added.correlationId);

    const info = await orderById(client, orgId, request.order.id!, call());
    expect(info).toMatchObject({ id: request.order.id, externalNumber: 'T3-0007', creationStatus: 'Success' });
    expect(info!.order!.sum).toBe(2 * 28000 + 2 * 5000);
    expect(info!.order!.items.map((i) => i.positionId)).toEqual([
      request.order.items[0]!.type === 'Product' ? request.order.items[0]!.positionId : null,
      expect.any(String),
    ]);
    expect(await orderById(client, orgId, randomUUID(), call())).toBeNull();
    // One token for the whole conversation.
    expect(sim.control.stats().tokensIssued).toBe(1);
  });

  it('fails a stop-listed dish as "stop-listed", not worth retrying, naming it in the detail', async () => {
    const created = await createTableOrder(client, order([line('Mastava'), line("Tandir go'sht")]), call());
    const error = await failure(wait(created.correlationId));
    expect(error).toMatchObject({ kind: 'stop-listed', retryable: false });
    expect(error.reason).toBe(tableOrderFailureReasons['stop-listed']);
    expect(error.details.description).toContain("Tandir go'sht");
  });

  it('fails a product the till does not sell as "product-not-found"', async () => {
    const created = await createTableOrder(
      client,
      order([{ type: 'Product', productId: randomUUID(), amount: 1, price: 1000 }]),
      call(),
    );
    const error = await failure(wait(created.correlationId));
    expect(error).toMatchObject({ kind: 'product-not-found', retryable: false, details: { code: 'ProductNotFound' } });
  });

  it('fails a resend of the same order id as "duplicate", and iiko keeps one order', async () => {
    const request = order();
    await wait((await createTableOrder(client, request, call())).correlationId);
    const again = await createTableOrder(client, request, call());
    const error = await failure(wait(again.correlationId));
    expect(error).toMatchObject({ kind: 'duplicate', retryable: false, details: { code: 'DuplicatedOrderId' } });
    expect(sim.control.tableOrders.orders(orgId)).toHaveLength(1);
  });

  it('fails a round for an order the till does not have as "order-not-found"', async () => {
    const added = await addOrderItems(
      client,
      { organizationId: orgId, orderId: randomUUID(), items: [line('Mastava')] },
      call(),
    );
    expect(await failure(wait(added.correlationId))).toMatchObject({ kind: 'order-not-found', retryable: false });
  });
});

describe('retryable or not', () => {
  it('a 400 is "rejected" with iiko’s own text: not worth retrying', async () => {
    const request = order();
    request.order.tableIds = [randomUUID()];
    const error = await failure(createTableOrder(client, request, call()));
    expect(error).toMatchObject({ kind: 'rejected', retryable: false, details: { status: 400, code: 'BAD_REQUEST' } });
    expect(error.details.description).toContain('Table');
    expect(error.reason).toBe(tableOrderFailureReasons.rejected);
  });

  it('408 and 500 are "unavailable": worth retrying, and the retry goes through', async () => {
    sim.control.fail('/api/1/order/create', { status: 408, times: 1 });
    const request = order();
    const timedOut = await failure(createTableOrder(client, request, call()));
    expect(timedOut).toMatchObject({ kind: 'unavailable', retryable: true, details: { status: 408 } });
    sim.control.fail('/api/1/order/create', { status: 500, times: 1 });
    expect(await failure(createTableOrder(client, request, call()))).toMatchObject({
      kind: 'unavailable',
      retryable: true,
      details: { status: 500 },
    });
    await wait((await createTableOrder(client, request, call())).correlationId);
    expect(sim.control.tableOrders.openOrders(orgId)).toHaveLength(1);
  });

  it('an answer that outlives our time budget is a retryable "timeout"', async () => {
    sim.control.slow('/api/1/order/create', 2000);
    const started = Date.now();
    const error = await failure(createTableOrder(client, order(), { signal: AbortSignal.timeout(150) }));
    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('an unreachable iiko is a retryable "unavailable"', async () => {
    const closed = await startPosSimulator();
    await closed.close();
    const away = new IikoClient({ baseUrl: closed.url, apiLogin: closed.apiLogin });
    expect(await failure(terminalGroups(away, [orgId], call()))).toMatchObject({
      kind: 'unavailable',
      retryable: true,
    });
  });

  it('an order the till did not take in time is a retryable "terminal-offline"', async () => {
    sim.control.tableOrders.setTimings({ transportTimeoutMs: 60 });
    sim.control.terminals.setAlive(terminalGroupId, false);
    const created = await createTableOrder(client, order(), call());
    const error = await failure(wait(created.correlationId));
    expect(error).toMatchObject({ kind: 'terminal-offline', retryable: true, details: { code: 'Common' } });
  });

  it('a command still InProgress when our time runs out is a retryable "timeout"', async () => {
    sim.control.tableOrders.setTimings({ commandDelayMs: 5000 });
    const created = await createTableOrder(client, order(), call());
    const error = await failure(
      waitForCommand(
        client,
        { organizationId: orgId, correlationId: created.correlationId },
        {
          signal: AbortSignal.timeout(100),
        },
        20,
      ),
    );
    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
  });

  it('a correlationId iiko no longer keeps (410) is "command-expired": read the order instead', async () => {
    const created = await createTableOrder(client, order(), call());
    sim.control.tableOrders.forgetCommands();
    const error = await failure(
      commandStatus(client, { organizationId: orgId, correlationId: created.correlationId }, call()),
    );
    expect(error).toMatchObject({ kind: 'command-expired', retryable: false, details: { status: 410 } });
  });

  it('a token iiko dropped early is renewed once and the call succeeds', async () => {
    await terminalGroups(client, [orgId], call());
    sim.control.expireTokens();
    await createTableOrder(client, order(), call());
    expect(sim.control.stats()).toMatchObject({ tokensIssued: 2, unauthorized: 1 });
  });
});
