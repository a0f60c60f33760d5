import { describe, expect, it } from 'vitest';
import { makeVariant } from '../../server/menu/variant';

describe('a rendered variant kept in the menu cache', () => {
  it("holds its compressed bytes in memory of their own, not in a view of zlib's 16 KB output chunk", async () => {
    // Words that do not repeat in order, so brotli and gzip both give more than 4 KB (above Node's shared pool).
    let seed = 7;
    const word = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed.toString(36);
    };
    const body = Array.from({ length: 2_000 }, () => `<li>${word()}</li>`).join('');
    const variant = await makeVariant(body);
    expect(variant.br.length).toBeGreaterThan(4 * 1024);
    expect(variant.br.length).toBeLessThan(16 * 1024);
    expect(variant.br.buffer.byteLength).toBe(variant.br.length);
    expect(variant.gzip.buffer.byteLength).toBe(variant.gzip.length);
  });
});
