import { describe, expect, it } from 'vitest';
import { chosenRows, initialChoices, missingRequired, NONE } from '../../server/menu/order-browser/option-choice';
import type { PageOption } from '../../server/menu/order-browser/product';

const row = (id: string, price = 0) => ({ _id: id, name: id, price });
const portion: PageOption = { name: 'Porsiya', required: true, rows: [row('1'), row('1.5', 24000), row('2', 48000)] };
const sauce: PageOption = { name: 'Sous', required: false, rows: [row('garlic', 1000), row('chili', 2000)] };
const bread: PageOption = { name: 'Non', required: true, rows: [row('white'), row('dark', 500)] };

describe('the option sheet’s choices', () => {
  it('start on the first row of a required option and on none of an optional one', () => {
    expect(initialChoices([portion, sauce, bread])).toEqual([0, NONE, 0]);
    expect(initialChoices([])).toEqual([]);
  });

  it('give the cart exactly the rows shown as chosen: the first row of a required option, nothing of an optional one', () => {
    const options = [portion, sauce];
    expect(chosenRows(options, initialChoices(options))).toEqual([row('1')]);
    expect(chosenRows(options, [2, 1])).toEqual([row('2', 48000), row('chili', 2000)]);
    expect(chosenRows(options, [1, NONE])).toEqual([row('1.5', 24000)]);
  });

  it('add nothing for a choice the option does not have', () => {
    expect(chosenRows([sauce], [5])).toEqual([]);
    expect(chosenRows([sauce], [])).toEqual([]);
  });

  it('find the first required option left without a row, or -1', () => {
    const options = [sauce, portion, bread];
    expect(missingRequired(options, initialChoices(options))).toBe(-1);
    expect(missingRequired(options, [NONE, NONE, NONE])).toBe(1);
    expect(missingRequired(options, [0, 1, NONE])).toBe(2);
    expect(missingRequired(options, [NONE, 9, 0])).toBe(1);
    expect(missingRequired([sauce], [NONE])).toBe(-1);
  });
});
