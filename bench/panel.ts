import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';

/**
 * The panel on a slow phone: what the build sends per route, and Lighthouse's mobile preset (simulated
 * slow 4G and a 4x slower CPU) on /login, the admin's restaurant list and the manager's stop-list. Reports only.
 */

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface ChunkSize {
  /** Relative to dist (assets/react-abc.js). */
  file: string;
  raw: number;
  /** What the server sends a browser that accepts brotli: the build's `.br` copy, or the file itself. */
  sent: number;
}

export interface RouteBundle {
  /** The screen's source file name (StopListScreen), or `login` for the page itself. */
  route: string;
  /** Everything the route needs, the login page's files included. */
  files: ChunkSize[];
  /** Bytes beyond the login page's. */
  extraSent: number;
}

export interface PanelBundle {
  login: RouteBundle;
  routes: RouteBundle[];
  /** The largest single file any route loads, and the routes that load it. */
  largest: ChunkSize & { routes: string[] };
}

function sizeOf(distDir: string, file: string): ChunkSize {
  const path = join(distDir, file);
  const raw = statSync(path).size;
  return { file, raw, sent: existsSync(`${path}.br`) ? statSync(`${path}.br`).size : raw };
}

/** Per route, the chunks it needs (from Vite's manifest, `build.manifest`) and their sizes as sent. */
export function panelBundle(distDir: string): PanelBundle {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('the manifest has no entry');
  const loginFiles = closure(entry[0]);
  loginFiles.add('index.html');
  const bundle = (route: string, files: Set<string>): RouteBundle => {
    const sizes = [...files].map((file) => sizeOf(distDir, file));
    const extraSent = sizes.filter((s) => !loginFiles.has(s.file)).reduce((sum, s) => sum + s.sent, 0);
    return { route, files: sizes, extraSent };
  };
  const login = bundle('login', loginFiles);
  const routes = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry && /Screen|Shell|Route/.test(chunk.src ?? ''))
    .map(([key, chunk]) => {
      const files = closure(key);
      for (const file of loginFiles) files.add(file);
      return bundle(basename(chunk.src ?? key).replace(/\.tsx?$/, ''), files);
    });
  const all = [login, ...routes];
  const biggest = all.flatMap((r) => r.files).reduce((a, b) => (b.sent > a.sent ? b : a));
  const largest = {
    ...biggest,
    routes: all.filter((r) => r.files.some((f) => f.file === biggest.file)).map((r) => r.route),
  };
  return { login, routes, largest };
}

export interface LighthousePage {
  name: string;
  path: string;
  /** localStorage set on the panel's origin before the page is measured (the session's token). */
  storage?: Record<string, string>;
}

export interface LighthouseScores {
  name: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  /** Lighthouse's total transfer of the page load. */
  bytes: number;
  /** The accessibility and best-practices audits that did not pass, by id. */
  failed: string[];
}

/** A fresh Chromium (empty cache and profile) with its DevTools port; killed with its folder by `stop`. */
async function launchChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'menyu-lighthouse-'));
  // Its own process group: Chromium's helper processes (zygote, renderers) go with it.
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await exited;
    // A helper process may still be closing its files in the profile: retry, and leave it to the OS if it will not go.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch {
      console.warn(`Could not remove ${profile}`);
    }
  };
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    child.stderr?.on('data', (data: Buffer) => {
      seen += data.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`Chromium exited with ${code}: ${seen}`)));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { port, stop };
}

/**
 * Lighthouse's default (mobile) configuration on each page, each in a fresh Chromium so no page finds another's
 * files in the cache. Pages with `storage` get it first through Playwright on the same browser, and Lighthouse keeps
 * it (disableStorageReset): its own reset would log the session out.
 */
