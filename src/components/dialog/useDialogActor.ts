import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { dialogMachine, TypedDialogMachine } from '../../../machines/dialog/dialog.machine';
import type { DialogConfig, DialogScope } from '../../../machines/dialog/dialog.types';
import { useNotify } from '../Toasts';

export type DialogActor = ActorRefFrom<typeof dialogMachine>;

/**
 * Runs one create/edit dialog machine (a feature's `dialogWith(...)`) with React's actions: toasts, and `onSaved`
 * (usually: reload what the dialog changed), which receives the dialog's answer as its machine types it. `scope`:
 * what the dialog is for (its input; see DialogScope).
 */
export function useDialogActor<TOutput>(
  machine: TypedDialogMachine<TOutput>,
  config: DialogConfig,
  onSaved?: (output: TOutput) => void,
  scope?: DialogScope,
): DialogActor {
  const notify = useNotify();
  const saved = useRef(onSaved);
  saved.current = onSaved;
  const [logic] = useState(() =>
    machine.provide({
      actions: {
        notify: (_, params) => notify(params),
        // The machine passes its actors' answer on untouched: TypedDialogMachine<TOutput> says what it is.
        saved: (_, params) => saved.current?.(params.output as TOutput),
      },
    }),
  );
  return useActorRef(logic, { input: { config, scope } });
}
