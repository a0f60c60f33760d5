import { afterEach, describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor, fromCallback, fromPromise } from 'xstate';
import type { KitchenOrder, LineStatus } from '../../client/kitchen';
import type { LiveMessage } from '../../machines/kitchen/kitchenDisplay.actors';
import { kitchenDisplayMachine } from '../../machines/kitchen/kitchenDisplay.machine';
import type { MoveOutput, QueuedMove } from '../../machines/kitchen/kitchenDisplay.rules';
import { selectCardTap, selectLineTap } from '../../machines/kitchen/kitchenDisplay.selectors';
import { kitchenMessages } from '../../server/messages/kitchen';
import { DEVICE, ORDER_1, ORDER_1_COOKING, ORDER_2, sampleLine, sampleOrder } from '../ui/models/kitchen.model';
import { flush, pending, rejecting, resolving } from './helpers';

/**
 * The screen's taps (selectLineTap, selectCardTap) against the machine itself: in every state they must say what
 * `snapshot.can` says, and an answer that did not change must stay the same object (a memoized button then does not
 * render again).
 */

/** A cancelled order (no line moves), and an order with a served line next to a new one. */
const CANCELLED = sampleOrder('o4', {
  number: 4,
  status: 'cancelled',
  createdAt: '2026-11-26T12:05:00.000Z',
  items: [sampleLine(0, { name: 'Manti' })],
});
const PART_SERVED = sampleOrder('o5', {
  number: 5,
  status: 'accepted',
  createdAt: '2026-11-26T12:06:00.000Z',
  items: [sampleLine(0, { name: 'Non', status: 'served' }), sampleLine(1, { name: 'Choy' })],
});
const ORDERS = [ORDER_1, ORDER_2, CANCELLED, PART_SERVED];
const LOADED = { data: ORDERS, device: DEVICE };

/** Every line of the fixtures, and two that are not on the display. */
const LINES = [
  ...ORDERS.flatMap((order) => order.items.map((line) => ({ orderId: order._id, index: line.index }))),
  { orderId: 'o1', index: 9 },
  { orderId: 'nobody', index: 0 },
];
const ORDER_IDS = [...ORDERS.map((order) => order._id), 'nobody'];

/** A server that answers only when the test says so. */
function heldServer() {
  const answers: Array<(output: MoveOutput) => void> = [];
  const logic = fromPromise<MoveOutput, { token: string; move: QueuedMove }>(
    () => new Promise((resolve) => answers.push(resolve)),
  );
  return { logic, answer: (order: KitchenOrder) => answers.shift()!({ order, sentAt: Date.now() }) };
}

const actors: Array<{ stop: () => void }> = [];
afterEach(() => {
  for (const actor of actors.splice(0)) actor.stop();
});

/** What the kitchen's event stream would tell the display (the live child's sendBack). */
const live = { send: (_message: LiveMessage) => {} };

function start(load: AnyActorLogic, send: AnyActorLogic = pending().logic) {
  const machine = kitchenDisplayMachine.provide({
    actors: {
      loadOrders: load,
      refreshOrders: pending().logic,
      sendMove: send,
      kitchenEvents: fromCallback(({ sendBack }) => {
        live.send = sendBack;
        return () => {};
      }),
    } as never,
  });
  const actor = createActor(machine, { input: { token: 'kd_token' } }).start();
  actors.push(actor);
  return actor;
}

type Snapshot = ReturnType<ReturnType<typeof start>['getSnapshot']>;

/** What the screen shows for every line and card agrees with what the machine would take. */
function expectAgreement(snapshot: Snapshot) {
  for (const { orderId, index } of LINES) {
    const can = snapshot.can({ type: 'kitchen.move', orderId, index });
    const tap = selectLineTap(orderId, index)(snapshot);
    expect(tap.next !== null, `line ${orderId}:${index}`).toBe(can);
  }
  for (const orderId of ORDER_IDS) {
    const can = snapshot.can({ type: 'kitchen.readyAll', orderId });
    expect(selectCardTap(orderId)(snapshot).readyAll, `card ${orderId}`).toBe(can);
  }
}

/** Where each line's tap goes: `order:index → status`, or `-` when it takes no tap. */
function nextOf(snapshot: Snapshot) {
  return Object.fromEntries(
    LINES.map(({ orderId, index }) => [
      `${orderId}:${index}`,
      (selectLineTap(orderId, index)(snapshot).next ?? '-') as LineStatus | '-',
    ]),
  );
}

