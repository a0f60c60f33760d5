import type { StaffOrder } from '../../client/orders';
import { LINE_STATUS_NAMES, uzKitchen } from '../../lib/uz-kitchen';

/**
 * An order's kitchen work as the staff's orders screen shows it: each line's state (a small badge), the whole order's
 * "Tayyor" for the waiter, its tickets' printer, and which of the staff's moves it allows ("Berildi" on a ready line,
 * "Qayta chop etish" on an order with tickets).
 */

export type StaffOrderLine = StaffOrder['items'][number];
export type LineTone = StaffOrderLine['status'];

/**
 * Whether the order is the kitchen's business at all: a line at a station, or one already moved. A restaurant without
 * stations shows no line states (every line stays "yangi" there).
 */
export const hasKitchen = (order: StaffOrder) =>
  order.items.some((line) => line.station_id !== null || line.status !== 'new');

export const lineShown = (line: StaffOrderLine) => ({ text: LINE_STATUS_NAMES[line.status], tone: line.status });

const open = (order: StaffOrder) => order.status === 'new' || order.status === 'accepted';

/** "Tayyor": every line is ready (or served) and the order is still to be carried; "cooking" while the kitchen works. */
export function kitchenShown(order: StaffOrder): { tone: 'ready' | 'cooking'; text: string } | null {
  if (!open(order) || !hasKitchen(order)) return null;
  if (order.kitchen_status === 'ready') return { tone: 'ready', text: uzKitchen.kitchenReady };
  if (order.kitchen_status === 'cooking') return { tone: 'cooking', text: uzKitchen.kitchenCooking };
  return null;
}

/** "Berildi" on a line: it is ready and its order still open (the server refuses a closed order's lines). */
export const canServeLine = (order: StaffOrder, index: number) => open(order) && order.items[index]?.status === 'ready';

/** How the tickets' state reads, and how loud: a printer that did not answer is a warning, given up on is red. */
export interface PrintShown {
  text: string;
  tone: 'printing' | 'failed' | 'printed';
}

/** Null while there is nothing to say of its tickets (no printer, or not printed yet). */
export function printShown(order: StaffOrder): PrintShown | null {
  const print = order.print;
  if (!print) return null;
  if (print.status === 'printed') return { text: uzKitchen.printDone, tone: 'printed' };
  // The server's reason names the station: "Printer javob bermadi (Bar)".
  return { text: print.error ?? uzKitchen.printWaiting, tone: print.status };
}

/**
 * "Qayta chop etish": an order whose tickets went to a printer (so a station of it has one) and that is not cancelled.
 * The server answers 409 when none of its stations has a printer (any more): its reason is shown.
 */
export const canReprint = (order: StaffOrder) => order.print !== null && order.status !== 'cancelled';
