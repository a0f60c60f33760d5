import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../client/client';
import type { StaffOrder } from '../../client/orders';
import { uz } from '../../lib/uz';
import { uzOrdering } from '../../lib/uz-ordering';
import { canRetryPos, posShown } from '../../machines/orders/pos.rules';
import { type PosRetryEvent, posRetryMachine } from '../../machines/orders/posRetry.machine';
import {
  posRetryError,
  selectPosRetryBusy,
  selectPosRetryFailure,
  selectPosRetryingId,
} from '../../machines/orders/posRetry.selectors';
import { coverage, generatePaths, type PathEventType, pathName } from '../support/paths';
import { sampleOrder } from '../ui/models/orders.model';
import { NOT_FAILED, posRetryModel, REFUSED_ORDER, RESENT_ORDER } from '../ui/models/posRetry.model';
import { flush, pending, resolving } from './helpers';
import { type PathStep, replayPath } from './replay-path';

/** An order's place on the till on the staff's card, and "Qayta yuborish" (the posRetry machine). */

type Snapshot = SnapshotFrom<typeof posRetryMachine>;

function start(retryPos: AnyActorLogic = resolving(RESENT_ORDER).logic) {
  const retried: StaffOrder[] = [];
  const machine = posRetryMachine.provide({
    actors: { retryPos } as never,
    actions: { retried: (_, { order }) => retried.push(order) },
  });
  return { actor: createActor(machine).start(), retried };
}

describe("an order's till state on the staff's card", () => {
  it.each([
    [{ status: 'sending', error: null, number: null }, 'Kassaga yuborilmoqda…', 'sending'],
    // A later try's reason while it is still on its way: the card says it is on its way.
    [
      { status: 'sending', error: 'iiko ishlamayapti yoki xatolik qaytardi', number: null },
      'Kassaga yuborilmoqda…',
      'sending',
    ],
    [{ status: 'sent', error: null, number: 12 }, 'Kassada · № 12', 'sent'],
    [{ status: 'sent', error: null, number: null }, 'Kassada', 'sent'],
    [
      { status: 'failed', error: 'Buyurtmadagi taom kassada tugagan (stop-list)', number: null },
      'Kassaga yuborilmadi: Buyurtmadagi taom kassada tugagan (stop-list)',
      'failed',
    ],
    [{ status: 'failed', error: null, number: null }, 'Kassaga yuborilmadi', 'failed'],
  ] as const)('%j reads %j', (pos, text, tone) => {
    expect(posShown(sampleOrder('o1', { pos }))).toEqual({ text, tone });
  });

  it('a restaurant without a till says nothing of it; only a failed sending of a live order can be sent again', () => {
    expect(posShown(sampleOrder('o1', { pos: null }))).toBeNull();
    expect(canRetryPos(sampleOrder('o1', { pos: null }))).toBe(false);
    expect(canRetryPos(RESENT_ORDER)).toBe(false);
    expect(canRetryPos({ ...REFUSED_ORDER, pos: { status: 'sent', error: null, number: 3 } })).toBe(false);
    expect(canRetryPos({ ...REFUSED_ORDER, status: 'cancelled' })).toBe(false);
    expect(canRetryPos(REFUSED_ORDER)).toBe(true);
  });
});

