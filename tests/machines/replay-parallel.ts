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
import type { HeldCall } from './replay-path';

/** The calls of a machine whose regions run calls side by side: those still running, and those the last step began. */
export interface ParallelWorld {
  running: HeldCall[];
  started: HeldCall[];
}
export type ParallelStep<S> = (world: ParallelWorld, event: ModelEvent, before: S, after: S) => void;

/**
 * replayPath (./replay-path.ts) for a machine with parallel regions, whose calls overlap (a list's load while its
 * delete question runs): each invoked call of `actorIds` is held until the path's `xstate.done.actor.<id>` or
 * `xstate.error.actor.<id>` settles the newest running call of that id; a call its state left (aborted) stops
 * running. Every other event is sent as the view would. After each event the machine's state must be what its own
 * transition function gives, and `steps` says what else it must show.
 */
export async function replayParallelPath<M extends AnyStateMachine>(
  machine: M,
  input: unknown,
  actorIds: readonly string[],
  path: { steps: ReadonlyArray<{ event: unknown }> },
  steps: Record<string, ParallelStep<SnapshotFrom<M>>>,
): Promise<void> {
  const world: ParallelWorld = { running: [], started: [] };
  const holding = (id: string) =>
    fromPromise<unknown, unknown>(
      ({ input, signal }) =>
        new Promise((resolve, reject) => {
          const call: HeldCall = { id, input, resolve, reject };
          signal.addEventListener('abort', () => {
            world.running = world.running.filter((c) => c !== call);
          });
          world.running.push(call);
          world.started.push(call);
        }),
    );
  const actors = Object.fromEntries(actorIds.map((id) => [id, holding(id)]));
  const actor = createActor(machine.provide({ actors } as never), { input } as never).start();
  let replayed = getInitialSnapshot(machine, input as never) as SnapshotFrom<M>;
  expect(actor.getSnapshot().value).toEqual((replayed as AnyMachineSnapshot).value);
  for (const step of path.steps.slice(1)) {
    const event = step.event as ModelEvent;
    const before = actor.getSnapshot() as SnapshotFrom<M>;
    world.started = [];
    if (event.type.startsWith('xstate.')) {
      const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
      const call = world.running.filter((c) => c.id === id).at(-1);
      expect(call, `a ${id} call is running for ${event.type}`).toBeDefined();
      world.running = world.running.filter((c) => c !== call);
      if (event.type.startsWith('xstate.done.')) call!.resolve(event.output);
      else call!.reject(event.error);
    } else {
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
