import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, fromCallback, fromPromise, getInitialSnapshot } from 'xstate';
import type { KitchenOrder } from '../../client/kitchen';
import { UNDO_WINDOW_MS } from '../../lib/kitchen-lines';
import type { LiveMessage } from '../../machines/kitchen/kitchenDisplay.actors';
import { kitchenDisplayMachine, LOAD_RETRY_MS } from '../../machines/kitchen/kitchenDisplay.machine';
import type { MoveOutput, QueuedMove } from '../../machines/kitchen/kitchenDisplay.rules';
import {
  describeUndo,
  selectAmberMinutes,
  selectConnectionLost,
  selectCookingOrders,
  selectFailure,
  selectLineTap,
  selectReadyCards,
  selectRedMinutes,
  selectStationName,
  selectUndo,
  timerOf,
} from '../../machines/kitchen/kitchenDisplay.selectors';
import { kitchenMessages } from '../../server/messages/kitchen';
import { coverage, generatePaths, type ModelEvent, pathName } from '../support/paths';
import {
  ARRIVED,
  ARRIVING,
  DEVICE,
  type DisplayPathEvent,
  kitchenDisplayModel,
  LOAD_RETRY_EVENT,
  LOADED,
  ORDER_1,
  ORDER_1_COOKING,
  ORDER_2,
  REFUSED,
  sampleLine,
  sampleOrder,
  UNDO_EXPIRED_EVENT,
} from '../ui/models/kitchen.model';
import { pending, rejecting, resolving } from './helpers';

/**
 * The kitchen display machine with its calls and its live child replaced: resolving, rejecting and never-settling
 * calls, and a callback actor the test speaks through as the kitchen's event stream would. Time is faked (the undo
 * window and the load's retry are timers).
 */

const NOW = Date.parse('2026-11-26T12:10:00.000Z');
const later = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

function fakeLive() {
  const probe = { inputs: [] as unknown[], closed: 0, send: (_e: LiveMessage) => {} };
  const logic = fromCallback<{ type: string }, { token: string }>(({ input, sendBack }) => {
    probe.inputs.push(input);
    probe.send = sendBack;
    return () => {
      probe.closed++;
    };
  });
  return { logic, probe };
}

/** A move's answer as the server gives it: the order with the line moved by this device now. */
function answered(order: KitchenOrder, index: number, to: KitchenOrder['items'][number]['status'], seconds = 0) {
  const when = later(seconds);
  const items = order.items.map((line) =>
    line.index === index ? { ...line, status: to, moves: [...line.moves, { to, at: when, by: DEVICE.name }] } : line,
  );
  // The display shows an order while a line of its station is not served yet.
  return {
    ...order,
    status: 'accepted' as const,
    updatedAt: when,
    items,
    open: items.some((l) => l.status !== 'served'),
  };
}

/** The server's answer to whatever move is sent: it applies the move (or "Hammasi tayyor") to the order given. */
function movingServer(orders: Record<string, KitchenOrder>) {
  let tick = 0;
  return resolving(({ move }: { token: string; move: QueuedMove }): MoveOutput => {
    tick++;
    let order = orders[move.orderId]!;
    if (move.kind === 'all') {
      for (const { index } of move.from) order = answered(order, index, 'ready', tick);
    } else order = answered(order, move.index, move.to, tick);
    orders[move.orderId] = order;
    return { order, sentAt: Date.now() };
  });
}

interface Options {
  load?: AnyActorLogic;
  refresh?: AnyActorLogic;
  send?: AnyActorLogic;
}

function start(options: Options = {}) {
  const alert = vi.fn();
  const allowSound = vi.fn();
  const live = fakeLive();
  const refresh = resolving(LOADED);
  const send = movingServer({ o1: ORDER_1, o2: ORDER_2 });
  const machine = kitchenDisplayMachine.provide({
    actors: {
      loadOrders: options.load ?? resolving(LOADED).logic,
      refreshOrders: options.refresh ?? refresh.logic,
      sendMove: options.send ?? send.logic,
      kitchenEvents: live.logic,
    } as never,
    actions: { alert: () => alert(), allowSound: () => allowSound() },
  });
  const actor = createActor(machine, { input: { token: 'kd_token' } }).start();
  return { actor, alert, allowSound, live: live.probe, refresh: refresh.probe, send: send.probe };
}

