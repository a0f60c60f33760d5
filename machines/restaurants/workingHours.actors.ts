import { fromPromise } from 'xstate';
import { updateRestaurant } from '../../client/restaurants';
import type { HoursChange } from './workingHours.rules';

export interface SaveHoursInput {
  /** The restaurant update names the restaurant by its slug. */
  slug: string;
  change: HoursChange;
}

export const workingHoursActors = {
  /** PUT /manager/restaurants/update?slug= with the zone and the hours → the restaurant as stored. */
  saveHours: fromPromise(({ input, signal }: { input: SaveHoursInput; signal: AbortSignal }) =>
    updateRestaurant(input.slug, input.change, { signal }),
  ),
};
