import { describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, fromCallback, fromPromise, getInitialSnapshot } from 'xstate';
import { ApiError } from '../../client/client';
import type { StaffEvent } from '../../client/orders';
import { uzOrdering } from '../../lib/uz-ordering';
import type { StatusChange } from '../../machines/orders/orders.actors';
import { ordersMachine } from '../../machines/orders/orders.machine';
import { selectAnyOrderingOn, selectVisibleOrders } from '../../machines/orders/orders.selectors';
import { ordersTabMachine, RECOUNT_MS } from '../../machines/orders/ordersTab.machine';
import type { LiveEvent } from '../../machines/orders/staffEvents.actor';
import { coverage, generatePaths, type ModelEvent, pathName } from '../support/paths';
import {
  ACCEPTED_ORDER,
  ARRIVED,
  ARRIVING,
  CALL,
  LOADED,
  NEW_ORDER,
  OFF,
  ordersModel,
  sampleCall,
  sampleOrder,
} from '../ui/models/orders.model';
import { flush, rejecting, resolving } from './helpers';

/**
 * The staff's orders machine with its actors replaced: the load, the re-reads, the status changes and the
 * live child (a callback actor the test speaks through, as the events stream would).
 */

function fakeLive() {
  const probe = { inputs: [] as unknown[], closed: 0, send: (_e: LiveEvent) => {} };
  const logic = fromCallback<{ type: string }, { restaurantId?: string }>(({ input, sendBack }) => {
    probe.inputs.push(input);
    probe.send = sendBack;
    return () => {
      probe.closed++;
    };
  });
  return { logic, probe };
}

interface Options {
  load?: AnyActorLogic;
  refresh?: AnyActorLogic;
  change?: AnyActorLogic;
  muted?: boolean;
  restaurantId?: string | null;
  scope?: 'admin' | 'manager';
}

function start(options: Options = {}) {
  const notify = vi.fn();
  const alert = vi.fn();
  const storeMuted = vi.fn();
  const live = fakeLive();
  const refresh = resolving({ orders: [], calls: [] });
  const change = resolving({
    kind: 'order',
    order: { ...NEW_ORDER, status: 'accepted', updatedAt: '2026-11-26T12:10:00.000Z' },
  });
  const machine = ordersMachine.provide({
    actors: {
      loadOrders: options.load ?? resolving(LOADED).logic,
      refreshOrders: options.refresh ?? refresh.logic,
      changeStatus: options.change ?? change.logic,
      staffEvents: live.logic,
    } as never,
    actions: {
      notify: (_, params) => notify(params),
      alert: () => alert(),
      storeMuted: (_, params) => storeMuted(params),
    },
  });
  const actor = createActor(machine, {
    input: {
      scope: options.scope ?? 'manager',
      restaurantId: options.restaurantId ?? null,
      muted: options.muted ?? false,
    },
  }).start();
  return { actor, notify, alert, storeMuted, live: live.probe, refresh: refresh.probe, change: change.probe };
}

const ids = (list: readonly { _id: string }[]) => list.map((item) => item._id);

