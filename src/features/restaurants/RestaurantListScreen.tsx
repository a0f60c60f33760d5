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
  selectConfirmDelete,
  selectCounts,
  selectDeleteTarget,
  selectIsEmpty,
  selectIsFirstLoad,
  selectIsReloading,
  selectLoadFailed,
  selectNothingFound,
  selectRange,
} from '../../../machines/restaurants/restaurantList.selectors';
import { useAuth } from '../../app/AuthProvider';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DeleteQuestion } from '../../components/ConfirmDialogQuestion';
import { Counters } from '../../components/Counters';
import { useDialogActor } from '../../components/dialog/useDialogActor';
import { Icon } from '../../components/Icon';
import { LoadError, Loading } from '../../components/LoadState';
import { RangePager } from '../../components/RangePager';
import { useNotify } from '../../components/Toasts';
import { useDeleting } from '../../components/useDeleting';
import { IntegrationDialog } from './IntegrationDialog';
import { RestaurantDialog } from './RestaurantDialog';
import { RestaurantFilters } from './RestaurantFilters';
import { RestaurantTable } from './RestaurantTable';

/**
 * Spec 2.5: the restaurant list with its counters, paging, dialogs, sync and delete; the server pages it, and a
 * search box and status / type filters find one restaurant among hundreds (issue 13 #3).
 */
export function RestaurantListScreen() {
  const notify = useNotify();
  const isAdmin = useSelector(useAuth(), selectRole) === 'admin';
  const [logic] = useState(() => restaurantListMachine.provide({ actions: { notify: (_, notice) => notify(notice) } }));
  const list = useActorRef(logic);
  const reload = () => list.send({ type: 'restaurants.reload' });
  const dialog = useDialogActor(restaurantDialogMachine, restaurantFormConfig, reload);
  const integration = useDialogActor(integrationDialogMachine, integrationFormConfig, reload);

  const firstLoad = useSelector(list, selectIsFirstLoad);
  const reloading = useSelector(list, selectIsReloading);
  const failed = useSelector(list, selectLoadFailed);
  const empty = useSelector(list, selectIsEmpty);
  const counts = useSelector(list, selectCounts);
  const nothingFound = useSelector(list, selectNothingFound);
  const range = useSelector(
    list,
    selectRange,
    (a, b) => a.first === b.first && a.last === b.last && a.total === b.total,
  );
  const canPrev = useSelector(list, (s) => s.can({ type: 'page.prev' }));
  const canNext = useSelector(list, (s) => s.can({ type: 'page.next' }));
  const deleteTarget = useSelector(list, selectDeleteTarget);
  const deleting = useDeleting(useSelector(list, selectConfirmDelete));
  const hasRows = useSelector(list, (s) => s.context.restaurants.length > 0);

  return (
    <section className="screen">
      <header className="screen-header">
        <h1 className="h3 mb-0">{uz.restaurants}</h1>
        {isAdmin && (
          <div className="d-flex flex-wrap gap-2">
            <Button onClick={() => dialog.send({ type: 'dialog.open' })}>
              <Icon name="plus" /> {uz.addRestaurant}
            </Button>
            <Button variant="outline-primary" onClick={() => integration.send({ type: 'dialog.open' })}>
              <Icon name="sync" /> {uz.addFromIntegration}
            </Button>
          </div>
        )}
      </header>

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

      {failed && (
        <LoadError message={uz.restaurantLoadFailed} onRetry={() => list.send({ type: 'restaurants.retry' })} />
      )}
      {/* With rows on screen the search box says it is loading (nothing moves under the thumb). */}
      {firstLoad && <Loading />}
      {empty && <p className="text-secondary text-center py-4">{uz.emptyRestaurants}</p>}
      {nothingFound && <p className="text-secondary text-center py-4">{uz.nothingFound}</p>}
      {/* After a failed reload the last loaded rows stay: a running sync or delete stays visible. */}
      {hasRows && (
        <>
          <RestaurantTable
            list={list}
            isAdmin={isAdmin}
            onEdit={(r) => dialog.send({ type: 'dialog.open', item: r })}
          />
          <RangePager
            range={range}
            canPrev={canPrev}
            canNext={canNext}
            onPrev={() => list.send({ type: 'page.prev' })}
            onNext={() => list.send({ type: 'page.next' })}
          />
        </>
      )}

      <ConfirmDialog
        show={deleteTarget !== null}
        title={uz.confirmDeleteTitle}
        busy={deleting}
        onConfirm={() => list.send({ type: 'confirm.yes' })}
        onCancel={() => list.send({ type: 'confirm.no' })}
      >
        {deleteTarget ? (
          <DeleteQuestion
            question={uz.confirmDeleteRestaurant(deleteTarget.name)}
            what={uz.restaurantDeleteWhat(deleteTarget.name)}
          />
        ) : null}
      </ConfirmDialog>
      <RestaurantDialog actor={dialog} onUploaded={reload} />
      {isAdmin && <IntegrationDialog actor={integration} />}
    </section>
  );
}
