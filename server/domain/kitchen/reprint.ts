import { conflict, notFound } from '../../errors';
import { messages } from '../../messages';
import { findOrderWithOwner } from '../../repositories/orders';
import { queueReprint } from '../../repositories/print-queue';
import { ownsRestaurant, type Viewer } from '../../viewer';
import type { DomainDeps } from '../deps';

/**
 * "Qayta chop etish": the order's tickets again, one per station with a printer that makes one of its lines, marked
 * as printed again. 409 when none of its stations has a printer.
 */
export function reprintOrder(deps: DomainDeps, viewer: Viewer, orderId: string) {
  return deps.work(async (w) => {
    const found = await findOrderWithOwner(w.tx, orderId);
    if (!found || !ownsRestaurant(viewer, found)) throw notFound(messages.orderNotFound);
    const queued = await queueReprint(w.tx, found.order._id);
    if (queued === 0) throw conflict(messages.reprintNoPrinter);
    w.outboxWritten();
    return found.order;
  });
}
