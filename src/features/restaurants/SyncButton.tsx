import { useSelector } from '@xstate/react';
import { Button, Spinner } from 'react-bootstrap';
import type { ActorRefFrom } from 'xstate';
import { uz } from '../../../lib/uz';
import type { restaurantSyncMachine } from '../../../machines/restaurants/restaurantSync.machine';
import { selectIsSyncing } from '../../../machines/restaurants/restaurantSync.selectors';
import { Icon } from '../../components/Icon';

/**
 * "Sinxronlash" on an integration restaurant's page (admins only, as on the list). The screen owns the machine, so a
 * reload of the page's data (after an edit) does not stop a sync that runs.
 */
export function SyncButton({ sync }: { sync: ActorRefFrom<typeof restaurantSyncMachine> }) {
  const syncing = useSelector(sync, selectIsSyncing);
  return (
    <Button
      variant="outline-primary"
      disabled={syncing}
      aria-busy={syncing || undefined}
      onClick={() => sync.send({ type: 'restaurant.sync' })}
    >
      {syncing ? <Spinner size="sm" aria-hidden /> : <Icon name="sync" />} {syncing ? uz.actionSyncing : uz.actionSync}
    </Button>
  );
}
