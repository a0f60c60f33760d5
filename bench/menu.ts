import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

export interface MenuBenchOptions {
  /** Where the server listens, e.g. `http://127.0.0.1:3100`. */
  baseUrl: string;
  /** An active restaurant (the harness seeds one with 200 products). */
  slug: string;
  /** Load duration (default 5 s) and concurrent connections (default 10, as for /health). */
  seconds?: number;
  connections?: number;
}

export interface MenuBenchResult {
  name: string;
  requestsPerSec: number;
  p99Ms: number;
  /** What a phone downloads for the page without images: HTML with its inline CSS and JS, gzip-compressed. */
  gzipBytes: number;
  /** The same page uncompressed, and as brotli (what current phones actually get). */
  htmlBytes: number;
  brotliBytes: number;
  /** Answers that were not 2xx/304 during the load (should be 0). */
  non2xx: number;
}

/** Headers a phone's browser sends when it opens the page from a QR code. */
const PHONE_HEADERS = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br' };

/** One GET with the given Accept-Encoding; answers the bytes as they came over the wire (still compressed). */
function fetchRaw(
  url: string,
  acceptEncoding: string,
): Promise<{ status: number; encoding: string; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? httpsRequest : request;
    const req = send(url, { headers: { ...PHONE_HEADERS, 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          headers: res.headers,
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The public menu under load: requests/s and p99 of `GET /menu?slug=` as phones ask for it (HTML, compressed), and
 * the page's transfer size without images. The page inlines its CSS and script, so the HTML is the whole transfer;
 * if the server did not compress, the size is measured by gzipping the HTML here (level 6, what servers use).
 */
export async function benchMenu(options: MenuBenchOptions): Promise<MenuBenchResult> {
  const path = `/menu?slug=${encodeURIComponent(options.slug)}`;
  const url = `${options.baseUrl.replace(/\/+$/, '')}${path}`;

  const plain = await fetchRaw(url, 'identity');
  if (plain.status !== 200)
    throw new Error(`GET ${path} answered ${plain.status}: is "${options.slug}" an active restaurant?`);
  const gz = await fetchRaw(url, 'gzip');
  const br = await fetchRaw(url, 'br');
  const gzipBytes = gz.encoding === 'gzip' ? gz.body.length : gzipSync(plain.body, { level: 6 }).length;
  const brotliBytes = br.encoding === 'br' ? br.body.length : gzipBytes;

  const result = await autocannon({
    url,
    duration: options.seconds ?? 5,
    connections: options.connections ?? 10,
    headers: PHONE_HEADERS,
  });
  return {
    name: `GET ${path}`,
    requestsPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    gzipBytes,
    htmlBytes: plain.body.length,
    brotliBytes,
    non2xx: result.non2xx,
  };
}

export interface BareComparison {
  menu: { requestsPerSec: number; p99Ms: number; non2xx: number };
  bare: { requestsPerSec: number; p99Ms: number; non2xx: number };
  /** The menu's requests/s over the bare server's. */
  ratio: number;
  bytes: number;
}

/** Headers the bare server must not copy: they describe one connection or one moment, node:http sets its own. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * The cached menu page against a bare node:http server (bench/bare.ts, its own process) that sends the
 * same gzip bytes with the same headers (security headers included), measured one after the other in one run with
 * the same load. The ratio is what Fastify, routing and our hooks cost on top of the machine's limit.
 */
export async function benchMenuVsBare(options: MenuBenchOptions): Promise<BareComparison> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/menu?slug=${encodeURIComponent(options.slug)}`;
  const page = await fetchRaw(url, 'gzip');
  if (page.status !== 200 || page.encoding !== 'gzip')
    throw new Error(`the menu page answered ${page.status} ${page.encoding}`);
  const headers = Object.fromEntries(
    Object.entries(page.headers)
      .filter(([name, value]) => !PER_CONNECTION.has(name) && typeof value === 'string')
      .map(([name, value]) => [name, String(value)]),
  );
  const dir = mkdtempSync(join(tmpdir(), 'menyu-bare-'));
  const bodyFile = join(dir, 'menu.gz');
  writeFileSync(bodyFile, page.body);
  const child = spawn(
    process.execPath,
    [
      join(import.meta.dirname, '..', 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      join(import.meta.dirname, 'bare.ts'),
      bodyFile,
      JSON.stringify(headers),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const bareUrl = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`bench/bare.ts exited with ${code}`)));
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.startsWith('READY ')) resolve(line.slice(6));
      });
    });
    const load = async (target: string) => {
      const result = await autocannon({
        url: target,
        duration: options.seconds ?? 5,
        connections: options.connections ?? 10,
        headers: { ...PHONE_HEADERS, 'accept-encoding': 'gzip' },
      });
      return { requestsPerSec: Math.round(result.requests.average), p99Ms: result.latency.p99, non2xx: result.non2xx };
    };
    const menu = await load(url);
    const bare = await load(`${bareUrl}/menu?slug=${encodeURIComponent(options.slug)}`);
    return { menu, bare, ratio: menu.requestsPerSec / bare.requestsPerSec, bytes: page.body.length };
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface MenuLanguageResult {
  lang: string;
  requestsPerSec: number;
  p99Ms: number;
  gzipBytes: number;
  brotliBytes: number;
  non2xx: number;
}

/**
 * The menu page in each language of a restaurant that offers all four (`?lang=`, so each is its own cached
 * page): its gzip and brotli transfer and requests/s under the same load as the main menu bench.
 */
export async function benchMenuLanguages(options: MenuBenchOptions): Promise<MenuLanguageResult[]> {
  const results: MenuLanguageResult[] = [];
  for (const lang of ['uz', 'uz-Cyrl', 'ru', 'en']) {
    const url = `${options.baseUrl.replace(/\/+$/, '')}/menu?slug=${encodeURIComponent(options.slug)}&lang=${lang}`;
    const gz = await fetchRaw(url, 'gzip');
    const br = await fetchRaw(url, 'br');
    if (gz.status !== 200 || gz.headers['content-language'] !== lang)
      throw new Error(`the menu in ${lang} answered ${gz.status} in ${gz.headers['content-language']}`);
    const load = await autocannon({
      url,
      duration: options.seconds ?? 5,
      connections: options.connections ?? 10,
      headers: PHONE_HEADERS,
    });
    results.push({
      lang,
      requestsPerSec: Math.round(load.requests.average),
      p99Ms: load.latency.p99,
      gzipBytes: gz.encoding === 'gzip' ? gz.body.length : gzipSync(gz.body, { level: 6 }).length,
      brotliBytes: br.body.length,
      non2xx: load.non2xx,
    });
  }
  return results;
}
