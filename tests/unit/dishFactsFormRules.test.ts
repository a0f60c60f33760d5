import { describe, expect, it } from 'vitest';
import { DISH_TAGS } from '../../lib/dish-facts';
import { uzDishFacts } from '../../lib/uz-dish-facts';
import { categoryFormConfig, toCategoryChanges, toCategoryInput } from '../../machines/categories/categoryForm.rules';
import { changedFields } from '../../machines/dialog/dialog.rules';
import type { DialogConfig, FormValues } from '../../machines/dialog/dialog.types';
import {
  FACTS_EMPTY,
  factsErrors,
  factsToCreate,
  factsToUpdate,
  factsValues,
  parseWhole,
  withItemToggled,
} from '../../machines/products/dishFacts.rules';
import { factsLine, tagNames } from '../../machines/products/dishFacts.selectors';
import { productFormConfig, toProductChanges, toProductInput } from '../../machines/products/productForm.rules';
import {
  describeDays,
  describeSchedule,
  parseDays,
  SCHEDULE_EMPTY,
  scheduleErrors,
  scheduleToCreate,
  scheduleToUpdate,
  scheduleValues,
  withDayToggled,
} from '../../machines/shared/schedule.rules';

/**
 * The form rules of a dish's facts (machines/products/dishFacts.rules.ts) and of the hours a category or dish is
 * served (machines/shared/schedule.rules.ts, one set for both forms): what the form starts from, what it refuses in
 * Uzbek, and what a create and an edit send.
 */

/** What an edit sends: the dialog compares the config's shown values and hands the changes to the update body. */
const editChanges = (config: DialogConfig, item: Record<string, unknown>, typed: FormValues) => {
  const initial = config.fromItem({ _id: 'x', ...item });
  const shown = config.shown ?? ((v: FormValues) => v);
  return changedFields(shown(initial), shown({ ...initial, ...typed }));
};

const LUNCH = { days: [1, 2, 3, 4, 5], from: '12:00', to: '15:00', outside: 'hide' } as const;