describe('orders machine: load', () => {
  it('loads the lists of the chosen restaurant and opens its live stream', async () => {
    const load = resolving(LOADED);
    const { actor, live } = start({ load: load.logic, restaurantId: 'r1' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await flush();
    expect(load.probe.inputs).toEqual([{ restaurantId: 'r1', scope: 'manager' }]);
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(ids(context.orders)).toEqual(['o1', 'o2']);
    expect(ids(context.calls)).toEqual(['c1']);
    expect(context.connection).toBe('connecting');
    expect(live.inputs).toEqual([{ restaurantId: 'r1', followAll: true }]);
  });

  it("an admin's screen names its restaurant's stream (admins have no stream of all restaurants)", async () => {
    const { actor, live } = start({ restaurantId: 'r1', scope: 'admin' });
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(live.inputs).toEqual([{ restaurantId: 'r1', followAll: false }]);
  });

  it('with no restaurant taking orders the screen is off and nothing listens', async () => {
    const { actor, live } = start({ load: resolving(OFF).logic });
    await flush();
    expect(actor.getSnapshot().matches('off')).toBe(true);
    expect(live.inputs).toEqual([]);
  });

  it('a failed load is retried', async () => {
    let calls = 0;
    const load = fromPromise(async () => {
      calls++;
      if (calls === 1) throw new ApiError(500, 'Serverda xatolik');
      return LOADED;
    });
    const { actor } = start({ load });
    await flush();
    expect(actor.getSnapshot().matches('loadFailed')).toBe(true);
    actor.send({ type: 'orders.retry' });
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('choosing another restaurant loads it and moves the stream there', async () => {
    const load = resolving((input: { restaurantId: string | null }) => ({
      ...LOADED,
      restaurantId: input.restaurantId ?? 'r1',
    }));
    const { actor, live } = start({ load: load.logic });
    await flush();
    actor.send({ type: 'orders.restaurant', restaurantId: 'r1' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'orders.restaurant', restaurantId: 'elsewhere' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'orders.restaurant', restaurantId: 'r2' });
    expect(live.closed).toBe(1);
    await flush();
    expect(load.probe.inputs.at(-1)).toEqual({ restaurantId: 'r2', scope: 'manager' });
    expect(live.inputs.at(-1)).toEqual({ restaurantId: 'r2', followAll: true });
  });
});

describe('orders machine: live events', () => {
  it('a new order goes on top, with the alert; replayed, it changes nothing', async () => {
    const { actor, alert, live } = start();
    await flush();
    live.send({ type: 'live.event', event: ARRIVED });
    expect(ids(actor.getSnapshot().context.orders)).toEqual(['o3', 'o1', 'o2']);
    expect(alert).toHaveBeenCalledTimes(1);
    const before = actor.getSnapshot().context.orders;
    live.send({ type: 'live.event', event: ARRIVED });
    expect(actor.getSnapshot().context.orders).toBe(before);
    expect(alert).toHaveBeenCalledTimes(1);
  });

  it('an update replaces the order only when newer', async () => {
    const { actor, alert, live } = start();
    await flush();
    const stale: StaffEvent = {
      type: 'order.updated',
      data: { ...NEW_ORDER, status: 'cancelled', updatedAt: '2026-11-26T11:00:00.000Z' },
    };
    live.send({ type: 'live.event', event: stale });
    expect(actor.getSnapshot().context.orders[0]!.status).toBe('new');
    const fresh: StaffEvent = {
      type: 'order.updated',
      data: { ...NEW_ORDER, status: 'accepted', updatedAt: '2026-11-26T12:30:00.000Z' },
    };
    live.send({ type: 'live.event', event: fresh });
    expect(actor.getSnapshot().context.orders[0]!.status).toBe('accepted');
    expect(alert).not.toHaveBeenCalled();
  });

  it('a new call alerts too; nothing alerts while muted, and the choice is stored', async () => {
    const { actor, alert, storeMuted, live } = start();
    await flush();
    live.send({
      type: 'live.event',
      event: { type: 'call.created', data: sampleCall('c2', { type: 'bill', createdAt: '2026-11-26T12:07:00.000Z' }) },
    });
    expect(alert).toHaveBeenCalledTimes(1);
    expect(ids(actor.getSnapshot().context.calls)).toEqual(['c2', 'c1']);
    actor.send({ type: 'orders.mute' });
    expect(storeMuted).toHaveBeenCalledWith({ muted: true });
    live.send({
      type: 'live.event',
      event: { type: 'order.created', data: sampleOrder('o9', { createdAt: '2026-11-26T12:40:00.000Z' }) },
    });
    expect(ids(actor.getSnapshot().context.orders)[0]).toBe('o9');
    expect(alert).toHaveBeenCalledTimes(1);
    actor.send({ type: 'orders.mute' });
    expect(storeMuted).toHaveBeenLastCalledWith({ muted: false });
  });

  it('starting muted, nothing sounds', async () => {
    const { alert, live } = start({ muted: true });
    await flush();
    live.send({ type: 'live.event', event: ARRIVED });
    expect(alert).not.toHaveBeenCalled();
  });

  it('each (re)connection reads the lists again and merges them without duplicates', async () => {
    const refresh = resolving({ orders: [ARRIVING, NEW_ORDER], calls: [] });
    const { actor, live } = start({ refresh: refresh.logic });
    await flush();
    live.send({ type: 'live.status', status: 'live' });
    expect(actor.getSnapshot().context.connection).toBe('live');
    await flush();
    expect(refresh.probe.inputs).toEqual([{ restaurantId: 'r1' }]);
    expect(ids(actor.getSnapshot().context.orders)).toEqual(['o3', 'o1', 'o2']);
    expect(ids(actor.getSnapshot().context.calls)).toEqual(['c1']);
    live.send({ type: 'live.status', status: 'offline' });
    expect(actor.getSnapshot().context.connection).toBe('offline');
    expect(refresh.probe.inputs).toHaveLength(1);
  });
});

describe('orders machine: the order on screen', () => {
  it('waiting orders first, the longest-waiting on top, then the rest newest first; accepting one moves it down', async () => {
    const { actor, live } = start();
    await flush();
    // o1 new (12:02), o2 accepted (12:01): a newer new order (o3, 12:05) goes below o1, never above it.
    live.send({ type: 'live.event', event: ARRIVED });
    const older = sampleOrder('o0', { status: 'new', createdAt: '2026-11-26T11:00:00.000Z' });
    live.send({ type: 'live.event', event: { type: 'order.created', data: older } });
    const newerAccepted = sampleOrder('o4', { status: 'accepted', createdAt: '2026-11-26T12:20:00.000Z' });
    live.send({ type: 'live.event', event: { type: 'order.created', data: newerAccepted } });
    expect(ids(selectVisibleOrders(actor.getSnapshot()))).toEqual(['o0', 'o1', 'o3', 'o4', 'o2']);
    actor.send({ type: 'order.accept', id: 'o1' });
    await flush();
    expect(ids(selectVisibleOrders(actor.getSnapshot()))).toEqual(['o0', 'o3', 'o4', 'o1', 'o2']);
  });
});

describe('orders machine: status changes', () => {
  it('accept, serve and call done send the change; only the buttons a status allows', async () => {
    const later = '2026-11-26T12:30:00.000Z';
    const change = resolving((input: StatusChange) =>
      input.kind === 'call'
        ? { kind: 'call', call: { ...CALL, status: 'done', updatedAt: later } }
        : { kind: 'order', order: { ...sampleOrder(input.id), status: input.status, updatedAt: later } },
    );
    const { actor } = start({ change: change.logic });
    await flush();
    actor.send({ type: 'order.serve', id: 'o1' });
    actor.send({ type: 'order.accept', id: 'o2' });
    actor.send({ type: 'order.accept', id: 'nobody' });
    expect(change.probe.inputs).toEqual([]);
    actor.send({ type: 'order.accept', id: 'o1' });
    expect(actor.getSnapshot().hasTag('updating')).toBe(true);
    actor.send({ type: 'order.serve', id: 'o2' });
    await flush();
    actor.send({ type: 'order.serve', id: 'o2' });
    await flush();
    actor.send({ type: 'call.done', id: 'c1' });
    await flush();
    expect(change.probe.inputs).toEqual([
      { kind: 'order', id: 'o1', status: 'accepted' },
      { kind: 'order', id: 'o2', status: 'served' },
      { kind: 'call', id: 'c1' },
    ]);
  });

  it('a call marked done says so in a toast naming the table; an order change shows none', async () => {
    const later = '2026-11-26T12:30:00.000Z';
    const change = resolving((input: StatusChange) =>
      input.kind === 'call'
        ? { kind: 'call', call: { ...CALL, status: 'done', updatedAt: later } }
        : { kind: 'order', order: { ...sampleOrder(input.id), status: input.status, updatedAt: later } },
    );
    const { actor, notify } = start({ change: change.logic });
    await flush();
    actor.send({ type: 'order.accept', id: 'o1' });
    await flush();
    expect(notify).not.toHaveBeenCalled();
    actor.send({ type: 'call.done', id: 'c1' });
    await flush();
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith({
      kind: 'success',
      text: uzOrdering.callDoneToast(uzOrdering.tableTitle(CALL.table.name)),
    });
    expect(actor.getSnapshot().context.calls.find((call) => call._id === 'c1')!.status).toBe('done');
  });

  it('the answer replaces the order on screen', async () => {
    const { actor } = start();
    await flush();
    actor.send({ type: 'order.accept', id: 'o1' });
    await flush();
    expect(actor.getSnapshot().context.orders.find((o) => o._id === 'o1')!.status).toBe('accepted');
    expect(actor.getSnapshot().context.pending).toBeNull();
  });

  it('cancelling asks first: Yo‘q sends nothing, Ha cancels', async () => {
    const change = resolving({
      kind: 'order',
      order: { ...ACCEPTED_ORDER, status: 'cancelled', updatedAt: '2026-11-26T12:30:00.000Z' },
    });
    const { actor } = start({ change: change.logic });
    await flush();
    actor.send({ type: 'order.cancel', id: 'o2' });
    expect(actor.getSnapshot().hasTag('confirmingCancel')).toBe(true);
    actor.send({ type: 'order.accept', id: 'o1' });
    actor.send({ type: 'confirm.no' });
    expect(actor.getSnapshot().matches({ ready: { work: 'idle' } })).toBe(true);
    expect(change.probe.inputs).toEqual([]);
    actor.send({ type: 'order.cancel', id: 'o2' });
    actor.send({ type: 'confirm.yes' });
    await flush();
    expect(change.probe.inputs).toEqual([{ kind: 'order', id: 'o2', status: 'cancelled' }]);
    expect(actor.getSnapshot().context.orders.find((o) => o._id === 'o2')!.status).toBe('cancelled');
  });

  it('a 409 shows the server’s message and reads the lists again', async () => {
    const message = 'Buyurtma hozir "bekor qilingan": uni "qabul qilingan" holatiga o\'tkazib bo\'lmaydi.';
    const refresh = resolving({
      orders: [{ ...NEW_ORDER, status: 'cancelled', updatedAt: '2026-11-26T12:20:00.000Z' }],
      calls: [CALL],
    });
    const { actor, notify } = start({ change: rejecting(409, message).logic, refresh: refresh.logic });
    await flush();
    actor.send({ type: 'order.accept', id: 'o1' });
    await flush();
    await flush();
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: message });
    expect(refresh.probe.inputs).toEqual([{ restaurantId: 'r1' }]);
    expect(actor.getSnapshot().context.orders.find((o) => o._id === 'o1')!.status).toBe('cancelled');
  });

  it('another failure says so in Uzbek and reads nothing', async () => {
    const refresh = resolving({ orders: [], calls: [] });
    const { actor, notify } = start({ change: rejecting(0, '').logic, refresh: refresh.logic });
    await flush();
    actor.send({ type: 'call.done', id: 'c1' });
    await flush();
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: uzOrdering.ordersChangeFailed });
    expect(refresh.probe.inputs).toEqual([]);
    expect(actor.getSnapshot().matches({ ready: { work: 'idle' } })).toBe(true);
  });
});

