import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../client/client';
import type { StaffOrder } from '../../client/orders';
import { uz } from '../../lib/uz';
import { uzKitchen } from '../../lib/uz-kitchen';
import { canServeLine, hasKitchen, kitchenShown, lineShown } from '../../machines/orders/kitchen.rules';
import { type LineServeEvent, lineServeMachine } from '../../machines/orders/lineServe.machine';
import {
  lineServeError,
  selectLineServeBusy,
  selectLineServeFailure,
  selectServingLine,
} from '../../machines/orders/lineServe.selectors';
import { coverage, generatePaths, type PathEventType, pathName } from '../support/paths';
import { kitchenLine, LINE_REFUSED, lineServeModel, OSH_SERVED, READY_ORDER } from '../ui/models/kitchenMoves.model';
import { sampleOrder } from '../ui/models/orders.model';
import { flush, pending, resolving } from './helpers';
import { type PathStep, replayPath } from './replay-path';

/** Each line's kitchen state on the staff's card, "Tayyor", and "Berildi" on a ready line (the lineServe machine). */

type Snapshot = SnapshotFrom<typeof lineServeMachine>;

function start(serveLine: AnyActorLogic = resolving(OSH_SERVED).logic) {
  const moved: StaffOrder[] = [];
  const machine = lineServeMachine.provide({
    actors: { serveLine } as never,
    actions: { moved: (_, { order }) => moved.push(order) },
  });
  return { actor: createActor(machine).start(), moved };
}

describe("an order's kitchen state on the staff's card", () => {
  it('each line reads yangi, tayyorlanmoqda, tayyor or berildi', () => {
    expect(lineShown(kitchenLine('Osh'))).toEqual({ text: 'yangi', tone: 'new' });
    expect(lineShown(kitchenLine('Osh', { status: 'cooking' }))).toEqual({ text: 'tayyorlanmoqda', tone: 'cooking' });
    expect(lineShown(kitchenLine('Osh', { status: 'ready' }))).toEqual({ text: 'tayyor', tone: 'ready' });
    expect(lineShown(kitchenLine('Osh', { status: 'served' }))).toEqual({ text: 'berildi', tone: 'served' });
  });

  it('a restaurant without stations shows no kitchen at all', () => {
    const plain = sampleOrder('o1', { items: [kitchenLine('Osh', { station_id: null })], kitchen_status: 'new' });
    expect(hasKitchen(plain)).toBe(false);
    expect(kitchenShown(plain)).toBeNull();
    expect(hasKitchen(READY_ORDER)).toBe(true);
  });

  it('"Tayyor" once every line is ready, for an order still to be carried; quietly while it cooks', () => {
    const ready = { ...READY_ORDER, kitchen_status: 'ready' as const };
    expect(kitchenShown(ready)).toEqual({ tone: 'ready', text: uzKitchen.kitchenReady });
    expect(kitchenShown(READY_ORDER)).toEqual({ tone: 'cooking', text: uzKitchen.kitchenCooking });
    expect(kitchenShown({ ...ready, status: 'served' })).toBeNull();
    expect(kitchenShown({ ...ready, status: 'cancelled' })).toBeNull();
    expect(kitchenShown({ ...READY_ORDER, kitchen_status: 'new' })).toBeNull();
  });

  it('"Berildi" on a ready line of an open order only', () => {
    expect(canServeLine(READY_ORDER, 0)).toBe(true);
    expect(canServeLine(READY_ORDER, 1)).toBe(false);
    expect(canServeLine(READY_ORDER, 5)).toBe(false);
    expect(canServeLine(OSH_SERVED, 0)).toBe(false);
    expect(canServeLine({ ...READY_ORDER, status: 'cancelled' }, 0)).toBe(false);
    expect(canServeLine({ ...READY_ORDER, status: 'served' }, 0)).toBe(false);
  });
});

describe('lineServe machine: examples', () => {
  it('moves the line to served, waits meanwhile and hands the answered order to the list', async () => {
    const serve = resolving(OSH_SERVED);
    const { actor, moved } = start(serve.logic);
    actor.send({ type: 'line.serve', order: READY_ORDER, index: 0 });
    expect(selectLineServeBusy(actor.getSnapshot())).toBe(true);
    expect(selectServingLine(actor.getSnapshot())).toEqual({ orderId: 'o4', index: 0 });
    // One at a time.
    expect(actor.getSnapshot().can({ type: 'line.serve', order: { ...READY_ORDER, _id: 'o5' }, index: 0 })).toBe(false);
    await flush();
    expect(serve.probe.inputs).toEqual([{ orderId: 'o4', index: 0 }]);
    expect(moved).toEqual([OSH_SERVED]);
    expect(selectServingLine(actor.getSnapshot())).toBeNull();
  });

  it('a line that is not ready is not moved', () => {
    const { actor } = start();
    actor.send({ type: 'line.serve', order: READY_ORDER, index: 1 });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it.each([
    ['the 409 of a line that moved meanwhile', LINE_REFUSED, LINE_REFUSED.message],
    ['no answer at all', new ApiError(0, uz.networkError), uz.networkError],
    ['anything else', new Error('boom'), uzKitchen.lineServeFailed],
  ])('a refusal stays under the line with the reason: %s', async (_n, error, shown) => {
    const { actor, moved } = start(
      fromPromise(async () => {
        throw error;
      }),
    );
    actor.send({ type: 'line.serve', order: READY_ORDER, index: 0 });
    await flush();
    const failure = selectLineServeFailure(actor.getSnapshot());
    expect(lineServeError(failure, READY_ORDER)).toEqual({ index: 0, text: shown });
    // Another order's card, or a newer copy of this one, shows none.
    expect(lineServeError(failure, { ...READY_ORDER, _id: 'o5' })).toBeNull();
    expect(lineServeError(failure, OSH_SERVED)).toBeNull();
    expect(moved).toEqual([]);
  });

  it('leaving the screen stops the call', () => {
    const hanging = pending();
    const { actor } = start(hanging.logic);
    actor.send({ type: 'line.serve', order: READY_ORDER, index: 0 });
    actor.stop();
    expect(hanging.probe.aborted).toBe(1);
  });
});

describe('lineServe machine: generated paths (xstate/graph getShortestPaths)', () => {
  const paths = generatePaths(lineServeModel);

  it('the paths visit every state and every transition', () => {
    const { states, transitions } = coverage(lineServeModel, paths);
    expect(states.covered).toEqual([...states.all].sort());
    expect(transitions.covered).toEqual(transitions.all);
  });

  type Step = PathStep<Snapshot>;
  const steps = {
    'line.serve': (w, e, _b, after) => {
      expect(w.held.map((c) => c.input)).toEqual([{ orderId: (e.order as StaffOrder)._id, index: e.index }]);
      expect(selectLineServeFailure(after)).toBeNull();
    },
    'xstate.done.actor.serveLine': (_w, _e, _b, after) => expect(selectLineServeBusy(after)).toBe(false),
    'xstate.error.actor.serveLine': (_w, _e, _b, after) =>
      expect(lineServeError(selectLineServeFailure(after), READY_ORDER)).toEqual({
        index: 0,
        text: LINE_REFUSED.message,
      }),
  } satisfies Record<PathEventType<LineServeEvent, 'serveLine'>, Step>;

  it.each(paths.map((path, i) => [pathName(lineServeModel, path, i), path] as const))('%s', async (_n, path) => {
    await replayPath(lineServeMachine, undefined, ['serveLine'], path, steps);
  });
});
