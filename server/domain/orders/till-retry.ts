import { conflict, notFound } from '../../errors';
import { messages } from '../../messages';
import { findOrderWithOwner } from '../../repositories/orders';
import { restartTillOrder } from '../../repositories/pos-outbox';
import { ownsRestaurant, type Viewer } from '../../viewer';
import type { DomainDeps } from '../deps';

/**
 * The panel's "Qayta yuborish" (POST /manager/orders/{id}/pos-retry): an order whose sending to the till failed starts
 * over at once, "sending" again for every staff screen and its Telegram message. Another restaurant's order is a 404;
 * one on its way or on the till already (or of a restaurant without a till) is a 409, so a double tap sends once.
 */
export function retryTillOrder(deps: DomainDeps, viewer: Viewer, orderId: string) {
  return deps.work(async (w) => {
    const found = await findOrderWithOwner(w.tx, orderId);
    if (!found || !ownsRestaurant(viewer, found)) throw notFound(messages.orderNotFound);
    if (found.order.pos === null) throw conflict(messages.tillRetryNoPos);
    if (found.order.status === 'cancelled') throw conflict(messages.tillRetryCancelled);
    const restarted = await restartTillOrder(w.tx, orderId);
    if (!restarted) throw conflict(messages.tillRetryNotFailed);
    // The till sender is woken with Telegram's: the row is due now.
    w.outboxWritten();
    return restarted.order;
  });
}