describe('orders machine: generated paths (xstate/graph getShortestPaths)', () => {
  const paths = generatePaths(ordersModel);

  it('the paths reach every state', () => {
    const { states } = coverage(ordersModel, paths);
    expect(states.covered).toEqual(expect.arrayContaining(states.all));
  });

  type Held = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
  it.each(paths.map((path, i) => [pathName(ordersModel, path, i), path] as const))('%s', async (_name, path) => {
    const held = new Map<string, Held>();
    const holding = (id: string) =>
      fromPromise<unknown, unknown>(() => new Promise((resolve, reject) => held.set(id, { resolve, reject })));
    const alert = vi.fn();
    const live = fakeLive();
    const machine = ordersMachine.provide({
      actors: {
        loadOrders: holding('loadOrders'),
        refreshOrders: holding('refreshOrders'),
        changeStatus: holding('changeStatus'),
        staffEvents: live.logic,
      } as never,
      actions: { alert: () => alert(), notify: () => {}, storeMuted: () => {} },
    });
    const actor = createActor(machine, { input: ordersModel.input! }).start();
    expect(actor.getSnapshot().value).toEqual(getInitialSnapshot(ordersMachine, ordersModel.input!).value);
    for (const step of path.steps.slice(1)) {
      const event = step.event as ModelEvent;
      const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (settled) {
        const call = held.get(settled[2]!);
        expect(call, `${settled[2]} is running`).toBeDefined();
        held.delete(settled[2]!);
        if (settled[1] === 'done') call!.resolve(event.output);
        else call!.reject(event.error);
      } else {
        actor.send(event as never);
      }
      await flush();
      expect(actor.getSnapshot().value).toEqual(step.state.value);
    }
    // The arriving order alerts once, and only while not muted.
    const arrivals = path.steps.filter((s) => s.event.type === 'live.event').length;
    if (arrivals === 0) expect(alert).not.toHaveBeenCalled();
    actor.stop();
  });
});

