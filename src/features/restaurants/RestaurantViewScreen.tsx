import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Badge, Button, Card } from 'react-bootstrap';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { assetUrl } from '../../../client/client';
import type { Restaurant } from '../../../client/types';
import { uz } from '../../../lib/uz';
import { uzInsights } from '../../../lib/uz-insights';
import { uzOrdering } from '../../../lib/uz-ordering';
import { selectProfile, selectRole } from '../../../machines/auth/auth.selectors';
import { updateRestaurantMachine } from '../../../machines/manager/updateRestaurant.machine';
import { updateRestaurantConfig } from '../../../machines/manager/updateRestaurant.rules';
import { restaurantDialogMachine } from '../../../machines/restaurants/restaurantDialog.machine';
import { restaurantFormConfig } from '../../../machines/restaurants/restaurantForm.rules';
import { restaurantSyncMachine } from '../../../machines/restaurants/restaurantSync.machine';
import { restaurantViewMachine } from '../../../machines/restaurants/restaurantView.machine';
import {
  selectConfirmDelete,
  selectIsConfirmingDelete,
  selectIsLoading,
  selectLastSync,
  selectLoadFailed,
  selectManagerLogin,
  selectRestaurant,
  selectTelegramConfigured,
  selectTelegramError,
} from '../../../machines/restaurants/restaurantView.selectors';
import { useAuth } from '../../app/AuthProvider';
import { paths } from '../../app/paths';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DeleteQuestion } from '../../components/ConfirmDialogQuestion';
import { useDialogActor } from '../../components/dialog/useDialogActor';
import { Icon } from '../../components/Icon';
import { LoadError, Loading } from '../../components/LoadState';
import { COVER_PLACEHOLDER, LOGO_PLACEHOLDER } from '../../components/placeholders';
import { useNotify } from '../../components/Toasts';
import { UpdateRestaurantModal } from '../../components/UpdateRestaurantModal';
import { useDeleting } from '../../components/useDeleting';
import { DigestTimePanel } from './DigestTimePanel';
import { KitchenSetupPanel } from './KitchenSetupPanel';
import { LastSync } from './LastSync';
import { PaymentSettingsPanel } from './PaymentSettingsPanel';
import { QrCodePanel } from './QrCodePanel';
import { RestaurantDialog } from './RestaurantDialog';
import { SyncButton } from './SyncButton';
import { TelegramPanel } from './TelegramPanel';
import { TelegramStaffPanel } from './TelegramStaffPanel';
import { WorkingHoursPanel } from './WorkingHoursPanel';

/**
 * Spec 2.6: /admin/viewRestaurant/{id}/{slug} and /viewRestaurant/{id}. An admin edits with the restaurant form
 * and may delete; a manager edits with the Update Restaurant modal.
 */
