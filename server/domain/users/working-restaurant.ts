import { notFound } from '../../errors';
import { messages } from '../../messages';
import { chooseWorkingRestaurant as rememberWorkingRestaurant } from '../../repositories/working-restaurant';
import type { Viewer } from '../../viewer';
import type { DomainDeps } from '../deps';

/**
 * A manager chooses the restaurant they work on, remembered per user so the next login (on any device) opens it. Only
 * one of their own restaurants at that moment: another's, or an unknown id, is a 404 and nothing is remembered.
 */
export function chooseWorkingRestaurant(deps: DomainDeps, viewer: Viewer, restaurantId: string): Promise<string> {
  return deps.work(async (w) => {
    if (!(await rememberWorkingRestaurant(w.tx, viewer._id, restaurantId))) throw notFound(messages.restaurantNotFound);
    return restaurantId;
  });
}