describe('kitchen display selectors: the taps the screen shows', () => {
  it('agree with snapshot.can while loading, ready and after a failed load', async () => {
    const loading = start(pending().logic);
    expectAgreement(loading.getSnapshot());
    expect(Object.values(nextOf(loading.getSnapshot())).every((next) => next === '-')).toBe(true);

    const ready = start(resolving(LOADED).logic);
    await flush();
    expect(ready.getSnapshot().matches('ready')).toBe(true);
    expectAgreement(ready.getSnapshot());
    expect(nextOf(ready.getSnapshot())).toEqual({
      'o1:0': 'cooking',
      'o1:2': 'ready',
      'o2:1': 'served',
      'o4:0': '-',
      'o5:0': '-',
      'o5:1': 'cooking',
      'o1:9': '-',
      'nobody:0': '-',
    });
    expect(ORDER_IDS.map((id) => selectCardTap(id)(ready.getSnapshot()).readyAll)).toEqual([
      true,
      false,
      false,
      true,
      false,
    ]);

    const failed = start(rejecting(500).logic);
    await flush();
    expect(failed.getSnapshot().matches('loadFailed')).toBe(true);
    expectAgreement(failed.getSnapshot());
  });

  it('agree with snapshot.can while moves wait for their answers, and once answered', async () => {
    const server = heldServer();
    const actor = start(resolving(LOADED).logic, server.logic);
    await flush();
    actor.send({ type: 'kitchen.move', orderId: 'o1', index: 0 });
    actor.send({ type: 'kitchen.readyAll', orderId: 'o5' });
    const waiting = actor.getSnapshot();
    expectAgreement(waiting);
    expect(selectLineTap('o1', 0)(waiting)).toEqual({ busy: true, next: null });
    expect(selectLineTap('o1', 2)(waiting)).toEqual({ busy: false, next: 'ready' });
    expect(selectCardTap('o1')(waiting)).toEqual({ busy: true, readyAll: false });
    expect(selectLineTap('o5', 1)(waiting)).toEqual({ busy: true, next: null });

    server.answer(ORDER_1_COOKING);
    await flush();
    const answered = actor.getSnapshot();
    expectAgreement(answered);
    expect(selectLineTap('o1', 0)(answered)).toEqual({ busy: false, next: 'ready' });
    expect(selectCardTap('o1')(answered)).toEqual({ busy: false, readyAll: true });
  });

  it('agree with snapshot.can once the device is removed: its cards stay in context, no tap is taken', async () => {
    const actor = start(resolving(LOADED).logic, rejecting(401, kitchenMessages.kitchenSessionInvalid).logic);
    await flush();
    actor.send({ type: 'kitchen.move', orderId: 'o1', index: 0 });
    await flush();
    const removed = actor.getSnapshot();
    expect(removed.status).toBe('done');
    expect(removed.context.orders).toHaveLength(ORDERS.length);
    expectAgreement(removed);
    expect(Object.values(nextOf(removed)).every((next) => next === '-')).toBe(true);
  });

  it('an unchanged line or card keeps its object; only the tapped ones get new answers', async () => {
    const server = heldServer();
    const actor = start(resolving(LOADED).logic, server.logic);
    await flush();
    const before = actor.getSnapshot();
    const somsa = selectLineTap('o2', 1)(before);
    const lagmon = selectLineTap('o1', 2)(before);
    const osh = selectLineTap('o1', 0)(before);
    const otherCard = selectCardTap('o2')(before);

    // Another region changes: the snapshot is new, the answers are the same objects.
    actor.send({ type: 'kitchen.filter', filter: 'ready' });
    expect(actor.getSnapshot()).not.toBe(before);
    expect(selectLineTap('o2', 1)(actor.getSnapshot())).toBe(somsa);
    expect(selectLineTap('o1', 0)(actor.getSnapshot())).toBe(osh);

    // A tap: the queue changes, the orders do not. Only the tapped line and its card answer anew.
    actor.send({ type: 'kitchen.move', orderId: 'o1', index: 0 });
    const tapped = actor.getSnapshot();
    expect(selectLineTap('o1', 0)(tapped)).not.toBe(osh);
    expect(selectLineTap('o1', 2)(tapped)).toBe(lagmon);
    expect(selectLineTap('o2', 1)(tapped)).toBe(somsa);
    expect(selectCardTap('o2')(tapped)).toBe(otherCard);

    // The answer replaces order №1 only: №2's answers stay the very same objects.
    server.answer(ORDER_1_COOKING);
    await flush();
    const after = actor.getSnapshot();
    expect(after.context.orders).not.toBe(before.context.orders);
    expect(selectLineTap('o2', 1)(after)).toBe(somsa);
    expect(selectCardTap('o2')(after)).toBe(otherCard);
    expect(selectLineTap('o1', 0)(after)).toEqual({ busy: false, next: 'ready' });
  });

  it('an order changed on another device answers anew; the other cards keep their objects', async () => {
    const actor = start(resolving(LOADED).logic);
    await flush();
    const before = actor.getSnapshot();
    const osh = selectLineTap('o1', 0)(before);
    const somsa = selectLineTap('o2', 1)(before);
    expect(osh).toEqual({ busy: false, next: 'cooking' });

    live.send({ type: 'kitchen.live.event', event: { type: 'order.updated', data: ORDER_1_COOKING } });
    const after = actor.getSnapshot();
    expect(after.context.queue).toBe(before.context.queue);
    expectAgreement(after);
    expect(selectLineTap('o1', 0)(after)).toEqual({ busy: false, next: 'ready' });
    expect(selectLineTap('o2', 1)(after)).toBe(somsa);
  });
});
