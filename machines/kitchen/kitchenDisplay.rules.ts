import { ApiError } from '../../client/client';
import type { KitchenLine, KitchenOrder, LineStatus } from '../../client/kitchen';
import { checkLineMove, kitchenStatusOf, LINE_FLOW } from '../../lib/kitchen-lines';

/**
 * The kitchen display's rules, pure: which tap moves a line where (lib/kitchen-lines.ts decides what is allowed, as the
 * server does), how cards are kept true whatever order answers and live events arrive in, and what "Qaytarish" undoes.
 */

/** On a narrow screen one column shows at a time: what the kitchen still makes, or what waits for a waiter. */
export type KitchenFilter = 'cooking' | 'ready';
export const KITCHEN_FILTERS: readonly KitchenFilter[] = ['cooking', 'ready'];

/**
 * A move waiting in the display's queue (the first one is on its way): one line to a status, or every line of an order
 * not yet ready to ready. `from` is where the line stood when it was tapped: what an undo goes back to.
 */
export type QueuedMove =
  | { kind: 'line'; orderId: string; index: number; from: LineStatus; to: LineStatus; undo: boolean }
  | { kind: 'all'; orderId: string; from: ReadonlyArray<{ index: number; from: LineStatus }> };

/** A move's answer: the order as the station sees it now, and when the call was sent (the undo window starts there). */
export interface MoveOutput {
  order: KitchenOrder;
  sentAt: number;
}

/** The last move made on this device, which "Qaytarish" takes back line by line while the undo window lasts. */
export interface UndoEntry {
  orderId: string;
  /** The order as the move answered it: a card the move closed (every line served) is off the list, not forgotten. */
  order: KitchenOrder;
  lines: ReadonlyArray<{ index: number; from: LineStatus; to: LineStatus; at: string }>;
  sentAt: number;
}

/** Orders an order card is shown in: placed first, the longest-waiting on top. */
export function oldestFirst(a: KitchenOrder, b: KitchenOrder): number {
  const byTime = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  return byTime !== 0 ? byTime : a.number - b.number;
}

/** ISO 8601 times compared as instants (any offset). */
const newer = (a: string, b: string) => Date.parse(a) > Date.parse(b);

export const findOrder = (orders: readonly KitchenOrder[], id: string) => orders.find((order) => order._id === id);
export const findLine = (order: KitchenOrder | undefined, index: number) =>
  order?.items.find((line) => line.index === index);

/**
 * `incoming` merged into the cards by its `_id`: the newer `updatedAt` wins (a replayed event or a late answer changes
 * nothing, and the same array comes back), `open: false` takes the card off, a new open order joins in its place.
 */
export function mergeOrder(list: readonly KitchenOrder[], incoming: KitchenOrder): readonly KitchenOrder[] {
  const index = list.findIndex((order) => order._id === incoming._id);
  if (index >= 0 && !newer(incoming.updatedAt, list[index]!.updatedAt)) return list;
  if (!incoming.open) return index < 0 ? list : list.filter((_, i) => i !== index);
  if (index < 0) return [...list, incoming].sort(oldestFirst);
  const next = [...list];
  next[index] = incoming;
  return next;
}

/** Orders heard of (a live event, a move's answer) since a re-read began: id → the `updatedAt` heard. */
export type Heard = Readonly<Record<string, string>>;

/**
 * The cards after a re-read (GET /kitchen/orders, every open order at one moment). The answer is the truth for what it
 * holds, except where the display heard something newer of an order while it was being read; a card the answer leaves
 * out was closed meanwhile and goes, unless it was heard of during the read (it came after the answer was made).
 */
export function mergeReread(
  local: readonly KitchenOrder[],
  answer: readonly KitchenOrder[],
  heard: Heard,
): readonly KitchenOrder[] {
  const mine = new Map(local.map((order) => [order._id, order]));
  const answered = new Set<string>();
  const result: KitchenOrder[] = [];
  for (const incoming of answer) {
    answered.add(incoming._id);
    const own = mine.get(incoming._id);
    const heardAt = heard[incoming._id];
    if (heardAt !== undefined && !newer(incoming.updatedAt, heardAt)) {
      if (own) result.push(own);
      continue;
    }
    result.push(own && !newer(incoming.updatedAt, own.updatedAt) ? own : incoming);
  }
  for (const own of local) if (!answered.has(own._id) && heard[own._id] !== undefined) result.push(own);
  result.sort(oldestFirst);
  const unchanged = result.length === local.length && result.every((order, i) => order === local[i]);
  return unchanged ? local : result;
}

