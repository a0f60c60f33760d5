import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { kitchenDevices, orders } from '../../server/db/schema';
import { setupTenants } from '../support/tenants';
import { foodAndTea, kitchenRestaurant, pairedDevice } from './kitchen-fixtures';

/**
 * The kitchen through the API: stations and which station makes a line, each line's state and the order following
 * its lines, kitchen devices (pairing codes, sessions bound to a restaurant and a station, revoked at once) and every
 * call a device may not make.
 */

const t = setupTenants();

type Line = { index: number; name: string; status: string; station_id: string | null; moves: unknown[] };

describe('stations', () => {
  it('the owner and the admin set them up; anybody else is refused', async () => {
    const s = await kitchenRestaurant(t);
    const url = `/manager/restaurants/${s.restaurant._id}/stations`;
    const list = await t.call('owner', { method: 'GET', url });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((x: { name: string }) => x.name)).toEqual(['Oshxona', 'Bar']);
    expect(list.json().data[0]).toMatchObject({
      printer: null,
      print_on: 'placed',
      amber_minutes: 10,
      red_minutes: 20,
    });
    expect((await t.call('admin', { method: 'GET', url })).statusCode).toBe(200);
    expect((await t.call('anonymous', { method: 'GET', url })).statusCode).toBe(401);
    expect((await t.call('other', { method: 'GET', url })).statusCode).toBe(404);
    const put = { method: 'PUT' as const, url: `/manager/stations/${s.bar._id}`, payload: { name: 'Ichimliklar' } };
    expect((await t.call('other', put)).statusCode).toBe(404);
    expect((await t.call('anonymous', put)).statusCode).toBe(401);
    const renamed = await t.call('owner', put);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe('Ichimliklar');
  });

  it('refuses a name taken whatever the case, reversed thresholds, and a printer without a host', async () => {
    const s = await kitchenRestaurant(t);
    const url = `/manager/restaurants/${s.restaurant._id}/stations`;
    const taken = await t.call('owner', { method: 'POST', url, payload: { name: 'oshxona' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('"oshxona" nomli bo\'lim bu restoranda allaqachon bor.');
    const reversed = await t.call('owner', {
      method: 'POST',
      url,
      payload: { name: 'Mangal', amber_minutes: 20, red_minutes: 15 },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe("Qizil chegara sariq chegaradan katta bo'lishi kerak.");
    const noHost = await t.call('owner', {
      method: 'POST',
      url,
      payload: { name: 'Mangal', printer: { host: '', port: 9100, width: 80 } },
    });
    expect(noHost.statusCode).toBe(400);
  });

  it("a category takes only its own restaurant's station", async () => {
    const s = await kitchenRestaurant(t);
    const elsewhere = await kitchenRestaurant(t);
    const refused = await t.call('owner', {
      method: 'PUT',
      url: `/manager/category/update/${s.category._id}`,
      payload: { station_id: elsewhere.bar._id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Bunday bo'lim bu restoranda yo'q.");
    const given = await t.call('owner', {
      method: 'PUT',
      url: `/manager/category/update/${s.category._id}`,
      payload: { station_id: s.bar._id },
    });
    expect(given.statusCode).toBe(200);
    expect(given.json().data.station_id).toBe(s.bar._id);
  });

  it('a station a device shows alone stays until the device goes; then its categories fall to the first', async () => {
    const s = await kitchenRestaurant(t);
    const device = await pairedDevice(t, s.restaurant._id, s.bar._id);
    const kept = await t.call('owner', { method: 'DELETE', url: `/manager/stations/${s.bar._id}` });
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toContain('1 ta planshet ulangan');
    await t.call('owner', { method: 'DELETE', url: `/manager/kitchen-devices/${device._id}` });
    const gone = await t.call('owner', { method: 'DELETE', url: `/manager/stations/${s.bar._id}` });
    expect(gone.statusCode).toBe(200);
    const order = await foodAndTea(t, s);
    const [row] = await t.db.select().from(orders).where(eq(orders._id, order._id));
    expect(row!.items.map((line) => line.station_id)).toEqual([s.oshxona._id, s.oshxona._id]);
  });
});

describe("an order's lines", () => {
  it('each line is new at its station; the diner sees none of the kitchen', async () => {
    const s = await kitchenRestaurant(t);
    const placed = await foodAndTea(t, s);
    expect(placed).not.toHaveProperty('kitchen_status');
    expect((placed as unknown as { items: object[] }).items[0]).not.toHaveProperty('station_id');
    const staff = await t.call('owner', { method: 'GET', url: `/manager/orders?restaurant_id=${s.restaurant._id}` });
    const order = staff.json().data[0];
    expect(order.kitchen_status).toBe('new');
    expect(order.items.map((line: Line) => [line.station_id, line.status, line.moves])).toEqual([
      [s.oshxona._id, 'new', []],
      [s.bar._id, 'new', []],
    ]);
  });

  it('the order follows its lines: accepted when one starts, ready when all are, served when all are', async () => {
    const s = await kitchenRestaurant(t);
    const placed = await foodAndTea(t, s);
    const move = (index: number, status: string) =>
      t.call('owner', { method: 'PUT', url: `/manager/orders/${placed._id}/items/${index}`, payload: { status } });
    const cooking = await move(0, 'cooking');
    expect(cooking.statusCode).toBe(200);
    expect(cooking.json().data).toMatchObject({ status: 'accepted', kitchen_status: 'cooking' });
    expect(cooking.json().data.items[0].moves).toEqual([{ to: 'cooking', at: expect.any(String), by: t.owner.login }]);
    await move(0, 'ready');
    const ready = await move(1, 'ready');
    expect(ready.json().data).toMatchObject({ status: 'accepted', kitchen_status: 'ready' });
    await move(0, 'served');
    const served = await move(1, 'served');
    expect(served.json().data).toMatchObject({ status: 'served', kitchen_status: 'served' });
  });

  it('a move back is only the undo of the last one within a minute', async () => {
    const s = await kitchenRestaurant(t);
    const placed = await foodAndTea(t, s);
    const move = (status: string) =>
      t.call('owner', { method: 'PUT', url: `/manager/orders/${placed._id}/items/0`, payload: { status } });
    await move('cooking');
    await move('ready');
    const undone = await move('cooking');
    expect(undone.statusCode).toBe(200);
    expect(undone.json().data.items[0].status).toBe('cooking');
    // The undo undid "ready"; going further back would undo "cooking", which is no longer the last move.
    const twoBack = await move('new');
    expect(twoBack.statusCode).toBe(409);
    await move('ready');
    // The last move an hour old: no undo any more.
    await t.db.execute(sql`update orders set items = jsonb_set(items, '{0,moves}',
      (select jsonb_agg(m || jsonb_build_object('at', '2020-01-01T00:00:00.000Z')) from jsonb_array_elements(items->0->'moves') m))
      where id = ${placed._id}`);
    const late = await move('cooking');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("Faqat oxirgi o'zgarishni bir daqiqa ichida qaytarish mumkin.");
    const same = await move('ready');
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('Taom hozir "tayyor": uni "tayyor" holatiga o\'tkazib bo\'lmaydi.');
  });

  it('cancelling stops being possible once a line is cooking; serving the order serves every line', async () => {
    const s = await kitchenRestaurant(t);
    const first = await foodAndTea(t, s);
    await t.call('owner', {
      method: 'PUT',
      url: `/manager/orders/${first._id}/items/1`,
      payload: { status: 'cooking' },
    });
    const cancel = await t.call('owner', {
      method: 'PUT',
      url: `/manager/orders/${first._id}`,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe("Taom tayyorlanmoqda: buyurtmani endi bekor qilib bo'lmaydi.");
    const served = await t.call('owner', {
      method: 'PUT',
      url: `/manager/orders/${first._id}`,
      payload: { status: 'served' },
    });
    expect(served.statusCode).toBe(200);
    expect(served.json().data.items.map((line: Line) => line.status)).toEqual(['served', 'served']);
    expect(served.json().data.kitchen_status).toBe('served');

    const second = await foodAndTea(t, s);
    const cancelled = await t.call('owner', {
      method: 'PUT',
      url: `/manager/orders/${second._id}`,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
  });

  it("another manager's order and a line that is not there are 404", async () => {
    const s = await kitchenRestaurant(t);
    const placed = await foodAndTea(t, s);
    const other = await t.call('other', {
      method: 'PUT',
      url: `/manager/orders/${placed._id}/items/0`,
      payload: { status: 'cooking' },
    });
    expect(other.statusCode).toBe(404);
    const missing = await t.call('owner', {
      method: 'PUT',
      url: `/manager/orders/${placed._id}/items/7`,
      payload: { status: 'cooking' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Buyurtmada bunday taom yo'q.");
  });
});

describe('kitchen devices', () => {
  it('a code pairs one tablet once; a used or expired code is refused', async () => {
    const s = await kitchenRestaurant(t);
    const created = await t.call('owner', {
      method: 'POST',
      url: `/manager/restaurants/${s.restaurant._id}/kitchen-devices`,
      payload: { name: 'Oshxona plansheti', station_id: s.oshxona._id },
    });
    expect(created.statusCode).toBe(201);
    const { code, expires_at } = created.json().data;
    expect(code).toMatch(/^\d{6}$/);
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(9 * 60_000);
    const first = await t.app.inject({ method: 'POST', url: '/kitchen/pair', payload: { code } });
    expect(first.statusCode).toBe(200);
    expect(first.json().token).toMatch(/^kd_/);
    const again = await t.app.inject({ method: 'POST', url: '/kitchen/pair', payload: { code } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("Kod noto'g'ri yoki muddati o'tgan. Paneldan yangi kod oling.");

    const late = await t.call('owner', {
      method: 'POST',
      url: `/manager/restaurants/${s.restaurant._id}/kitchen-devices`,
      payload: { name: 'Bar', station_id: null },
    });
    await t.db
      .update(kitchenDevices)
      .set({ code_expires_at: sql`now() - interval '1 second'` })
      .where(eq(kitchenDevices._id, late.json().data._id));
    const expired = await t.app.inject({
      method: 'POST',
      url: '/kitchen/pair',
      payload: { code: late.json().data.code },
    });
    expect(expired.statusCode).toBe(400);

    const list = await t.call('owner', {
      method: 'GET',
      url: `/manager/restaurants/${s.restaurant._id}/kitchen-devices`,
    });
    expect(list.json().data.map((d: { name: string; state: string }) => [d.name, d.state])).toEqual([
      ['Bar', 'expired'],
      ['Oshxona plansheti', 'paired'],
    ]);
    expect(JSON.stringify(list.json())).not.toContain('hash');
  });

  it('wrong codes are limited per address', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/kitchen/pair',
        payload: { code: '000000' },
        remoteAddress: '10.99.0.1',
      });
      answers.push(res.statusCode);
    }
    expect(answers.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it("a device sees and moves only its station's lines of its restaurant's orders", async () => {
    const s = await kitchenRestaurant(t);
    const bar = await pairedDevice(t, s.restaurant._id, s.bar._id);
    const placed = await foodAndTea(t, s);
    const list = await t.app.inject({ method: 'GET', url: '/kitchen/orders', headers: bar.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().device).toMatchObject({ restaurant: { _id: s.restaurant._id }, station: { name: 'Bar' } });
    const [card] = list.json().data;
    expect(card._id).toBe(placed._id);
    expect(card.items.map((line: Line) => [line.index, line.name])).toEqual([[1, "Ko'k choy"]]);
    expect(card.comment).toBe('Achchiq bo‘lmasin');

    const food = await t.app.inject({
      method: 'PUT',
      url: `/kitchen/orders/${placed._id}/items/0`,
      headers: bar.headers,
      payload: { status: 'cooking' },
    });
    expect(food.statusCode).toBe(403);
    const tea = await t.app.inject({
      method: 'PUT',
      url: `/kitchen/orders/${placed._id}/items/1`,
      headers: bar.headers,
      payload: { status: 'ready' },
    });
    expect(tea.statusCode).toBe(200);
    expect(tea.json().data.items).toEqual([expect.objectContaining({ index: 1, status: 'ready' })]);
    expect(tea.json().data.items[0].moves[0].by).toBe('Planshet');

    const elsewhere = await kitchenRestaurant(t);
    const theirs = await foodAndTea(t, elsewhere);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/kitchen/orders/${theirs._id}/items/1`,
      headers: bar.headers,
      payload: { status: 'ready' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('"Hammasi tayyor" readies every line of the station; a device of all stations sees every line', async () => {
    const s = await kitchenRestaurant(t);
    const all = await pairedDevice(t, s.restaurant._id, null);
    const placed = await foodAndTea(t, s);
    const list = await t.app.inject({ method: 'GET', url: '/kitchen/orders', headers: all.headers });
    expect(list.json().data[0].items).toHaveLength(2);
    const ready = await t.app.inject({
      method: 'POST',
      url: `/kitchen/orders/${placed._id}/ready`,
      headers: all.headers,
    });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data.items.map((line: Line) => line.status)).toEqual(['ready', 'ready']);
    const again = await t.app.inject({
      method: 'POST',
      url: `/kitchen/orders/${placed._id}/ready`,
      headers: all.headers,
    });
    expect(again.statusCode).toBe(409);
  });

  it('a station that waits for acceptance sees an order once the staff accepted it', async () => {
    const s = await kitchenRestaurant(t, { bar: { print_on: 'accepted' } });
    const bar = await pairedDevice(t, s.restaurant._id, s.bar._id);
    const placed = await foodAndTea(t, s);
    const before = await t.app.inject({ method: 'GET', url: '/kitchen/orders', headers: bar.headers });
    expect(before.json().data).toEqual([]);
    await t.call('owner', { method: 'PUT', url: `/manager/orders/${placed._id}`, payload: { status: 'accepted' } });
    const after = await t.app.inject({ method: 'GET', url: '/kitchen/orders', headers: bar.headers });
    expect(after.json().data.map((order: { _id: string }) => order._id)).toEqual([placed._id]);
  });

  it('a device session opens no panel call, a panel session no kitchen call, and a removed device nothing', async () => {
    const s = await kitchenRestaurant(t);
    const device = await pairedDevice(t, s.restaurant._id, s.oshxona._id);
    for (const url of [
      `/manager/orders?restaurant_id=${s.restaurant._id}`,
      `/manager/restaurants/${s.restaurant._id}/stations`,
      `/manager/restaurants/${s.restaurant._id}/kitchen-devices`,
      '/manager/category',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: device.headers });
      expect([401, 403], url).toContain(res.statusCode);
    }
    const asManager = await t.call('owner', { method: 'GET', url: '/kitchen/orders' });
    expect(asManager.statusCode).toBe(401);
    const removed = await t.call('owner', { method: 'DELETE', url: `/manager/kitchen-devices/${device._id}` });
    expect(removed.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/kitchen/orders', headers: device.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Planshet ulanishi tugagan: paneldan yangi kod olib, qayta ulang.');
    const otherRemoves = await t.call('other', {
      method: 'DELETE',
      url: `/manager/kitchen-devices/${(await pairedDevice(t, s.restaurant._id, null))._id}`,
    });
    expect(otherRemoves.statusCode).toBe(404);
  });

  it('a device session is no panel session: every call that takes one answers it as it answers nobody, call by call', async () => {
    const s = await kitchenRestaurant(t);
    const device = await pairedDevice(t, s.restaurant._id, null);
    const placed = await foodAndTea(t, s);
    const paths: Record<string, Record<string, { security?: { bearerAuth?: unknown }[] }>> = (
      await t.app.inject({ url: '/docs/json' })
    ).json().paths;
    // Path parameters filled with rows of the device's own restaurant: a refusal is then the session's, not a 404.
    const ids: Record<string, string> = { id: placed._id, index: '0' };
    const different: string[] = [];
    let refused = 0;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.security?.some((scheme) => 'bearerAuth' in scheme)) continue;
        const request = {
          method: method.toUpperCase() as 'GET',
          url: path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? s.restaurant._id),
          ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
        };
        const asDevice = await t.app.inject({ ...request, headers: device.headers });
        const asNobody = await t.app.inject(request);
        if (asDevice.statusCode !== asNobody.statusCode || (asDevice.statusCode < 400 && path.startsWith('/manager'))) {
          different.push(`${method.toUpperCase()} ${path}: ${asDevice.statusCode} (nobody: ${asNobody.statusCode})`);
        }
        if (asDevice.statusCode === 401 || asDevice.statusCode === 403) refused += 1;
      }
    }
    expect(different).toEqual([]);
    // Most of them refuse it outright; the rest answer it the public read or the body's fault they answer anybody.
    expect(refused).toBeGreaterThan(50);
  });
});
