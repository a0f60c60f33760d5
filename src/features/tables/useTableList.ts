import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import type { Role } from '../../../client/types';
import { tableBulkDialogMachine, tableDialogMachine } from '../../../machines/tables/tableDialog.machine';
import { tableBulkFormConfig, tableFormConfig } from '../../../machines/tables/tableForm.rules';
import { tableListMachine } from '../../../machines/tables/tableList.machine';
import { useAuth } from '../../app/AuthProvider';
import { useDialogActor } from '../../components/dialog/useDialogActor';
import { useNotify } from '../../components/Toasts';

/**
 * The tables machine of the screen with React's side: toasts, the manager's chosen restaurant told to the session
 * (it becomes the working one), and the two dialogs (add / rename, and "1" to "N"), whose saves reload the list.
 */
export function useTableList(role: Role, restaurantId: string | null) {
  const notify = useNotify();
  const auth = useAuth();
  const [logic] = useState(() =>
    tableListMachine.provide({
      actions: {
        notify: (_, notice) => notify(notice),
        restaurantChosen: (_, { restaurantId: id }) => auth.send({ type: 'restaurant.select', restaurantId: id }),
      },
    }),
  );
  const list = useActorRef(logic, { input: { role, restaurantId } });
  const reload = () => list.send({ type: 'tables.reload' });
  const dialog = useDialogActor(tableDialogMachine, tableFormConfig, reload);
  const bulk = useDialogActor(tableBulkDialogMachine, tableBulkFormConfig, reload);
  return { list, dialog, bulk };
}
