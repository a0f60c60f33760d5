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

export async function makeVariant(body: string): Promise<Variant> {
  const identity = Buffer.from(body, 'utf8');
  const hash = createHash('sha256').update(identity).digest('hex').slice(0, 32);
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  return { hash, identity, gzip: gz, br };
}