export function RestaurantViewScreen() {
  const { id = '', slug } = useParams();
  const auth = useAuth();
  const role = useSelector(auth, selectRole) ?? 'manager';
  const viewerLogin = useSelector(auth, (s) => selectProfile(s)?.login ?? null);
  const navigate = useNavigate();
  const notify = useNotify();
  const [logic] = useState(() =>
    restaurantViewMachine.provide({
      actions: {
        notify: (_, notice) => notify(notice),
        goToList: () => navigate(paths.adminRestaurants(), { replace: true }),
      },
    }),
  );
  const view = useActorRef(logic, { input: { id, slug: slug ?? null, role } });
  const reload = () => view.send({ type: 'restaurant.reload' });
  const [syncLogic] = useState(() =>
    restaurantSyncMachine.provide({
      actions: { notify: (_, notice) => notify(notice), synced: () => view.send({ type: 'restaurant.reload' }) },
    }),
  );
  const sync = useActorRef(syncLogic, { input: { restaurantId: id } });
  const adminDialog = useDialogActor(restaurantDialogMachine, restaurantFormConfig, reload);
  const managerDialog = useDialogActor(updateRestaurantMachine, updateRestaurantConfig, reload);

  const loading = useSelector(view, selectIsLoading);
  const failed = useSelector(view, selectLoadFailed);
  const restaurant = useSelector(view, selectRestaurant);
  const managerLogin = useSelector(view, selectManagerLogin) ?? (role === 'manager' ? viewerLogin : null);
  const lastSync = useSelector(view, selectLastSync);
  const confirming = useSelector(view, selectIsConfirmingDelete);
  const deleting = useDeleting(useSelector(view, selectConfirmDelete));
  const canDelete = useSelector(view, (s) => s.can({ type: 'restaurant.delete' }));
  const telegramConfigured = useSelector(view, selectTelegramConfigured);
  const telegramError = useSelector(view, selectTelegramError);
  const isAdmin = role === 'admin';

  const edit = (r: Restaurant) => (isAdmin ? adminDialog : managerDialog).send({ type: 'dialog.open', item: r });

  return (
    <section className="screen">
      <header className="screen-header">
        <div className="d-flex align-items-center gap-2">
          {isAdmin && (
            <Link to={paths.adminRestaurants()} className="btn btn-sm btn-outline-secondary" aria-label={uz.back}>
              <Icon name="back" />
            </Link>
          )}
          <h1 className="h3 mb-0">{restaurant?.name ?? uz.restaurants}</h1>
        </div>
      </header>
      {loading && <Loading />}
      {failed && (
        <LoadError message={uz.restaurantLoadFailed} onRetry={() => view.send({ type: 'restaurant.retry' })} />
      )}
      {restaurant && !loading && (
        <Card className="restaurant-view shadow-sm">
          <div className="restaurant-cover">
            <img
              src={assetUrl(restaurant.image) ?? COVER_PLACEHOLDER}
              alt={uz.image}
              className="restaurant-cover-img"
            />
            <img
              src={assetUrl(restaurant.logotype) ?? LOGO_PLACEHOLDER}
              alt={uz.logotype}
              className="restaurant-logo"
            />
          </div>
          <Card.Body className="pt-5">
            <dl className="restaurant-facts">
              <dt>{uz.address}</dt>
              <dd>{restaurant.address}</dd>
              {/* A restaurant from a POS may have no phone or hours (iiko gives neither): no empty rows. */}
              {restaurant.phone_number.trim() !== '' && (
                <>
                  <dt>{uz.phoneNumber}</dt>
                  <dd>{restaurant.phone_number}</dd>
                </>
              )}
              <dt>{uz.status}</dt>
              <dd>
                <Badge bg={restaurant.is_active ? 'success' : 'danger'}>
                  {restaurant.is_active ? uz.active : uz.inactive}
                </Badge>
              </dd>
              {restaurant.work_time.trim() !== '' && (
                <>
                  <dt>{uz.workTime}</dt>
                  <dd>{restaurant.work_time}</dd>
                </>
              )}
              <dt>{uz.slug}</dt>
              <dd>
                <a href={paths.publicMenu(restaurant.slug)} target="_blank" rel="noopener noreferrer">
                  {restaurant.slug}
                </a>
              </dd>
              <dt>{uz.manager}</dt>
              <dd data-testid="view-manager">{managerLogin ?? '—'}</dd>
              {lastSync !== undefined && (
                <>
                  <dt>{uz.lastSync}</dt>
                  <dd data-testid="view-last-sync">
                    <LastSync run={lastSync} />
                  </dd>
                </>
              )}
            </dl>
            <div className="d-flex flex-wrap gap-2">
              <Button variant="primary" onClick={() => edit(restaurant)}>
                <Icon name="pencil" /> {uz.actionEdit}
              </Button>
              {/* Spec: only an admin syncs, and only a restaurant from the integration source. */}
              {isAdmin && restaurant.type === 'integration' && <SyncButton sync={sync} />}
              <Link
                className="btn btn-outline-primary"
                to={isAdmin ? paths.adminCategoryList(restaurant._id) : paths.managerCategoryList(restaurant._id)}
              >
                <Icon name="grid" /> {uz.categories}
              </Link>
              <Link
                className="btn btn-outline-primary"
                to={isAdmin ? paths.adminTables(restaurant._id) : paths.tables(restaurant._id)}
              >
                <Icon name="list" /> {uzOrdering.tables}
              </Link>
              {/* Only while it takes orders from its tables: otherwise there are none to see. */}
              {restaurant.ordering_enabled && (
                <Link
                  className="btn btn-outline-primary"
                  to={isAdmin ? paths.adminOrders(restaurant._id, restaurant.slug) : paths.orders(restaurant._id)}
                >
                  <Icon name="shop" /> {uzOrdering.orders}
                </Link>
              )}
              <Link
                className="btn btn-outline-primary"
                to={isAdmin ? paths.adminRestaurantInsights(restaurant._id) : paths.insights(restaurant._id)}
              >
                {uzInsights.title}
              </Link>
              {isAdmin && (
                <Button
                  variant="outline-danger"
                  disabled={!canDelete}
                  onClick={() => view.send({ type: 'restaurant.delete' })}
                >
                  <Icon name="trash" /> {uz.actionDelete}
                </Button>
              )}
            </div>
          </Card.Body>
        </Card>
      )}
      {/* Only for whom the own read answered it (admins, the owning manager). */}
      {restaurant && !loading && telegramConfigured !== null && (
        <div className="restaurant-view mt-3">
          <TelegramPanel
            restaurantId={restaurant._id}
            configured={telegramConfigured}
            error={telegramError}
            isAdmin={isAdmin}
            onDelivered={() => view.send({ type: 'telegram.delivered' })}
          />
          <div className="mt-3">
            {/* Keyed by the slug too: the update names the restaurant by it, and the admin may change it. */}
            <DigestTimePanel
              key={`${restaurant._id} ${restaurant.slug}`}
              slug={restaurant.slug}
              restaurant={restaurant}
              telegramConfigured={telegramConfigured}
            />
          </div>
          <div className="mt-3">
            <TelegramStaffPanel restaurantId={restaurant._id} />
          </div>
          <div className="mt-3">
            <WorkingHoursPanel key={restaurant._id} slug={restaurant.slug} restaurant={restaurant} />
          </div>
          <div className="mt-3">
            <PaymentSettingsPanel restaurantId={restaurant._id} />
          </div>
          <div className="mt-3">
            <KitchenSetupPanel restaurantId={restaurant._id} />
          </div>
        </div>
      )}
      {restaurant && !loading && (
        <div className="restaurant-view mt-3">
          <QrCodePanel slug={restaurant.slug} active={restaurant.is_active} />
        </div>
      )}
      <ConfirmDialog
        show={confirming}
        title={uz.confirmDeleteTitle}
        busy={deleting}
        onConfirm={() => view.send({ type: 'confirm.yes' })}
        onCancel={() => view.send({ type: 'confirm.no' })}
      >
        {restaurant ? (
          <DeleteQuestion
            question={uz.confirmDeleteRestaurant(restaurant.name)}
            what={uz.restaurantDeleteWhat(restaurant.name)}
          />
        ) : null}
      </ConfirmDialog>
      {isAdmin ? (
        <RestaurantDialog actor={adminDialog} onUploaded={reload} />
      ) : (
        <UpdateRestaurantModal actor={managerDialog} />
      )}
    </section>
  );
}
