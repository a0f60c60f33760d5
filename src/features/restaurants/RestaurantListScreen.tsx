import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import { selectRole } from '../../../machines/auth/auth.selectors';
import { integrationDialogMachine } from '../../../machines/integration/integrationDialog.machine';
import { integrationFormConfig } from '../../../machines/integration/integrationDialog.rules';
import { restaurantDialogMachine } from '../../../machines/restaurants/restaurantDialog.machine';
import { restaurantFormConfig } from '../../../machines/restaurants/restaurantForm.rules';
import { restaurantListMachine } from '../../../machines/restaurants/restaurantList.machine';
import {
  restaurantListSelectors,
  selectCounts,
  selectIsReloading,
} from '../../../machines/restaurants/restaurantList.selectors';
import { useAuth } from '../../app/AuthProvider';
import { DeleteQuestion } from '../../components/ConfirmDialogQuestion';
import { Counters } from '../../components/Counters';
import { lazyDialogView } from '../../components/dialog/lazyDialogView';
import { useDialogActor } from '../../components/dialog/useDialogActor';
import { Icon } from '../../components/Icon';
import { PagedListScreen } from '../../components/PagedListScreen';
import { useNotify } from '../../components/Toasts';
import { IntegrationDialog } from './IntegrationDialog';
import { RestaurantFilters } from './RestaurantFilters';
import { RestaurantTable } from './RestaurantTable';

/** The restaurant form: fetched when "Restoran qo'shish" or an edit first opens it, not with the list. */
const RestaurantDialog = lazyDialogView(() => import('./RestaurantDialog').then((m) => m.RestaurantDialog));

/**
 * Spec 2.5: the restaurant list with its counters, paging, dialogs, sync and delete; the server pages it, and a
 * search box and status / type filters find one restaurant among hundreds.
 */
export function RestaurantListScreen() {
  const notify = useNotify();
  const isAdmin = useSelector(useAuth(), selectRole) === 'admin';
  const [logic] = useState(() => restaurantListMachine.provide({ actions: { notify: (_, notice) => notify(notice) } }));
  const list = useActorRef(logic);
  const reload = () => list.send({ type: 'restaurants.reload' });
  const dialog = useDialogActor(restaurantDialogMachine, restaurantFormConfig, reload);
  const integration = useDialogActor(integrationDialogMachine, integrationFormConfig, reload);

  const reloading = useSelector(list, selectIsReloading);
  const counts = useSelector(list, selectCounts);

  return (
    <PagedListScreen
      list={list}
      select={restaurantListSelectors}
      title={uz.restaurants}
      actions={
        isAdmin && (
          <div className="d-flex flex-wrap gap-2">
            <Button onClick={() => dialog.send({ type: 'dialog.open' })}>
              <Icon name="plus" /> {uz.addRestaurant}
            </Button>
            <Button variant="outline-primary" onClick={() => integration.send({ type: 'dialog.open' })}>
              <Icon name="sync" /> {uz.addFromIntegration}
            </Button>
          </div>
        )
      }
      toolbar={
        <>
          {isAdmin && counts && (
            <Counters
              items={[
                { label: uz.countAll, value: counts.all_count, tone: 'primary' },
                { label: uz.countActive, value: counts.active_count, tone: 'success' },
                { label: uz.countInactive, value: counts.inactive_count, tone: 'danger' },
              ]}
            />
          )}
          {isAdmin && <RestaurantFilters list={list} busy={reloading} />}
        </>
      }
      loadFailedText={uz.restaurantLoadFailed}
      retry={{ type: 'restaurants.retry' }}
      emptyText={uz.emptyRestaurants}
      deleteQuestion={(r) => (
        <DeleteQuestion question={uz.confirmDeleteRestaurant(r.name)} what={uz.restaurantDeleteWhat(r.name)} />
      )}
      dialogs={
        <>
          <RestaurantDialog actor={dialog} onUploaded={reload} />
          {isAdmin && <IntegrationDialog actor={integration} />}
        </>
      }
    >
      <RestaurantTable list={list} isAdmin={isAdmin} onEdit={(r) => dialog.send({ type: 'dialog.open', item: r })} />
    </PagedListScreen>
  );
}
