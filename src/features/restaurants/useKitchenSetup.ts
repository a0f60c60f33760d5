import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { deviceDialogMachine } from '../../../machines/kitchenSetup/deviceDialog.machine';
import { deviceFormConfig } from '../../../machines/kitchenSetup/deviceForm.rules';
import { deviceListMachine } from '../../../machines/kitchenSetup/deviceList.machine';
import { stationDialogMachine } from '../../../machines/kitchenSetup/stationDialog.machine';
import { stationFormConfig } from '../../../machines/kitchenSetup/stationForm.rules';
import { stationListMachine } from '../../../machines/kitchenSetup/stationList.machine';
import { useDialogActor } from '../../components/dialog/useDialogActor';
import { useNotify } from '../../components/Toasts';

/**
 * The "Oshxona" section's machines with React's side: toasts; the stations' list and dialog, whose changes the
 * tablets' list hears (it names the stations its devices show); the tablets' list and "Planshet qo'shish", whose
 * answer, the one-time code, the list shows.
 */
export function useKitchenSetup(restaurantId: string) {
  const notify = useNotify();
  const [deviceLogic] = useState(() =>
    deviceListMachine.provide({ actions: { notify: (_, notice) => notify(notice) } }),
  );
  const devices = useActorRef(deviceLogic, { input: { restaurantId } });
  const [stationLogic] = useState(() =>
    stationListMachine.provide({
      actions: {
        notify: (_, notice) => notify(notice),
        stationsChanged: () => devices.send({ type: 'devices.reload' }),
      },
    }),
  );
  const stations = useActorRef(stationLogic, { input: { restaurantId } });
  const stationDialog = useDialogActor(
    stationDialogMachine,
    stationFormConfig,
    () => {
      stations.send({ type: 'stations.reload' });
      devices.send({ type: 'devices.reload' });
    },
    { restaurantId },
  );
  const deviceDialog = useDialogActor(
    deviceDialogMachine,
    deviceFormConfig,
    (pairing) => devices.send({ type: 'device.created', pairing }),
    { restaurantId },
  );
  return { stations, stationDialog, devices, deviceDialog };
}
