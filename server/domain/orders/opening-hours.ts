import { hoursOpen, type NextStart, nextOpening, type WallClock, wallClock } from '../../../lib/schedule';
import type { WorkingHours } from '../../../lib/schedule-types';
import { messages } from '../../messages';

/** What deciding whether a restaurant is open needs of it (findOrderingRestaurant reads both with the rest). */
export interface RestaurantHours {
  time_zone: string;
  working_hours: WorkingHours | null;
}

/** Why a diner's order or call is refused out of hours: when the restaurant opens next (null: it has no hours). */
export interface Closure {
  opens_at: NextStart | null;
  /** "Restoran hozir yopiq, 10:00 da ochiladi." */
  message: string;
}

/** The restaurant's wall clock now; every check of one request reads this one instant. */
export const restaurantClock = (hours: RestaurantHours, now = new Date()): WallClock => wallClock(now, hours.time_zone);

/** undefined while the restaurant is open by its working hours (always, without any), else why it is closed. */
export function closure(hours: RestaurantHours, clock: WallClock): Closure | undefined {
  if (hoursOpen(hours.working_hours, clock)) return undefined;
  const opens = nextOpening(hours.working_hours, clock);
  const tomorrow = opens !== null && !opens.today && opens.weekday === (clock.weekday % 7) + 1;
  return {
    opens_at: opens,
    message: messages.restaurantClosed(opens && { ...opens, tomorrow }),
  };
}
