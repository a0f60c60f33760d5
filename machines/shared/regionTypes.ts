import type { AnyTransitionConfig, MachineContext } from 'xstate';

/**
 * The types of the states the shared regions build (deleteRegion.ts, listRegion.ts). Their transitions and actions
 * are checked where they are built, against the region's own options; the machine that takes them checks the
 * states' names and what they invoke (the actor's name and input), which is what ties them to its `setup`. They are
 * plain object types (not xstate's generic config interfaces), so they fit a machine whatever its guards and actions.
 */

/** An action of the machine a state is put in: a named one, or an inline assign / sendTo / raise. */
export type MachineActions = AnyTransitionConfig['actions'];

/** A transition: where to, under which guard, with which actions. */
export type RegionTransition = Pick<AnyTransitionConfig, 'target' | 'reenter' | 'guard' | 'actions'>;

export type RegionTransitions = Record<string, RegionTransition | RegionTransition[]>;

/** An atomic state (no child states: the machine's state value names it as a leaf). */
export type RegionState = {
  entry?: MachineActions;
  on?: RegionTransitions;
  after?: RegionTransitions;
};

/** An invoke of a named actor (the machine's `setup({ actors })` has it under `TName`). */
export type RegionInvoke<TName extends string, TContext extends MachineContext, TInput> = {
  id: TName;
  src: TName;
  input: (args: { context: TContext }) => TInput;
  onDone: RegionTransition[];
  onError: RegionTransition | RegionTransition[];
};

export type InvokingState<TName extends string, TContext extends MachineContext, TInput> = RegionState & {
  invoke: RegionInvoke<TName, TContext, TInput>;
};
