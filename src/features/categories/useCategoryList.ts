import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { uz } from '../../../lib/uz';
import { adminCategoryListMachine } from '../../../machines/categories/adminCategoryList.machine';
import { categoryDialogMachine } from '../../../machines/categories/categoryDialog.machine';
import { categoryFormConfig } from '../../../machines/categories/categoryForm.rules';
import { categoryListMachine, categoryOrderingMachine } from '../../../machines/categories/categoryList.machine';
import { selectRestaurantId } from '../../../machines/categories/categoryList.selectors';
import { useAuth } from '../../app/AuthProvider';
import { useAdjustedDialogActor } from '../../components/dialog/useAdjustedDialogActor';
import { storeOrder } from '../../components/sortable/orderStorage';
import { useNotify } from '../../components/Toasts';

/**
 * The category list machine of a screen with React's side: toasts, the session ending on HTTP 500, the stored
 * order, and the category modal (whose "nothing changed" alert is spec 5's own text).
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
      actors: { ordering: categoryOrderingMachine.provide({ actions: { storeOrder } }) },
    }),
  );
  const list = useActorRef(logic, { input: { restaurantId } });
  const currentRestaurant = useRef<string | null>(restaurantId);
  currentRestaurant.current = useSelector(list, selectRestaurantId) ?? restaurantId;
  const [dialogLogic] = useState(() => categoryDialogMachine(() => currentRestaurant.current));
  const dialog = useAdjustedDialogActor(
    dialogLogic,
    categoryFormConfig,
    (notice) => (notice.text === uz.noChanges ? { ...notice, text: uz.categoryNoChanges } : notice),
    () => list.send({ type: 'categories.reload' }),
  );
  return { list, dialog };
}
