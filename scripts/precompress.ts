import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The built panel's text files compressed once, at build time, next to the originals (`index-abc.js.br`,
 * `index-abc.js.gz`), so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing on
 * every request or, as before, not at all. Maximum levels cost nothing here: they run once per build, never per request.
 * A compressed copy that is not smaller than the original is not written (the server then sends the original).
 */

/** Text formats worth compressing; images and fonts (woff2) are compressed already. */
const TEXT_EXTENSIONS = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.map',
  '.xml',
  '.webmanifest',
]);
/** Below this a compressed copy saves less than its extra headers cost. */
const MIN_BYTES = 256;

export interface Precompressed {
  file: string;
  bytes: number;
  br?: number;
  gz?: number;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes `.br` and `.gz` beside every text file of `dir` (recursively); answers what it wrote. */
export function precompressDir(dir: string): Precompressed[] {
  const written: Precompressed[] = [];
  for (const file of filesUnder(dir)) {
    if (!TEXT_EXTENSIONS.has(extname(file))) continue;
    const bytes = statSync(file).size;
    if (bytes < MIN_BYTES) continue;
    const source = readFileSync(file);
    const result: Precompressed = { file, bytes };
    const br = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
      },
    });
    if (br.length < bytes) {
      writeFileSync(`${file}.br`, br);
      result.br = br.length;
    }
    const gz = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
    if (gz.length < bytes) {
      writeFileSync(`${file}.gz`, gz);
      result.gz = gz.length;
    }
    written.push(result);
  }
  return written;
}

/** The Vite plugin: compresses the output folder once the bundle is written. */
export function precompressPlugin() {
  let outDir = 'dist';
  return {
    name: 'menyu-precompress',
    apply: 'build' as const,
    configResolved(config: { root: string; build: { outDir: string } }) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
