import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { cashPaymentMachine } from '../../../machines/orders/cashPayment.machine';
import { useNotify } from '../../components/Toasts';

/** The cash machine of the orders screen with React's side of it: its toast, and the lists read again once paid. */
export function useCashPayment(onPaid: () => void) {
  const notify = useNotify();
  const [logic] = useState(() =>
    cashPaymentMachine.provide({
      actions: {
        notify: (_, notice) => notify(notice),
        paid: () => onPaid(),
      },
    }),
  );
  return useActorRef(logic);
}
