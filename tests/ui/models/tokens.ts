/** Unsigned tokens with a given payload, for models (the machine only decodes; the server is never shown them). */
export function fakeToken(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
}