export async function lighthousePanel(
  baseUrl: string,
  pages: LighthousePage[],
  runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3),
): Promise<LighthouseScores[]> {
  const results: LighthouseScores[] = [];
  for (const target of pages) {
    const scores: LighthouseScores[] = [];
    for (let run = 0; run < runs; run++) scores.push(await lighthouseOnce(baseUrl, target));
    // The run with the median performance: the simulation scales the CPU time it observed, which other work on the
    // machine disturbs.
    scores.sort((a, b) => a.performance - b.performance);
    results.push(scores[Math.floor(scores.length / 2)]!);
  }
  return results;
}

async function lighthouseOnce(baseUrl: string, target: LighthousePage): Promise<LighthouseScores> {
  const { port, stop } = await launchChromium();
  try {
    if (target.storage) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      const page = await browser.contexts()[0]!.newPage();
      await page.goto(`${baseUrl}/health`);
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, target.storage);
      await page.close();
      await browser.close();
    }
    const answer = await lighthouse(`${baseUrl}${target.path}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: target.storage !== undefined,
    });
    if (!answer) throw new Error(`Lighthouse gave no result for ${target.path}`);
    // BENCH_LIGHTHOUSE_DIR=<folder>: each run's whole report kept there, to read why a page scored as it did.
    if (process.env.BENCH_LIGHTHOUSE_DIR) {
      const file = `${target.path.replace(/\W+/g, '_')}-${Date.now()}.json`;
      writeFileSync(join(process.env.BENCH_LIGHTHOUSE_DIR, file), JSON.stringify(answer.lhr));
    }
    const { categories, audits } = answer.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const failed = ['accessibility', 'best-practices'].flatMap((id) =>
      (categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    );
    return {
      name: target.name,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      bytes: Math.round(audits['total-byte-weight']?.numericValue ?? 0),
      failed,
    };
  } finally {
    await stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The bench's panel section: the bundle per route, then Lighthouse on the three pages. */
export async function reportPanel(options: {
  baseUrl: string;
  distDir: string;
  adminToken: string;
  manager: { token: string; restaurantId: string };
}): Promise<{ bundle: PanelBundle; scores: LighthouseScores[] }> {
  const bundle = panelBundle(options.distDir);
  const loginSent = bundle.login.files.reduce((sum, f) => sum + f.sent, 0);
  console.log(
    `\nPanel bundle (brotli, as the server sends it): /login ${kb(loginSent)} in ${bundle.login.files.length} files` +
      ` — target ≤ 140 KB on the wire (tests/e2e/panel-split.spec.ts asserts it in Chromium).` +
      `\nLargest chunk of any route: ${basename(bundle.largest.file)} ${kb(bundle.largest.sent)} (${kb(bundle.largest.raw)} raw),` +
      ` loaded by ${bundle.largest.routes.length === bundle.routes.length + 1 ? 'every route' : bundle.largest.routes.join(', ')}.`,
  );
  const heaviest = [...bundle.routes].sort((a, b) => b.extraSent - a.extraSent);
  console.log(
    `Beyond the login page, per screen (its own chunks and libraries): ${heaviest
      .map((r) => `${r.route} +${kb(r.extraSent)}`)
      .join(', ')}.`,
  );

  const scores = await lighthousePanel(options.baseUrl, [
    { name: '/login', path: '/login' },
    { name: '/admin/restaurants (admin)', path: '/admin/restaurants', storage: { accessToken: options.adminToken } },
    {
      name: '/ProductStopList (manager, 1,000 products)',
      path: '/ProductStopList',
      storage: { accessToken: options.manager.token, restaurantId: options.manager.restaurantId },
    },
  ]);
  console.log(
    '\nLighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown), a fresh browser per run, median of runs (LIGHTHOUSE_RUNS):',
  );
  for (const s of scores) {
    console.log(
      `  ${s.name}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s.bestPractices};` +
        ` LCP ${(s.lcpMs / 1000).toFixed(1)} s, ${kb(s.bytes)} transferred` +
        (s.failed.length > 0 ? `; not passed: ${s.failed.join(', ')}` : ''),
    );
  }
  return { bundle, scores };
}
