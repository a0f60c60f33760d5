import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { createPglite } from '../../server/db/pglite';
import { seedBenchData } from '../../server/dev/bench-data';
import { loadMenu } from '../../server/menu/data';
import { renderMenuPage } from '../../server/menu/page';
import { BROTLI_QUALITY, GZIP_LEVEL, makeVariant } from '../../server/menu/variant';

/**
 * A menu render compressed at maximum settings cost 60-85 ms of CPU (brotli 11) for a few hundred bytes.
 * The levels now cost little for the bytes they save: fast, and still within a few percent of the maximum.
 */
let page: string;
beforeAll(async () => {
  const database = await openDatabase({ pglite: await createPglite(), migrate: true });
  const sample = await seedBenchData(database.db, { restaurants: 1, productsPerRestaurant: 200 });
  const data = await loadMenu(database.db, sample.slug);
  await database.close();
  page = renderMenuPage(data!);
}, 60_000);

describe('menu page compression', () => {
  it('every encoding still decodes to the page', async () => {
    const variant = await makeVariant(page);
    expect(variant.identity.toString()).toBe(page);
    expect(gunzipSync(variant.gzip).toString()).toBe(page);
    expect(brotliDecompressSync(variant.br).toString()).toBe(page);
  });

  it('renders compress at the measured levels, not at the maximum settings', () => {
    // What the levels cost is measured by bench/compression.ts (brotli 11: ~210 ms a render here, quality 5: ~0.4 ms),
    // never timed in a test; this keeps the maximum settings from coming back unmeasured.
    expect(GZIP_LEVEL).toBeLessThan(9);
    expect(BROTLI_QUALITY).toBeLessThan(constants.BROTLI_MAX_QUALITY);
  });

  it('the bytes stay within 15 % of the slowest settings', async () => {
    const variant = await makeVariant(page);
    const body = Buffer.from(page);
    const smallestBr = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
    const smallestGzip = gzipSync(body, { level: 9 }).length;
    expect(variant.br.length).toBeLessThanOrEqual(smallestBr * 1.15);
    expect(variant.gzip.length).toBeLessThanOrEqual(smallestGzip * 1.15);
    // What phones get stays far below the page itself.
    expect(variant.br.length).toBeLessThan(body.length / 10);
  });
});
