import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, restaurants, restaurantTables } from '../../server/db/schema';
import type { PosSimulator } from '../../server/dev/pos/server';
import { messages } from '../../server/messages';
import { TABLE_NAME_MAX } from '../../server/schemas/tables';
import type { TestApp } from '../support/app';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { closePosApp, importOrganization, type PosApp, startOver, startPosApp } from './pos-app-fixtures';

/** An integration restaurant's tables from its POS (docs/integration.md, "Tables from the POS"), over real HTTP. */

let pos: PosApp;
let sim: PosSimulator;
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let other: TestUser;
let orgId: string;
let groupId: string;
let restaurantId: string;
let slug: string;

beforeAll(async () => {
  pos = await startPosApp();
  ({ sim, t, admin, manager, orgId } = pos);
  other = await createUser(t.app, t.db, 'manager');
});
afterAll(() => closePosApp(pos));

beforeEach(async () => {
  await startOver(pos);
  groupId = sim.control.terminals.terminalGroups(orgId)[0]!.id;
  ({ _id: restaurantId, slug } = await importOrganization(pos, orgId));
});
afterEach(() => sim.control.clearFaults());

const sync = async () => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/admin/integration/restaurants/${restaurantId}/sync`,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
};
const listTables = async (user: TestUser = manager) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/manager/tables?restaurant_id=${restaurantId}`,
    headers: user.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    _id: string;
    name: string;
    is_active: boolean;
    token: string;
    source: string;
    pos_table_id: string | null;
  }[];
};
const byPosId = async (posTableId: string) => (await listTables()).find((table) => table.pos_table_id === posTableId)!;
const updateRestaurant = (payload: object, user: TestUser = manager) =>
  t.app.inject({
    method: 'PUT',
    url: `/manager/restaurants/update?slug=${slug}`,
    headers: user.headers,
    payload,
  });
const createManualTable = async (name: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/manager/tables',
    headers: manager.headers,
    payload: { restaurant_id: restaurantId, name },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { _id: string; name: string };
};