/** Whether a re-read brings an order the display has not shown (placed while the stream was down): it sounds. */
export const rereadBringsNew = (local: readonly KitchenOrder[], answer: readonly KitchenOrder[], heard: Heard) =>
  answer.some((order) => order.open && heard[order._id] === undefined && !findOrder(local, order._id));

/** Whether a live event puts a card on the display that was not there: it sounds. */
export const arrivesNew = (local: readonly KitchenOrder[], incoming: KitchenOrder) =>
  incoming.open && !findOrder(local, incoming._id);

/** The next status a tap moves a line to (served lines stay). */
export function nextStatus(status: LineStatus): LineStatus | null {
  return LINE_FLOW[LINE_FLOW.indexOf(status) + 1] ?? null;
}

/** Whether the lib's rule lets this line go one step on now (forward moves do not read the clock). */
export function canMoveOn(order: KitchenOrder, line: KitchenLine): boolean {
  const next = nextStatus(line.status);
  return next !== null && checkLineMove(line, next, order.status, 0).ok;
}

/** The lines "Hammasi tayyor" moves: those not ready yet that may go to ready. */
export const notReadyLines = (order: KitchenOrder) =>
  order.items.filter(
    (line) => (line.status === 'new' || line.status === 'cooking') && checkLineMove(line, 'ready', order.status, 0).ok,
  );

/** A line with a move queued or on its way takes no other tap until it is answered. */
export const lineBusy = (queue: readonly QueuedMove[], orderId: string, index: number) =>
  queue.some((move) => move.orderId === orderId && (move.kind === 'all' || move.index === index));
export const orderBusy = (queue: readonly QueuedMove[], orderId: string) =>
  queue.some((move) => move.orderId === orderId);

/**
 * Whether a tap moves this line one step on now: it is on the display, not waiting for its own answer, and the lib's
 * rule takes the step. The display machine's `canMove` guard and the screen's selector both ask this one rule.
 */
export const lineMayMove = (
  queue: readonly QueuedMove[],
  order: KitchenOrder | undefined,
  line: KitchenLine | undefined,
): boolean => !!order && !!line && !lineBusy(queue, order._id, line.index) && canMoveOn(order, line);

/** Whether "Hammasi tayyor" may be tapped now: the card is on the display, not waiting for an answer, a line not ready. */
export const orderMayReadyAll = (queue: readonly QueuedMove[], order: KitchenOrder | undefined): boolean =>
  !!order && !orderBusy(queue, order._id) && notReadyLines(order).length > 0;

/**
 * What "Qaytarish" offers after a move answered: the lines it moved, each with where it stood before and its move's
 * time. An undo's own answer offers nothing (an undo is not undone), nor a move that moved nothing.
 */
export function undoAfter(move: QueuedMove, output: MoveOutput): UndoEntry | null {
  if (move.kind === 'line' && move.undo) return null;
  const tapped = move.kind === 'line' ? [{ index: move.index, from: move.from }] : move.from;
  const lines = tapped.flatMap(({ index, from }) => {
    const line = findLine(output.order, index);
    const last = line?.moves.at(-1);
    if (!line || !last || line.status === from || last.to !== line.status) return [];
    return [{ index, from, to: line.status, at: last.at }];
  });
  return lines.length > 0 ? { orderId: move.orderId, order: output.order, lines, sentAt: output.sentAt } : null;
}

/**
 * Whether the undo can still be sent: every line it names is where this device put it and its last move is that move
 * (nobody moved it since), and the lib's rule takes the way back. The rule is asked at the move's own time: the
 * minute itself is the display machine's undo window, which drops the entry when it ends.
 */
export function undoStillValid(orders: readonly KitchenOrder[], undo: UndoEntry | null): boolean {
  if (!undo) return false;
  const order = findOrder(orders, undo.orderId) ?? undo.order;
  return undo.lines.every(({ index, from, to, at }) => {
    const line = findLine(order, index);
    if (!line || line.status !== to || line.moves.at(-1)?.at !== at) return false;
    return checkLineMove(line, from, order.status, Date.parse(at)).ok;
  });
}

/** The undo as moves: each line back where it stood, in the queue like any tap. */
export const undoMoves = (undo: UndoEntry): QueuedMove[] =>
  undo.lines.map(({ index, from, to }) => ({
    kind: 'line',
    orderId: undo.orderId,
    index,
    from: to,
    to: from,
    undo: true,
  }));

/** Where the card stands in the kitchen (lib's kitchenStatusOf): still made (new, cooking) or all ready. */
export const cardStage = (order: KitchenOrder) => kitchenStatusOf(order.items);

/** The message a failed call is shown with: the server's Uzbek text or the client's "no connection"; null: neither. */
export const failureText = (error: unknown): string | null => (error instanceof ApiError ? error.message : null);