describe('orders tab machine (the fourth bottom tab’s badge)', () => {
  function startTab(counts: number[] = [3]) {
    const live = fakeLive();
    let call = 0;
    const count = resolving(() => counts[Math.min(call++, counts.length - 1)]!);
    const machine = ordersTabMachine.provide({
      actors: { countWaiting: count.logic, staffEvents: live.logic } as never,
    });
    return { actor: createActor(machine).start(), live: live.probe, count: count.probe };
  }

  it('counts at once; every live event and reconnection counts again, for every restaurant', async () => {
    const { actor, live, count } = startTab([3, 4, 1]);
    await flush();
    expect(actor.getSnapshot().context.count).toBe(3);
    expect(live.inputs).toEqual([{}]);
    live.send({ type: 'live.status', status: 'live' });
    await flush();
    expect(actor.getSnapshot().context.count).toBe(4);
    live.send({ type: 'live.event', event: ARRIVED });
    await flush();
    expect(actor.getSnapshot().context.count).toBe(1);
    expect(count.inputs).toHaveLength(3);
    // An event during a count starts it over (the running answer may predate the event); the stream stays open.
    live.send({ type: 'live.event', event: ARRIVED });
    live.send({ type: 'live.event', event: ARRIVED });
    await flush();
    expect(count.inputs).toHaveLength(5);
    expect(live.closed).toBe(0);
    actor.stop();
    expect(live.closed).toBe(1);
  });

  it('counts once a minute only while the stream is down; a failed count keeps the number', async () => {
    vi.useFakeTimers();
    try {
      const { actor, live, count } = startTab([2]);
      await vi.advanceTimersByTimeAsync(0);
      expect(count.inputs).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(RECOUNT_MS);
      expect(count.inputs).toHaveLength(2);
      live.send({ type: 'live.status', status: 'live' });
      await vi.advanceTimersByTimeAsync(0);
      expect(count.inputs).toHaveLength(3);
      await vi.advanceTimersByTimeAsync(RECOUNT_MS * 2);
      expect(count.inputs).toHaveLength(3);
      live.send({ type: 'live.status', status: 'offline' });
      await vi.advanceTimersByTimeAsync(RECOUNT_MS * 2);
      expect(count.inputs.length).toBeGreaterThanOrEqual(4);
      expect(actor.getSnapshot().context.count).toBe(2);
    } finally {
      vi.useRealTimers();
    }
    const failing = ordersTabMachine.provide({
      actors: { countWaiting: rejecting().logic, staffEvents: fakeLive().logic } as never,
    });
    const actor = createActor(failing).start();
    await flush();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.count).toBe(0);
  });
});

describe('the session says whether the fourth tab is there', () => {
  const withRestaurants = (restaurants: Array<{ _id: string; name: string; ordering_enabled?: true }>) =>
    ({ context: { restaurants } }) as never;
  it('only while one of the manager’s restaurants takes orders', () => {
    expect(selectAnyOrderingOn(withRestaurants([]))).toBe(false);
    expect(selectAnyOrderingOn(withRestaurants([{ _id: 'r1', name: 'Rayhon' }]))).toBe(false);
    expect(
      selectAnyOrderingOn(
        withRestaurants([
          { _id: 'r1', name: 'Rayhon' },
          { _id: 'r2', name: 'Bahor', ordering_enabled: true },
        ]),
      ),
    ).toBe(true);
  });
});
