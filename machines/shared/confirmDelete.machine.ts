import { type ActorRefFrom, assign, type PromiseActorLogic, type SnapshotFrom, setup } from 'xstate';
import { type DeleteTarget, noDescribeActor, noRemoveActor } from './confirmDelete.actors';

/**
 * The confirm-then-delete cycle every list and detail screen shares (spec 8: every delete asks Ha / Yo‘q first),
 * invoked by its parent for as long as the question is open: `confirm.yes` runs the delete call, `confirm.no`
 * ends it. It only reports how the cycle ended (its output); the parent decides what follows (toasts, reloads,
 * leaving the screen), because those differ per screen. Each parent provides the call:
 * `confirmDeleteMachine.provide({ actors: { remove: deleteCategoryActor } })`, and, when the question should name
 * what goes with the target (a category's N products), a `describe` count: until it answers, or when
 * it fails, the question is asked without the number (Ha works all the same).
 */

export type { DeleteTarget } from './confirmDelete.actors';

export interface ConfirmDeleteInput {
  target: DeleteTarget;
}

/** The invoke id every parent gives the cycle (its done event: `xstate.done.actor.confirmDelete`). */
export const CONFIRM_DELETE_ID = 'confirmDelete';

export type ConfirmDeleteEvent = { type: 'confirm.yes' } | { type: 'confirm.no' };

export type ConfirmDeleteOutput =
  | { result: 'deleted' }
  | { result: 'cancelled' }
  | { result: 'failed'; error: unknown };

interface ConfirmDeleteContext {
  target: DeleteTarget;
  outcome: ConfirmDeleteOutput;
  /** How many things go with the target (from `describe`); null while unknown. */
  details: number | null;
}

export const confirmDeleteMachine = setup({
  types: {
    context: {} as ConfirmDeleteContext,
    events: {} as ConfirmDeleteEvent,
    input: {} as ConfirmDeleteInput,
    output: {} as ConfirmDeleteOutput,
  },
  actors: {
    /** Provided by the parent: the screen's delete call. */
    remove: noRemoveActor,
    /** Provided by the parent when the question names what goes with the target. */
    describe: noDescribeActor,
  },
}).createMachine({
  id: 'confirmDelete',
  context: ({ input }) => ({ target: input.target, outcome: { result: 'cancelled' }, details: null }),
  initial: 'confirming',
  states: {
    confirming: {
      invoke: {
        id: 'describe',
        src: 'describe',
        input: ({ context }) => context.target,
        onDone: { actions: assign({ details: ({ event }) => event.output }) },
        // A failed count only leaves the number out of the question.
        onError: { actions: assign({ details: null }) },
      },
      on: { 'confirm.yes': { target: 'deleting' }, 'confirm.no': { target: 'done' } },
    },
    deleting: {
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => context.target,
        onDone: { target: 'done', actions: assign({ outcome: { result: 'deleted' } }) },
        onError: {
          target: 'done',
          actions: assign({ outcome: ({ event }) => ({ result: 'failed' as const, error: event.error }) }),
        },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => context.outcome,
});

export type ConfirmDeleteRef = ActorRefFrom<typeof confirmDeleteMachine>;

/**
 * The cycle with a screen's delete call. The call's own input type ({ id } or { slug }) is narrower than
 * DeleteTarget; the parent's invoke input gives it exactly that shape.
 */
export const confirmDeleteWith = <O, T, D extends number | null = number | null>(
  remove: PromiseActorLogic<O, T>,
  describe?: PromiseActorLogic<D, T>,
) =>
  confirmDeleteMachine.provide({
    actors: {
      remove: remove as unknown as PromiseActorLogic<unknown, DeleteTarget>,
      ...(describe && { describe: describe as unknown as PromiseActorLogic<number | null, DeleteTarget> }),
    },
  });

/** Guards for the parent's onDone branches. */
export const outcomeIs =
  (result: ConfirmDeleteOutput['result']) =>
  ({ event }: { event: { output: ConfirmDeleteOutput } }) =>
    event.output.result === result;

/** The failed call's error (for the parent's failure text); undefined unless the call failed. */
export const deleteError = (output: ConfirmDeleteOutput) => (output.result === 'failed' ? output.error : undefined);

/** How many things go with the target, once counted (null: not counted, still counting, or the count failed). */
export const deleteDetails = (snapshot: SnapshotFrom<typeof confirmDeleteMachine> | undefined) =>
  snapshot?.context.details ?? null;

/** Ha was pressed and the call runs: the dialog's buttons wait. */
export const isDeleting = (snapshot: SnapshotFrom<typeof confirmDeleteMachine> | undefined) =>
  snapshot?.matches('deleting') ?? false;
