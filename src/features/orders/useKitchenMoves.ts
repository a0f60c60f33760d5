import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import type { StaffOrder } from '../../../client/orders';
import { lineServeMachine } from '../../../machines/orders/lineServe.machine';
import { reprintMachine } from '../../../machines/orders/reprint.machine';
import { useNotify } from '../../components/Toasts';

/**
 * The orders screen's kitchen moves with React's side: "Berildi" on a ready line and "Qayta chop etish" (their
 * machines), each answered order handed to the list, and the reprint's toast.
 */
export function useKitchenMoves(onAnswered: (order: StaffOrder) => void) {
  const notify = useNotify();
  const [serveLogic] = useState(() =>
    lineServeMachine.provide({ actions: { moved: (_, { order }) => onAnswered(order) } }),
  );
  const [reprintLogic] = useState(() =>
    reprintMachine.provide({
      actions: {
        reprinted: (_, { order }) => onAnswered(order),
        notify: (_, notice) => notify(notice),
      },
    }),
  );
  return { lineServe: useActorRef(serveLogic), reprint: useActorRef(reprintLogic) };
}
