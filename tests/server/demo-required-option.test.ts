import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productOptions, products } from '../../server/db/schema';
import { seedDemo } from '../../server/seed/demo';
import { createTestApp, type TestApp } from '../support/app';

/** The demo's ordering restaurant shows a required option: Samarqand oshi cannot be ordered without its portion. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  await seedDemo(t.db, { dataDir: t.config.dataDir });
});
afterAll(() => t.close());

describe('demo required option', () => {
  it('seeds Samarqand oshi’s portion required and every other option optional', async () => {
    const rows = await t.db
      .select({ product: products.name, option: productOptions.name, required: productOptions.required })
      .from(productOptions)
      .innerJoin(products, eq(products._id, productOptions.product_id));
    expect(rows.filter((row) => row.required)).toEqual([
      { product: 'Samarqand oshi', option: 'Porsiya', required: true },
    ]);
    expect(rows.length).toBeGreaterThan(1);
  });
});
