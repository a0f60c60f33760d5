import type { EventObject } from 'xstate';
import type { ConfirmDeleteOutput } from '../../../machines/shared/confirmDelete.machine';
import { byTransition, type ModelEvent } from '../../support/paths';

/**
 * The confirm-delete child (machines/shared/confirmDelete.machine.ts) as its parents' models see it: one outcome
 * event, `xstate.done.actor.confirmDelete`, whose fixture presses Ha or Yo‘q and settles the held call.
 */

export const confirmResult = (e: ModelEvent) => (e.output as ConfirmDeleteOutput).result;

/** The step's name in the plan; a screen may name an outcome its own way (`texts`). */
export const confirmOutcome = (e: ModelEvent, texts: Partial<Record<ConfirmDeleteOutput['result'], string>> = {}) =>
  ({
    deleted: "answer 'Ha'; the delete succeeds",
    failed: "answer 'Ha'; the delete fails",
    cancelled: "answer 'Yo‘q'",
    ...texts,
  })[confirmResult(e)];

/**
 * byTransition, with the confirm-delete outcome as part of the transition: 'failed' and 'cancelled' both end in
 * the same state, and without it the walk would try only one of them.
 */
export const byOutcome = (
  snapshot: { value: unknown },
  event: EventObject | undefined,
  previous?: { value: unknown },
) =>
  byTransition(
    snapshot,
    event?.type === 'xstate.done.actor.confirmDelete'
      ? { type: `${event.type}:${confirmResult(event as ModelEvent)}` }
      : event,
    previous,
  );