/**
 * Lets settled calls report back: every promise reaction runs before the next turn of the event loop. Time is faked
 * (setTimeout, setInterval, Date), setImmediate is not: it is that next turn.
 */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
const ids = (list: readonly { _id: string }[]) => list.map((item) => item._id);
const lineOf = (actor: ReturnType<typeof start>['actor'], orderId: string, index: number) =>
  actor
    .getSnapshot()
    .context.orders.find((order) => order._id === orderId)
    ?.items.find((line) => line.index === index);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('kitchen display: load', () => {
  it('reads the orders with the device token, oldest first, and opens the stream', async () => {
    const load = resolving({ data: [ORDER_2, ORDER_1], device: DEVICE });
    const { actor, live } = start({ load: load.logic });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await flush();
    expect(load.probe.inputs).toEqual([{ token: 'kd_token' }]);
    expect(ids(actor.getSnapshot().context.orders)).toEqual(['o1', 'o2']);
    expect(selectStationName(actor.getSnapshot())).toBe('Oshxona');
    expect(live.inputs).toEqual([{ token: 'kd_token' }]);
  });

  it('a device of every station: no station name, the default minutes', async () => {
    const { actor } = start({ load: resolving({ ...LOADED, device: { ...DEVICE, station: null } }).logic });
    await flush();
    expect(selectStationName(actor.getSnapshot())).toBeNull();
    expect([selectAmberMinutes(actor.getSnapshot()), selectRedMinutes(actor.getSnapshot())]).toEqual([10, 20]);
  });

  it('a failed load is tried again on its own after a while, or at once on "Qayta urinish"', async () => {
    let calls = 0;
    const load = fromPromise(async () => {
      calls++;
      if (calls < 3) throw new Error('no server');
      return LOADED;
    });
    const { actor } = start({ load });
    await flush();
    expect(actor.getSnapshot().matches('loadFailed')).toBe(true);
    await vi.advanceTimersByTimeAsync(LOAD_RETRY_MS - 1);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    expect(actor.getSnapshot().matches('loadFailed')).toBe(true);
    actor.send({ type: 'kitchen.retry' });
    await flush();
    expect(calls).toBe(3);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('a 401 (the device removed in the panel) ends the display with the server’s message', async () => {
    const { actor, live } = start({ load: rejecting(401, kitchenMessages.kitchenSessionInvalid).logic });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ message: kitchenMessages.kitchenSessionInvalid });
    expect(live.inputs).toEqual([]);
  });
});

