import { fromPromise } from 'xstate';
import { myRestaurants } from '../../client/myRestaurants';
import {
  completeCall,
  type OrderChange,
  restaurantOrders,
  type StaffCall,
  type StaffOrder,
  setOrderStatus,
  waitingCalls,
} from '../../client/orders';
import { findRestaurant } from '../../client/restaurants';
import { orderingOn } from './orders.rules';
import { staffEventsActor } from './staffEvents.actor';

/** A restaurant the screen can show: one with ordering on. */
export interface OrderingRestaurant {
  _id: string;
  name: string;
}

export interface LoadInput {
  /** The restaurant asked for: an admin's always; a manager's preferred one (the working restaurant), or null. */
  restaurantId: string | null;
  /** An admin names the restaurant; a manager's are the ones of /manager/restaurants/me with ordering on. */
  scope: 'admin' | 'manager';
}

export interface Lists {
  orders: StaffOrder[];
  calls: StaffCall[];
}

export interface LoadOutput extends Lists {
  /** null: none of the manager's restaurants has ordering on (no screen, no tab). */
  restaurantId: string | null;
  /** A manager's restaurants with ordering on (a picker when there are several); an admin's one restaurant. */
  restaurants: OrderingRestaurant[];
}

/** What a status button asks for: an order's next status, or a call done. */
export type StatusChange = { kind: 'order'; id: string; status: OrderChange } | { kind: 'call'; id: string };
export type ChangeOutput = { kind: 'order'; order: StaffOrder } | { kind: 'call'; call: StaffCall };

/** The orders (newest first) and the waiting calls, side by side. */
async function loadLists(restaurantId: string, signal: AbortSignal): Promise<Lists> {
  const [orders, calls] = await Promise.all([
    restaurantOrders(restaurantId, { signal }),
    waitingCalls(restaurantId, { signal }),
  ]);
  return { orders, calls };
}

async function loadOrders({ input, signal }: { input: LoadInput; signal: AbortSignal }): Promise<LoadOutput> {
  if (input.scope === 'admin') {
    if (!input.restaurantId) return { restaurantId: null, restaurants: [], orders: [], calls: [] };
    // The restaurant's name for the screen (one row, GET /admin/restaurants?id=), read beside the lists.
    const [found, lists] = await Promise.all([
      findRestaurant(input.restaurantId, { signal }),
      loadLists(input.restaurantId, signal),
    ]);
    return {
      restaurantId: input.restaurantId,
      restaurants: found ? [{ _id: found._id, name: found.name }] : [],
      ...lists,
    };
  }
  const restaurants = (await myRestaurants({ signal })).filter(orderingOn).map(({ _id, name }) => ({ _id, name }));
  const chosen = restaurants.find((r) => r._id === input.restaurantId) ?? restaurants[0];
  if (!chosen) return { restaurantId: null, restaurants, orders: [], calls: [] };
  return { restaurantId: chosen._id, restaurants, ...(await loadLists(chosen._id, signal)) };
}

async function changeStatus({ input, signal }: { input: StatusChange; signal: AbortSignal }): Promise<ChangeOutput> {
  if (input.kind === 'call') return { kind: 'call', call: await completeCall(input.id, { signal }) };
  return { kind: 'order', order: await setOrderStatus(input.id, input.status, { signal }) };
}

export const ordersActors = {
  loadOrders: fromPromise(loadOrders),
  refreshOrders: fromPromise(({ input, signal }: { input: { restaurantId: string }; signal: AbortSignal }) =>
    loadLists(input.restaurantId, signal),
  ),
  changeStatus: fromPromise(changeStatus),
  staffEvents: staffEventsActor,
};
