import {
  hoursOpen,
  type NextStart,
  nextOpening,
  nextScheduleStart,
  openStateKey,
  scheduleOpen,
  type WeekMoment,
  wallClock,
} from '../../lib/schedule';
import { DEFAULT_TIME_ZONE, type Schedule } from '../../lib/schedule-types';
import type { MenuData } from './data';

/**
 * A menu that follows the clock: its categories' and dishes' schedules and the restaurant's working hours, read on
 * the restaurant's wall clock (its time zone). The cache keeps a menu's pages for one state (`stateAt`) and renders
 * anew when it changes, with no write needed. The state is what the page shows of the hour: which windows are open
 * (lib/schedule.ts's `openStateKey`) and, for each closed one, when it opens next as the page words it (today, or on
 * which weekday: "08:00 dan", "Du 08:00 dan"). The open windows alone would not do: breakfast is closed at 07:00
 * ("08:00 dan") and again at 12:00 ("Se 08:00 dan"), and a page kept from the morning must not be served at noon when
 * nobody asked for it in between.
 */

/** What a render needs of the hour: the wall clock, and whether and when the restaurant opens. */
export interface MenuMoment {
  now: WeekMoment;
  open: boolean;
  /** When it opens next while closed; null when it is open, or never opens. */
  opens: NextStart | null;
}

/** Served now, or when it is served next and whether it is hidden meanwhile. */
export type Serving = { served: true } | { served: false; hide: boolean; next: NextStart };

const SERVED: Serving = { served: true };

export function serving(schedule: Schedule | null | undefined, now: WeekMoment): Serving {
  if (!schedule || scheduleOpen(schedule, now)) return SERVED;
  return { served: false, hide: schedule.outside === 'hide', next: nextScheduleStart(schedule, now) };
}

export class MenuClock {
  private readonly schedules: Schedule[];
  private readonly timeZone: string;

  constructor(private readonly data: MenuData) {
    this.schedules = [];
    for (const category of data.categories) {
      if (category.schedule) this.schedules.push(category.schedule);
      for (const product of category.products) if (product.schedule) this.schedules.push(product.schedule);
    }
    this.timeZone = data.restaurant.time_zone ?? DEFAULT_TIME_ZONE;
  }

  /** A menu with no schedule and no working hours looks the same at every hour. */
  get constant(): boolean {
    return this.schedules.length === 0 && !this.data.restaurant.working_hours;
  }

  /** The restaurant's wall clock; a zone Intl does not know (the API refuses one) reads as Tashkent's. */
  private clockAt(instant: Date): WeekMoment {
    try {
      return wallClock(instant, this.timeZone);
    } catch {
      return wallClock(instant, DEFAULT_TIME_ZONE);
    }
  }

  /** What the page shows of the hour at `instant`: two instants with the same state get the same page. '' when constant. */
  stateAt(instant: Date): string {
    if (this.constant) return '';
    const now = this.clockAt(instant);
    const hours = this.data.restaurant.working_hours ?? null;
    let state = openStateKey(this.schedules, hours, now);
    // When each closed window opens, as its label says it: later today (0), or on which weekday.
    const day = (next: NextStart) => (next.today ? '0' : String(next.weekday));
    for (const schedule of this.schedules)
      if (!scheduleOpen(schedule, now)) state += day(nextScheduleStart(schedule, now));
    if (!hoursOpen(hours, now)) {
      const opens = nextOpening(hours, now);
      state += opens ? ` ${day(opens)}${opens.time}` : ' -';
    }
    return state;
  }

  /** undefined when constant: the page then shows no hours at all, as it always did. */
  momentAt(instant: Date): MenuMoment | undefined {
    if (this.constant) return undefined;
    const now = this.clockAt(instant);
    const hours = this.data.restaurant.working_hours ?? null;
    const open = hoursOpen(hours, now);
    return { now, open, opens: open ? null : nextOpening(hours, now) };
  }
}
