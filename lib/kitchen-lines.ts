/**
 * The kitchen's rules for an order's lines, pure: the server moves lines through these (for a kitchen device and the
 * panel alike), the order's own status follows its lines from here, and the kitchen display offers only the moves
 * they allow.
 */

export type LineStatus = 'new' | 'cooking' | 'ready' | 'served';
export type OrderStatus = 'new' | 'accepted' | 'served' | 'cancelled';
/** What the rules read of a line: where it is and how it got there (ISO 8601 times). */
export interface KitchenLine {
  status: LineStatus;
  moves: readonly { to: LineStatus; at: string; by: string }[];
}

export const LINE_FLOW: readonly LineStatus[] = ['new', 'cooking', 'ready', 'served'];

/** How long after its last move a line may be moved back (the display's "Qaytarish"). */
export const UNDO_WINDOW_MS = 60_000;

const rank = (status: LineStatus) => LINE_FLOW.indexOf(status);

export type LineMoveCheck = { ok: true } | { ok: false; reason: 'same' | 'back' | 'closed' };

/**
 * Whether a line may go to `to` now: forward by one step or more (a cook may mark a new dish ready at once), or back
 * one step only as the undo of its last move within UNDO_WINDOW_MS. Lines of a cancelled or served order stay.
 */
export function checkLineMove(line: KitchenLine, to: LineStatus, orderStatus: OrderStatus, now: number): LineMoveCheck {
  if (orderStatus === 'cancelled') return { ok: false, reason: 'closed' };
  if (line.status === to) return { ok: false, reason: 'same' };
  if (rank(to) > rank(line.status)) return orderStatus === 'served' ? { ok: false, reason: 'closed' } : { ok: true };
  const last = line.moves.at(-1);
  const previous = line.moves.at(-2)?.to ?? 'new';
  if (last && last.to === line.status && previous === to && now - Date.parse(last.at) <= UNDO_WINDOW_MS) {
    return { ok: true };
  }
  return { ok: false, reason: 'back' };
}

/** The line moved to `to`, its move recorded. */
export function movedLine<L extends KitchenLine>(line: L, to: LineStatus, at: string, by: string): L {
  return { ...line, status: to, moves: [...line.moves, { to, at, by }] };
}

/**
 * Where the order is in the kitchen, from its lines: served when every line is, ready when every line is at least
 * ready, cooking once any line has left new, else new.
 */
export function kitchenStatusOf(lines: readonly KitchenLine[]): LineStatus {
  if (lines.length === 0) return 'new';
  const lowest = Math.min(...lines.map((line) => rank(line.status)));
  if (lowest >= rank('ready')) return LINE_FLOW[lowest]!;
  return lines.some((line) => line.status !== 'new') ? 'cooking' : 'new';
}

/**
 * The order's status after its lines changed: served once every line is served; a new order the kitchen has started
 * is accepted; an order served by its lines goes back to accepted when one of them is undone. Otherwise unchanged.
 */
export function orderStatusAfterLines(status: OrderStatus, lines: readonly KitchenLine[]): OrderStatus {
  if (status === 'cancelled') return status;
  const kitchen = kitchenStatusOf(lines);
  if (kitchen === 'served') return 'served';
  if (status === 'served') return 'accepted';
  if (status === 'new' && kitchen !== 'new') return 'accepted';
  return status;
}

/** Cancelling stays possible only while no line has started cooking. */
export const canCancel = (lines: readonly KitchenLine[]) => lines.every((line) => line.status === 'new');
