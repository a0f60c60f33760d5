import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { forgetKitchenToken, readKitchenToken, storeKitchenToken } from '../../../client/kitchen';
import { kitchenDisplayMachine } from '../../../machines/kitchen/kitchenDisplay.machine';
import { kitchenPairingMachine } from '../../../machines/kitchen/kitchenPairing.machine';
import { playOrderAlert, prepareOrderAlert } from '../../app/alertSound';

/**
 * The kitchen's machines with React's side of them: the device token kept in localStorage (through safeLocalStorage),
 * and the new order's beep. The tap that allows sound plays it once: browsers start audio only inside a tap, and the
 * cook hears that it works. The audio output is made beforehand, silent, while the screen opens (prepareOrderAlert),
 * so that tap, often the first dish tapped, does not wait for it.
 */
export function useKitchen() {
  useEffect(() => prepareOrderAlert(), []);
  const [logic] = useState(() =>
    kitchenPairingMachine.provide({
      actions: {
        storeToken: (_, { token }) => storeKitchenToken(token),
        forgetToken: () => forgetKitchenToken(),
      },
      actors: {
        kitchenDisplay: kitchenDisplayMachine.provide({
          actions: {
            alert: () => playOrderAlert(),
            allowSound: () => playOrderAlert(),
          },
        }),
      },
    }),
  );
  return useActorRef(logic, { input: { token: readKitchenToken() } });
}

export type KitchenActor = ReturnType<typeof useKitchen>;
