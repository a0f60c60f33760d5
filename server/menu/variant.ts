import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * One rendered body in the three encodings a phone may accept, compressed once when rendered (in zlib's thread
 * pool, off the event loop) instead of on every request: serving the menu is then a hash-table lookup and a write.
 */
export interface Variant {
  /** Hex SHA-256 (128 bits) of the uncompressed body: the strong ETag of this version. */
  hash: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * Levels chosen by measurement (bench/compression.ts, docs/benchmarks.md): on the 200-product menu page brotli 11
 * cost ~210 ms of CPU for 3,659 B where quality 5 costs ~0.4 ms for 4,090 B (the JSON: ~790 ms against ~1 ms for
 * 2.5 KB more); gzip 9 saves 160 B over 6 for 40 % more time. A render after every stop-list change must not cost
 * a quarter of a second of the thread pool that logins (scrypt) and file reads share.
 */
export const GZIP_LEVEL = 6;
export const BROTLI_QUALITY = 5;

export async function makeVariant(body: string): Promise<Variant> {
  const identity = Buffer.from(body, 'utf8');
  const hash = createHash('sha256').update(identity).digest('hex').slice(0, 32);
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: GZIP_LEVEL }),
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  return { hash, identity, gzip: ownMemory(gz), br: ownMemory(br) };
}

/**
 * zlib may hand back its output as a view of its 16 KB output chunk: a 4 KB menu page kept as is would keep all 16 KB
 * for as long as the menu is cached. A copy (a few KB, once per render) holds its own bytes (a small one from Node's
 * shared pool).
 */
function ownMemory(compressed: Buffer): Buffer {
  return compressed.buffer.byteLength === compressed.length ? compressed : Buffer.from(compressed);
}