describe('posRetry machine: examples', () => {
  it('sends the order again, waits meanwhile and hands the answered order to the list', async () => {
    const retry = resolving(RESENT_ORDER);
    const { actor, retried } = start(retry.logic);
    actor.send({ type: 'pos.retry', order: REFUSED_ORDER });
    expect(selectPosRetryBusy(actor.getSnapshot())).toBe(true);
    expect(selectPosRetryingId(actor.getSnapshot())).toBe('o7');
    // One at a time: another press while it runs changes nothing.
    expect(actor.getSnapshot().can({ type: 'pos.retry', order: { ...REFUSED_ORDER, _id: 'o8' } })).toBe(false);
    await flush();
    expect(retry.probe.inputs).toEqual([{ orderId: 'o7' }]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectPosRetryBusy(actor.getSnapshot())).toBe(false);
    expect(selectPosRetryingId(actor.getSnapshot())).toBeNull();
    expect(retried).toEqual([RESENT_ORDER]);
  });

  it('an order whose sending did not fail is not sent again', () => {
    const { actor } = start();
    actor.send({ type: 'pos.retry', order: RESENT_ORDER });
    actor.send({ type: 'pos.retry', order: sampleOrder('o1') });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it.each([
    ['the 409 of an order already on its way', NOT_FAILED, NOT_FAILED.message],
    ["the 404 of another manager's order", new ApiError(404, 'Buyurtma topilmadi'), 'Buyurtma topilmadi'],
    ['no answer at all', new ApiError(0, uz.networkError), uz.networkError],
    ['anything else', new Error('boom'), uzOrdering.orderPosRetryFailed],
  ])("a refusal stays under the order's button with the reason: %s", async (_n, error, shown) => {
    let calls = 0;
    const { actor, retried } = start(
      fromPromise(async () => {
        calls++;
        throw error;
      }),
    );
    actor.send({ type: 'pos.retry', order: REFUSED_ORDER });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    const failure = selectPosRetryFailure(actor.getSnapshot());
    expect(posRetryError(failure, REFUSED_ORDER)).toBe(shown);
    expect(retried).toEqual([]);
    // Pressing again takes the reason away while it runs.
    actor.send({ type: 'pos.retry', order: REFUSED_ORDER });
    expect(selectPosRetryFailure(actor.getSnapshot())).toBeNull();
    await flush();
    expect(calls).toBe(2);
  });

  it("the reason is about the copy pressed on: another order's card, or a newer copy of it, shows none", async () => {
    const { actor } = start(
      fromPromise(async () => {
        throw NOT_FAILED;
      }),
    );
    actor.send({ type: 'pos.retry', order: REFUSED_ORDER });
    await flush();
    const failure = selectPosRetryFailure(actor.getSnapshot());
    expect(posRetryError(failure, REFUSED_ORDER)).toBe(NOT_FAILED.message);
    expect(posRetryError(failure, { ...REFUSED_ORDER, _id: 'o8' })).toBeNull();
    // Failed again later (after someone else's retry): a new copy, whose own reason the card shows.
    expect(posRetryError(failure, { ...REFUSED_ORDER, updatedAt: '2026-11-26T12:09:00.000Z' })).toBeNull();
    expect(posRetryError(null, REFUSED_ORDER)).toBeNull();
  });

  it('leaving the screen stops the call', () => {
    const hanging = pending();
    const { actor } = start(hanging.logic);
    actor.send({ type: 'pos.retry', order: REFUSED_ORDER });
    actor.stop();
    expect(hanging.probe.aborted).toBe(1);
  });
});

describe('posRetry machine: generated paths (xstate/graph getShortestPaths)', () => {
  const paths = generatePaths(posRetryModel);

  it('the paths visit every state and every transition', () => {
    const { states, transitions } = coverage(posRetryModel, paths);
    expect(states.covered).toEqual([...states.all].sort());
    expect(transitions.covered).toEqual(transitions.all);
  });

  type Step = PathStep<Snapshot>;
  /** What each event does and what it must leave behind; a new event of the machine needs its entry here. */
  const steps = {
    'pos.retry': (w, e, _b, after) => {
      expect(w.held.map((c) => c.input)).toEqual([{ orderId: (e.order as StaffOrder)._id }]);
      expect(selectPosRetryingId(after)).toBe((e.order as StaffOrder)._id);
      expect(selectPosRetryFailure(after)).toBeNull();
    },
    'xstate.done.actor.retryPos': (_w, _e, _b, after) => {
      expect(selectPosRetryBusy(after)).toBe(false);
      expect(selectPosRetryFailure(after)).toBeNull();
    },
    'xstate.error.actor.retryPos': (_w, e, _b, after) => {
      expect(selectPosRetryBusy(after)).toBe(false);
      expect(posRetryError(selectPosRetryFailure(after), REFUSED_ORDER)).toBe((e.error as ApiError).message);
    },
  } satisfies Record<PathEventType<PosRetryEvent, 'retryPos'>, Step>;

  it.each(paths.map((path, i) => [pathName(posRetryModel, path, i), path] as const))('%s', async (_n, path) => {
    await replayPath(posRetryMachine, undefined, ['retryPos'], path, steps);
  });
});
