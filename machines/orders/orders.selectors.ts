import type { SnapshotFrom } from 'xstate';
import type { authMachine } from '../auth/auth.machine';
import type { ordersMachine } from './orders.machine';
import { inFilter, waitingFirst } from './orders.rules';
import type { ordersTabMachine } from './ordersTab.machine';

/** What the orders screen and the bottom bar read from their machines (React renders these, nothing else). */

type OrdersSnapshot = SnapshotFrom<typeof ordersMachine>;

export const selectIsLoading = (s: OrdersSnapshot) => s.hasTag('loading');
export const selectLoadFailed = (s: OrdersSnapshot) => s.matches('loadFailed');
/** None of the manager's restaurants takes orders from the table. */
export const selectIsOff = (s: OrdersSnapshot) => s.matches('off');
export const selectIsReady = (s: OrdersSnapshot) => s.matches('ready');
export const selectFilter = (s: OrdersSnapshot) => s.context.filter;
export const selectConnection = (s: OrdersSnapshot) => s.context.connection;
export const selectMuted = (s: OrdersSnapshot) => s.context.muted;
export const selectRestaurantId = (s: OrdersSnapshot) => s.context.restaurantId;
/** A manager with several restaurants taking orders picks one; one (or an admin's) needs no picker. */
export const selectRestaurantChoices = (s: OrdersSnapshot) =>
  s.context.restaurants.length > 1 ? s.context.restaurants : [];
export const selectRestaurantName = (s: OrdersSnapshot) =>
  s.context.restaurants.find((r) => r._id === s.context.restaurantId)?.name ?? null;
/** The orders the filter keeps, waiting ones first (orders.rules.ts waitingFirst, as the server's list). */
export const selectVisibleOrders = (s: OrdersSnapshot) =>
  s.context.orders.filter((o) => inFilter(o, s.context.filter)).sort(waitingFirst);
export const selectWaitingCalls = (s: OrdersSnapshot) => s.context.calls.filter((call) => call.status === 'new');
/** The order or call whose change is running (its buttons wait), and whether any button can be pressed now. */
export const selectBusyId = (s: OrdersSnapshot) => (s.hasTag('updating') ? (s.context.pending?.id ?? null) : null);
export const selectCanAct = (s: OrdersSnapshot) => s.matches({ ready: { work: 'idle' } });
/** The order being asked about, or being cancelled after Ha (the question stays open, its buttons waiting). */
export const selectCancelTarget = (s: OrdersSnapshot) => {
  const pending = s.context.pending;
  if (pending?.kind !== 'order' || pending.status !== 'cancelled') return null;
  if (!s.hasTag('confirmingCancel') && !s.hasTag('updating')) return null;
  return s.context.orders.find((o) => o._id === pending.id) ?? null;
};
export const selectCancelling = (s: OrdersSnapshot) => s.hasTag('updating');

type TabSnapshot = SnapshotFrom<typeof ordersTabMachine>;
type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/**
 * The manager's fourth tab is there while one of their restaurants takes orders, as the session knows them (read at
 * its start, and again whenever a screen reloads them: the switch turned on shows the tab without a reload).
 */
export const selectAnyOrderingOn = (s: AuthSnapshot) => s.context.restaurants.some((r) => r.ordering_enabled === true);
export const selectTabCount = (s: TabSnapshot) => s.context.count;
