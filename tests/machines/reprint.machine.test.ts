import { describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { StaffOrder } from '../../client/orders';
import { uzKitchen } from '../../lib/uz-kitchen';
import { canReprint, printShown } from '../../machines/orders/kitchen.rules';
import { type ReprintEvent, reprintMachine } from '../../machines/orders/reprint.machine';
import {
  reprintError,
  selectReprintBusy,
  selectReprintFailure,
  selectReprintingId,
} from '../../machines/orders/reprint.selectors';
import { coverage, generatePaths, type PathEventType, pathName } from '../support/paths';
import { NO_PRINTER, READY_ORDER, REPRINTED, reprintModel } from '../ui/models/kitchenMoves.model';
import { flush, pending, resolving } from './helpers';
import { type PathStep, replayPath } from './replay-path';

/** Whether an order's kitchen tickets printed, on the staff's card, and "Qayta chop etish" (the reprint machine). */

type Snapshot = SnapshotFrom<typeof reprintMachine>;

function start(reprint: AnyActorLogic = resolving(REPRINTED).logic) {
  const reprinted: StaffOrder[] = [];
  const notify = vi.fn();
  const machine = reprintMachine.provide({
    actors: { reprint } as never,
    actions: { reprinted: (_, { order }) => reprinted.push(order), notify: (_, notice) => notify(notice) },
  });
  return { actor: createActor(machine).start(), reprinted, notify };
}

describe("an order's tickets on the staff's card", () => {
  it("says the server's reason, naming the station, while a printer has not answered or was given up on", () => {
    expect(printShown(READY_ORDER)).toEqual({ text: 'Printer javob bermadi (Bar)', tone: 'failed' });
    expect(printShown({ ...READY_ORDER, print: { status: 'printing', error: 'Printer javob bermadi (Bar)' } })).toEqual(
      {
        text: 'Printer javob bermadi (Bar)',
        tone: 'printing',
      },
    );
    expect(printShown(REPRINTED)).toEqual({ text: uzKitchen.printWaiting, tone: 'printing' });
    expect(printShown({ ...READY_ORDER, print: { status: 'printed', error: null } })).toEqual({
      text: 'Chek chop etildi',
      tone: 'printed',
    });
    expect(printShown({ ...READY_ORDER, print: null })).toBeNull();
  });

  it('offers "Qayta chop etish" on an order whose tickets went to a printer, unless cancelled', () => {
    expect(canReprint(READY_ORDER)).toBe(true);
    expect(canReprint({ ...READY_ORDER, print: { status: 'printed', error: null } })).toBe(true);
    expect(canReprint({ ...READY_ORDER, print: null })).toBe(false);
    expect(canReprint({ ...READY_ORDER, status: 'cancelled' })).toBe(false);
  });
});

describe('reprint machine: examples', () => {
  it('prints again, waits meanwhile, hands the order to the list and says so', async () => {
    const call = resolving(REPRINTED);
    const { actor, reprinted, notify } = start(call.logic);
    actor.send({ type: 'print.again', order: READY_ORDER });
    expect(selectReprintingId(actor.getSnapshot())).toBe('o4');
    expect(actor.getSnapshot().can({ type: 'print.again', order: { ...READY_ORDER, _id: 'o5' } })).toBe(false);
    await flush();
    expect(call.probe.inputs).toEqual([{ orderId: 'o4' }]);
    expect(reprinted).toEqual([REPRINTED]);
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: uzKitchen.reprintSent });
    expect(selectReprintBusy(actor.getSnapshot())).toBe(false);
  });

  it("an order with no station's printer is refused: the server's reason stays under its button", async () => {
    const { actor, reprinted } = start(
      fromPromise(async () => {
        throw NO_PRINTER;
      }),
    );
    actor.send({ type: 'print.again', order: READY_ORDER });
    await flush();
    const failure = selectReprintFailure(actor.getSnapshot());
    expect(reprintError(failure, READY_ORDER)).toBe("Bu buyurtmaning bo'limlarida printer yo'q.");
    expect(reprintError(failure, REPRINTED)).toBeNull();
    expect(reprinted).toEqual([]);
    // Pressing again takes it away while it runs.
    actor.send({ type: 'print.again', order: READY_ORDER });
    expect(selectReprintFailure(actor.getSnapshot())).toBeNull();
  });

  it('an order without tickets is not sent; leaving the screen stops the call', () => {
    const hanging = pending();
    const { actor } = start(hanging.logic);
    actor.send({ type: 'print.again', order: { ...READY_ORDER, print: null } });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'print.again', order: READY_ORDER });
    actor.stop();
    expect(hanging.probe.aborted).toBe(1);
  });
});

describe('reprint machine: generated paths (xstate/graph getShortestPaths)', () => {
  const paths = generatePaths(reprintModel);

  it('the paths visit every state and every transition', () => {
    const { states, transitions } = coverage(reprintModel, paths);
    expect(states.covered).toEqual([...states.all].sort());
    expect(transitions.covered).toEqual(transitions.all);
  });

  type Step = PathStep<Snapshot>;
  const steps = {
    'print.again': (w, e, _b, after) => {
      expect(w.held.map((c) => c.input)).toEqual([{ orderId: (e.order as StaffOrder)._id }]);
      expect(selectReprintFailure(after)).toBeNull();
    },
    'xstate.done.actor.reprint': (_w, _e, _b, after) => expect(selectReprintBusy(after)).toBe(false),
    'xstate.error.actor.reprint': (_w, _e, _b, after) =>
      expect(reprintError(selectReprintFailure(after), READY_ORDER)).toBe(NO_PRINTER.message),
  } satisfies Record<PathEventType<ReprintEvent, 'reprint'>, Step>;

  it.each(paths.map((path, i) => [pathName(reprintModel, path, i), path] as const))('%s', async (_n, path) => {
    await replayPath(reprintMachine, undefined, ['reprint'], path, steps);
  });
});
