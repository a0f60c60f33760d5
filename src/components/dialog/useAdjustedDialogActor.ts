import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import type { EventObject } from 'xstate';
import type { dialogMachine } from '../../../machines/dialog/dialog.machine';
import type { DialogConfig } from '../../../machines/dialog/dialog.types';
import type { Notice } from '../../../machines/shared/notify';
import { useNotify } from '../Toasts';
import type { DialogActor } from './useDialogActor';

/**
 * useDialogActor for a dialog whose toasts the spec words differently: `adjust` sees each notice with the event
 * that caused it (a failed call's error included) and answers the notice to show, or null for none. The category
 * modal says 'O‘zgarishlar mavjud emas!' (spec 5); option and row dialogs stay silent unless the server answered
 * HTTP 500 (spec 8).
 */
export function useAdjustedDialogActor(
  machine: typeof dialogMachine,
  config: DialogConfig,
  adjust: (notice: Notice, event: EventObject) => Notice | null,
  onSaved?: (output: unknown) => void,
): DialogActor {
  const notify = useNotify();
  const saved = useRef(onSaved);
  saved.current = onSaved;
  const [logic] = useState(() =>
    machine.provide({
      actions: {
        notify: ({ event }, params) => {
          const notice = adjust(params, event);
          if (notice) notify(notice);
        },
        saved: (_, params) => saved.current?.(params.output),
      },
    }),
  );
  return useActorRef(logic, { input: { config } });
}