describe('the schedule control (categories and dishes)', () => {
  it('a new item is served always, with every day and "Kulrang ko\'rsatish" ready for when that is turned off', () => {
    expect(SCHEDULE_EMPTY).toEqual({
      schedule_always: true,
      schedule_days: '1,2,3,4,5,6,7',
      schedule_from: '',
      schedule_to: '',
      schedule_outside: 'grey',
    });
    expect(scheduleValues(null)).toEqual(SCHEDULE_EMPTY);
    expect(scheduleToCreate(SCHEDULE_EMPTY)).toEqual({});
  });

  it('a stored schedule comes back as it was; a create sends it whole', () => {
    const values = scheduleValues(LUNCH);
    expect(values).toEqual({
      schedule_always: false,
      schedule_days: '1,2,3,4,5',
      schedule_from: '12:00',
      schedule_to: '15:00',
      schedule_outside: 'hide',
    });
    expect(scheduleToCreate(values)).toEqual({ schedule: LUNCH });
  });

  it('day chips keep the days once each, Monday first', () => {
    expect(withDayToggled('1,2,3', 2)).toBe('1,3');
    expect(withDayToggled('3,1', 7)).toBe('1,3,7');
    expect(parseDays('7,1,1,9,x')).toEqual([1, 7]);
    expect(withDayToggled('', 5)).toBe('5');
  });

  it('with "Har doim" off: a day, two clock times and two different times are required, in Uzbek', () => {
    const off = { ...SCHEDULE_EMPTY, schedule_always: false };
    expect(scheduleErrors(off)).toEqual({
      schedule_from: uzDishFacts.timeInvalid,
      schedule_to: uzDishFacts.timeInvalid,
    });
    expect(scheduleErrors({ ...off, schedule_days: '', schedule_from: '24:00', schedule_to: '8:00' })).toEqual({
      schedule_days: uzDishFacts.daysRequired,
      schedule_from: uzDishFacts.timeInvalid,
      schedule_to: uzDishFacts.timeInvalid,
    });
    expect(scheduleErrors({ ...off, schedule_from: '09:00', schedule_to: '09:00' })).toEqual({
      schedule_to: uzDishFacts.timeSame,
    });
    // A night across midnight is a schedule like any other.
    expect(scheduleErrors({ ...off, schedule_from: '22:00', schedule_to: '02:00' })).toEqual({});
    // "Har doim": nothing else is read.
    expect(scheduleErrors({ ...off, schedule_always: true, schedule_days: '' })).toEqual({});
  });

  it('an edit sends the schedule whole, null for "Har doim", and nothing for days changed while it is on', () => {
    const category = { title: 'Biznes-lanch', is_active: true, schedule: LUNCH };
    expect(toCategoryChanges(editChanges(categoryFormConfig, category, { schedule_days: '1,2,3,4,5,6' }))).toEqual({
      schedule: { ...LUNCH, days: [1, 2, 3, 4, 5, 6] },
    });
    expect(toCategoryChanges(editChanges(categoryFormConfig, category, { schedule_always: true }))).toEqual({
      schedule: null,
    });
    const always = { title: 'Salatlar', is_active: true, schedule: null };
    expect(editChanges(categoryFormConfig, always, { schedule_days: '1', schedule_from: '08:00' })).toEqual({});
    // Turned off and back on: no change either.
    expect(editChanges(categoryFormConfig, category, { schedule_days: '1,2,3,4,5' })).toEqual({});
    expect(scheduleToUpdate({ title: 'x' })).toEqual({});
  });

  it('the category form holds the control: its checks, and a create with the schedule', () => {
    const typed = {
      ...categoryFormConfig.empty,
      title: 'Nonushta',
      schedule_always: false,
      schedule_from: '08:00',
      schedule_to: '11:00',
    };
    expect(categoryFormConfig.validate({ ...typed, schedule_to: '' }, 'create')).toEqual({
      schedule_to: uzDishFacts.timeInvalid,
    });
    expect(toCategoryInput(typed, 'r1')).toEqual({
      title: 'Nonushta',
      restaurant_id: 'r1',
      is_active: true,
      schedule: { days: [1, 2, 3, 4, 5, 6, 7], from: '08:00', to: '11:00', outside: 'grey' },
    });
  });

  it('reads days as a manager does: every day, runs of three or more, the rest one by one', () => {
    expect(describeDays([1, 2, 3, 4, 5, 6, 7])).toBe('Har kuni');
    expect(describeDays([1, 2, 3, 4, 5])).toBe('Du–Ju');
    expect(describeDays([1, 2, 4, 6, 7])).toBe('Du, Se, Pa, Sh, Ya');
    expect(describeDays([1, 2, 3, 5, 6, 7])).toBe('Du–Ch, Ju–Ya');
    expect(describeSchedule(LUNCH)).toBe('Du–Ju 12:00–15:00');
    expect(describeSchedule({ days: [1, 2, 3, 4, 5, 6, 7], from: '08:00', to: '11:00' })).toBe('08:00–11:00');
  });
});

