import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import type { StaffOrder } from '../../../client/orders';
import { posRetryMachine } from '../../../machines/orders/posRetry.machine';

/** The till retry machine of the orders screen with React's side of it: the answered order handed to the list. */
export function usePosRetry(onRetried: (order: StaffOrder) => void) {
  const [logic] = useState(() =>
    posRetryMachine.provide({
      actions: {
        retried: (_, { order }) => onRetried(order),
      },
    }),
  );
  return useActorRef(logic);
}
