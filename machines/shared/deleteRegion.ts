import { assign, type EventObject, forwardTo, type MachineContext, type PromiseActorLogic, raise } from 'xstate';
import {
  CONFIRM_DELETE_ID,
  type ConfirmDeleteOutput,
  confirmDeleteWith,
  type DeleteTarget,
  deleteError,
  outcomeIs,
} from './confirmDelete.machine';
import type { Notice } from './notify';
import type { InvokingState, MachineActions, RegionState } from './regionTypes';

/**
 * The delete question as a piece of a screen's machine (spec 8: every delete asks Ha / Yo‘q first). `confirmingState`
 * is the state that holds the question open: it invokes the confirm-delete cycle (confirmDelete.machine.ts), hands
 * it the dialog's answers and, when the cycle ends, says how it went (the screen's notices) and where the screen goes
 * next. `deleteRegion` adds the resting state around it (`idle`, where the row's delete button asks the question),
 * for the lists that delete beside their other work (a parallel `removal` region). `deleteActors` is what either
 * needs in the machine's `setup({ actors })`. Each screen keeps its own words, targets and what a delete changes on
 * screen; what every screen does alike is here once.
 */

/** What every delete question says: its target, how it ends, and where the screen goes then. */
interface DeleteOutcomes<TContext extends MachineContext, TEvent extends EventObject> {
  /** The machine's context and events, as in its `setup({ types })`. */
  types: { context: TContext; events: TEvent };
  /** What the delete call is asked to remove: the thing the question names. */
  target: (context: TContext) => DeleteTarget;
  /** What the screen stops remembering once the question closes, however it ended (the row asked about). */
  forget?: Partial<TContext>;
  deleted: {
    /** Where the screen goes after the delete; default: `back`. */
    target?: string;
    notice: Notice;
    /** The deleted thing leaves what the screen shows at once (before `forget`, which clears its id). */
    drop?: (context: TContext) => Partial<TContext>;
    /** Run first, while the deleted thing is still remembered (tell the ordering child to forget it…). */
    actions?: MachineActions;
    /** Run after the notice (leave the screen, tell the parent…). */
    after?: MachineActions;
    /** The screen's reload event, raised last: the list is asked again without the deleted row. */
    reload?: TEvent;
  };
  failed: {
    /** The error notice: fixed, or built from the call's error (the server's reason). */
    notice: Notice | ((error: unknown) => Notice);
    /** Which failures are reported at all (spec 8: some screens report only HTTP 500); default: every one. */
    reported?: (error: unknown) => boolean;
  };
}

export interface ConfirmingOptions<TContext extends MachineContext, TEvent extends EventObject>
  extends DeleteOutcomes<TContext, TEvent> {
  /** Where the screen goes when the question closes without a delete (Yo‘q, or a failed call). */
  back: string;
}

const asList = (actions: MachineActions): unknown[] =>
  actions === undefined ? [] : Array.isArray(actions) ? actions : [actions];

type DoneArgs = { event: { output: ConfirmDeleteOutput } };

/** The question state: the invoked cycle, the answers forwarded to it, and its three outcomes. */
export function confirmingState<TContext extends MachineContext, TEvent extends EventObject>(
  options: ConfirmingOptions<TContext, TEvent>,
): InvokingState<typeof CONFIRM_DELETE_ID, TContext, { target: DeleteTarget }> {
  const { back, deleted, failed } = options;
  const { drop } = deleted;
  const forget = options.forget ? [assign(options.forget)] : [];
  const isFailure = (args: DoneArgs) =>
    outcomeIs('failed')(args) && (failed.reported?.(deleteError(args.event.output)) ?? true);
  const failureNotice = ({ event }: DoneArgs) =>
    typeof failed.notice === 'function' ? failed.notice(deleteError(event.output)) : failed.notice;
  return {
    // The dialog's answers go to the cycle.
    on: {
      'confirm.yes': { actions: forwardTo(CONFIRM_DELETE_ID) },
      'confirm.no': { actions: forwardTo(CONFIRM_DELETE_ID) },
    },
    invoke: {
      id: CONFIRM_DELETE_ID,
      src: CONFIRM_DELETE_ID,
      input: ({ context }) => ({ target: options.target(context) }),
      onDone: [
        {
          guard: outcomeIs('deleted'),
          target: deleted.target ?? back,
          actions: [
            ...asList(deleted.actions),
            ...(drop ? [assign(({ context }: { context: TContext }) => drop(context))] : []),
            ...forget,
            { type: 'notify', params: deleted.notice },
            ...asList(deleted.after),
            ...(deleted.reload ? [raise(deleted.reload)] : []),
          ],
        },
        { guard: isFailure, target: back, actions: [...forget, { type: 'notify', params: failureNotice }] },
        { target: back, actions: forget },
      ],
      // The cycle itself never fails (its call's failure is an outcome); kept for the invoke convention.
      onError: { target: back, actions: forget },
    },
  };
}

export interface DeleteRegionOptions<TContext extends MachineContext, TEvent extends EventObject>
  extends DeleteOutcomes<TContext, TEvent> {
  /** The row's delete button: its event, and (for events naming a row) which rows exist and what is remembered. */
  ask: {
    event: TEvent['type'];
    /** The row named by the event is on screen; no question for one that is not. */
    exists?: (context: TContext, id: string) => boolean;
    /** What the screen remembers about the row while the question is open. */
    remember?: (context: TContext, id: string) => Partial<TContext>;
  };
}

type AskArgs<TContext> = { context: TContext; event: EventObject & { id?: string } };

/** A parallel `removal` region: `idle` until a delete is asked, `confirming` while the question is open. */
export function deleteRegion<TContext extends MachineContext, TEvent extends EventObject>(
  options: DeleteRegionOptions<TContext, TEvent>,
): {
  initial: 'idle';
  states: {
    idle: RegionState;
    confirming: InvokingState<typeof CONFIRM_DELETE_ID, TContext, { target: DeleteTarget }>;
  };
} {
  const { ask, ...confirming } = options;
  const { exists, remember } = ask;
  return {
    initial: 'idle',
    states: {
      idle: {
        on: {
          [ask.event]: {
            ...(exists && { guard: ({ context, event }: AskArgs<TContext>) => exists(context, event.id ?? '') }),
            target: 'confirming',
            ...(remember && {
              actions: assign(({ context, event }: AskArgs<TContext>) => remember(context, event.id ?? '')),
            }),
          },
        },
      },
      /** The question is open and, after Ha, the call runs: the child `confirmDelete`. */
      confirming: confirmingState({ ...confirming, back: 'idle' }),
    },
  };
}

/**
 * The confirm-delete cycle with the screen's delete call, for `setup({ actors })`, and the question's count of what
 * goes with the target when the screen has one (a category's products).
 */
export const deleteActors = <O, T, D extends number | null = number | null>(
  remove: PromiseActorLogic<O, T>,
  describe?: PromiseActorLogic<D, T>,
) => ({ [CONFIRM_DELETE_ID]: confirmDeleteWith(remove, describe) }) as const;
