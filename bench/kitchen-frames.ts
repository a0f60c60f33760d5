import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type Browser, chromium, type Locator, type Page } from '@playwright/test';
import { KITCHEN_TOKEN_KEY } from '../client/kitchen';
import { kitchenDevices, kitchenStations } from '../server/db/schema';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';
import { type OrdersReady, orderBody, phoneAddress, seedOrderingBench } from './orders';

/**
 * The kitchen display's frames with 60 open cards (docs/kitchen.md; the issue's goal: under 16 ms per frame):
 * bench/run.ts calls `reportKitchenFrames` (section `kitchen-frames` of BENCH_ONLY); `npx tsx bench/kitchen-frames.ts`
 * runs it alone.
 *
 * Its own server process (a fresh PGlite, or DATABASE_URL) serves the built panel (dist/, or BENCH_DIST; built only
 * when missing) with one restaurant whose every dish is made at one station and one paired kitchen device of that
 * station. Sixty orders of three lines (one with an option row, a comment) are placed as diners place them; a few
 * dishes are moved on first, so both columns have cards. Chromium at 1280×800 opens /kitchen with the device's session
 * and, while a Chromium trace records, the cards' timers tick, a new order arrives and a cook taps a dish.
 *
 * A frame's time is Chromium's own measure of an animation frame on the page's main thread (frameTimes below): from
 * the first task that changed the screen to the end of its rendering. A frame longer than 16 ms is one the tablet's
 * 60 Hz screen misses. Printed: p50, p95, max, the longest frame's own CPU time on the main thread (what the frame's
 * work costs, without the waits a loaded machine adds) and the longest tasks; the last line
 * `kitchen-frames: p95 N ms, max M ms`.
 *
 * The dish is tapped as a finger taps a tablet (tapLikeAFinger): the page is a touch screen and the finger rests on
 * the dish for PRESS_MS before it lifts. The press (pointerdown, touchstart) and the lift (pointerup, touchend, then
 * the click) are separate tasks, as on a tablet; a mouse click made by a test sends the press and the click in one.
 */

const CARDS = 60;
/** How long the trace records, and when the new order and the tap come in it. */
const RECORD_MS = 12_000;
const NEW_ORDER_AT_MS = 4_000;
const TAP_AT_MS = 6_000;
/** How many dishes the cook taps, one after another, from TAP_AT_MS on; each tap lands somewhere in a screen refresh. */
const TAPS = 6;
const FRAME_BUDGET_MS = 16;
/** How long a cook's finger rests on the dish: a quick tap on a touch screen lasts some 50–100 ms. */
const PRESS_MS = 60;

interface FramesReady extends OrdersReady {
  /** The paired device's session (`kd_…`). */
  token: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const root = join(import.meta.dirname, '..');
const distDir = process.env.BENCH_DIST || join(root, 'dist');

/** The server process: seeds, listens on loopback, prints `READY <json>`, serves the panel until killed. */
async function serve(): Promise<void> {
  const [{ buildApp }, { loadConfig }, { openBenchDatabase, exitOnSignal }] = await Promise.all([
    import('../server/app'),
    import('../server/config'),
    import('./bench-process'),
  ]);
  const { database, dataDir, cleanUp } = await openBenchDatabase('kitchen_frames', {
    databaseUrl: process.env.DATABASE_URL,
  });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', TRUST_PROXY: '127.0.0.1' });
  const seeded = await seedOrderingBench(database.db, undefined, { slug: 'bench-kitchen-frames', tables: CARDS * 2 });
  const [station] = await database.db
    .insert(kitchenStations)
    .values({ restaurant_id: seeded.restaurantId, name: 'Oshxona' })
    .returning({ _id: kitchenStations._id });
  // Paired as POST /kitchen/pair leaves a device: only the session's hash is stored.
  const token = `kd_${randomUUID()}`;
  await database.db.insert(kitchenDevices).values({
    restaurant_id: seeded.restaurantId,
    station_id: station!._id,
    name: 'Oshxona plansheti',
    code_expires_at: new Date().toISOString(),
    token_hash: sha256(token),
    paired_at: new Date().toISOString(),
    created_by: 'bench',
  });
  const app = await buildApp(config, { database, logger: false, distDir });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`READY ${JSON.stringify({ baseUrl, ...seeded, token } satisfies FramesReady)}`);
  exitOnSignal(async () => {
    await app.close();
    await cleanUp();
  });
}

