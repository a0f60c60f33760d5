import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Variant } from './variant';

export type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts (highest q; brotli wins a tie as the smaller one). */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.map((p) => /^q=([01](?:\.\d{0,3})?)$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
}

/** A strong ETag per representation (RFC 9110: differently encoded bodies must not share one). */
export function etagFor(hash: string, encoding: Encoding): string {
  return `"${hash}${encoding === 'identity' ? '' : encoding === 'gzip' ? '-gz' : '-br'}"`;
}

/** If-None-Match (weak comparison, as RFC 9110 says for it): any encoding's tag of this version matches. */
export function matchesIfNoneMatch(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*') return true;
    return tag.replace(/^"|"$/g, '').replace(/-(gz|br)$/, '') === hash;
  });
}

/** `'sha256-…'` of an inline script, for a Content-Security-Policy that allows exactly that script. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/**
 * What a public page may load: its own inline style, the one inline script named by hash, images from us or from a
 * POS over http(s). If an escaping bug ever let markup through, an injected script still would not run.
 */
/** A page whose script talks to this origin (fetch, sendBeacon): `connect-src 'self'` added, nothing else loosened. */
export function connectingToSelf(policy: string): string {
  return policy.replace("; base-uri 'none'", "; connect-src 'self'; base-uri 'none'");
}

export function pageSecurityPolicy(scriptHashes: string[]): string {
  const scripts = scriptHashes.length > 0 ? scriptHashes.join(' ') : "'none'";
  return `default-src 'none'; img-src 'self' https: http: data:; style-src 'unsafe-inline'; script-src ${scripts}; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`;
}

export interface SendOptions {
  contentType: string;
  status?: number;
  /** Content-Security-Policy for HTML pages. */
  csp?: string;
  /** Request headers the body depends on besides Accept-Encoding (the language negotiation's, when it decided). */
  vary?: readonly string[];
  /** The body's language (`Content-Language`). */
  language?: string;
  /**
   * Only the requesting browser may keep it (`private`): the answer sets a cookie for this diner, which a shared
   * cache must not hand to the next one.
   */
  private?: boolean;
}

/**
 * Sends a precompressed body: the encoding the client accepts, a strong ETag and `no-cache` (the phone revalidates
 * every load, so a stop-list change shows at once; an unchanged menu costs a 304 with no body).
 */
export function sendVariant(request: FastifyRequest, reply: FastifyReply, variant: Variant, options: SendOptions) {
  const status = options.status ?? 200;
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  // nosniff comes from the security-headers hook, as on every answer.
  reply.header('vary', ['accept-encoding', ...(options.vary ?? [])].join(', '));
  if (options.csp) reply.header('content-security-policy', options.csp);
  if (options.language) reply.header('content-language', options.language);
  if (status === 200) {
    reply
      .header('cache-control', options.private ? 'private, no-cache' : 'no-cache')
      .header('etag', etagFor(variant.hash, encoding));
    if (matchesIfNoneMatch(request.headers['if-none-match'], variant.hash)) return reply.code(304).send();
  } else {
    reply.header('cache-control', 'no-store');
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  const body = encoding === 'br' ? variant.br : encoding === 'gzip' ? variant.gzip : variant.identity;
  return reply.code(status).type(options.contentType).send(body);
}
