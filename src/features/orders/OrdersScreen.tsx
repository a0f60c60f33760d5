import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { Alert, Button, ButtonGroup, Form } from 'react-bootstrap';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { uz } from '../../../lib/uz';
import { uzOrdering } from '../../../lib/uz-ordering';
import {
  lineServeError,
  selectLineServeBusy,
  selectLineServeFailure,
  selectServingLine,
} from '../../../machines/orders/lineServe.selectors';
import { ORDERS_FILTERS, type OrdersFilter } from '../../../machines/orders/orders.rules';
import {
  selectBusyId,
  selectCanAct,
  selectCancelling,
  selectCancelTarget,
  selectConnection,
  selectFilter,
  selectIsLoading,
  selectIsOff,
  selectIsReady,
  selectLoadFailed,
  selectMuted,
  selectRestaurantChoices,
  selectRestaurantId,
  selectRestaurantName,
  selectVisibleOrders,
  selectWaitingCalls,
} from '../../../machines/orders/orders.selectors';
import {
  posRetryError,
  selectPosRetryBusy,
  selectPosRetryFailure,
  selectPosRetryingId,
} from '../../../machines/orders/posRetry.selectors';
import {
  reprintError,
  selectReprintBusy,
  selectReprintFailure,
  selectReprintingId,
} from '../../../machines/orders/reprint.selectors';
import type { LiveStatus } from '../../../machines/orders/staffEvents.actor';
import { useAuth } from '../../app/AuthProvider';
import { paths } from '../../app/paths';
import { useWorkingRestaurant } from '../../app/useWorkingRestaurant';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Icon } from '../../components/Icon';
import { LoadError, Loading } from '../../components/LoadState';
import { CallList } from './CallList';
import { CashQuestion } from './CashQuestion';
import { OrderCard } from './OrderCard';
import { useCashPayment } from './useCashPayment';
import { useKitchenMoves } from './useKitchenMoves';
import { useOrders } from './useOrders';
import { usePosRetry } from './usePosRetry';

const FILTER_LABELS: Record<OrdersFilter, string> = {
  open: uzOrdering.ordersFilterOpen,
  new: uzOrdering.ordersFilterNew,
  all: uzOrdering.ordersFilterAll,
};
const CONNECTION: Record<LiveStatus, { text: string; dot: string }> = {
  live: { text: uzOrdering.ordersLive, dot: 'bg-success' },
  connecting: { text: uzOrdering.ordersConnecting, dot: 'bg-warning' },
  offline: { text: uzOrdering.ordersOffline, dot: 'bg-danger' },
  paused: { text: uzOrdering.ordersPaused, dot: 'bg-secondary' },
};

/**
 * "Buyurtmalar": one restaurant's orders (waiting ones first, then newest first) and waiting calls, kept live by the
 * orders machine's events child. The staff accept, serve or cancel (cancel asks first), take a table's bill in cash
 * (the cashPayment machine; it asks first), send an order the till refused again (the posRetry machine), mark a ready
 * line served and print an order's kitchen tickets again (the lineServe and reprint machines), mark a call done, filter, mute the alert, and a manager with several restaurants taking orders picks one. Managers at /orders,
 * admins at /admin/orders/{id}.
 */
