import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor } from 'xstate';
import { ApiError } from '../../client/client';
import { uz } from '../../lib/uz';
import { uzDishFacts } from '../../lib/uz-dish-facts';
import type { SaveHoursInput } from '../../machines/restaurants/workingHours.actors';
import { type WorkingHoursEvent, workingHoursMachine } from '../../machines/restaurants/workingHours.machine';
import {
  hoursFormOf,
  MAX_INTERVALS,
  timeZoneOptions,
  toHoursChange,
  validateHoursForm,
  withDayOpen,
  withIntervalAdded,
  withSameEveryDay,
} from '../../machines/restaurants/workingHours.rules';
import {
  selectCanAdd,
  selectHoursErrors,
  selectIsSaving,
  selectSaveResult,
  selectUnsaved,
} from '../../machines/restaurants/workingHours.selectors';
import { coverage, generatePaths, type PathEventType, pathName } from '../support/paths';
import { HOURS_REFUSED, HOURS_RESTAURANT, workingHoursModel } from '../ui/models/workingHours.model';
import { flush, pending, resolving } from './helpers';
import { type PathStep, replayPath } from './replay-path';

/** "Ish vaqti" on the restaurant page: the workingHours machine and its form rules. */

const FORM = hoursFormOf(HOURS_RESTAURANT);
const WINTER = new Date('2026-01-15T12:00:00Z');

function start(saveHours: AnyActorLogic = resolving((input: SaveHoursInput) => input.change).logic) {
  const machine = workingHoursMachine.provide({ actors: { saveHours } as never });
  return createActor(machine, { input: { slug: 'rayhon', restaurant: HOURS_RESTAURANT } }).start();
}

describe('the working hours form rules', () => {
  it('a restaurant without hours is always open, every day ready at 10:00–22:00 for when that is turned off', () => {
    const form = hoursFormOf({ time_zone: 'Asia/Almaty', working_hours: null });
    expect(form.always_open).toBe(true);
    expect(form.time_zone).toBe('Asia/Almaty');
    expect(form.days['7']).toEqual([{ from: '10:00', to: '22:00' }]);
    expect(toHoursChange(form)).toEqual({ time_zone: 'Asia/Almaty', working_hours: null });
    // An older read without the fields: Tashkent, always open.
    expect(toHoursChange(hoursFormOf({}))).toEqual({ time_zone: 'Asia/Tashkent', working_hours: null });
  });

  it('stored hours come back as they were; a day off is left out of what is sent', () => {
    expect(FORM.always_open).toBe(false);
    expect(FORM.days['7']).toEqual([]);
    expect(toHoursChange(FORM)).toEqual(HOURS_RESTAURANT);
  });

  it('a time that is not HH:MM, an empty interval, no open day and an unknown zone are named in Uzbek', () => {
    const form = {
      ...FORM,
      time_zone: 'Asia/Tashkend',
      days: { ...FORM.days, '1': [{ from: '9:00', to: '22:00' }], '2': [{ from: '10:00', to: '10:00' }] },
    };
    expect(validateHoursForm(form)).toEqual({
      time_zone: uzDishFacts.timeZoneInvalid,
      '1.0.from': uzDishFacts.timeInvalid,
      '2.0.to': uzDishFacts.timeSame,
    });
    const closed = (['1', '2', '3', '4', '5', '6', '7'] as const).reduce(
      (form, day) => withDayOpen(form, day, false),
      FORM,
    );
    expect(validateHoursForm(closed)).toEqual({ days: uzDishFacts.noOpenDay });
    // "Har doim ochiq": the days are not read.
    expect(validateHoursForm({ ...form, time_zone: 'UTC', always_open: true })).toEqual({});
  });

  it('intervals that overlap are named by their days and hours; touching ones and a night past midnight are fine', () => {
    const lunch = withIntervalAdded(FORM, '1');
    expect(lunch.days['1']).toEqual([
      { from: '10:00', to: '22:00' },
      { from: '22:00', to: '' },
    ]);
    const touching = { ...lunch, days: { ...lunch.days, '1': [lunch.days['1'][0]!, { from: '22:00', to: '02:00' }] } };
    expect(validateHoursForm(touching)).toEqual({});
    const overlapping = {
      ...touching,
      days: { ...touching.days, '2': [{ from: '01:00', to: '22:00' }] },
    };
    expect(validateHoursForm(overlapping)).toEqual({
      overlap: uzDishFacts.intervalsOverlap('Du 22:00–02:00', 'Se 01:00–22:00'),
    });
  });

  it('a day opened takes the hours of the open day before it; closing it empties it', () => {
    const saturdayLate = { ...FORM, days: { ...FORM.days, '6': [{ from: '12:00', to: '01:00' }] } };
    expect(withDayOpen(saturdayLate, '7', true).days['7']).toEqual([{ from: '12:00', to: '01:00' }]);
    const mondayOff = withDayOpen(FORM, '1', false);
    expect(mondayOff.days['1']).toEqual([]);
    // Nothing open before Monday: a usual day.
    expect(withDayOpen(mondayOff, '1', true).days['1']).toEqual([{ from: '10:00', to: '22:00' }]);
  });

  it('"Har kuni bir xil" puts the day’s hours on every day; a day takes at most six intervals', () => {
    const split = withIntervalAdded(FORM, '1');
    const every = withSameEveryDay(split, '1');
    for (const day of ['1', '2', '3', '4', '5', '6', '7'] as const) expect(every.days[day]).toEqual(split.days['1']);
    let full = FORM;
    for (let i = 0; i < 10; i++) full = withIntervalAdded(full, '3');
    expect(full.days['3']).toHaveLength(MAX_INTERVALS);
  });

  it("offers the usual zones with today's offset, and the restaurant's own zone first when it is another", () => {
    const offered = timeZoneOptions('Asia/Tashkent', WINTER);
    expect(offered[0]).toEqual({ value: 'Asia/Tashkent', label: 'Toshkent (UTC+5)' });
    expect(offered).toContainEqual({ value: 'Europe/Moscow', label: 'Moskva (UTC+3)' });
    expect(offered).toContainEqual({ value: 'UTC', label: 'UTC' });
    const berlin = timeZoneOptions('Europe/Berlin', WINTER);
    expect(berlin[0]).toEqual({ value: 'Europe/Berlin', label: 'Europe/Berlin (UTC+1)' });
    expect(berlin).toHaveLength(offered.length + 1);
  });
});