function startServer(): Promise<{ ready: FramesReady; stop: () => void }> {
  const child = spawn(
    process.execPath,
    [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'bench/kitchen-frames.ts', '--serve'],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: process.env },
  );
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`kitchen-frames bench server exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('READY ')) {
        resolve({ ready: JSON.parse(line.slice(6)) as FramesReady, stop: () => child.kill('SIGTERM') });
      }
    });
  });
}

/** The panel as `npm start` builds it, when there is none yet (an existing build is used as it is). */
async function ensurePanelBuilt(): Promise<void> {
  if (existsSync(join(distDir, 'index.html'))) return;
  console.log(`Building the panel into ${distDir} (the display is opened in Chromium)…`);
  const { execFileSync } = await import('node:child_process');
  execFileSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn', '--outDir', distDir],
    { cwd: root, stdio: 'inherit' },
  );
}

/** A diner's order at the n-th table, as the menu page places it. */
async function placeOrder(ready: FramesReady, n: number): Promise<string> {
  const res = await fetch(`${ready.baseUrl}/menu/${ready.slug}/orders`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
      'x-forwarded-for': phoneAddress(4_000_000 + n),
    },
    body: orderBody(ready, n),
  });
  if (res.status !== 201) throw new Error(`POST /menu/{slug}/orders answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

/** A cook's move through the device's API (before the page opens: some cards cooking, some dishes ready). */
async function moveLine(ready: FramesReady, orderId: string, index: number, status: 'cooking' | 'ready') {
  const res = await fetch(`${ready.baseUrl}/kitchen/orders/${orderId}/items/${index}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ready.token}` },
    body: JSON.stringify({ status }),
  });
  if (res.status !== 200) throw new Error(`moving a line answered ${res.status}: ${await res.text()}`);
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time of a complete event (µs). */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string | number;
  id2?: { local?: string; global?: string };
  args?: { name?: string; data?: { type?: string } };
}

export interface FrameTimes {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  overBudget: number;
  /** The frames over budget: when each began (seconds into the recording), how long it took and its CPU time (ms). */
  overAt: Array<{ atS: number; ms: number; cpuMs: number; busyMs: number }>;
  /**
   * The longest the main thread was busy within one frame (ms): its tasks' wall time there, the waits between them
   * left out. Over 16 ms, the page itself would keep a frame from the next refresh; under it, a frame's wall time
   * over 16 ms is the wait for the refresh (when the task that changed the screen came in the screen's 16.7 ms).
   */
  busyMax: number;
  /** The frames that drew a tap's answer (a `click` dispatched in them): each one's time (ms), in order. */
  tapFrames: number[];
  /** The most CPU time the main thread spent on one frame's tasks (ms): a frame's own cost, whatever the load. */
  cpuMax: number;
  /** The longest main-thread tasks (ms). */
  longestTasks: number[];
  /**
   * The most time Chromium's raster workers spent in one second of the recording, and that second (ms, s): the tiles
   * drawn again, in software here, in parallel with the main thread.
   */
  rasterMaxPerSecond: { ms: number; atS: number };
}

const onThread = (thread: { pid: number; tid: number }) => (e: TraceEvent) =>
  e.pid === thread.pid && e.tid === thread.tid;
const isFrameEdge = (e: TraceEvent) => e.name === 'AnimationFrame' && (e.ph === 'b' || e.ph === 'e');

/** The page's renderer main thread: the CrRendererMain with the most animation frames. */
function pageMainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const counted = mains.map((main) => ({
    ...main,
    frames: events.filter((e) => onThread(main)(e) && isFrameEdge(e)).length,
  }));
  const best = counted.sort((a, b) => b.frames - a.frames)[0];
  if (!best || best.frames === 0) throw new Error('no AnimationFrame in the trace (a Chromium older than 123?)');
  return best;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Each animation frame's duration on the page's main thread, as Chromium records it (the `AnimationFrame` trace event
 * behind the Long Animation Frames API): from the start of the first task that needed the screen updated to the end of
 * that update's rendering — scripts, style, layout and paint together.
 */