function OrdersScreen({ scope, restaurantId, back }: OrdersScreenProps) {
  const orders = useOrders(scope, restaurantId);
  const loading = useSelector(orders, selectIsLoading);
  const failed = useSelector(orders, selectLoadFailed);
  const off = useSelector(orders, selectIsOff);
  const ready = useSelector(orders, selectIsReady);
  const filter = useSelector(orders, selectFilter);
  const connection = useSelector(orders, selectConnection);
  const muted = useSelector(orders, selectMuted);
  const chosenId = useSelector(orders, selectRestaurantId);
  const choices = useSelector(orders, selectRestaurantChoices);
  const restaurantName = useSelector(orders, selectRestaurantName);
  const visible = useSelector(orders, selectVisibleOrders);
  const calls = useSelector(orders, selectWaitingCalls);
  const busyId = useSelector(orders, selectBusyId);
  const canAct = useSelector(orders, selectCanAct);
  const cancelTarget = useSelector(orders, selectCancelTarget);
  const cancelling = useSelector(orders, selectCancelling);
  const cash = useCashPayment(() => orders.send({ type: 'orders.refresh' }));
  const cashAsking = useSelector(cash, (s) => !s.matches('idle'));
  const allOrders = useSelector(orders, (s) => s.context.orders);
  // The answered order is merged as the stream's order.updated of it is: by updatedAt, the second one is a no-op.
  const posRetry = usePosRetry((order) =>
    orders.send({ type: 'live.event', event: { type: 'order.updated', data: order } }),
  );
  const posRetryingId = useSelector(posRetry, selectPosRetryingId);
  const posRetryBusy = useSelector(posRetry, selectPosRetryBusy);
  const posFailure = useSelector(posRetry, selectPosRetryFailure);
  // The same for the kitchen's moves: the answered order is merged as the stream's copy of it would be.
  const { lineServe, reprint } = useKitchenMoves((order) =>
    orders.send({ type: 'live.event', event: { type: 'order.updated', data: order } }),
  );
  const servingLine = useSelector(lineServe, selectServingLine);
  const lineServeBusy = useSelector(lineServe, selectLineServeBusy);
  const lineFailure = useSelector(lineServe, selectLineServeFailure);
  const reprintingId = useSelector(reprint, selectReprintingId);
  const reprintBusy = useSelector(reprint, selectReprintBusy);
  const reprintFailure = useSelector(reprint, selectReprintFailure);
  const pickerId = useId();
  const status = CONNECTION[connection];
  useFollowedByHeader(scope, chosenId);

  return (
    <section className="screen orders-screen">
      <header className="screen-header flex-wrap">
        <div className="d-flex align-items-center gap-2">
          {back && (
            <Link to={back} className="btn btn-sm btn-outline-secondary" aria-label={uz.back}>
              <Icon name="back" />
            </Link>
          )}
          <h1 className="h3 mb-0">{uzOrdering.orders}</h1>
        </div>
        {ready && (
          <div className="d-flex flex-wrap gap-2">
            <Button
              variant="outline-secondary"
              onClick={() => orders.send({ type: 'orders.mute' })}
              aria-pressed={muted}
            >
              {muted ? uzOrdering.ordersUnmute : uzOrdering.ordersMute}
            </Button>
            <Button variant="outline-primary" onClick={() => orders.send({ type: 'orders.refresh' })}>
              <Icon name="sync" /> {uzOrdering.ordersRefresh}
            </Button>
          </div>
        )}
      </header>

      {failed && (
        <LoadError message={uzOrdering.ordersLoadFailed} onRetry={() => orders.send({ type: 'orders.retry' })} />
      )}
      {loading && <Loading />}
      {off && <Alert variant="info">{uzOrdering.ordersOff}</Alert>}

      {ready && (
        <>
          <p className="small text-secondary d-flex align-items-center gap-2 mb-2" role="status" data-testid="live">
            <span
              className={`d-inline-block rounded-circle flex-shrink-0 ${status.dot}`}
              style={{ width: 10, height: 10 }}
              aria-hidden
            />
            {status.text}
          </p>
          {choices.length > 0 ? (
            <Form.Group controlId={pickerId} className="mb-3">
              <Form.Label className="small text-secondary mb-1">{uz.workingRestaurantLabel}</Form.Label>
              <Form.Select
                value={chosenId ?? ''}
                onChange={(event) => orders.send({ type: 'orders.restaurant', restaurantId: event.target.value })}
              >
                {choices.map((r) => (
                  <option key={r._id} value={r._id}>
                    {r.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          ) : (
            restaurantName && (
              <p className="text-secondary small mb-2">
                {uz.workingRestaurantLabel}: <strong>{restaurantName}</strong>
              </p>
            )
          )}

          <CallList
            calls={calls}
            busyId={busyId}
            disabled={!canAct}
            onDone={(id) => orders.send({ type: 'call.done', id })}
          />

          <ButtonGroup className="mb-3 orders-filter" aria-label={uzOrdering.ordersFilter}>
            {ORDERS_FILTERS.map((value) => (
              <Button
                key={value}
                variant={filter === value ? 'primary' : 'outline-primary'}
                aria-pressed={filter === value}
                onClick={() => orders.send({ type: 'orders.filter', filter: value })}
              >
                {FILTER_LABELS[value]}
              </Button>
            ))}
          </ButtonGroup>

          {visible.length === 0 ? (
            <p className="text-secondary text-center py-4">
              {filter === 'all' ? uzOrdering.ordersEmpty : uzOrdering.ordersEmptyFiltered}
            </p>
          ) : (
            <div className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3" data-testid="orders">
              {visible.map((order) => (
                <div className="col" key={order._id}>
                  <OrderCard
                    order={order}
                    busy={busyId === order._id}
                    disabled={!canAct || cashAsking}
                    onCash={() => cash.send({ type: 'cash.ask', table: order.table, orders: allOrders })}
                    onAccept={() => orders.send({ type: 'order.accept', id: order._id })}
                    onServe={() => orders.send({ type: 'order.serve', id: order._id })}
                    onCancel={() => orders.send({ type: 'order.cancel', id: order._id })}
                    onPosRetry={() => posRetry.send({ type: 'pos.retry', order })}
                    posRetrying={posRetryingId === order._id}
                    posRetryWaiting={posRetryBusy}
                    posRetryError={posRetryError(posFailure, order)}
                    onServeLine={(index) => lineServe.send({ type: 'line.serve', order, index })}
                    servingLine={servingLine?.orderId === order._id ? servingLine.index : null}
                    lineServeWaiting={lineServeBusy}
                    lineServeError={lineServeError(lineFailure, order)}
                    onReprint={() => reprint.send({ type: 'print.again', order })}
                    reprinting={reprintingId === order._id}
                    reprintWaiting={reprintBusy}
                    reprintError={reprintError(reprintFailure, order)}
                  />
                </div>
              ))}
            </div>
          )}
        </>
      )}

      <ConfirmDialog
        show={cancelTarget !== null}
        title={uzOrdering.orderCancelTitle}
        busy={cancelling}
        onConfirm={() => orders.send({ type: 'confirm.yes' })}
        onCancel={() => orders.send({ type: 'confirm.no' })}
      >
        {cancelTarget && uzOrdering.orderCancelConfirm(cancelTarget.number, cancelTarget.table.name)}
      </ConfirmDialog>
      <CashQuestion actor={cash} />
    </section>
  );
}

interface OrdersScreenProps {
  scope: 'admin' | 'manager';
  restaurantId: string | null;
  /** Where the back button leads (the admin's restaurant view); none for a manager's tab. */
  back?: string;
}

/**
 * A manager's orders screen may settle on another restaurant than the header's (the working one does not take orders,
 * or the screen's own picker chose another): that one becomes the working restaurant, so the header always names the
 * restaurant whose orders are shown.
 */
function useFollowedByHeader(scope: OrdersScreenProps['scope'], shownId: string | null) {
  const auth = useAuth();
  useEffect(() => {
    if (scope === 'manager' && shownId) auth.send({ type: 'restaurant.select', restaurantId: shownId });
  }, [auth, scope, shownId]);
}

/** /admin/orders/{id}, from the restaurant view (`?slug=` leads back to it). */
export function AdminOrdersScreen() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const slug = params.get('slug');
  const back = slug ? paths.adminViewRestaurant(id, slug) : paths.adminRestaurants();
  return <OrdersScreen key={id} scope="admin" restaurantId={id} back={back} />;
}

/**
 * /orders: the working restaurant (the shell's header switches it; `?restaurant=` is made the working one by the shell
 * first); a restaurant without ordering falls back to the first that has it (the machine's load decides).
 */
export function ManagerOrdersScreen() {
  const [params] = useSearchParams();
  const working = useWorkingRestaurant();
  const shown = params.get('restaurant') ?? (working === 'none' ? null : working);
  return <OrdersScreen key={shown ?? 'none'} scope="manager" restaurantId={shown} />;
}
