import { fromPromise } from 'xstate';
import { ApiError } from '../../client/client';

/** Promise actors for machine tests: they resolve, reject or never settle, and record their inputs and aborts. */
export interface Probe<I> {
  inputs: I[];
  aborted: number;
}

export function resolving<O, I = unknown>(output: O | ((input: I) => O)) {
  const probe: Probe<I> = { inputs: [], aborted: 0 };
  const logic = fromPromise<O, I>(async ({ input, signal }) => {
    probe.inputs.push(input);
    signal.addEventListener('abort', () => probe.aborted++);
    return typeof output === 'function' ? (output as (input: I) => O)(input) : output;
  });
  return { logic, probe };
}

export function rejecting<I = unknown>(status = 500, message = 'Serverda xatolik') {
  const probe: Probe<I> = { inputs: [], aborted: 0 };
  const logic = fromPromise<never, I>(async ({ input }) => {
    probe.inputs.push(input);
    throw new ApiError(status, message);
  });
  return { logic, probe };
}

export function pending<I = unknown>() {
  const probe: Probe<I> = { inputs: [], aborted: 0 };
  const logic = fromPromise<never, I>(
    ({ input, signal }) =>
      new Promise<never>(() => {
        probe.inputs.push(input);
        signal.addEventListener('abort', () => probe.aborted++);
      }),
  );
  return { logic, probe };
}

/** Lets settled promise actors report back. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
