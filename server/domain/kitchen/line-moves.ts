import {
  checkLineMove,
  kitchenStatusOf,
  LINE_FLOW,
  type LineStatus,
  movedLine,
  orderStatusAfterLines,
} from '../../../lib/kitchen-lines';
import type { OrderLine } from '../../db/schema';
import { conflict, forbidden, HttpError, notFound } from '../../errors';
import { messages } from '../../messages';
import { lockOrderWithOwner, saveLineMoves } from '../../repositories/order-lines';
import type { OrderRecord } from '../../repositories/orders';
import { ownsRestaurant, type Viewer } from '../../viewer';
import type { DomainDeps } from '../deps';
import type { KitchenDeviceSession } from './devices';

/**
 * Moving an order's lines through the kitchen, for a kitchen device (only its station's lines, only its restaurant's
 * orders) and for the staff in the panel (any line of an order they own). One transaction, the order row locked: of
 * two taps on one order, the second reads the first's move. The rules are lib/kitchen-lines.ts.
 */

export type KitchenActor = { kind: 'staff'; viewer: Viewer } | { kind: 'device'; device: KitchenDeviceSession };

const actorName = (actor: KitchenActor) => (actor.kind === 'staff' ? actor.viewer.login : actor.device.name);

/** The station a device shows alone, or null when it (or the staff) may move any line. */
const stationOf = (actor: KitchenActor) => (actor.kind === 'device' ? (actor.device.station?._id ?? null) : null);

export type LineSelection = { index: number } | { station: 'all' };

/**
 * Moves one line (`{ index }`) or, for "Hammasi tayyor", every line of the actor's station that is not yet at `to`
 * (`{ station: 'all' }`: lines already past it stay). 404: an order the actor may not see or a line it does not have;
 * 403: a line of another station; 409: a move the rules refuse, saying why.
 */
export function moveLines(
  deps: DomainDeps,
  actor: KitchenActor,
  orderId: string,
  selection: LineSelection,
  to: LineStatus,
): Promise<OrderRecord> {
  return deps.work(async (w) => {
    const found = await lockOrderWithOwner(w.tx, orderId);
    const visible =
      found &&
      (actor.kind === 'staff'
        ? ownsRestaurant(actor.viewer, found)
        : found.order.restaurant_id === actor.device.restaurant._id);
    if (!found || !visible) throw notFound(messages.orderNotFound);
    const { order } = found;
    const station = stationOf(actor);
    const mine = (line: OrderLine) => station === null || line.station_id === station;
    const rank = (status: LineStatus) => LINE_FLOW.indexOf(status);

    let indexes: number[];
    if ('index' in selection) {
      const line = order.items[selection.index];
      if (!line) throw notFound(messages.orderLineNotFound);
      if (!mine(line)) throw forbidden(messages.kitchenOtherStation);
      indexes = [selection.index];
    } else {
      indexes = order.items.flatMap((line, index) => (mine(line) && rank(line.status) < rank(to) ? [index] : []));
      if (indexes.length === 0) throw conflict(messages.lineMoveRefused(kitchenStatusOf(order.items.filter(mine)), to));
    }
    if (order.needs_confirmation) throw conflict(messages.lineOrderUnconfirmed);

    const now = Date.now();
    const at = new Date(now).toISOString();
    const by = actorName(actor);
    const items = [...order.items];
    for (const index of indexes) {
      const line = items[index]!;
      const check = checkLineMove(line, to, order.status, now);
      if (!check.ok) throw new HttpError(409, refusal(check.reason, line.status, to));
      items[index] = movedLine(line, to, at, by);
    }
    const status = orderStatusAfterLines(order.status, items);
    // Telegram's message is edited when the waiter's news changes (the order's kitchen state, a dish ready), not on
    // every tap: a chat takes twenty messages a minute, and a busy kitchen taps more.
    const edit = kitchenStatusOf(items) !== kitchenStatusOf(order.items) || to === 'ready';
    const saved = await saveLineMoves(w.tx, order, { items, status, by, edit });
    w.outboxWritten();
    return saved;
  });
}

function refusal(reason: 'same' | 'back' | 'closed', current: LineStatus, to: LineStatus): string {
  if (reason === 'closed') return messages.lineOrderClosed;
  if (reason === 'back') return messages.lineUndoExpired;
  return messages.lineMoveRefused(current, to);
}
