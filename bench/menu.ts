import { request } from 'node:http';
import { request as httpsRequest } from 'node:https';
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
function fetchRaw(url: string, acceptEncoding: string): Promise<{ status: number; encoding: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? httpsRequest : request;
    const req = send(url, { headers: { ...PHONE_HEADERS, 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
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
