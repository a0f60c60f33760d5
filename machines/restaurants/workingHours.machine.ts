import { type ActorRefFrom, assign, setup } from 'xstate';
import { ApiError } from '../../client/client';
import { uzDishFacts } from '../../lib/uz-dish-facts';
import { withFieldLabels } from '../shared/errors';
import { workingHoursActors } from './workingHours.actors';
import {
  type DayKey,
  type HoursForm,
  type HoursInterval,
  hoursFormOf,
  isValidHoursForm,
  MAX_INTERVALS,
  toHoursChange,
  withDayOpen,
  withIntervalAdded,
  withIntervalRemoved,
  withIntervalTime,
  withSameEveryDay,
} from './workingHours.rules';

/**
 * The restaurant page's "Ish vaqti": the time zone and the working hours, started from the restaurant the page read,
 * edited here and saved as one change. The form's own checks (workingHours.rules.ts) hold a save until they pass,
 * shown from the first save asked for and updated as the manager types; the server's refusal (a zone it does not
 * know, intervals that overlap) is shown with the form kept as typed.
 */

export interface WorkingHoursInput {
  slug: string;
  /** The restaurant as read: its `time_zone` and `working_hours` (absent: the defaults). */
  restaurant: { time_zone?: unknown; working_hours?: unknown };
}

export interface WorkingHoursContext {
  slug: string;
  /** As the server last stored it. */
  stored: HoursForm;
  /** As typed. */
  values: HoursForm;
  /** A save was asked for: the form's errors are shown from then on. */
  showErrors: boolean;
  /** The last refused save's sentence; null otherwise. */
  error: string | null;
}

export type WorkingHoursEvent =
  | { type: 'hours.timeZone'; zone: string }
  | { type: 'hours.alwaysOpen'; on: boolean }
  | { type: 'hours.dayOpen'; day: DayKey; open: boolean }
  | { type: 'hours.add'; day: DayKey }
  | { type: 'hours.remove'; day: DayKey; index: number }
  | { type: 'hours.time'; day: DayKey; index: number; part: keyof HoursInterval; value: string }
  | { type: 'hours.sameEveryDay'; day: DayKey }
  | { type: 'hours.save' };

/** The server names the fields by their API keys; the panel by their labels. */
const FIELD_LABELS = { time_zone: uzDishFacts.timeZone, working_hours: uzDishFacts.hoursTitle };

/** The server's sentence (a 400 names what is wrong; no answer is the client's networkError), or a general one. */
export function hoursFailure(error: unknown): string {
  return error instanceof ApiError && error.message
    ? withFieldLabels(error.message, FIELD_LABELS)
    : uzDishFacts.hoursSaveFailed;
}

type Edit = (form: HoursForm) => HoursForm;
type On<E extends WorkingHoursEvent['type']> = { event: Extract<WorkingHoursEvent, { type: E }> };
const editWith =
  <E extends WorkingHoursEvent['type']>(change: (event: On<E>['event']) => Edit) =>
  ({ event }: On<E>) =>
    change(event);
type DayParams = { day: DayKey; index?: number };

/** What every state with the form on screen accepts; an edit takes the last save's result away. */
const onForm = {
  'hours.timeZone': {
    target: 'editing',
    actions: { type: 'edit', params: editWith<'hours.timeZone'>((e) => (form) => ({ ...form, time_zone: e.zone })) },
  },
  'hours.alwaysOpen': {
    target: 'editing',
    actions: { type: 'edit', params: editWith<'hours.alwaysOpen'>((e) => (form) => ({ ...form, always_open: e.on })) },
  },
  'hours.dayOpen': {
    target: 'editing',
    actions: { type: 'edit', params: editWith<'hours.dayOpen'>((e) => (form) => withDayOpen(form, e.day, e.open)) },
  },
  'hours.add': {
    target: 'editing',
    guard: { type: 'canAdd', params: ({ event }: On<'hours.add'>) => ({ day: event.day }) },
    actions: { type: 'edit', params: editWith<'hours.add'>((e) => (form) => withIntervalAdded(form, e.day)) },
  },
  'hours.remove': {
    target: 'editing',
    guard: { type: 'hasInterval', params: ({ event }: On<'hours.remove'>) => ({ day: event.day, index: event.index }) },
    actions: {
      type: 'edit',
      params: editWith<'hours.remove'>((e) => (form) => withIntervalRemoved(form, e.day, e.index)),
    },
  },
  'hours.time': {
    target: 'editing',
    guard: { type: 'hasInterval', params: ({ event }: On<'hours.time'>) => ({ day: event.day, index: event.index }) },
    actions: {
      type: 'edit',
      params: editWith<'hours.time'>((e) => (form) => withIntervalTime(form, e.day, e.index, e.part, e.value)),
    },
  },
  'hours.sameEveryDay': {
    target: 'editing',
    actions: {
      type: 'edit',
      params: editWith<'hours.sameEveryDay'>((e) => (form) => withSameEveryDay(form, e.day)),
    },
  },
  'hours.save': [
    { guard: 'formValid', target: 'saving' },
    { target: 'editing', actions: 'showErrors' },
  ],
} as const;

export const workingHoursMachine = setup({
  types: {
    context: {} as WorkingHoursContext,
    events: {} as WorkingHoursEvent,
    input: {} as WorkingHoursInput,
  },
  actors: workingHoursActors,
  guards: {
    formValid: ({ context }) => isValidHoursForm(context.values),
    /** The day may take one more interval (the API takes six). */
    canAdd: ({ context }, { day }: DayParams) => context.values.days[day].length < MAX_INTERVALS,
    /** The interval the event names is there. */
    hasInterval: ({ context }, { day, index = 0 }: DayParams) => index < context.values.days[day].length,
  },
  actions: {
    edit: assign(({ context }, change: Edit) => ({ values: change(context.values) })),
    showErrors: assign({ showErrors: true }),
    takeStored: assign((_, restaurant: WorkingHoursInput['restaurant']) => {
      const stored = hoursFormOf(restaurant);
      return { stored, values: stored, showErrors: false };
    }),
  },
}).createMachine({
  id: 'workingHours',
  context: ({ input }) => {
    const stored = hoursFormOf(input.restaurant);
    return { slug: input.slug, stored, values: stored, showErrors: false, error: null };
  },
  initial: 'editing',
  states: {
    editing: {
      entry: assign({ error: null }),
      on: onForm,
    },
    saving: {
      invoke: {
        id: 'saveHours',
        src: 'saveHours',
        input: ({ context }) => ({ slug: context.slug, change: toHoursChange(context.values) }),
        onDone: { target: 'saved', actions: { type: 'takeStored', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => hoursFailure(event.error) }) },
      },
    },
    /** Stored: said under the form until the next edit. */
    saved: { on: onForm },
    /** Refused: the form stays as typed with the server's reason, to be corrected and saved again. */
    failed: { on: onForm },
  },
});

export type WorkingHoursActor = ActorRefFrom<typeof workingHoursMachine>;