describe('tables from the POS', () => {
  it("imports the terminal group's tables as POS tables, each with its name, QR token and the POS's id", async () => {
    const posTables = sim.control.terminals.tables(groupId);
    expect(posTables).toHaveLength(6);
    const tables = await listTables();
    expect(tables.map((table) => table.name)).toEqual(['1', '2', '3', '4', '5', '6']);
    for (const table of tables) {
      expect(table).toMatchObject({ source: 'pos', is_active: true, token: expect.stringMatching(/^[0-9a-f]{32}$/) });
    }
    expect(tables.map((table) => table.pos_table_id).sort()).toEqual(posTables.map((table) => table.id).sort());

    const me = await t.app.inject({ method: 'GET', url: '/manager/restaurants/me', headers: manager.headers });
    expect(me.json().data[0].pos_terminal_group_id).toBeNull();
  });

  it('keeps them in step: a rename in iiko renames, a new table arrives, a deleted one is deactivated with its orders kept', async () => {
    const [first, second] = sim.control.terminals.tables(groupId);
    const deletedTable = await byPosId(second!.id);
    await t.db.insert(orders).values({
      restaurant_id: restaurantId,
      table_id: deletedTable._id,
      table_name: deletedTable.name,
      number: 1,
      business_date: '2026-01-01',
      items: [],
      total: 0,
      idempotency_key: randomUUID(),
    });
    const before = await byPosId(first!.id);

    sim.control.terminals.renameTable(first!.id, 'Ayvon 1');
    sim.control.terminals.removeTable(second!.id);
    const added = sim.control.terminals.addTable(groupId, { number: 7, name: 'Terrasa' });
    await sync();

    const renamed = await byPosId(first!.id);
    expect(renamed).toMatchObject({ _id: before._id, name: 'Ayvon 1', is_active: true, token: before.token });
    expect(await byPosId(second!.id)).toMatchObject({ _id: deletedTable._id, name: '2', is_active: false });
    expect(await byPosId(added)).toMatchObject({ name: 'Terrasa', source: 'pos', is_active: true });
    const [order] = await t.db.select().from(orders).where(eq(orders.restaurant_id, restaurantId));
    expect(order!.table_id).toBe(deletedTable._id);

    // Nothing changed in iiko: a second sync writes nothing.
    const rows = () =>
      t.db
        .select()
        .from(restaurantTables)
        .where(eq(restaurantTables.restaurant_id, restaurantId))
        .orderBy(asc(restaurantTables._id));
    const once = await rows();
    await sync();
    expect(await rows()).toEqual(once);
  });

  it('leaves manual tables alone; a POS table whose name a manual table has takes a suffix', async () => {
    const manual = await createManualTable('Terrasa');
    const vip = await createManualTable('VIP');
    const added = sim.control.terminals.addTable(groupId, { number: 7, name: 'terrasa' });
    sim.control.terminals.addTable(groupId, { number: 8, name: 'Terrasa' });
    await sync();

    const tables = await listTables();
    for (const [table, name] of [
      [manual, 'Terrasa'],
      [vip, 'VIP'],
    ] as const) {
      expect(tables.find((row) => row._id === table._id)).toMatchObject({ name, source: 'manual', is_active: true });
    }
    expect((await byPosId(added)).name).toBe('terrasa (kassadagi stol)');
    expect(tables.filter((table) => table.source === 'pos').map((table) => table.name)).toContain(
      'Terrasa (kassadagi stol 2)',
    );
  });

  it("takes each name as the POS gives it: trimmed, without control characters, the table's number when none is left, cut to the limit", async () => {
    const [first, second, third] = sim.control.terminals.tables(groupId);
    sim.control.terminals.renameTable(first!.id, '  Ayvon 1\t ');
    sim.control.terminals.renameTable(second!.id, '\u0007');
    sim.control.terminals.renameTable(third!.id, 'X'.repeat(TABLE_NAME_MAX + 5));
    const long = sim.control.terminals.addTable(groupId, { number: 7, name: 'X'.repeat(TABLE_NAME_MAX + 9) });
    await sync();
    expect((await byPosId(first!.id)).name).toBe('Ayvon 1');
    expect((await byPosId(second!.id)).name).toBe(String(second!.number));
    expect((await byPosId(third!.id)).name).toBe('X'.repeat(TABLE_NAME_MAX));
    // Two names the same once cut: the later number yields, its suffix within the limit too.
    const suffix = messages.posTableNameSuffix(1);
    expect((await byPosId(long)).name).toBe(`${'X'.repeat(TABLE_NAME_MAX - suffix.length)}${suffix}`);
  });

  it('gives a shared name to the lower number whatever order the POS lists them in', async () => {
    const nine = sim.control.terminals.addTable(groupId, { number: 9, name: 'Terrasa' });
    const eight = sim.control.terminals.addTable(groupId, { number: 8, name: 'Terrasa' });
    await sync();
    expect((await byPosId(eight)).name).toBe('Terrasa');
    expect((await byPosId(nine)).name).toBe('Terrasa (kassadagi stol)');
  });

  it('leaves a deleted POS table its name: a new one of that name takes a suffix', async () => {
    const [, second] = sim.control.terminals.tables(groupId);
    sim.control.terminals.removeTable(second!.id);
    const added = sim.control.terminals.addTable(groupId, { number: 7, name: second!.name });
    await sync();
    expect(await byPosId(second!.id)).toMatchObject({ name: second!.name, is_active: false });
    expect(await byPosId(added)).toMatchObject({ name: `${second!.name} (kassadagi stol)`, is_active: true });
  });

  it('announces the menu changed after a sync that only renamed, only added or only deactivated a table', async () => {
    const changed: (string | null)[] = [];
    t.app.onMenuChanged((id) => changed.push(id));
    const [first, second] = sim.control.terminals.tables(groupId);
    const steps = [
      () => sim.control.terminals.renameTable(first!.id, 'Ayvon 1'),
      () => sim.control.terminals.addTable(groupId, { number: 7 }),
      () => sim.control.terminals.removeTable(second!.id),
    ];
    for (const step of steps) {
      changed.length = 0;
      step();
      await sync();
      expect(changed).toEqual([restaurantId]);
    }
  });

  it('swaps two names renamed in iiko at once', async () => {
    const [first, second] = sim.control.terminals.tables(groupId);
    sim.control.terminals.renameTable(first!.id, '2');
    sim.control.terminals.renameTable(second!.id, '1');
    await sync();
    expect((await byPosId(first!.id)).name).toBe('2');
    expect((await byPosId(second!.id)).name).toBe('1');
  });

  it('answers 409 to renaming or deleting a POS table; its active switch and manual tables stay editable', async () => {
    const [posTable] = await listTables();
    const rename = await t.app.inject({
      method: 'PUT',
      url: `/manager/tables/${posTable!._id}`,
      headers: manager.headers,
      payload: { name: 'Yangi' },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe(messages.posTableRename);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/manager/tables/${posTable!._id}`,
      headers: manager.headers,
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe(messages.posTableDelete);

    const off = await t.app.inject({
      method: 'PUT',
      url: `/manager/tables/${posTable!._id}`,
      headers: manager.headers,
      payload: { is_active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ is_active: false, source: 'pos', name: posTable!.name });
    // The sync turns no table on: the switch is the manager's.
    await sync();
    expect((await byPosId(posTable!.pos_table_id!)).is_active).toBe(false);

    const manual = await createManualTable('VIP');
    const renameManual = await t.app.inject({
      method: 'PUT',
      url: `/manager/tables/${manual._id}`,
      headers: manager.headers,
      payload: { name: 'VIP 2' },
    });
    expect(renameManual.statusCode).toBe(200);
    const deleteManual = await t.app.inject({
      method: 'DELETE',
      url: `/manager/tables/${manual._id}`,
      headers: manager.headers,
    });
    expect(deleteManual.statusCode).toBe(200);
  });
});

describe('the terminal group that receives orders', () => {
  it('is set to one the POS lists, and back to its first with null', async () => {
    const set = await updateRestaurant({ pos_terminal_group_id: groupId });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.pos_terminal_group_id).toBe(groupId);
    await sync();
    expect(await listTables()).toHaveLength(6);

    const back = await updateRestaurant({ pos_terminal_group_id: null });
    expect(back.statusCode).toBe(200);
    expect(back.json().data.pos_terminal_group_id).toBeNull();
  });

  it("mirrors the chosen group's tables, and keeps them as they are while that group is gone from the POS", async () => {
    const first = await listTables();
    const second = sim.control.terminals.addTerminalGroup(orgId, 'Ayvon kassasi', ['Ayvon 1', 'Ayvon 2']);
    const set = await updateRestaurant({ pos_terminal_group_id: second });
    expect(set.statusCode).toBe(200);
    await sync();
    const mirrored = await listTables();
    expect(mirrored.filter((table) => table.is_active).map((table) => table.name)).toEqual(['Ayvon 1', 'Ayvon 2']);
    expect(mirrored.filter((table) => !table.is_active).map((table) => table._id)).toEqual(
      first.map((table) => table._id),
    );

    // A group gone from the POS is not "every table deleted": nothing changes until a manager chooses another.
    sim.control.terminals.removeTerminalGroup(second);
    await sync();
    expect(await listTables()).toEqual(mirrored);
  });

  it('answers 400 naming a group the POS does not list, and changes nothing', async () => {
    const unknown = randomUUID();
    const res = await updateRestaurant({ pos_terminal_group_id: unknown });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.unknownTerminalGroup(unknown));
    const [row] = await t.db.select().from(restaurants).where(eq(restaurants._id, restaurantId));
    expect(row!.pos_terminal_group_id).toBeNull();
  });

  it('answers 502 with its Uzbek sentence when the POS cannot be asked', async () => {
    sim.control.fail('/api/1/terminal_groups', { status: 500 });
    const res = await updateRestaurant({ pos_terminal_group_id: groupId });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(messages.terminalGroupsFailed);
  });

  it('answers 504 when the POS takes longer than the sync allows to list its groups', async () => {
    const allowed = t.app.integration.syncTimeoutMs;
    t.app.integration.syncTimeoutMs = 300;
    sim.control.slow('/api/1/terminal_groups', 1_500);
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: `/manager/restaurants/terminal-groups?restaurantId=${restaurantId}`,
        headers: manager.headers,
      });
      expect(res.statusCode).toBe(504);
    } finally {
      t.app.integration.syncTimeoutMs = allowed;
    }
  });

  it("lists the POS's terminal groups to choose from, in its order", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/manager/restaurants/terminal-groups?restaurantId=${restaurantId}`,
      headers: manager.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(
      sim.control.terminals.terminalGroups(orgId).map((group) => ({ id: group.id, name: group.name })),
    );
    expect(res.json().data[0].id).toBe(groupId);

    sim.control.fail('/api/1/terminal_groups', { status: 503 });
    const down = await t.app.inject({
      method: 'GET',
      url: `/manager/restaurants/terminal-groups?restaurantId=${restaurantId}`,
      headers: manager.headers,
    });
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe(messages.terminalGroupsFailed);
  });

  it('is refused on a manual restaurant (400) and to another manager (404)', async () => {
    const manual = await createRestaurant(t.db, { manager_id: manager._id });
    const onManual = await t.app.inject({
      method: 'PUT',
      url: `/manager/restaurants/update?slug=${manual.slug}`,
      headers: manager.headers,
      payload: { pos_terminal_group_id: groupId },
    });
    expect(onManual.statusCode).toBe(400);
    expect(onManual.json().message).toBe(messages.terminalGroupNotIntegration);

    const manualGroups = await t.app.inject({
      method: 'GET',
      url: `/manager/restaurants/terminal-groups?restaurantId=${manual._id}`,
      headers: manager.headers,
    });
    expect(manualGroups.statusCode).toBe(400);

    const byOther = await updateRestaurant({ pos_terminal_group_id: groupId }, other);
    expect(byOther.statusCode).toBe(404);
    const groupsByOther = await t.app.inject({
      method: 'GET',
      url: `/manager/restaurants/terminal-groups?restaurantId=${restaurantId}`,
      headers: other.headers,
    });
    expect(groupsByOther.statusCode).toBe(404);
    const tablesOfOther = await t.app.inject({
      method: 'GET',
      url: `/manager/tables?restaurant_id=${restaurantId}`,
      headers: other.headers,
    });
    expect(tablesOfOther.statusCode).toBe(404);
  });
});
