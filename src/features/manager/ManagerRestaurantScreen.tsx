import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import { selectRestaurantId } from '../../../machines/auth/auth.selectors';
import { managerRestaurantsMachine } from '../../../machines/manager/managerRestaurants.machine';
import {
  selectIsEmpty,
  selectIsFirstLoad,
  selectLoadFailed,
  selectRestaurants,
} from '../../../machines/manager/managerRestaurants.selectors';
import { updateRestaurantMachine } from '../../../machines/manager/updateRestaurant.machine';
import { updateRestaurantConfig } from '../../../machines/manager/updateRestaurant.rules';
import { useAuth } from '../../app/AuthProvider';
import { ChangePassword } from '../../app/ChangePassword';
import { useDialogActor } from '../../components/dialog/useDialogActor';
import { Icon } from '../../components/Icon';
import { LoadError } from '../../components/LoadState';
import { UpdateRestaurantModal } from '../../components/UpdateRestaurantModal';
import { RestaurantCard } from './RestaurantCard';

/** Spec 2.7: the manager's restaurants as cards, the Update Restaurant modal and the logout confirmation. */
export function ManagerRestaurantScreen() {
  const auth = useAuth();
  const [listLogic] = useState(() =>
    managerRestaurantsMachine.provide({
      actions: {
        announceRestaurants: (_, { restaurants }) => auth.send({ type: 'restaurants.known', restaurants }),
      },
    }),
  );
  const list = useActorRef(listLogic);
  const dialog = useDialogActor(updateRestaurantMachine, updateRestaurantConfig, () =>
    list.send({ type: 'restaurants.reload' }),
  );
  const firstLoad = useSelector(list, selectIsFirstLoad);
  const empty = useSelector(list, selectIsEmpty);
  const failed = useSelector(list, selectLoadFailed);
  const restaurants = useSelector(list, selectRestaurants);
  const workingId = useSelector(auth, selectRestaurantId);
  // Choosing only matters with several restaurants; with one, the cards look exactly as spec 2.7 draws them.
  const choosing = restaurants.length > 1;

  return (
    <section className="screen manager-screen">
      <header className="screen-header">
        <h1 className="h4 mb-0">{uz.myRestaurants}</h1>
        <div className="d-flex gap-2">
          <ChangePassword compact />
          <Button
            variant="outline-danger"
            size="sm"
            aria-label={uz.logoutTitle}
            title={uz.logoutTitle}
            onClick={() => auth.send({ type: 'logout.request' })}
          >
            <Icon name="logout" size={20} />
          </Button>
        </div>
      </header>
      {firstLoad && <p className="text-secondary text-center py-4">{uz.loading}</p>}
      {failed && (
        <LoadError message={uz.restaurantLoadFailed} onRetry={() => list.send({ type: 'restaurants.retry' })} />
      )}
      {empty && <p className="text-secondary text-center py-4">{uz.noRestaurants}</p>}
      {choosing && <p className="text-secondary small mb-2">{uz.workingRestaurantHint}</p>}
      <div className="restaurant-cards">
        {restaurants.map((restaurant) => (
          <RestaurantCard
            key={restaurant._id}
            restaurant={restaurant}
            onEdit={() => dialog.send({ type: 'dialog.open', item: restaurant })}
            {...(choosing && {
              working: {
                selected: restaurant._id === workingId,
                onSelect: () => auth.send({ type: 'restaurant.select', restaurantId: restaurant._id }),
              },
            })}
          />
        ))}
      </div>
      <UpdateRestaurantModal actor={dialog} />
    </section>
  );
}
