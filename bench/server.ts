import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { seedBenchData } from '../server/dev/bench-data';
import { DEMO_ADMIN } from '../server/dev/demo/data';
import { ensureAdmin } from '../server/seed/admin';
import { exitOnSignal, openBenchDatabase } from './bench-process';
import { seedStopListBench } from './stoplist';

/**
 * The server under benchmark, in its own process so the load generator does not share its event loop:
 * a fresh PGlite in a temporary DATA_DIR with 100 restaurants x 200 products and the stop-list benchmark's restaurant.
 * It serves the built panel from dist/ (bench/run.ts builds it when missing). Prints `READY <json>` with the
 * URL and a sample of the data, then serves until killed.
 */
const { database, dataDir, cleanUp } = await openBenchDatabase('reads');
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', LOGIN_RATE_MAX: '100000' });
const sample = await seedBenchData(database.db, { restaurants: 100, productsPerRestaurant: 200, multilingual: true });
// The stop-list benchmarks' manager: one restaurant of 1,000 products in 50 categories.
const stopList = await seedStopListBench(database.db);
const adminPassword = `${DEMO_ADMIN.password}-bench`;
await ensureAdmin(database.db, 'bench-admin', adminPassword);
// BENCH_DIST: another build of the panel than dist/ (to compare two builds without touching the shared one).
// The live events bench opens 200 panels as one manager: the per-user stream cap (server/events/hub.ts) is lifted here.
const app = await buildApp(config, {
  database,
  logger: false,
  distDir: process.env.BENCH_DIST || undefined,
  streamsPerUser: 1000,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(
  `READY ${JSON.stringify({ baseUrl: address, sample, stopList, admin: { login: 'bench-admin', password: adminPassword } })}`,
);

exitOnSignal(async () => {
  await app.close();
  await cleanUp();
});
