import { describe, expect, it } from 'vitest';
import { DEMO_RESTAURANTS } from '../../server/dev/demo/data';

/**
 * An option row's price is an addition to the product's price (the public menu shows '+12 000 so'm',
 * the panel too). The demo data used to mix both readings ('0.5 porsiya' at +0, '1 porsiya' at +12 000 on a dish
 * priced as one portion); it follows the one meaning now.
 */

const products = DEMO_RESTAURANTS.flatMap((restaurant) =>
  restaurant.categories.flatMap((category) => category.products),
);
const withOptions = products.flatMap((product) =>
  (product.options ?? []).map((option) => ({
    product,
    option,
    rows: new Map(option.rows.map((r) => [r.name, r.price])),
  })),
);

describe('demo option rows are additions to the product price', () => {
  it('a dish is priced as 1 porsiya (+0); 1.5 and 2 porsiya add half its price per half portion', () => {
    const portions = withOptions.filter(({ option }) => option.name === 'Porsiya');
    expect(portions.map(({ product }) => product.name).sort()).toEqual(
      ['Lag‘mon', 'Lag‘mon', "Osh (to'y oshi)", 'Samarqand oshi', "Sho'rva", "Sho'rva"].sort(),
    );
    for (const { product, rows } of portions) {
      const half = Math.round(product.price / 2000) * 1000;
      expect(Object.fromEntries(rows), product.name).toEqual({
        '1 porsiya': 0,
        '1.5 porsiya': half,
        '2 porsiya': 2 * half,
      });
    }
  });

  it('a size choice starts at the product as priced (+0) and only adds from there, cheapest first', () => {
    for (const { product, option } of withOptions.filter(({ option }) => option.name === 'Hajmi')) {
      const prices = option.rows.map((row) => row.price);
      expect(prices[0], product.name).toBe(0);
      expect(prices, product.name).toEqual([...prices].sort((a, b) => a - b));
      // An addition, not a total: never as much as the product itself again.
      expect(Math.max(...prices), product.name).toBeLessThan(product.price * 2);
    }
  });
});