describe('kitchen display: live', () => {
  it('a new order joins in its place; sound only once allowed; a replay changes nothing', async () => {
    const { actor, alert, allowSound, live } = start();
    await flush();
    live.send({ type: 'kitchen.live.event', event: ARRIVED });
    expect(ids(actor.getSnapshot().context.orders)).toEqual(['o1', 'o2', 'o3']);
    expect(alert).not.toHaveBeenCalled();

    actor.send({ type: 'kitchen.sound' });
    actor.send({ type: 'kitchen.sound' });
    expect(allowSound).toHaveBeenCalledTimes(1);
    const early = sampleOrder('o0', { number: 9, createdAt: '2026-11-26T11:00:00.000Z' });
    live.send({ type: 'kitchen.live.event', event: { type: 'order.created', data: early } });
    expect(ids(actor.getSnapshot().context.orders)).toEqual(['o0', 'o1', 'o2', 'o3']);
    expect(alert).toHaveBeenCalledTimes(1);

    const before = actor.getSnapshot().context.orders;
    live.send({ type: 'kitchen.live.event', event: ARRIVED });
    expect(actor.getSnapshot().context.orders).toBe(before);
    expect(alert).toHaveBeenCalledTimes(1);
  });

  it('an update replaces the card only when newer; open: false takes it off', async () => {
    const { actor, live } = start();
    await flush();
    const stale = { ...answered(ORDER_1, 0, 'ready'), updatedAt: '2026-11-26T11:59:00.000Z' };
    live.send({ type: 'kitchen.live.event', event: { type: 'order.updated', data: stale } });
    expect(lineOf(actor, 'o1', 0)!.status).toBe('new');
    live.send({ type: 'kitchen.live.event', event: { type: 'order.updated', data: answered(ORDER_1, 0, 'ready', 5) } });
    expect(lineOf(actor, 'o1', 0)!.status).toBe('ready');
    live.send({
      type: 'kitchen.live.event',
      event: { type: 'order.updated', data: { ...ORDER_2, open: false, updatedAt: later(6) } },
    });
    expect(ids(actor.getSnapshot().context.orders)).toEqual(['o1']);
  });

  it('each (re)connection reads again: cards closed meanwhile go, none twice; the loss shows until live again', async () => {
    const refresh = resolving({ data: [ORDER_1, ARRIVING], device: DEVICE });
    const { actor, live } = start({ refresh: refresh.logic });
    await flush();
    live.send({ type: 'kitchen.live.status', status: 'live' });
    await flush();
    expect(refresh.probe.inputs).toEqual([{ token: 'kd_token' }]);
    expect(ids(actor.getSnapshot().context.orders)).toEqual(['o1', 'o3']);

    live.send({ type: 'kitchen.live.status', status: 'offline' });
    expect(selectConnectionLost(actor.getSnapshot())).toBe(true);
    live.send({ type: 'kitchen.live.status', status: 'connecting' });
    expect(selectConnectionLost(actor.getSnapshot())).toBe(true);
    expect(refresh.probe.inputs).toHaveLength(1);
    live.send({ type: 'kitchen.live.status', status: 'live' });
    expect(selectConnectionLost(actor.getSnapshot())).toBe(false);
    await flush();
    expect(refresh.probe.inputs).toHaveLength(2);
    expect(ids(actor.getSnapshot().context.orders)).toEqual(['o1', 'o3']);
  });

  it('what the stream says during a re-read wins over the older answer', async () => {
    let answer!: (value: unknown) => void;
    const held = fromPromise(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const { actor, live } = start({ refresh: held });
    await flush();
    live.send({ type: 'kitchen.live.status', status: 'live' });
    // While the re-read runs: o3 arrives, o2 is served (off the display), o1's Osh is started.
    live.send({ type: 'kitchen.live.event', event: ARRIVED });
    live.send({
      type: 'kitchen.live.event',
      event: { type: 'order.updated', data: { ...ORDER_2, open: false, updatedAt: later(3) } },
    });
    live.send({
      type: 'kitchen.live.event',
      event: { type: 'order.updated', data: answered(ORDER_1, 0, 'cooking', 4) },
    });
    // The answer was made before all that.
    answer({ data: [ORDER_1, ORDER_2], device: DEVICE });
    await flush();
    expect(ids(actor.getSnapshot().context.orders)).toEqual(['o1', 'o3']);
    expect(lineOf(actor, 'o1', 0)!.status).toBe('cooking');
  });

  it('a re-read that brings an order placed while the stream was down sounds (once allowed)', async () => {
    const { actor, alert, live } = start({
      refresh: resolving({ data: [ORDER_1, ORDER_2, ARRIVING], device: DEVICE }).logic,
    });
    await flush();
    actor.send({ type: 'kitchen.sound' });
    live.send({ type: 'kitchen.live.status', status: 'live' });
    await flush();
    expect(ids(actor.getSnapshot().context.orders)).toEqual(['o1', 'o2', 'o3']);
    expect(alert).toHaveBeenCalledTimes(1);
  });

  it('the stream refused (401) ends the display, closing the stream and the running calls', async () => {
    const send = pending();
    const { actor, live } = start({ send: send.logic });
    await flush();
    actor.send({ type: 'kitchen.move', orderId: 'o1', index: 0 });
    live.send({ type: 'kitchen.live.refused', message: kitchenMessages.kitchenSessionInvalid });
    expect(actor.getSnapshot().output).toEqual({ message: kitchenMessages.kitchenSessionInvalid });
    expect(send.probe.aborted).toBe(1);
    expect(live.closed).toBe(1);
  });
});

describe('kitchen display: moves', () => {
  it('a tap moves a line one step on; the line waits for its answer, other lines queue behind it', async () => {
    const held = pending<{ token: string; move: QueuedMove }>();
    const { actor } = start({ send: held.logic });
    await flush();
    actor.send({ type: 'kitchen.move', orderId: 'o1', index: 0 });
    actor.send({ type: 'kitchen.move', orderId: 'o1', index: 0 });
    actor.send({ type: 'kitchen.move', orderId: 'o1', index: 2 });
    actor.send({ type: 'kitchen.move', orderId: 'o2', index: 1 });
    actor.send({ type: 'kitchen.move', orderId: 'nobody', index: 0 });
    expect(held.probe.inputs).toEqual([
      { token: 'kd_token', move: { kind: 'line', orderId: 'o1', index: 0, from: 'new', to: 'cooking', undo: false } },
    ]);
    expect(actor.getSnapshot().context.queue.map((move) => (move.kind === 'line' ? move.to : 'all'))).toEqual([
      'cooking',
      'ready',
      'served',
    ]);
    expect(selectLineTap('o1', 0)(actor.getSnapshot()).busy).toBe(true);
    expect(selectLineTap('o2', 0)(actor.getSnapshot()).busy).toBe(false);
  });

  it('queued taps are sent in the order made, each answer replacing its card', async () => {
    const { actor, send } = start();
    await flush();
    actor.send({ type: 'kitchen.move', orderId: 'o1', index: 0 });
    actor.send({ type: 'kitchen.move', orderId: 'o2', index: 1 });
    actor.send({ type: 'kitchen.move', orderId: 'o1', index: 2 });
    await flush();
    const sent = (send.inputs as Array<{ move: QueuedMove }>).map(({ move }) =>
      move.kind === 'line' ? `${move.orderId}:${move.index}→${move.to}` : move.orderId,
    );
    expect(sent).toEqual(['o1:0→cooking', 'o2:1→served', 'o1:2→ready']);
    expect(actor.getSnapshot().matches({ ready: { moves: 'idle' } })).toBe(true);
    expect(lineOf(actor, 'o1', 0)!.status).toBe('cooking');
    expect(lineOf(actor, 'o1', 2)!.status).toBe('ready');
    // №2's last line was served: its card left the display.
    expect(ids(actor.getSnapshot().context.orders)).toEqual(['o1']);
  });

  it('a line whose order was served or cancelled takes no tap', async () => {
    const closed = sampleOrder('o9', { status: 'cancelled', items: [sampleLine(0)] });
    const { actor, send } = start({ load: resolving({ data: [closed], device: DEVICE }).logic });
    await flush();
    expect(actor.getSnapshot().can({ type: 'kitchen.move', orderId: 'o9', index: 0 })).toBe(false);
    actor.send({ type: 'kitchen.move', orderId: 'o9', index: 0 });
    actor.send({ type: 'kitchen.readyAll', orderId: 'o9' });
    expect(send.inputs).toEqual([]);
  });

  it('"Hammasi tayyor" sends every line not yet ready, and is not offered once all are', async () => {
    const { actor, send } = start();
    await flush();
    expect(actor.getSnapshot().can({ type: 'kitchen.readyAll', orderId: 'o2' })).toBe(false);
    actor.send({ type: 'kitchen.readyAll', orderId: 'o1' });
    expect(actor.getSnapshot().can({ type: 'kitchen.move', orderId: 'o1', index: 2 })).toBe(false);
    await flush();
    expect(send.inputs).toEqual([
      {
        token: 'kd_token',
        move: {
          kind: 'all',
          orderId: 'o1',
          from: [
            { index: 0, from: 'new' },
            { index: 2, from: 'cooking' },
          ],
        },
      },
    ]);
    expect(actor.getSnapshot().context.orders[0]!.items.map((line) => line.status)).toEqual(['ready', 'ready']);
    expect(actor.getSnapshot().can({ type: 'kitchen.readyAll', orderId: 'o1' })).toBe(false);
    expect(ids(selectCookingOrders(actor.getSnapshot()))).toEqual([]);
    expect(selectReadyCards(actor.getSnapshot()).map((card) => card.order._id)).toEqual(['o1', 'o2']);
  });

  it('a refused move shows the server’s message on its card, reads the orders again, and the queue goes on', async () => {
    let call = 0;
    const send = fromPromise(async ({ input }: { input: { move: QueuedMove } }): Promise<MoveOutput> => {
      call++;
      if (call === 1) throw REFUSED;
      return { order: answered(ORDER_2, (input.move as { index: number }).index, 'served', 2), sentAt: Date.now() };
    });
    const refresh = resolving({ data: [ORDER_1_COOKING, ORDER_2], device: DEVICE });
    const { actor } = start({ send, refresh: refresh.logic });
    await flush();
    actor.send({ type: 'kitchen.move', orderId: 'o1', index: 0 });
    actor.send({ type: 'kitchen.move', orderId: 'o2', index: 1 });
    await flush();
    expect(selectFailure('o1')(actor.getSnapshot())).toBe(REFUSED.message);
    expect(refresh.probe.inputs).toHaveLength(1);
    // The re-read shows where the line really is (a colleague had started it).
    expect(lineOf(actor, 'o1', 0)!.status).toBe('cooking');
    expect(call).toBe(2);
    expect(ids(actor.getSnapshot().context.orders)).toEqual(['o1']);
    actor.send({ type: 'kitchen.dismiss', orderId: 'o1' });
    expect(selectFailure('o1')(actor.getSnapshot())).toBeUndefined();
  });

  it('a move that works clears its card’s old error; a failure without a message is still shown', async () => {
    let call = 0;
    const send = fromPromise(async (): Promise<MoveOutput> => {
      call++;
      if (call === 1) throw new Error('not an API error');
      return { order: answered(ORDER_1, 2, 'ready', 2), sentAt: Date.now() };
    });
    const { actor } = start({ send });
    await flush();
    actor.send({ type: 'kitchen.move', orderId: 'o1', index: 0 });
    await flush();
    expect(selectFailure('o1')(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'kitchen.move', orderId: 'o1', index: 2 });
    await flush();
    expect(selectFailure('o1')(actor.getSnapshot())).toBeUndefined();
  });

  it('a 401 to a move ends the display', async () => {
    const { actor } = start({ send: rejecting(401, kitchenMessages.kitchenSessionInvalid).logic });
    await flush();
    actor.send({ type: 'kitchen.move', orderId: 'o1', index: 0 });
    await flush();
    expect(actor.getSnapshot().output).toEqual({ message: kitchenMessages.kitchenSessionInvalid });
  });
});

describe('kitchen display: Qaytarish', () => {
  it('offers the last move for a minute from its sending, takes it back, and offers nothing for the undo', async () => {
    const { actor, send } = start();
    await flush();
    expect(selectUndo(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'kitchen.move', orderId: 'o1', index: 0 });
    await flush();
    const undo = selectUndo(actor.getSnapshot())!;
    expect(describeUndo(undo)).toEqual({ table: '5', number: 1, names: ['Osh'], to: 'cooking' });
    actor.send({ type: 'kitchen.undo' });
    expect(selectUndo(actor.getSnapshot())).toBeNull();
    await flush();
    expect((send.inputs.at(-1) as { move: QueuedMove }).move).toEqual({
      kind: 'line',
      orderId: 'o1',
      index: 0,
      from: 'cooking',
      to: 'new',
      undo: true,
    });
    expect(lineOf(actor, 'o1', 0)!.status).toBe('new');
    expect(selectUndo(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().can({ type: 'kitchen.undo' })).toBe(false);
  });

  it('an offered undo leaves the rest of the display as it was: the stream, the sound, the queue', async () => {
    const { actor, live } = start();
    await flush();
    actor.send({ type: 'kitchen.sound' });
    actor.send({ type: 'kitchen.move', orderId: 'o1', index: 0 });
    actor.send({ type: 'kitchen.move', orderId: 'o2', index: 1 });
    await flush();
    expect(selectUndo(actor.getSnapshot())).not.toBeNull();
    expect(actor.getSnapshot().matches({ ready: { sound: 'on', moves: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.queue).toEqual([]);
    expect(live.inputs).toHaveLength(1);
    expect(live.closed).toBe(0);
  });

  it('goes when the window ends; a newer move replaces it with a window of its own', async () => {
    const { actor } = start();
    await flush();
    actor.send({ type: 'kitchen.move', orderId: 'o1', index: 0 });
    await flush();
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS / 2);
    actor.send({ type: 'kitchen.move', orderId: 'o1', index: 2 });
    await flush();
    expect(describeUndo(selectUndo(actor.getSnapshot())!).names).toEqual(["Lag'mon"]);
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS - 1);
    expect(selectUndo(actor.getSnapshot())).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(selectUndo(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().can({ type: 'kitchen.undo' })).toBe(false);
  });

  it('is withdrawn when someone else moves the line meanwhile', async () => {
    const { actor, live } = start();
    await flush();
    actor.send({ type: 'kitchen.move', orderId: 'o1', index: 0 });
    await flush();
    const current = actor.getSnapshot().context.orders[0]!;
    const byWaiter = {
      ...current,
      updatedAt: later(20),
      items: current.items.map((line) =>
        line.index === 0
          ? {
              ...line,
              status: 'ready' as const,
              moves: [...line.moves, { to: 'ready' as const, at: later(20), by: 'rayhon' }],
            }
          : line,
      ),
    };
    live.send({ type: 'kitchen.live.event', event: { type: 'order.updated', data: byWaiter } });
    expect(selectUndo(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().can({ type: 'kitchen.undo' })).toBe(false);
  });

  it('takes back "Hammasi tayyor" line by line, and a serve that closed the card brings it back', async () => {
    const { actor, send } = start();
    await flush();
    actor.send({ type: 'kitchen.readyAll', orderId: 'o1' });
    await flush();
    expect(describeUndo(selectUndo(actor.getSnapshot())!)).toEqual({
      table: '5',
      number: 1,
      names: ['Osh', "Lag'mon"],
      to: 'ready',
    });
    actor.send({ type: 'kitchen.undo' });
    await flush();
    const moves = (send.inputs as Array<{ move: QueuedMove }>).slice(1).map(({ move }) => move);
    expect(moves).toEqual([
      { kind: 'line', orderId: 'o1', index: 0, from: 'ready', to: 'new', undo: true },
      { kind: 'line', orderId: 'o1', index: 2, from: 'ready', to: 'cooking', undo: true },
    ]);
    expect(actor.getSnapshot().context.orders[0]!.items.map((line) => line.status)).toEqual(['new', 'cooking']);

    // №2's Somsa served: the card goes; Qaytarish brings it back.
    actor.send({ type: 'kitchen.move', orderId: 'o2', index: 1 });
    await flush();
    expect(ids(actor.getSnapshot().context.orders)).toEqual(['o1']);
    expect(describeUndo(selectUndo(actor.getSnapshot())!).to).toBe('served');
    actor.send({ type: 'kitchen.undo' });
    await flush();
    expect(ids(actor.getSnapshot().context.orders)).toEqual(['o1', 'o2']);
    expect(lineOf(actor, 'o2', 1)!.status).toBe('ready');
  });
});

describe('kitchen display: the card’s timer', () => {
  it('mm:ss, amber and red at the station’s minutes', () => {
    const placed = '2026-11-26T12:00:00.000Z';
    const at = (minutes: number, seconds = 0) => Date.parse(placed) + (minutes * 60 + seconds) * 1000;
    expect(timerOf(placed, at(0, 5), 10, 20)).toEqual({ minutes: 0, seconds: 5, level: 'fresh' });
    expect(timerOf(placed, at(9, 59), 10, 20).level).toBe('fresh');
    expect(timerOf(placed, at(10), 10, 20).level).toBe('amber');
    expect(timerOf(placed, at(20), 10, 20).level).toBe('red');
    expect(timerOf(placed, at(75, 30), 10, 20)).toEqual({ minutes: 75, seconds: 30, level: 'red' });
    // A device clock behind the server's: nothing negative.
    expect(timerOf(placed, at(-1), 10, 20)).toEqual({ minutes: 0, seconds: 0, level: 'fresh' });
  });
});

describe('kitchen display: generated paths (xstate/graph getShortestPaths)', () => {
  const paths = generatePaths(kitchenDisplayModel);

  it('the paths reach every state and walk every transition', () => {
    const { states, transitions } = coverage(kitchenDisplayModel, paths);
    expect(states.covered).toEqual(expect.arrayContaining(states.all));
    expect(transitions.covered).toEqual(transitions.all);
  });

  type Held = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
  type Step = (
    context: { held: Map<string, Held>; live: ReturnType<typeof fakeLive>['probe'] },
    e: ModelEvent,
  ) => Promise<void> | void;
  const settle =
    (id: string, outcome: 'done' | 'error'): Step =>
    ({ held }, e) => {
      const call = held.get(id);
      expect(call, `${id} is running`).toBeDefined();
      held.delete(id);
      if (outcome === 'done') call!.resolve(e.output);
      else call!.reject(e.error);
    };
  const fromStream: Step = ({ live }, e) => live.send(e as unknown as LiveMessage);
  /** How each event of a path is made: a call settled, the stream speaking, a timer running out, or the view's event. */
  const steps = {
    'xstate.done.actor.loadOrders': settle('loadOrders', 'done'),
    'xstate.error.actor.loadOrders': settle('loadOrders', 'error'),
    'xstate.done.actor.refreshOrders': settle('refreshOrders', 'done'),
    'xstate.error.actor.refreshOrders': settle('refreshOrders', 'error'),
    'xstate.done.actor.sendMove': settle('sendMove', 'done'),
    'xstate.error.actor.sendMove': settle('sendMove', 'error'),
    [LOAD_RETRY_EVENT]: () => vi.advanceTimersByTimeAsync(LOAD_RETRY_MS).then(() => {}),
    [UNDO_EXPIRED_EVENT]: () => vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS).then(() => {}),
    'kitchen.live.event': fromStream,
    'kitchen.live.status': fromStream,
    'kitchen.live.refused': fromStream,
    'kitchen.retry': null,
    'kitchen.refresh': null,
    'kitchen.filter': null,
    'kitchen.move': null,
    'kitchen.readyAll': null,
    'kitchen.undo': null,
    'kitchen.dismiss': null,
    'kitchen.sound': null,
  } satisfies Record<DisplayPathEvent, Step | null>;

  it.each(paths.map((path, i) => [pathName(kitchenDisplayModel, path, i), path] as const))('%s', async (_n, path) => {
    // The moves' answers were sent at MOVED.sentAt: the undo window runs from there.
    vi.setSystemTime(Date.parse('2026-11-26T12:08:00.000Z'));
    const held = new Map<string, Held>();
    const holding = (id: string) =>
      fromPromise<unknown, unknown>(() => new Promise((resolve, reject) => held.set(id, { resolve, reject })));
    const live = fakeLive();
    const machine = kitchenDisplayMachine.provide({
      actors: {
        loadOrders: holding('loadOrders'),
        refreshOrders: holding('refreshOrders'),
        sendMove: holding('sendMove'),
        kitchenEvents: live.logic,
      } as never,
      actions: { alert: () => {}, allowSound: () => {} },
    });
    const actor = createActor(machine, { input: kitchenDisplayModel.input! }).start();
    expect(actor.getSnapshot().value).toEqual(
      getInitialSnapshot(kitchenDisplayMachine, kitchenDisplayModel.input!).value,
    );
    for (const step of path.steps.slice(1)) {
      const event = step.event as ModelEvent;
      const make = steps[event.type as DisplayPathEvent];
      if (make) await make({ held, live: live.probe }, event);
      else actor.send(event as never);
      await flush();
      expect(actor.getSnapshot().value).toEqual(step.state.value);
    }
    actor.stop();
  });
});
