import { expect } from 'vitest';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  fromPromise,
  getInitialSnapshot,
  getNextSnapshot,
  type SnapshotFrom,
} from 'xstate';
import type { ModelEvent } from '../support/paths';
import { flush } from './helpers';

/** A call the machine made that the path has not settled yet. */
export interface HeldCall {
  id: string;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
export interface PathWorld {
  held: HeldCall[];
}
/** What one event must leave behind, checked after the machine took it. */
export type PathStep<S> = (world: PathWorld, event: ModelEvent, before: S, after: S) => void;

/**
 * Runs one generated path on the real machine: each of `actorIds` is an invoked call held until the path's
 * `xstate.done.actor.*` or `xstate.error.actor.*` settles it; every other event is sent as the view would. After each
 * event the machine's state must be what its own transition function gives, and `steps` says what else it must show.
 */
export async function replayPath<M extends AnyStateMachine>(
  machine: M,
  input: unknown,
  actorIds: readonly string[],
  path: { steps: ReadonlyArray<{ event: unknown }> },
  steps: Record<string, PathStep<SnapshotFrom<M>>>,
): Promise<void> {
  const world: PathWorld = { held: [] };
  const holding = (id: string) =>
    fromPromise<unknown, unknown>(
      ({ input }) => new Promise((resolve, reject) => world.held.push({ id, input, resolve, reject })),
    );
  const actors = Object.fromEntries(actorIds.map((id) => [id, holding(id)]));
  const actor = createActor(machine.provide({ actors } as never), { input } as never).start();
  let replayed = getInitialSnapshot(machine, input as never) as SnapshotFrom<M>;
  expect(actor.getSnapshot().value).toEqual((replayed as AnyMachineSnapshot).value);
  for (const step of path.steps.slice(1)) {
    const event = step.event as ModelEvent;
    const before = actor.getSnapshot() as SnapshotFrom<M>;
    if (event.type.startsWith('xstate.')) {
      const call = world.held.shift();
      expect(call, `a call is running for ${event.type}`).toBeDefined();
      expect(event.type.endsWith(call!.id)).toBe(true);
      if (event.type.startsWith('xstate.done.')) call!.resolve(event.output);
      else call!.reject(event.error);
    } else {
      world.held.length = 0;
      actor.send(event as never);
    }
    await flush();
    replayed = getNextSnapshot(machine, replayed as never, event as never) as SnapshotFrom<M>;
    const after = actor.getSnapshot() as SnapshotFrom<M>;
    expect((after as AnyMachineSnapshot).value, `after ${event.type}`).toEqual((replayed as AnyMachineSnapshot).value);
    steps[event.type]!(world, event, before, after);
  }
  actor.stop();
}
