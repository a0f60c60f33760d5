import { describe, expect, it } from 'vitest';
import { chosenRows, initialChoices, isFull, leastOf, missingChoice, mostOf, NONE } from '../../web-menu/option-choice';
import type { PageOption } from '../../web-menu/product';

const row = (id: string, price = 0) => ({ _id: id, name: id, price });
const portion: PageOption = { name: 'Porsiya', min: 1, max: 1, rows: [row('1'), row('1.5', 24000), row('2', 48000)] };
const sauce: PageOption = { name: 'Sous', min: 0, max: 1, rows: [row('garlic', 1000), row('chili', 2000)] };
const bread: PageOption = { name: 'Non', min: 1, max: 1, rows: [row('white'), row('dark', 500)] };
/** The demo's Osh (to'y oshi): extras, up to two. */
const extras: PageOption = { name: "Qo'shimcha", min: 0, max: 2, rows: [row('qazi', 15000), row('bedana', 5000)] };
/** At least one, at most two of three. */
const salads: PageOption = { name: 'Salat', min: 1, max: 2, rows: [row('a', 1000), row('b', 2000), row('c', 3000)] };

describe('the option sheet’s choices', () => {
  it('start on the first row of a required option, on none of an optional one, on nothing ticked of extras', () => {
    expect(initialChoices([portion, sauce, bread])).toEqual([[0], [], [0]]);
    expect(initialChoices([extras, salads])).toEqual([[], []]);
    expect(initialChoices([])).toEqual([]);
  });

  it('give the cart exactly the rows shown as chosen: the first row of a required option, nothing of an optional one', () => {
    const options = [portion, sauce];
    expect(chosenRows(options, initialChoices(options))).toEqual([row('1')]);
    expect(chosenRows(options, [[2], [1]])).toEqual([row('2', 48000), row('chili', 2000)]);
    expect(chosenRows(options, [[1], [NONE]])).toEqual([row('1.5', 24000)]);
  });

  it('give every ticked extra once, in the options’ order and each option’s own order, whatever the ticking order', () => {
    const options = [portion, extras];
    expect(chosenRows(options, [[0], [1, 0]])).toEqual([row('1'), row('qazi', 15000), row('bedana', 5000)]);
    expect(chosenRows([extras], [[1, 1]])).toEqual([row('bedana', 5000)]);
    expect(chosenRows([extras, salads], [[], [2, 0]])).toEqual([row('a', 1000), row('c', 3000)]);
  });

  it('add nothing for a choice the option does not have', () => {
    expect(chosenRows([sauce], [[5]])).toEqual([]);
    expect(chosenRows([sauce], [[NONE]])).toEqual([]);
    expect(chosenRows([sauce], [])).toEqual([]);
  });

  it('count what an option can actually be given: its minimum and maximum, at most its rows', () => {
    expect([leastOf(extras), mostOf(extras)]).toEqual([0, 2]);
    expect([leastOf(salads), mostOf(salads)]).toEqual([1, 2]);
    const asksTooMuch: PageOption = { ...extras, min: 3, max: 5 };
    expect([leastOf(asksTooMuch), mostOf(asksTooMuch)]).toEqual([2, 2]);
  });

  it('find the first option with fewer rows than it needs, or -1', () => {
    const options = [sauce, portion, bread];
    expect(missingChoice(options, initialChoices(options))).toBe(-1);
    expect(missingChoice(options, [[NONE], [NONE], [NONE]])).toBe(1);
    expect(missingChoice(options, [[0], [1], []])).toBe(2);
    expect(missingChoice(options, [[NONE], [9], [0]])).toBe(1);
    expect(missingChoice([sauce], [[NONE]])).toBe(-1);
    // Extras with no minimum may stay empty; with one, fewer is missing, and a repeat or a stray index counts nothing.
    expect(missingChoice([extras, salads], [[], [2]])).toBe(-1);
    expect(missingChoice([extras, salads], [[0, 1], []])).toBe(1);
    expect(missingChoice([salads], [[7, NONE]])).toBe(0);
    // An option asking for more rows than it has is satisfied by all of them (the order API's min(min, rows)).
    const asksTooMuch: PageOption = { ...extras, min: 3, max: 5 };
    expect(missingChoice([asksTooMuch], [[0]])).toBe(0);
    expect(missingChoice([asksTooMuch], [[0, 1]])).toBe(-1);
  });

  it('call an option full at its maximum, so the sheet disables its other boxes and it never goes over', () => {
    expect(isFull(extras, [])).toBe(false);
    expect(isFull(extras, [1])).toBe(false);
    expect(isFull(extras, [0, 1])).toBe(true);
    expect(isFull(salads, [0, 2])).toBe(true);
    expect(isFull(salads, [0, 0])).toBe(false);
    expect(isFull(sauce, [NONE])).toBe(false);
    expect(isFull(sauce, [1])).toBe(true);
  });
});
