import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { dialogMachine } from '../../../machines/dialog/dialog.machine';
import type { DialogConfig } from '../../../machines/dialog/dialog.types';
import { useNotify } from '../Toasts';

export type DialogActor = ActorRefFrom<typeof dialogMachine>;

/**
 * Runs one create/edit dialog machine (a `dialogMachine.provide(...)` of a feature) with React's actions: toasts,
 * and `onSaved` (usually: reload what the dialog changed).
 */
export function useDialogActor(
  machine: typeof dialogMachine,
  config: DialogConfig,
  onSaved?: (output: unknown) => void,
): DialogActor {
  const notify = useNotify();
  const saved = useRef(onSaved);
  saved.current = onSaved;
  const [logic] = useState(() =>
    machine.provide({
      actions: {
        notify: (_, params) => notify(params),
        saved: (_, params) => saved.current?.(params.output),
      },
    }),
  );
  return useActorRef(logic, { input: { config } });
}
