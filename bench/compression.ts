import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { openDatabase } from '../server/db/client';
import { createPglite } from '../server/db/pglite';
import { seedBenchData } from '../server/dev/bench-data';
import { loadMenu } from '../server/menu/data';
import { renderMenuPage } from '../server/menu/page';

/**
 * `npx tsx bench/compression.ts`: what each gzip and brotli level costs and saves on a real menu page (the bench
 * data's 200 products) and its JSON, so server/menu/variant.ts can pick levels from numbers. Prints a
 * table: level, compressed bytes, median ms of one compression (synchronous here, to time the CPU alone).
 */
const database = await openDatabase({ pglite: await createPglite(), migrate: true });
const sample = await seedBenchData(database.db, { restaurants: 1, productsPerRestaurant: 200 });
const data = await loadMenu(database.db, sample.slug);
await database.close();
if (!data) throw new Error('the bench menu did not load');

const bodies = { page: Buffer.from(renderMenuPage(data)), json: Buffer.from(JSON.stringify({ data })) };

function median(run: () => Buffer, times = 15): { ms: number; bytes: number } {
  let bytes = 0;
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    bytes = run().length;
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { ms: Number(samples[Math.floor(times / 2)]!.toFixed(2)), bytes };
}

for (const [name, body] of Object.entries(bodies)) {
  console.log(`\n${name}: ${body.length} B uncompressed`);
  for (const level of [1, 4, 6, 9]) {
    const r = median(() => gzipSync(body, { level }));
    console.log(`gzip ${level}    ${String(r.bytes).padStart(7)} B  ${r.ms} ms`);
  }
  for (const quality of [4, 5, 6, 8, 9, 11]) {
    const r = median(
      () =>
        brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
      quality === 11 ? 5 : 15,
    );
    console.log(`brotli ${String(quality).padEnd(2)} ${String(r.bytes).padStart(7)} B  ${r.ms} ms`);
  }
}