describe("a dish's facts", () => {
  it('a new dish has none: portion in grams when typed, not spicy, no tags, no allergens; none is sent', () => {
    expect(FACTS_EMPTY).toEqual({
      portion_value: '',
      portion_unit: 'g',
      calories: '',
      spiciness: '0',
      tags: '',
      allergens: '',
    });
    expect(factsToCreate(FACTS_EMPTY)).toEqual({});
  });

  it('stored facts come back as they were, the lists in their fixed order whatever the answer’s', () => {
    expect(
      factsValues({
        portion: { value: 2, unit: 'dona' },
        calories: 0,
        spiciness: 3,
        tags: ['vegan', 'halal', 'unknown'],
        allergens: ['nuts', 'gluten'],
      }),
    ).toEqual({
      portion_value: '2',
      portion_unit: 'dona',
      calories: '0',
      spiciness: '3',
      tags: 'halal,vegan',
      allergens: 'gluten,nuts',
    });
    expect(factsValues({})).toEqual(FACTS_EMPTY);
  });

  it.each([
    ['350', null],
    [' 1 ', null],
    ['50000', null],
    ['0', uzDishFacts.portionInvalid],
    ['50001', uzDishFacts.portionInvalid],
    ['350.5', uzDishFacts.portionInvalid],
    ['-5', uzDishFacts.portionInvalid],
  ])('a portion of %j: %s', (typed, error) => {
    expect(factsErrors({ ...FACTS_EMPTY, portion_value: typed }).portion_value ?? null).toBe(error);
  });

  it.each([
    ['0', null],
    ['10000', null],
    ['10001', uzDishFacts.caloriesInvalid],
    ['4.5', uzDishFacts.caloriesInvalid],
  ])('calories of %j: %s', (typed, error) => {
    expect(factsErrors({ ...FACTS_EMPTY, calories: typed }).calories ?? null).toBe(error);
  });

  it('a chip toggles its item in the list’s order', () => {
    expect(withItemToggled('', 'vegan', DISH_TAGS)).toBe('vegan');
    expect(withItemToggled('vegan', 'halal', DISH_TAGS)).toBe('halal,vegan');
    expect(withItemToggled('halal,vegan', 'vegan', DISH_TAGS)).toBe('halal');
    expect(parseWhole(' 42 ')).toBe(42);
    expect(parseWhole('4e2')).toBeNull();
  });

  it('a create sends only the facts given', () => {
    expect(
      factsToCreate({ ...FACTS_EMPTY, portion_value: '350', calories: '420', spiciness: '2', allergens: 'nuts' }),
    ).toEqual({ portion: { value: 350, unit: 'g' }, calories: 420, spiciness: 2, allergens: ['nuts'] });
  });

  it('an edit sends the portion whole when its number or unit changed, an emptied fact as null, a list as []', () => {
    const product = {
      name: 'Lagmon',
      price: 30000,
      portion: { value: 400, unit: 'g' },
      calories: 600,
      spiciness: 1,
      tags: ['halal'],
      allergens: ['gluten'],
    };
    const config = productFormConfig('c1');
    const edit = (typed: FormValues) => toProductChanges(editChanges(config, product, typed), 'manager');
    expect(edit({ portion_unit: 'ml' })).toEqual({ portion: { value: 400, unit: 'ml' } });
    expect(edit({ portion_value: '0400' })).toEqual({});
    expect(edit({ portion_value: '', calories: '' })).toEqual({ portion: null, calories: null });
    expect(edit({ tags: '', allergens: 'gluten,milk', spiciness: '0' })).toEqual({
      tags: [],
      allergens: ['gluten', 'milk'],
      spiciness: 0,
    });
    // No number typed: a unit chosen is nothing to send.
    const bare = { name: 'Choy', price: 5000 };
    expect(toProductChanges(editChanges(config, bare, { portion_unit: 'ml' }), 'manager')).toEqual({});
    expect(factsToUpdate({ name: 'x' })).toEqual({});
  });

  it('the product form holds the facts and the schedule: checks, and a create with both', () => {
    const config = productFormConfig('c1');
    const typed = {
      ...config.empty,
      name: 'Biznes-lanch',
      price: '45000',
      portion_value: '1',
      portion_unit: 'dona',
      tags: 'new',
      schedule_always: false,
      schedule_days: '1,2,3,4,5',
      schedule_from: '12:00',
      schedule_to: '15:00',
      schedule_outside: 'hide',
    };
    expect(config.validate({ ...typed, calories: '99999', schedule_days: '' }, 'create')).toEqual({
      calories: uzDishFacts.caloriesInvalid,
      schedule_days: uzDishFacts.daysRequired,
    });
    expect(toProductInput(typed)).toEqual({
      name: 'Biznes-lanch',
      category_id: 'c1',
      description: '',
      price: 45000,
      is_active: true,
      images: [],
      portion: { value: 1, unit: 'dona' },
      tags: ['new'],
      schedule: LUNCH,
    });
  });

  it("the list's short line: only what is said, in the panel's words", () => {
    expect(factsLine({ portion: { value: 350, unit: 'g' }, calories: 420, spiciness: 0 })).toBe('350 g · 420 kkal');
    expect(factsLine({ portion: null, calories: null, spiciness: 3 })).toBe('Juda achchiq');
    expect(factsLine({ portion: { value: 2, unit: 'dona' }, calories: 0 })).toBe('2 dona · 0 kkal');
    expect(factsLine({})).toBe('');
    expect(tagNames(['spicy', 'chef', 'bogus'])).toEqual(['Oshpaz tavsiyasi', 'Achchiq']);
  });
});