describe('workingHours machine: examples', () => {
  it('saves the zone and the hours by slug, then holds what the server stored', async () => {
    const save = resolving((input: SaveHoursInput) => ({ ...input.change, name: 'Rayhon' }));
    const actor = start(save.logic);
    expect(selectUnsaved(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'hours.dayOpen', day: '7', open: true });
    actor.send({ type: 'hours.timeZone', zone: 'Asia/Samarkand' });
    expect(selectUnsaved(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'hours.save' });
    expect(selectIsSaving(actor.getSnapshot())).toBe(true);
    // While it saves the form cannot change.
    expect(actor.getSnapshot().can({ type: 'hours.timeZone', zone: 'UTC' })).toBe(false);
    await flush();
    expect(save.probe.inputs).toEqual([
      {
        slug: 'rayhon',
        change: {
          time_zone: 'Asia/Samarkand',
          working_hours: { ...HOURS_RESTAURANT.working_hours, '7': [['10:00', '22:00']] },
        },
      },
    ]);
    expect(selectSaveResult(actor.getSnapshot())).toEqual({ ok: true, message: uzDishFacts.hoursSaved });
    expect(selectUnsaved(actor.getSnapshot())).toBe(false);
    // The next edit takes the result away.
    actor.send({ type: 'hours.alwaysOpen', on: true });
    expect(selectSaveResult(actor.getSnapshot())).toBeNull();
  });

  it("the form's own checks hold the save, shown from then on; correcting takes them away", async () => {
    const save = resolving({});
    const actor = start(save.logic);
    actor.send({ type: 'hours.add', day: '1' });
    // Nothing is marked before a save is asked for.
    expect(selectHoursErrors(actor.getSnapshot())).toEqual({});
    actor.send({ type: 'hours.save' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(save.probe.inputs).toEqual([]);
    expect(selectHoursErrors(actor.getSnapshot())).toEqual({ '1.1.to': uzDishFacts.timeInvalid });
    expect(selectSaveResult(actor.getSnapshot())).toEqual({ ok: false, message: uzDishFacts.hoursInvalid });
    actor.send({ type: 'hours.time', day: '1', index: 1, part: 'to', value: '23:30' });
    actor.send({ type: 'hours.time', day: '1', index: 0, part: 'to', value: '23:00' });
    // A sentence about the whole form is the result itself.
    expect(selectSaveResult(actor.getSnapshot())).toEqual({
      ok: false,
      message: uzDishFacts.intervalsOverlap('Du 10:00–23:00', 'Du 22:00–23:30'),
    });
    actor.send({ type: 'hours.remove', day: '1', index: 1 });
    expect(selectHoursErrors(actor.getSnapshot())).toEqual({});
    expect(selectSaveResult(actor.getSnapshot())).toBeNull();
  });

  it('an interval that is not there cannot be changed or removed; a full day takes no more', () => {
    const actor = start();
    expect(actor.getSnapshot().can({ type: 'hours.remove', day: '7', index: 0 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'hours.time', day: '1', index: 1, part: 'to', value: '23:00' })).toBe(false);
    for (let i = 1; i < MAX_INTERVALS; i++) actor.send({ type: 'hours.add', day: '2' });
    expect(selectCanAdd('2')(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().can({ type: 'hours.add', day: '2' })).toBe(false);
  });

  it.each([
    [
      'a 400 naming the field, with the form’s label',
      new ApiError(400, `"working_hours" maydoni noto'g'ri: dushanba 10:00–23:00 va …`),
      `"${uzDishFacts.hoursTitle}" maydoni noto'g'ri: dushanba 10:00–23:00 va …`,
    ],
    ['no answer at all', new ApiError(0, uz.networkError), uz.networkError],
    ['anything else', new Error('boom'), uzDishFacts.hoursSaveFailed],
  ])('a refused save keeps the form as typed and shows why: %s', async (_n, error, shown) => {
    const refused = start(
      resolving(() => {
        throw error;
      }).logic,
    );
    refused.send({ type: 'hours.timeZone', zone: 'UTC' });
    refused.send({ type: 'hours.save' });
    await flush();
    expect(refused.getSnapshot().value).toBe('failed');
    expect(selectSaveResult(refused.getSnapshot())).toEqual({ ok: false, message: shown });
    expect(refused.getSnapshot().context.values.time_zone).toBe('UTC');
    expect(selectUnsaved(refused.getSnapshot())).toBe(true);
  });

  it('leaving the page while it saves cancels the call', async () => {
    const save = pending();
    const actor = start(save.logic);
    actor.send({ type: 'hours.save' });
    await flush();
    actor.stop();
    expect(save.probe.aborted).toBe(1);
  });
});

const paths = generatePaths(workingHoursModel);

describe('workingHours machine: the generated paths', () => {
  it('walk every state and transition of the plan', () => {
    const cover = coverage(workingHoursModel, paths);
    expect(cover.states.covered).toEqual(expect.arrayContaining(cover.states.all));
    expect(cover.transitions.covered).toEqual(cover.transitions.all);
  });

  const steps = {
    'hours.timeZone': (_w, e, _b, after) => expect(after.context.values.time_zone).toBe(e.zone),
    'hours.alwaysOpen': (_w, e, _b, after) => expect(after.context.values.always_open).toBe(e.on),
    'hours.dayOpen': (_w, e, _b, after) => expect(after.context.values.days['7'].length > 0).toBe(e.open),
    'hours.add': (_w, _e, before, after) =>
      expect(after.context.values.days['1']).toHaveLength(before.context.values.days['1'].length + 1),
    'hours.remove': (_w, _e, before, after) =>
      expect(after.context.values.days['1']).toHaveLength(before.context.values.days['1'].length - 1),
    'hours.time': (_w, e, _b, after) => expect(after.context.values.days['1'][Number(e.index)]?.to).toBe(e.value),
    'hours.sameEveryDay': (_w, _e, _b, after) =>
      expect(new Set(Object.values(after.context.values.days).map((d) => JSON.stringify(d))).size).toBe(1),
    'hours.save': (world, _e, before) => {
      if (before.matches('saving')) return;
      const call = world.held.at(-1);
      if (call) expect(call.input).toEqual({ slug: 'rayhon', change: toHoursChange(before.context.values) });
    },
    'xstate.done.actor.saveHours': (_w, _e, _b, after) =>
      expect(selectSaveResult(after)).toEqual({ ok: true, message: uzDishFacts.hoursSaved }),
    'xstate.error.actor.saveHours': (_w, _e, before, after) => {
      expect(selectSaveResult(after)).toEqual({ ok: false, message: HOURS_REFUSED.message });
      expect(after.context.values).toEqual(before.context.values);
    },
  } satisfies Record<
    PathEventType<WorkingHoursEvent, 'saveHours'>,
    PathStep<ReturnType<ReturnType<typeof start>['getSnapshot']>>
  >;

  paths.forEach((path, index) => {
    it(pathName(workingHoursModel, path, index), () =>
      replayPath(workingHoursMachine, workingHoursModel.input, ['saveHours'], path, steps),
    );
  });
});
