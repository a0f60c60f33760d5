import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productOptions, products } from '../../server/db/schema';
import { seedDemo } from '../../server/dev/demo/seed';
import { createTestApp, type TestApp } from '../support/app';

/**
 * The demo shows both kinds of choice: Samarqand oshi cannot be ordered without its portion, and Osh (to'y oshi) takes
 * up to two of its extras.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  await seedDemo(t.db, { dataDir: t.config.dataDir });
});
afterAll(() => t.close());

describe('demo required option', () => {
  it('seeds Samarqand oshi’s portion required, two extras of Osh, and every other option one optional row', async () => {
    const rows = await t.db
      .select({
        product: products.name,
        option: productOptions.name,
        min: productOptions.min_choices,
        max: productOptions.max_choices,
      })
      .from(productOptions)
      .innerJoin(products, eq(products._id, productOptions.product_id))
      .orderBy(products.name, productOptions.name);
    expect(rows.filter((row) => row.min !== 0 || row.max !== 1)).toEqual([
      { product: "Osh (to'y oshi)", option: "Qo'shimcha", min: 0, max: 2 },
      { product: 'Samarqand oshi', option: 'Porsiya', min: 1, max: 1 },
    ]);
    expect(rows.length).toBeGreaterThan(2);
  });
});
