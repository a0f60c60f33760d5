import type { EventObject, SnapshotFrom } from 'xstate';
import { ApiError } from '../../../client/client';
import { type WorkingHoursEvent, workingHoursMachine } from '../../../machines/restaurants/workingHours.machine';
import { isValidHoursForm } from '../../../machines/restaurants/workingHours.rules';
import { type ActorEventType, byTransition, type ModelEvent, type PathModel } from '../../support/paths';

/**
 * "Ish vaqti" on the restaurant page as a test plan. The restaurant opens Monday to Saturday 10:00–22:00, Sunday off,
 * in Tashkent's time zone. The plan turns "Har doim ochiq" on and off, opens and closes Sunday, gives Monday a second
 * interval (first with no end, then 22:00–23:30), moves Monday's first end to 23:00 (overlapping the second while it
 * is there), removes the second, puts Monday's hours on every day, changes the zone to Samarkand, and saves (stored,
 * or refused by the server). After a save went through only the zone and another save are walked: the answer the
 * screen got is the server's, not the plan's sample.
 */

export const HOURS_RESTAURANT = {
  time_zone: 'Asia/Tashkent',
  working_hours: {
    '1': [['10:00', '22:00']],
    '2': [['10:00', '22:00']],
    '3': [['10:00', '22:00']],
    '4': [['10:00', '22:00']],
    '5': [['10:00', '22:00']],
    '6': [['10:00', '22:00']],
  },
} as const;

/** The server's refusal the plan walks (the screen's network answers it: tests/ui/support/network.ts). */
export const HOURS_REFUSED = new ApiError(400, 'Sinov xatosi');

type Snapshot = SnapshotFrom<typeof workingHoursMachine>;
const isValid = (snapshot: unknown) => isValidHoursForm((snapshot as Snapshot).context.values);

const DAY_EVENTS = [
  'hours.alwaysOpen',
  'hours.dayOpen',
  'hours.add',
  'hours.remove',
  'hours.time',
  'hours.sameEveryDay',
];

export const workingHoursModel: PathModel<typeof workingHoursMachine> = {
  name: 'workingHours',
  machine: workingHoursMachine,
  input: { slug: 'rayhon', restaurant: HOURS_RESTAURANT },
  events: [
    { type: 'hours.alwaysOpen', on: true },
    { type: 'hours.alwaysOpen', on: false },
    { type: 'hours.dayOpen', day: '7', open: true },
    { type: 'hours.dayOpen', day: '7', open: false },
    { type: 'hours.add', day: '1' },
    { type: 'hours.time', day: '1', index: 1, part: 'to', value: '23:30' },
    { type: 'hours.time', day: '1', index: 0, part: 'to', value: '23:00' },
    { type: 'hours.remove', day: '1', index: 1 },
    { type: 'hours.sameEveryDay', day: '1' },
    { type: 'hours.timeZone', zone: 'Asia/Samarkand' },
    { type: 'hours.save' },
    { type: 'xstate.done.actor.saveHours', output: HOURS_RESTAURANT },
    { type: 'xstate.error.actor.saveHours', error: HOURS_REFUSED },
  ] satisfies Array<ModelEvent & { type: WorkingHoursEvent['type'] | ActorEventType<'saveHours'> }>,
  // byTransition, with whether the form passes its own checks: a save then goes to the server or stays to be
  // corrected, two outcomes of one event.
  serializeState: (snapshot, event, previous) =>
    `${byTransition(snapshot, event as EventObject | undefined, previous)} ${isValid(snapshot) ? 'valid' : 'invalid'}`,
  filterEvents: (s, e) => {
    const values = s.context.values;
    // After a save went through the screen holds the server's answer: only what does not depend on it is walked.
    if (s.matches('saved')) return e.type === 'hours.timeZone' || e.type === 'hours.save';
    if (e.type === 'hours.alwaysOpen') return e.on !== values.always_open;
    // The days are on the screen only while "Har doim ochiq" is off.
    if (DAY_EVENTS.includes(e.type) && values.always_open) return false;
    if (e.type === 'hours.dayOpen') return e.open !== values.days['7'].length > 0;
    // One more interval on Monday, once.
    if (e.type === 'hours.add') return values.days['1'].length === 1;
    if (e.type === 'hours.timeZone') return values.time_zone !== e.zone;
    return true;
  },
  describeEvent: (e) => {
    switch (e.type) {
      case 'hours.alwaysOpen':
        return `turn 'Har doim ochiq' ${e.on ? 'on' : 'off'}`;
      case 'hours.dayOpen':
        return e.open ? 'open Sunday' : 'make Sunday a day off';
      case 'hours.time':
        return `Monday's interval ${Number(e.index) + 1} ends at ${String(e.value)}`;
      default:
        return (
          {
            'hours.add': "press 'Oraliq qo'shish' on Monday",
            'hours.remove': "remove Monday's second interval",
            'hours.sameEveryDay': "press 'Har kuni bir xil'",
            'hours.timeZone': 'choose Samarqand',
            'hours.save': "press 'Ish vaqtini saqlash'",
            'xstate.done.actor.saveHours': 'the server stores the hours',
            'xstate.error.actor.saveHours': 'the server refuses them',
          }[e.type] ?? e.type
        );
    }
  },
};
