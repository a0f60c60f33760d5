import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { readOrdersMuted, storeOrdersMuted } from '../../../client/orders';
import { ordersMachine } from '../../../machines/orders/orders.machine';
import { playOrderAlert } from '../../app/alertSound';
import { useNotify } from '../../components/Toasts';

/**
 * The orders machine of the screen with React's side of it: toasts, the beep and vibration of a new order or call
 * (the machine already left out the muted and the known ones), and the mute choice kept on this device.
 */
export function useOrders(scope: 'admin' | 'manager', restaurantId: string | null) {
  const notify = useNotify();
  const [logic] = useState(() =>
    ordersMachine.provide({
      actions: {
        notify: (_, notice) => notify(notice),
        alert: () => playOrderAlert(),
        storeMuted: (_, { muted }) => storeOrdersMuted(muted),
      },
    }),
  );
  return useActorRef(logic, { input: { scope, restaurantId, muted: readOrdersMuted() } });
}
