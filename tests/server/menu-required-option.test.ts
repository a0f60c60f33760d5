import { describe, expect, it } from 'vitest';
import { createOption, createRow } from '../support/fixtures';
import { setupTenants } from '../support/tenants';
import { orderingRestaurant } from './orders-fixtures';

/**
 * The public menu tells the ordering script which options are required (`data-q` on the option's group, only on a
 * table's ordering page, as its other ordering attributes), and the menu's JSON says it of every option.
 */
const t = setupTenants();
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('required options on the public menu', () => {
  it('marks a required option on the ordering page only, and answers `required` in the JSON', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const portion = await createOption(t.db, product._id, { name: 'Porsiya', required: true });
    await createRow(t.db, portion._id, { name: '1 porsiya' });
    const sauce = await createOption(t.db, product._id, { name: 'Sous' });
    await createRow(t.db, sauce._id, { name: 'Sarimsoqli', price: 1000 });

    const ordering = (await get(`/menu/${restaurant.slug}?table=${table.token}`)).body;
    expect(ordering).toContain(`<div class="og" data-o="${portion._id}" data-q><h4>Porsiya</h4>`);
    expect(ordering).toContain(`<div class="og" data-o="${sauce._id}"><h4>Sous</h4>`);
    const plain = (await get(`/menu/${restaurant.slug}`)).body;
    expect(plain).not.toContain('data-q');

    const json = (await get(`/menu/data?slug=${restaurant.slug}`)).json();
    const options = json.data.categories[0].products[0].options;
    expect(options.map((o: { name: string; required: boolean }) => [o.name, o.required])).toEqual([
      ['Porsiya', true],
      ['Sous', false],
    ]);
  });
});
