import { fromPromise } from 'xstate';

/**
 * A promise actor whose every call waits until the test settles it, in any order: how a slow older request and
 * a quick newer one are made to answer out of turn.
 */
export function deferred<O, I = unknown>() {
  const calls: Array<{ input: I; aborted: boolean; resolve: (output: O) => void; reject: (error: unknown) => void }> =
    [];
  const logic = fromPromise<O, I>(
    ({ input, signal }) =>
      new Promise<O>((resolve, reject) => {
        const call = { input, aborted: false, resolve, reject };
        signal.addEventListener('abort', () => {
          call.aborted = true;
        });
        calls.push(call);
      }),
  );
  return { logic, calls };
}
