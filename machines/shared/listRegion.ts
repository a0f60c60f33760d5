import {
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventObject,
  type MachineContext,
  type PromiseActorLogic,
} from 'xstate';
import {
  type ListQuery,
  pageCount,
  pageToShow,
  SEARCH_DEBOUNCE_MS,
  type StatusFilter,
  setQueryAction,
  setStatusAction,
} from './listQuery';
import type { Notice } from './notify';
import type { InvokingState, RegionState, RegionTransition } from './regionTypes';

/**
 * A list's loading as a piece of a screen's machine: `loading` runs the list's call, `ready` shows the answer,
 * `failed` shows the error with 'Qayta urinish' (the retry event); the reload event (after a save, a delete, a sync)
 * asks again from every one of them, and while loading it starts the call again (the running one is aborted). Each
 * screen keeps its own call, event names and what the answer fills in; the states come back one by one, so the
 * screen places them in its own order and adds its own transitions (`ready.on`). `pagedListRegion` adds what the
 * admin's server-paged lists share: the page, the search typed with a pause (`typing`) and the status filter.
 */

export interface ListRegionOptions<
  TContext extends MachineContext,
  TEvent extends EventObject,
  TName extends string,
  TInput,
  TOutput,
> {
  /** The machine's context and events, as in its `setup({ types })`. */
  types: { context: TContext; events: TEvent };
  /** The list's call: its actor's name (the invoke's id too, so screens and tests can provide it) and its logic. */
  load: { name: TName; actor: PromiseActorLogic<TOutput, TInput>; input: (context: TContext) => TInput };
  /** What the answer changes in context. */
  loaded?: (context: TContext, output: TOutput) => Partial<TContext>;
  /**
   * A named action run after the answer is in context, with params from it (the ordering child's new ids, the
   * option cards spawned for the loaded options).
   */
  alsoLoaded?: { type: string; params: (context: TContext, output: TOutput) => Record<string, unknown> };
  /** 'Qayta urinish' on the load error. */
  retry: TEvent['type'];
  /** Load again (after a save or a delete); none: the list is only loaded once. */
  reload?: TEvent['type'];
  failed?: {
    /** Shown as a toast when the load fails. */
    notice?: Notice;
    /** Which failures show the notice (spec 8: some screens report only HTTP 500); default: every one. */
    reported?: (error: unknown) => boolean;
    /** Branches tried before `failed` (HTTP 500 ends the session on the category list). */
    before?: readonly RegionTransition[];
  };
}

/** The list's states. `ready.on` is there to be spread: the screen adds its own transitions to it. */
export type ListStates<TName extends string, TContext extends MachineContext, TInput> = {
  loading: InvokingState<TName, TContext, TInput>;
  ready: RegionState & { on: Record<string, RegionTransition> };
  failed: RegionState;
};

type Args<TContext, TEvent> = { context: TContext; event: TEvent };

const toLoading = { target: 'loading' } as const;

function failedBranches(failed: ListRegionOptions<MachineContext, EventObject, string, unknown, unknown>['failed']) {
  const notice = failed?.notice;
  const reported = failed?.reported;
  const toFailed: RegionTransition[] = notice
    ? [
        {
          ...(reported && { guard: ({ event }: { event: ErrorActorEvent }) => reported(event.error) }),
          target: 'failed',
          actions: { type: 'notify', params: notice },
        },
        ...(reported ? [{ target: 'failed' }] : []),
      ]
    : [{ target: 'failed' }];
  return [...(failed?.before ?? []), ...toFailed];
}

function regionStates<
  TContext extends MachineContext,
  TEvent extends EventObject,
  TName extends string,
  TInput,
  TOutput,
>(
  options: ListRegionOptions<TContext, TEvent, TName, TInput, TOutput>,
  onDoneFirst: RegionTransition[],
  shown: Record<string, RegionTransition>,
): ListStates<TName, TContext, TInput> {
  const { load, loaded, alsoLoaded, reload, retry } = options;
  const reloads = reload ? { [reload]: toLoading } : {};
  const fill =
    loaded &&
    assign<TContext, DoneActorEvent<TOutput>, undefined, TEvent, never>(({ context, event }) =>
      loaded(context, event.output),
    );
  const also = alsoLoaded && {
    type: alsoLoaded.type,
    params: ({ context, event }: Args<TContext, DoneActorEvent<TOutput>>) => alsoLoaded.params(context, event.output),
  };
  const onLoaded = [fill, also].filter((action) => action !== undefined);
  return {
    loading: {
      invoke: {
        id: load.name,
        src: load.name,
        input: ({ context }) => load.input(context),
        onDone: [...onDoneFirst, { target: 'ready', actions: onLoaded }],
        onError: failedBranches(options.failed),
      },
      // A reload while loading starts again (the running call is aborted).
      on: { ...(reload ? { [reload]: { target: 'loading', reenter: true } } : {}), ...shown },
    },
    ready: { on: { ...reloads, ...shown } },
    failed: { on: { [retry]: toLoading, ...reloads, ...shown } },
  };
}

