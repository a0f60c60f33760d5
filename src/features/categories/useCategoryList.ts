import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { adminCategoryListMachine } from '../../../machines/categories/adminCategoryList.machine';
import { categoryDialogMachine } from '../../../machines/categories/categoryDialog.machine';
import { categoryFormConfig } from '../../../machines/categories/categoryForm.rules';
import { categoryListMachine, categoryReorderMachine } from '../../../machines/categories/categoryList.machine';
import { useAuth } from '../../app/AuthProvider';
import { useDialogActor } from '../../components/dialog/useDialogActor';
import { storePositions } from '../../components/sortable/positionStorage';
import { useNotify } from '../../components/Toasts';

/**
 * The category list machine of a screen with React's side: toasts, the session ending on HTTP 500, the stored
 * positions, and the category modal. The modal's input names the restaurant a new category belongs to; a manager's list
 * that learns it from its first load hands it over when it opens the modal (`dialog.open` with `scope`).
 */
export function useCategoryList(variant: 'admin' | 'manager', restaurantId: string | null) {
  const notify = useNotify();
  const auth = useAuth();
  const [logic] = useState(() =>
    (variant === 'admin' ? adminCategoryListMachine : categoryListMachine).provide({
      actions: {
        notify: (_, notice) => notify(notice),
        endSession: () => auth.send({ type: 'auth.unauthorized' }),
      },
      actors: { reorder: categoryReorderMachine.provide({ actions: { storePositions } }) },
    }),
  );
  const list = useActorRef(logic, { input: { restaurantId } });
  const dialog = useDialogActor(
    categoryDialogMachine,
    categoryFormConfig,
    () => list.send({ type: 'categories.reload' }),
    { restaurantId },
  );
  return { list, dialog };
}
