import type { SnapshotFrom } from 'xstate';
import type { managerRestaurantsMachine } from './managerRestaurants.machine';

type Snapshot = SnapshotFrom<typeof managerRestaurantsMachine>;

/** The first load shows 'Loading...'; a reload after an update keeps the cards on screen. */
export const selectIsFirstLoad = (s: Snapshot) => s.matches('loading') && s.context.restaurants.length === 0;
export const selectIsEmpty = (s: Snapshot) => s.matches('empty');
export const selectLoadFailed = (s: Snapshot) => s.matches('failed');
export const selectRestaurants = (s: Snapshot) => s.context.restaurants;
