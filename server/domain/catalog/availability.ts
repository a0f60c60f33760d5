import type { Static } from 'typebox';
import { notFound } from '../../errors';
import { messages } from '../../messages';
import { productOwners, setProductsAvailability } from '../../repositories/products';
import type { AvailabilityBody } from '../../schemas/products';
import { ownsRestaurant, type Viewer } from '../../viewer';
import type { DomainDeps } from '../deps';

/**
 * A manager's stop-list move: the listed products to (`is_active` false) or out of (true) the stop-list, with the
 * category cascade of spec section 4, all or nothing. Every id must be a product the viewer owns, otherwise a 404 and
 * nothing changes. The products may belong to several restaurants (an admin's move): each one's menu changes.
 * Answers the products whose is_active changed and the categories the cascade changed.
 */
export function setAvailability(deps: DomainDeps, viewer: Viewer, body: Static<typeof AvailabilityBody>) {
  const { ids, is_active } = body;
  return deps.work(async (w) => {
    const owners = await productOwners(w.tx, ids);
    if (owners.length !== ids.length || !owners.every((owner) => ownsRestaurant(viewer, owner))) {
      throw notFound(messages.productNotFound);
    }
    // A manager's move: the default source (the products and categories become the manager's, not the POS's).
    const change = await setProductsAvailability(w.tx, ids, is_active);
    for (const owner of owners) w.menuChanged(owner.restaurant_id);
    return change;
  });
}
