import { expect } from 'vitest';
import { type AnyActorLogic, createActor, type InputFrom, type OutputFrom, toPromise } from 'xstate';

/**
 * Runs one promise actor to its end, as a machine's invoke would: what it resolves is the machine's `onDone` output,
 * what it rejects with is its `onError` error. The client module is replaced in each test (vi.mock): it is the
 * boundary of an actor's unit test.
 */
export function run<L extends AnyActorLogic>(logic: L, input: InputFrom<L>): Promise<OutputFrom<L>> {
  const actor = createActor(logic, { input });
  // Listening before start: an actor that throws at once (before any await) fails the promise, not the test run.
  const done = toPromise(actor);
  actor.start();
  return done;
}

/** The `{ signal }` option an actor passes to a client call, as the call received it. */
export const withSignal = () => ({ signal: expect.any(AbortSignal) });

/**
 * The signal a client call received is the actor's own: stopping the actor (the machine left the state that invoked
 * it) aborts the request. `lastSignal` reads the signal out of the replaced call.
 */
export async function abortsWithActor<L extends AnyActorLogic>(
  logic: L,
  input: InputFrom<L>,
  lastSignal: () => AbortSignal | undefined,
): Promise<boolean> {
  const actor = createActor(logic, { input }).start();
  await Promise.resolve();
  const signal = lastSignal();
  if (!signal || signal.aborted) return false;
  actor.stop();
  return signal.aborted;
}
