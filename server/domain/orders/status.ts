import type { OrderStatus } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { messages } from '../../messages';
import { findCallWithOwner, markCallDone } from '../../repositories/calls';
import { changeOrderStatus, findOrderWithOwner } from '../../repositories/orders';
import { ownsRestaurant, type Viewer } from '../../viewer';
import type { DomainDeps } from '../deps';
import type { Work } from '../unit-of-work';
import { ORDER_MOVES } from './moves';

/**
 * A staff member moves an order or marks a call done, from the panel or from a Telegram button: one rule
 * (moves.ts), checked and changed in one statement, so of two staff acting at once one wins. The change queues its
 * Telegram edit and its staff event in the same transaction; the sender is woken after the commit.
 */

export type StatusChange =
  | { kind: 'changed'; order: NonNullable<Awaited<ReturnType<typeof changeOrderStatus>>> }
  | { kind: 'refused'; current: OrderStatus; message: string }
  | { kind: 'gone' };

/**
 * Why a move was refused: the status does not allow it, or (a cancel the status would allow) a line has started
 * cooking.
 */
export function refusalMessage(current: OrderStatus, to: OrderStatus): string {
  return ORDER_MOVES[to].includes(current) && to === 'cancelled'
    ? messages.cancelAfterCooking
    : messages.orderMoveRefused(current, to);
}

/** One step of a larger unit of work (a Telegram press also remembers its update in it). */
export async function changeStatus(w: Work, orderId: string, to: OrderStatus, by: string): Promise<StatusChange> {
  const order = await changeOrderStatus(w.tx, orderId, to, ORDER_MOVES[to], by);
  if (order) {
    w.outboxWritten();
    return { kind: 'changed', order };
  }
  // Refused: the order moved meanwhile (or is gone); the answer names where it is now.
  const now = await findOrderWithOwner(w.tx, orderId);
  return now
    ? { kind: 'refused', current: now.order.status, message: refusalMessage(now.order.status, to) }
    : { kind: 'gone' };
}

/** The call, done by `by`; undefined when it was done already. */
export async function markDone(w: Work, callId: string, by: string) {
  const done = await markCallDone(w.tx, callId, by);
  if (done) w.outboxWritten();
  return done;
}

/** The panel's move (PUT /manager/orders/{id}): another restaurant's order is a 404, a refused move a 409. */
export function moveOrderAsStaff(deps: DomainDeps, viewer: Viewer, orderId: string, to: OrderStatus) {
  return deps.work(async (w) => {
    const found = await findOrderWithOwner(w.tx, orderId);
    if (!found || !ownsRestaurant(viewer, found)) throw notFound(messages.orderNotFound);
    const change = await changeStatus(w, found.order._id, to, viewer.login);
    if (change.kind === 'changed') return change.order;
    if (change.kind === 'gone') throw notFound(messages.orderNotFound);
    throw conflict(change.message);
  });
}

/** The panel's "done" on a call (PUT /manager/calls/{id}): another restaurant's is a 404, one done already a 409. */
export function markCallDoneAsStaff(deps: DomainDeps, viewer: Viewer, callId: string) {
  return deps.work(async (w) => {
    const found = await findCallWithOwner(w.tx, callId);
    if (!found || !ownsRestaurant(viewer, found)) throw notFound(messages.callNotFound);
    const done = await markDone(w, found.call._id, viewer.login);
    if (!done) throw conflict(messages.callDoneAlready);
    return done;
  });
}
