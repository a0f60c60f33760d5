import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ProductWithOptions } from '../../client/products';
import { formatAddition, formatRowChoice } from '../../lib/format';
import { productDetailMachine } from '../../machines/products/productDetail.machine';
import { selectOptionChoices } from '../../machines/products/productDetail.selectors';
import { resolving } from '../machines/helpers';

/** An option row's price is an addition to the product's price, written and totalled as one. */

describe('an option row price as an addition', () => {
  it("is written '+12 000 so'm', rounded down like every price; a free row is its price, never '+0 so'm'", () => {
    expect(formatAddition(12000)).toBe("+12\u00a0000\u00a0so'm");
    expect(formatAddition(1500.75)).toBe("+1\u00a0500\u00a0so'm");
    expect(formatAddition(0)).toBe("0\u00a0so'm");
    // Less than a whole so'm adds nothing a diner pays for: free, as the menu shows it.
    expect(formatAddition(0.5)).toBe("0\u00a0so'm");
  });

  it('lists a chosen row with what it adds, a free one by its name alone', () => {
    expect(formatRowChoice('Katta', 5000)).toBe("Katta (+5\u00a0000\u00a0so'm)");
    expect(formatRowChoice('Kichik', 0)).toBe('Kichik');
    expect(formatRowChoice('Kichik', 0.99)).toBe('Kichik');
  });

  it("the product detail's rows: what each adds and the total the diner pays", async () => {
    const product = {
      _id: 'p1',
      name: 'Shashlik',
      price: 25000,
      options: [
        {
          _id: 'o1',
          name: 'Hajmi',
          rows: [
            { _id: 'r1', name: 'Kichik', price: 0 },
            { _id: 'r2', name: 'Katta', price: 5000 },
          ],
        },
        { _id: 'o2', name: 'Sous', rows: [] },
      ],
    } as unknown as ProductWithOptions;
    const machine = productDetailMachine.provide({ actors: { loadProduct: resolving(product).logic as never } });
    const actor = createActor(machine, { input: { productId: 'p1', categoryId: 'c1' } }).start();
    expect(selectOptionChoices(actor.getSnapshot())).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectOptionChoices(actor.getSnapshot())).toEqual([
      {
        _id: 'o1',
        name: 'Hajmi',
        rows: [
          { _id: 'r1', name: 'Kichik', addition: 0, total: 25000 },
          { _id: 'r2', name: 'Katta', addition: 5000, total: 30000 },
        ],
      },
      { _id: 'o2', name: 'Sous', rows: [] },
    ]);
  });
});
