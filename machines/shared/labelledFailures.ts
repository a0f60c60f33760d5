import { assign } from 'xstate';
import type { dialogMachine } from '../dialog/dialog.machine';
import { serverMessage, withFieldLabels } from './errors';

/**
 * A dialog whose failed save shows the server's reason with the form's field labels: the generic
 * dialog keeps the server's message as it is; this gives it the dialog's own `rememberFailure`.
 */
export function labelledFailures<M extends typeof dialogMachine>(
  machine: M,
  labels: Readonly<Record<string, string>>,
): M {
  return machine.provide({
    actions: {
      rememberFailure: assign((_, params: { error: unknown }) => {
        const message = serverMessage(params.error);
        return { failure: message === null ? null : withFieldLabels(message, labels) };
      }),
    },
  }) as M;
}