export function frameTimes(events: TraceEvent[]): FrameTimes {
  const main = onThread(pageMainThread(events));
  const started = new Map<string, number>();
  const durations: number[] = [];
  const cpuTimes: number[] = [];
  const busyTimes: number[] = [];
  const overAt: FrameTimes['overAt'] = [];
  const recordingStart = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const tasks = events.filter((e) => main(e) && e.name === 'RunTask' && e.ph === 'X' && e.dur !== undefined);
  const clicks = events
    .filter((e) => main(e) && e.name === 'EventDispatch' && e.args?.data?.type === 'click')
    .map((e) => e.ts);
  const tapFrames: number[] = [];
  for (const edge of events.filter((e) => main(e) && isFrameEdge(e)).sort((a, b) => a.ts - b.ts)) {
    const key = JSON.stringify(edge.id2 ?? edge.id);
    if (edge.ph === 'b') started.set(key, edge.ts);
    else if (started.has(key)) {
      const begin = started.get(key)!;
      const ms = (edge.ts - begin) / 1000;
      const cpuMs = frameCpu(tasks, begin, edge.ts);
      const busyMs = frameBusy(tasks, begin, edge.ts);
      busyTimes.push(busyMs);
      durations.push(ms);
      cpuTimes.push(cpuMs);
      if (clicks.some((ts) => ts >= begin && ts <= edge.ts)) tapFrames.push(round(ms));
      if (ms > FRAME_BUDGET_MS) {
        overAt.push({
          atS: round((begin - recordingStart) / 1e6),
          ms: round(ms),
          cpuMs: round(cpuMs),
          busyMs: round(busyMs),
        });
      }
      started.delete(key);
    }
  }
  const sorted = [...durations].sort((a, b) => a - b);
  return {
    frames: durations.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.at(-1) ?? 0),
    overBudget: durations.filter((ms) => ms > FRAME_BUDGET_MS).length,
    overAt,
    tapFrames,
    cpuMax: round(Math.max(0, ...cpuTimes)),
    busyMax: round(Math.max(0, ...busyTimes)),
    longestTasks: tasks
      .map((task) => task.dur! / 1000)
      .sort((a, b) => b - a)
      .slice(0, 5)
      .map(round),
    rasterMaxPerSecond: rasterBySecond(events, recordingStart),
  };
}

/** Chromium's RasterTask time summed per whole second of the recording: the busiest second. */
function rasterBySecond(events: TraceEvent[], recordingStart: number): { ms: number; atS: number } {
  const perSecond = new Map<number, number>();
  for (const e of events) {
    if (e.name !== 'RasterTask' || e.ph !== 'X' || e.dur === undefined) continue;
    const second = Math.floor((e.ts - recordingStart) / 1e6);
    perSecond.set(second, (perSecond.get(second) ?? 0) + e.dur / 1000);
  }
  const [atS, ms] = [...perSecond].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  return { ms: round(ms), atS };
}

/**
 * The main thread's CPU time inside one frame (ms): its tasks' thread time, a task crossing the frame's edge counted for
 * the part inside it. A loaded machine stretches a frame's wall time with waits for a core; this is the work itself.
 */
function frameCpu(tasks: TraceEvent[], begin: number, end: number): number {
  let cpu = 0;
  for (const task of tasks) {
    const inside = Math.min(end, task.ts + task.dur!) - Math.max(begin, task.ts);
    if (inside > 0 && task.dur! > 0) cpu += ((task.tdur ?? task.dur!) * inside) / task.dur!;
  }
  return cpu / 1000;
}

/** The main thread's busy time inside one frame (ms): its tasks' wall time, a task crossing an edge for its part inside. */
function frameBusy(tasks: TraceEvent[], begin: number, end: number): number {
  let busy = 0;
  for (const task of tasks) busy += Math.max(0, Math.min(end, task.ts + task.dur!) - Math.max(begin, task.ts));
  return busy / 1000;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A finger's tap on the element's middle through Chromium's touch input (what a tablet's screen sends): pressed, held
 * PRESS_MS, lifted. Chromium makes the pointer and touch events of each and, after the lift, the click.
 */