/** The list's `loading`, `ready` and `failed` states, and its call for `setup({ actors })`. */
export function listRegion<
  TContext extends MachineContext,
  TEvent extends EventObject,
  TName extends string,
  TInput,
  TOutput,
>(options: ListRegionOptions<TContext, TEvent, TName, TInput, TOutput>) {
  return {
    actors: { [options.load.name]: options.load.actor } as Record<TName, PromiseActorLogic<TOutput, TInput>>,
    states: regionStates(options, [], {}),
  };
}

/** What the admin's server-paged lists keep in context. */
export type PagedContext = ListQuery & { total: number };

export interface PagedListOptions<
  TContext extends PagedContext,
  TEvent extends EventObject,
  TName extends string,
  TInput,
  TOutput,
> extends ListRegionOptions<TContext, TEvent, TName, TInput, TOutput> {
  /** The answer's matches in all pages and its rows on this page. */
  counted: (output: TOutput) => { total: number; rows: number };
  /** The screen's own filters (besides the search and the status), each a change of what is shown. */
  filters?: Record<string, RegionTransition>;
}

/**
 * A server-paged list (the admin's restaurants and managers): the list states plus `typing`, the page buttons and
 * the search and filters in every state that shows the list (a new search or filter starts again at page 1), with
 * the guards and actions they name for `setup({ guards, actions })`. Every change of what is shown leaves `loading`
 * and enters it again, which stops the call running: an older, slower answer never replaces a newer one.
 */
export function pagedListRegion<
  TContext extends PagedContext,
  TEvent extends EventObject,
  TName extends string,
  TInput,
  TOutput,
>(options: PagedListOptions<TContext, TEvent, TName, TInput, TOutput>) {
  const shown: Record<string, RegionTransition> = {
    'search.change': { target: 'typing', reenter: true, actions: setQueryAction },
    'filter.status': { target: 'loading', reenter: true, actions: setStatusAction },
    ...options.filters,
  };
  const pageGone: RegionTransition = {
    // The page asked for is gone (its last rows were deleted): ask for the last page there is.
    guard: ({ context, event }: Args<TContext, DoneActorEvent<TOutput>>) =>
      pageToShow(context.page, options.counted(event.output)) !== null,
    target: 'loading',
    reenter: true,
    actions: assign<TContext, DoneActorEvent<TOutput>, undefined, TEvent, never>(
      ({ event }) => ({ page: pageCount(options.counted(event.output).total) }) as Partial<TContext>,
    ),
  };
  const { loading, ready, failed } = regionStates(options, [pageGone], shown);
  const reloads = options.reload ? { [options.reload]: toLoading } : {};
  const turn = (by: number) =>
    assign<TContext, TEvent, undefined, TEvent, never>(
      ({ context }) => ({ page: context.page + by }) as Partial<TContext>,
    );
  const states: ListStates<TName, TContext, TInput> & { typing: RegionState } = {
    loading,
    /** The search text changed: wait for a pause in typing, then ask (page 1). */
    typing: { after: { [SEARCH_DEBOUNCE_MS]: toLoading }, on: { ...reloads, ...shown } },
    ready: {
      on: {
        ...ready.on,
        'page.next': { guard: 'hasNextPage', target: 'loading', actions: turn(1) },
        'page.prev': { guard: 'hasPrevPage', target: 'loading', actions: turn(-1) },
      },
    },
    failed,
  };
  return {
    actors: listRegion(options).actors,
    guards: {
      hasNextPage: ({ context }: { context: TContext }) => context.page < pageCount(context.total),
      hasPrevPage: ({ context }: { context: TContext }) => context.page > 1,
    },
    actions: {
      setQuery: assign<TContext, TEvent, { value: string }, TEvent, never>(
        (_, { value }) => ({ query: value, page: 1 }) as Partial<TContext>,
      ),
      setStatus: assign<TContext, TEvent, { value: StatusFilter }, TEvent, never>(
        (_, { value }) => ({ status: value, page: 1 }) as Partial<TContext>,
      ),
    },
    states,
  };
}
