import type { SnapshotFrom } from 'xstate';
import type { KitchenLine, KitchenOrder, LineStatus } from '../../client/kitchen';
import type { kitchenDisplayMachine } from './kitchenDisplay.machine';
import {
  cardStage,
  lineBusy,
  lineMayMove,
  nextStatus,
  orderBusy,
  orderMayReadyAll,
  type QueuedMove,
  type UndoEntry,
  undoStillValid,
} from './kitchenDisplay.rules';

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

/** A line's button: `busy` while its move is queued or on its way, `next` where a tap moves it (null: no tap now). */
export interface LineTap {
  busy: boolean;
  next: LineStatus | null;
}
/** A card's own controls: `busy` while a move of it is queued or on its way, `readyAll` whether "Hammasi tayyor" works. */
export interface CardTap {
  busy: boolean;
  readyAll: boolean;
}
/** An order's taps: its card's controls and each line's button (by the line's index). */
export interface OrderTaps {
  /** The order object these answers were worked out from. */
  order: KitchenOrder;
  card: CardTap;
  lines: ReadonlyMap<number, LineTap>;
}

export const NO_LINE_TAP: LineTap = { busy: false, next: null };
export const NO_CARD_TAP: CardTap = { busy: false, readyAll: false };

const sameLineTap = (a: LineTap, b: LineTap) => a.busy === b.busy && a.next === b.next;
const sameCardTap = (a: CardTap, b: CardTap) => a.busy === b.busy && a.readyAll === b.readyAll;

/** An order's answers by the guards' rules; those equal to `earlier`'s keep its objects. */
function orderTaps(order: KitchenOrder, queue: readonly QueuedMove[], ready: boolean, earlier?: OrderTaps): OrderTaps {
  const lines = new Map<number, LineTap>();
  for (const line of order.items) {
    const tap: LineTap = {
      busy: lineBusy(queue, order._id, line.index),
      next: ready && lineMayMove(queue, order, line) ? nextStatus(line.status) : null,
    };
    const kept = earlier?.lines.get(line.index);
    lines.set(line.index, kept && sameLineTap(kept, tap) ? kept : tap);
  }
  const card: CardTap = { busy: orderBusy(queue, order._id), readyAll: ready && orderMayReadyAll(queue, order) };
  return { order, card: earlier && sameCardTap(earlier.card, card) ? earlier.card : card, lines };
}

interface TapsMemo {
  ready: boolean;
  orders: readonly KitchenOrder[];
  queue: readonly QueuedMove[];
  byOrder: ReadonlyMap<string, OrderTaps>;
}
let lastTaps: TapsMemo | null = null;

/**
 * Every card's taps, worked out once per change of what they depend on: whether the display is ready (only then does
 * the machine take a move), the order's object (the machine keeps an unchanged order's object) and the queued moves
 * that name it. Sixty cards have some 300 answers, and `snapshot.can` would run the machine's guards for each; here a
 * tap works out only its own card again. The rules are the guards' own (kitchenDisplay.rules.ts lineMayMove,
 * orderMayReadyAll). The display reads this map once per snapshot and hands each card its own entry: one subscription
 * for the whole screen, not one per card and line, each run again at every snapshot. An answer that did not change
 * keeps its object, so a memoized card or line button renders again only when its own answer does.
 */
export function selectOrderTaps(s: DisplaySnapshot): ReadonlyMap<string, OrderTaps> {
  const ready = s.matches('ready');
  const { orders, queue } = s.context;
  const last = lastTaps;
  if (last && last.ready === ready && last.orders === orders && last.queue === queue) return last.byOrder;
  // Only an order a move names, in the queue before or now, can answer differently because the queue changed.
  const requeued = new Set(last && last.queue !== queue ? [...last.queue, ...queue].map((move) => move.orderId) : []);
  const byOrder = new Map<string, OrderTaps>();
  for (const order of orders) {
    const earlier = last?.byOrder.get(order._id);
    const stale = !earlier || last?.ready !== ready || earlier.order !== order || requeued.has(order._id);
    byOrder.set(order._id, stale ? orderTaps(order, queue, ready, earlier) : earlier);
  }
  lastTaps = { ready, orders, queue, byOrder };
  return byOrder;
}

/** A line's button (the same object while its answer stays): what `snapshot.can({ type: 'kitchen.move' })` says. */
export const selectLineTap = (orderId: string, index: number) => (s: DisplaySnapshot) =>
  selectOrderTaps(s).get(orderId)?.lines.get(index) ?? NO_LINE_TAP;
/** A card's controls (the same object while they stay): `readyAll` is `snapshot.can({ type: 'kitchen.readyAll' })`. */
export const selectCardTap = (orderId: string) => (s: DisplaySnapshot) =>
  selectOrderTaps(s).get(orderId)?.card ?? NO_CARD_TAP;
/** A card's refused move: undefined when none, else the message (null: the screen's own words). */
export const failureOf = (failures: DisplaySnapshot['context']['failures'], orderId: string) =>
  orderId in failures ? (failures[orderId] ?? null) : undefined;
export const selectFailure = (orderId: string) => (s: DisplaySnapshot) => failureOf(s.context.failures, orderId);
/** Every card's refused move (the same object until a move is refused, dismissed or answered). */
export const selectFailures = (s: DisplaySnapshot) => s.context.failures;

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