async function tapLikeAFinger(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('the dish to tap is not on the screen');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await sleep(PRESS_MS);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

/**
 * Waits until `holds` is true in the page, asked every 100 ms. Not a locator's wait: that one asks at every frame and
 * reads the element's box, a layout the display would not do, in the very frames measured.
 */
async function untilInPage(page: Page, holds: (arg: number) => boolean, arg = 0): Promise<void> {
  await page.waitForFunction(holds, arg, { polling: 100, timeout: 10_000 });
}

/** What the recordings trace: enough for Chromium's animation frames, tasks, raster work and dispatched events. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  // BENCH_PROFILE=1: JavaScript samples too, to see which functions a long frame ran (they slow the page a little).
  ...(process.env.BENCH_PROFILE === '1' ? ['disabled-by-default-v8.cpu_profiler'] : []),
];

const traceEventsOf = (bytes: Buffer) =>
  (JSON.parse(bytes.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;

/** Between two taps: 300–500 ms, so that each lift falls at another point of the screen's 16.7 ms refresh. */
const betweenTaps = () => sleep(300 + Math.random() * 200);

/**
 * Records the display for RECORD_MS: the timers tick, a new order's card arrives, a cook taps TAPS dishes one after
 * another (each the oldest dish not started: new → tayyorlanmoqda), waiting for each move's answer.
 */
async function recordDisplay(browser: Browser, page: Page, ready: FramesReady): Promise<TraceEvent[]> {
  // Playwright's script for untilInPage enters the page now (some 30 ms), not in a frame measured below.
  await untilInPage(page, () => true);
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const started = Date.now();
  await sleep(NEW_ORDER_AT_MS);
  await placeOrder(ready, CARDS);
  await untilInPage(page, (cards) => document.querySelectorAll('.kitchen-card').length > cards, CARDS);
  await sleep(Math.max(0, started + TAP_AT_MS - Date.now()));
  for (let tap = 0; tap < TAPS; tap++) {
    const cooking = await page.evaluate(() => document.querySelectorAll('.kitchen-line-cooking').length);
    await tapLikeAFinger(page, page.locator('.kitchen-line-new').first());
    await untilInPage(page, (before) => document.querySelectorAll('.kitchen-line-cooking').length > before, cooking);
    await betweenTaps();
  }
  await sleep(Math.max(0, started + RECORD_MS - Date.now()));
  const bytes = await browser.stopTracing();
  // BENCH_TRACE=<file>: the trace kept, to open in Chromium's DevTools (Performance, "Load profile").
  if (process.env.BENCH_TRACE) writeFileSync(process.env.BENCH_TRACE, bytes);
  return traceEventsOf(bytes);
}

/**
 * The floor any page meets: a bare page with the display's three kinds of change and almost none of its work, one
 * clock's text ticking every second and one button that, tapped, shows it is busy, asks the server and, answered,
 * swaps its word. Tapped TAPS times by the same finger in the same Chromium. A frame runs from the task that changed
 * the screen (a tick, a lift, an answer) to the end of the next refresh's rendering, so a task that comes just after
 * a refresh waits most of 16.7 ms for the next one whatever the page does; the display's frames are compared with
 * these.
 */
const BARE_PAGE = `<!doctype html><meta name="viewport" content="width=device-width"><title>bare</title>
<style>button{font:24px sans-serif;padding:24px;margin:40px}.busy{opacity:.6}.on{background:#198754;color:#fff}</style>
<p id="clock">0</p><button id="dish">Yangi</button>
<script>
  const clock = document.getElementById('clock');
  const dish = document.getElementById('dish');
  setInterval(() => { clock.textContent = String(Number(clock.textContent) + 1); }, 1000);
  dish.onclick = async () => {
    dish.classList.add('busy');
    await fetch('/answer', { method: 'PUT' });
    dish.classList.remove('busy');
    dish.classList.toggle('on');
    dish.textContent = dish.classList.contains('on') ? 'Tayyorlanmoqda' : 'Yangi';
  };
</script>`;

/** Serves BARE_PAGE and its answer (after a few milliseconds, as the display's API answers a move) on loopback. */
async function serveBarePage(): Promise<{ url: string; close: () => Promise<void> }> {
  const { createServer } = await import('node:http');
  const server = createServer((req, res) => {
    if (req.url === '/answer') {
      setTimeout(() => res.writeHead(204).end(), 5);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BARE_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function recordBarePage(browser: Browser): Promise<FrameTimes> {
  const bare = await serveBarePage();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.goto(bare.url);
    await untilInPage(page, () => true);
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const started = Date.now();
    await sleep(TAP_AT_MS);
    for (let tap = 0; tap < TAPS; tap++) {
      const on = await page.evaluate(() => (document.getElementById('dish')!.classList.contains('on') ? 1 : 0));
      await tapLikeAFinger(page, page.locator('#dish'));
      await untilInPage(
        page,
        (before) => (document.getElementById('dish')!.classList.contains('on') ? 1 : 0) !== before,
        on,
      );
      await betweenTaps();
    }
    await sleep(Math.max(0, started + RECORD_MS - Date.now()));
    return frameTimes(traceEventsOf(await browser.stopTracing()));
  } finally {
    await context.close();
    await bare.close();
  }
}

export async function reportKitchenFrames(): Promise<FrameTimes & { bare: FrameTimes }> {
  console.log(`\nKitchen display frames: ${CARDS} open cards at 1280×800 in Chromium…`);
  await ensurePanelBuilt();
  const { ready, stop } = await startServer();
  let browser: Browser | undefined;
  try {
    for (let n = 0; n < CARDS; n++) {
      const orderId = await placeOrder(ready, n);
      // Every fourth card has a dish cooking; every sixth a dish ready (it is in the "Tayyor" column too).
      if (n % 4 === 0) await moveLine(ready, orderId, 0, 'cooking');
      if (n % 6 === 0) await moveLine(ready, orderId, 1, 'ready');
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    // A tablet: a touch screen (its taps are fingers').
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true });
    await context.addInitScript(({ key, token }) => localStorage.setItem(key, token), {
      key: KITCHEN_TOKEN_KEY,
      token: ready.token,
    });
    const page = await context.newPage();
    await page.goto(`${ready.baseUrl}/kitchen`);
    await page
      .locator('.kitchen-card')
      .nth(CARDS - 1)
      .waitFor({ timeout: 60_000 });
    await page.getByTestId('kitchen-live').getByText('Jonli').waitFor({ timeout: 30_000 });
    // The tap that allows sound, as a cook makes it once when the tablet starts (it creates the page's AudioContext).
    await page.locator('.kitchen-banner-sound').click();
    await page.locator('.kitchen-sound-on').waitFor();
    // Settled: the first render and the catch-up read are done before recording.
    await sleep(1500);
    const times = frameTimes(await recordDisplay(browser, page, ready));
    const bare = await recordBarePage(browser);
    console.log(
      `Recorded ${RECORD_MS / 1000} s: ${times.frames} animation frames, ${times.overBudget} over ${FRAME_BUDGET_MS} ms;` +
        ` frame time p50 ${times.p50} ms, p95 ${times.p95} ms, max ${times.max} ms` +
        ` (the most main-thread busy time of one frame ${times.busyMax} ms, CPU ${times.cpuMax} ms);` +
        ` longest tasks ${times.longestTasks.join(', ')} ms;` +
        ` the most rasterizing in one second ${times.rasterMaxPerSecond.ms} ms (${times.rasterMaxPerSecond.atS}–${times.rasterMaxPerSecond.atS + 1} s).`,
    );
    // The new order comes in at NEW_ORDER_AT_MS, the taps from TAP_AT_MS; the timers tick every second.
    for (const frame of times.overAt) {
      console.log(
        `  over budget: ${frame.ms} ms at ${frame.atS} s (main thread busy ${frame.busyMs} ms, CPU ${frame.cpuMs} ms)`,
      );
    }
    console.log(
      `The taps' frames: ${times.tapFrames.join(', ')} ms. A bare page (a ticking clock, a button asking the server):` +
        ` ${bare.frames} frames, ${bare.overBudget} over ${FRAME_BUDGET_MS} ms, p95 ${bare.p95} ms, max ${bare.max} ms` +
        ` (the most busy time of one frame ${bare.busyMax} ms); its taps' frames ${bare.tapFrames.join(', ')} ms.`,
    );
    for (const frame of bare.overAt) {
      console.log(
        `  bare page over budget: ${frame.ms} ms at ${frame.atS} s (main thread busy ${frame.busyMs} ms, CPU ${frame.cpuMs} ms)`,
      );
    }
    const verdict = times.busyMax < FRAME_BUDGET_MS ? 'met' : 'NOT met';
    console.log(
      `kitchen-frames: the most work of a frame ${times.busyMax} ms (goal under ${FRAME_BUDGET_MS}: ${verdict});` +
        ` wall time p95 ${times.p95} ms, max ${times.max} ms;` +
        ` frames over ${FRAME_BUDGET_MS} ms of wall time: display ${times.overBudget}/${times.frames},` +
        ` bare page ${bare.overBudget}/${bare.frames}`,
    );
    return { ...times, bare };
  } finally {
    await browser?.close();
    stop();
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  if (process.argv.includes('--serve')) await serve();
  else await reportKitchenFrames();
}
