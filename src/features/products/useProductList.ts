import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import type { Role } from '../../../client/types';
import { productDialogMachine, productDialogScope } from '../../../machines/products/productDialog.machine';
import { productFormConfig } from '../../../machines/products/productForm.rules';
import { managerProductListActors } from '../../../machines/products/productList.actors';
import { productListMachine, productReorderMachine } from '../../../machines/products/productList.machine';
import { useDialogActor } from '../../components/dialog/useDialogActor';
import { storePositions } from '../../components/sortable/positionStorage';
import { useNotify } from '../../components/Toasts';

/** A category's product list machine with React's side (toasts, stored positions) and its product form. */
export function useProductList(categoryId: string, role: Role, restaurantId: string | null) {
  const notify = useNotify();
  const [logic] = useState(() =>
    productListMachine.provide({
      actions: { notify: (_, notice) => notify(notice) },
      actors: {
        ...(role === 'manager' ? managerProductListActors : {}),
        reorder: productReorderMachine.provide({ actions: { storePositions } }),
      },
    }),
  );
  // The admin's list reads its restaurant's languages; a manager's reads the working restaurant's.
  const list = useActorRef(logic, { input: { categoryId, restaurantId: role === 'admin' ? restaurantId : null } });
  const [config] = useState(() => productFormConfig(categoryId));
  const dialog = useDialogActor(
    productDialogMachine,
    config,
    () => list.send({ type: 'products.reload' }),
    productDialogScope(role, restaurantId),
  );
  return { list, dialog };
}
