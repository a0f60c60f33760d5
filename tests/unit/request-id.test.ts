import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestIdOf } from '../../server/request-id';

const withHeader = (value?: string | string[]) =>
  ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as unknown as IncomingMessage;

describe("a request's id", () => {
  it("is the proxy's X-Request-Id when it looks like one", () => {
    expect(requestIdOf(withHeader('4f1c9e0d2b7a44c1a0f35e9d6c8b2a17'))).toBe('4f1c9e0d2b7a44c1a0f35e9d6c8b2a17');
  });

  it('is a fresh random one otherwise, never the same twice', () => {
    const uuid = /^[0-9a-f-]{36}$/;
    for (const header of [
      undefined,
      '',
      'short',
      'x'.repeat(65),
      'has spaces in it',
      'line\nbreak-12345',
      ['a', 'b'],
    ]) {
      expect(requestIdOf(withHeader(header))).toMatch(uuid);
    }
    expect(requestIdOf(withHeader())).not.toBe(requestIdOf(withHeader()));
  });
});
