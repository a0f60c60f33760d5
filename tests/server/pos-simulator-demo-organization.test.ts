import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_POS_ORGANIZATION, SAMPLE_ORGANIZATIONS } from '../../server/dev/pos/sample-data';
import { type PosSimulator, startPosSimulator } from '../../server/dev/pos/server';
import type { TillOrder } from '../../server/dev/pos/table-orders';

/**
 * The demo's own organization on the simulator (what the demo seed adds at every demo start, POST /control
 * addDemoOrganization): its menu, and a till with a realistic floor of three halls; and tillOrders, the till's screen
 * the /dev/iiko page reads.
 */

let sim: PosSimulator;
let token: string;

beforeAll(async () => {
  sim = await startPosSimulator();
});
afterAll(() => sim.close());

async function control<T>(action: string, args: object = {}): Promise<T> {
  const response = await fetch(`${sim.url}/control`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ apiLogin: sim.apiLogin, action, ...args }),
  });
  const json = (await response.json()) as T;
  expect(response.status, JSON.stringify(json)).toBe(200);
  return json;
}

async function api<T>(path: string, body: object): Promise<T> {
  const response = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  expect(response.status, JSON.stringify(json)).toBe(200);
  return json;
}

/** A reset drops the tokens with everything else: a new one after each. */
async function reset(): Promise<void> {
  sim.control.reset();
  const response = await fetch(`${sim.url}/api/1/access_token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ apiLogin: sim.apiLogin }),
  });
  token = ((await response.json()) as { token: string }).token;
}

beforeEach(reset);

describe('the demo organization', () => {
  it('is added once over /control, lists after the two samples and stays through a reset', async () => {
    const added = await control<{ id: string; name: string; terminalGroupId: string }>('addDemoOrganization');
    expect(added.name).toBe(DEMO_POS_ORGANIZATION.name);
    expect(await control('addDemoOrganization')).toEqual(added);
    const names = () => sim.control.organizations().map((org) => org.name);
    expect(names()).toEqual([...SAMPLE_ORGANIZATIONS.map((org) => org.name), DEMO_POS_ORGANIZATION.name]);
    await reset();
    expect(names()).toEqual([...SAMPLE_ORGANIZATIONS.map((org) => org.name), DEMO_POS_ORGANIZATION.name]);
    const { organizations } = await api<{ organizations: { id: string }[] }>('/api/1/organizations', {});
    expect(organizations.map((org) => org.id)).toContain(added.id);
    const { products } = await api<{ products: { name: string; isDeleted: boolean }[] }>('/api/1/nomenclature', {
      organizationId: added.id,
    });
    expect(products.some((product) => product.name === 'Kamalak oshi')).toBe(true);
  });

  it("has a till with three halls and nine tables, and takes an order to the private room's table", async () => {
    const added = await control<{ id: string; terminalGroupId: string }>('addDemoOrganization');
    const { terminalGroups } = await api<{ terminalGroups: { items: { id: string }[] }[] }>('/api/1/terminal_groups', {
      organizationIds: [added.id],
    });
    expect(terminalGroups[0]!.items.map((group) => group.id)).toEqual([added.terminalGroupId]);
    const { restaurantSections } = await api<{
      restaurantSections: {
        name: string;
        tables: { id: string; number: number; name: string; seatingCapacity: number }[];
      }[];
    }>('/api/1/reserve/available_restaurant_sections', { terminalGroupIds: [added.terminalGroupId] });
    expect(restaurantSections.map((section) => [section.name, section.tables.map((table) => table.name)])).toEqual([
      ['Asosiy zal', ['1', '2', '3', '4', '5', '6']],
      ['Ayvon', ['Ayvon 7', 'Ayvon 8']],
      ['VIP', ['VIP xona']],
    ]);
    const vip = restaurantSections[2]!.tables[0]!;
    expect(vip).toMatchObject({ number: 9, seatingCapacity: 10 });

    const bread = sim.control.findProduct(added.id, 'Tandir non');
    const id = randomUUID();
    await api('/api/1/order/create', {
      organizationId: added.id,
      terminalGroupId: added.terminalGroupId,
      order: {
        id,
        externalNumber: '77',
        tableIds: [vip.id],
        items: [{ type: 'Product', productId: bread.id, amount: 2, price: 5000 }],
      },
    });
    await expect.poll(() => sim.control.tableOrders.openOrders(added.id).map((order) => order.id)).toEqual([id]);
  });
});

describe("the till's screen (tillOrders)", () => {
  it('shows an order where it goes before the till has it, waiting while the till is off, then on the till', async () => {
    const org = sim.control.organizations()[0]!;
    const group = sim.control.terminals.terminalGroups(org.id)[0]!;
    const table = sim.control.terminals.tables(group.id)[3]!;
    const tea = sim.control.findProduct(org.id, "Ko'k choy (choynak)");
    const lemon = sim.control.findProduct(org.id, 'Limon');
    sim.control.terminals.setAlive(group.id, false);
    const id = randomUUID();
    await api('/api/1/order/create', {
      organizationId: org.id,
      terminalGroupId: group.id,
      order: {
        id,
        externalNumber: '501',
        tableIds: [table.id],
        items: [
          {
            type: 'Product',
            productId: tea.id,
            amount: 1,
            price: 8000,
            modifiers: [{ productId: lemon.id, amount: 1 }],
          },
        ],
      },
    });
    await expect.poll(() => sim.control.tableOrders.tillOrders(org.id)[0]?.waitingForTill).toBe(true);
    expect(sim.control.tableOrders.tillOrders(org.id)[0]).toMatchObject({
      id,
      terminalGroupId: group.id,
      tableIds: [table.id],
      externalNumber: '501',
      number: null,
      posId: null,
      creationStatus: 'InProgress',
      items: [],
    });

    sim.control.terminals.setAlive(group.id, true);
    const [order] = (await control<{ orders: TillOrder[] }>('tillOrders', { organizationId: org.id })).orders;
    expect(order).toMatchObject({ id, creationStatus: 'Success', status: 'New', number: 1, waitingForTill: false });
    expect(order!.sum).toBe(8000 + 3000);
    expect(order!.items[0]!.modifiers![0]!).toMatchObject({ product: { name: 'Limon' }, resultSum: 3000 });
    expect(order!.closedAt).toBeNull();
    sim.control.tableOrders.closeOrder(id);
    expect(sim.control.tableOrders.tillOrders(org.id)[0]).toMatchObject({
      status: 'Closed',
      closedAt: expect.any(Number),
    });
  });
});
