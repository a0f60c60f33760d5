import { describe, expect, it } from 'vitest';
import { createOption, createRow } from '../support/fixtures';
import { setupTenants } from '../support/tenants';
import { orderingRestaurant } from './orders-fixtures';

/**
 * The public menu tells the ordering script how many rows of each option to choose (`data-q` the minimum when there is
 * one, `data-m` the maximum when above 1, only on a table's ordering page, as its other ordering attributes), and the
 * menu's JSON says it of every option.
 */
const t = setupTenants();
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('required options on the public menu', () => {
  it('marks the choice counts on the ordering page only, and answers them in the JSON', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const portion = await createOption(t.db, product._id, { name: 'Porsiya', min_choices: 1 });
    await createRow(t.db, portion._id, { name: '1 porsiya' });
    const sauce = await createOption(t.db, product._id, { name: 'Sous' });
    await createRow(t.db, sauce._id, { name: 'Sarimsoqli', price: 1000 });
    const extras = await createOption(t.db, product._id, { name: 'Salatlar', min_choices: 2, max_choices: 3 });
    await createRow(t.db, extras._id, { name: 'Qazi', price: 15000 });

    const ordering = (await get(`/menu/${restaurant.slug}?table=${table.token}`)).body;
    expect(ordering).toContain(`<div class="og" data-o="${portion._id}" data-q="1"><h4>Porsiya</h4>`);
    expect(ordering).toContain(`<div class="og" data-o="${extras._id}" data-q="2" data-m="3"><h4>Salatlar</h4>`);
    expect(ordering).toContain(`<div class="og" data-o="${sauce._id}"><h4>Sous</h4>`);
    const plain = (await get(`/menu/${restaurant.slug}`)).body;
    expect(plain).not.toContain('data-q');
    expect(plain).not.toContain('data-m');

    const json = (await get(`/menu/data?slug=${restaurant.slug}`)).json();
    const options = json.data.categories[0].products[0].options;
    type Counted = { name: string; required: boolean; min_choices: number; max_choices: number };
    expect(options.map((o: Counted) => [o.name, o.required, o.min_choices, o.max_choices])).toEqual([
      ['Porsiya', true, 1, 1],
      ['Sous', false, 0, 1],
      ['Salatlar', true, 2, 3],
    ]);
  });
});
