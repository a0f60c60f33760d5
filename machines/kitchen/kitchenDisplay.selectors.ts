import type { SnapshotFrom } from 'xstate';
import type { KitchenLine, KitchenOrder, LineStatus } from '../../client/kitchen';
import type { kitchenDisplayMachine } from './kitchenDisplay.machine';
import { cardStage, lineBusy, orderBusy, type UndoEntry, undoStillValid } from './kitchenDisplay.rules';

/** What the kitchen screen reads from the display machine (React renders these, nothing else). */

type DisplaySnapshot = SnapshotFrom<typeof kitchenDisplayMachine>;

export const selectIsLoading = (s: DisplaySnapshot) => s.hasTag('loading');
export const selectLoadFailed = (s: DisplaySnapshot) => s.matches('loadFailed');
export const selectIsReady = (s: DisplaySnapshot) => s.matches('ready');
/** The cards are being read again (a reconnection, a refused move): they stay on screen meanwhile. */
export const selectIsRefreshing = (s: DisplaySnapshot) => s.hasTag('refreshing');
export const selectRestaurantName = (s: DisplaySnapshot) => s.context.device?.restaurant.name ?? '';
export const selectDeviceName = (s: DisplaySnapshot) => s.context.device?.name ?? '';
/** The station the device shows; null: every station ("Barcha bo'limlar"). */
export const selectStationName = (s: DisplaySnapshot) => s.context.device?.station?.name ?? null;
export const selectConnection = (s: DisplaySnapshot) => s.context.connection;
/** The stream is lost (and tries to come back): the kitchen must know that new orders do not arrive. */
export const selectConnectionLost = (s: DisplaySnapshot) => s.context.connection === 'offline';
export const selectFilter = (s: DisplaySnapshot) => s.context.filter;
/** The browser keeps the sound off until the screen is tapped once. */
export const selectSoundLocked = (s: DisplaySnapshot) => s.matches({ ready: { sound: 'locked' } });

/** When a card turns amber and red: the station's minutes, or these where the device shows every station. */
export const DEFAULT_AMBER_MINUTES = 10;
export const DEFAULT_RED_MINUTES = 20;
export const selectAmberMinutes = (s: DisplaySnapshot) =>
  s.context.device?.station?.amber_minutes ?? DEFAULT_AMBER_MINUTES;
export const selectRedMinutes = (s: DisplaySnapshot) => s.context.device?.station?.red_minutes ?? DEFAULT_RED_MINUTES;

/** One result per cards array: the machine keeps the same array while nothing changed, so React re-renders nothing. */
function perOrders<T>(derive: (orders: readonly KitchenOrder[]) => T) {
  const cache = new WeakMap<readonly KitchenOrder[], T>();
  return (s: DisplaySnapshot): T => {
    const { orders } = s.context;
    if (!cache.has(orders)) cache.set(orders, derive(orders));
    return cache.get(orders)!;
  };
}

/** The kitchen's column: orders with a line still new or cooking (lib's kitchenStatusOf), oldest first. */
export const selectCookingOrders = perOrders((orders) =>
  orders.filter((order) => {
    const stage = cardStage(order);
    return stage === 'new' || stage === 'cooking';
  }),
);

/** A card of the "Tayyor" column: an order and its lines that wait for a waiter. */
export interface ReadyCard {
  order: KitchenOrder;
  lines: readonly KitchenLine[];
}
/** An order's lines that wait for a waiter. */
export const readyLinesOf = (order: KitchenOrder) => order.items.filter((line) => line.status === 'ready');

/** The waiter's column: every order with a ready line, only those lines, oldest first. */
export const selectReadyCards = perOrders((orders): readonly ReadyCard[] =>
  orders.flatMap((order) => {
    const lines = readyLinesOf(order);
    return lines.length > 0 ? [{ order, lines }] : [];
  }),
);

/** A line whose move is queued or on its way: it shows that it is saving and takes no tap. */
export const selectLineBusy = (orderId: string, index: number) => (s: DisplaySnapshot) =>
  lineBusy(s.context.queue, orderId, index);
export const selectOrderBusy = (orderId: string) => (s: DisplaySnapshot) => orderBusy(s.context.queue, orderId);
/** A card's refused move: undefined when none, else the message (null: the screen's own words). */
export const selectFailure = (orderId: string) => (s: DisplaySnapshot) =>
  orderId in s.context.failures ? (s.context.failures[orderId] ?? null) : undefined;

/** The move "Qaytarish" would take back, while its window lasts and nobody has moved those lines since. */
export const selectUndo = (s: DisplaySnapshot): UndoEntry | null =>
  s.hasTag('undoOffered') && undoStillValid(s.context.orders, s.context.undo) ? s.context.undo : null;

/** What the undo bar says: which table's order, which dishes, and where the move put them (null: several places). */
export function describeUndo(undo: UndoEntry) {
  const names = undo.lines.map(({ index }) => undo.order.items.find((line) => line.index === index)?.name ?? '');
  const movedTo = new Set<LineStatus>(undo.lines.map((line) => line.to));
  return {
    table: undo.order.table.name,
    number: undo.order.number,
    names,
    to: movedTo.size === 1 ? [...movedTo][0]! : null,
  };
}

export type TimerLevel = 'fresh' | 'amber' | 'red';

/** Whole seconds since the order was placed, by the device's clock; a clock behind the server's reads 0. */
export const secondsSince = (createdAt: string, now: number) =>
  Math.max(0, Math.floor((now - Date.parse(createdAt)) / 1000));

/**
 * The card's timer: whole minutes and seconds since the order was placed, and its level at the station's minutes (amber,
 * then red). `now` is the device's clock (the view ticks it). Both columns show this age: the diner waits for the whole
 * order, and the station's amber and red minutes are counted from it. The view writes it as `mm:ss` for the first hour
 * and in minutes after.
 */
export function timerOf(createdAt: string, now: number, amberMinutes: number, redMinutes: number) {
  const elapsed = secondsSince(createdAt, now);
  const minutes = Math.floor(elapsed / 60);
  const level: TimerLevel = minutes >= redMinutes ? 'red' : minutes >= amberMinutes ? 'amber' : 'fresh';
  return { minutes, seconds: elapsed % 60, level };
}
