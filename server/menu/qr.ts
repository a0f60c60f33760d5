import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';

/**
 * The QR codes a restaurant prints. They encode the menu URL `<base>/menu?slug=<slug>`, base being PUBLIC_URL when
 * set (the address diners' phones can reach), else the origin the request came to (X-Forwarded-Proto/Host count
 * only from a proxy TRUST_PROXY names: anyone else could make the codes point elsewhere).
 */
export function menuUrl(base: string, slug: string): string {
  return `${base.replace(/\/+$/, '')}/menu?slug=${encodeURIComponent(slug)}`;
}

/** A table's link: `<base>/menu/<slug>?table=<id>`, the page a diner orders from. */
export function tableMenuUrl(base: string, slug: string, tableId: string): string {
  return `${base.replace(/\/+$/, '')}/menu/${encodeURIComponent(slug)}?table=${encodeURIComponent(tableId)}`;
}

export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Error correction M (15 %) survives a scratched or slightly dirty table card while keeping the code coarse. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;

/**
 * SVG codes made lately, by the text they encode, least recently used dropped first: a code costs a few milliseconds
 * of the event loop, and `/menu/cards` (public, like every card) draws one per table, so a restaurant's sheet of 100
 * tables would otherwise cost a quarter of a second on every load. 1,000 codes of a few KB each.
 */
const svgCache = new Map<string, Promise<string>>();
const SVG_CACHE_MAX = 1000;
/** How often qrSvg was answered from the cache, and how often it had to draw (tests read it). */
export const qrSvgStats = { hits: 0, misses: 0 };

export function qrSvg(text: string): Promise<string> {
  const cached = svgCache.get(text);
  if (cached) {
    qrSvgStats.hits += 1;
    svgCache.delete(text);
    svgCache.set(text, cached);
    return cached;
  }
  qrSvgStats.misses += 1;
  const drawing = QRCode.toString(text, { ...QR_OPTIONS, type: 'svg' });
  svgCache.set(text, drawing);
  // A failed drawing is not kept.
  drawing.catch(() => svgCache.delete(text));
  while (svgCache.size > SVG_CACHE_MAX) {
    const oldest = svgCache.keys().next().value;
    if (oldest === undefined) break;
    svgCache.delete(oldest);
  }
  return drawing;
}

/** 1024 px: sharp when printed up to about 8 cm at 300 dpi. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...QR_OPTIONS, type: 'png', width: 1024 });
}

/**
 * `menyu-<slug>-qr.svg`, or for a table `menyu-<slug>-stol-<name>-qr.svg`; only [a-z0-9-] is kept (a table name in
 * another script leaves the table's id instead), so the header needs no quoting rules.
 */
export function qrFileName(slug: string, extension: 'svg' | 'png', table?: { _id: string; name: string }): string {
  const safe = slug.replace(/[^a-z0-9-]/gi, '').slice(0, 64) || 'menyu';
  if (!table) return `menyu-${safe}-qr.${extension}`;
  const name =
    table.name
      .replace(/\s+/g, '-')
      .replace(/[^a-z0-9-]/gi, '')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || table._id.slice(0, 8);
  return `menyu-${safe}-stol-${name}-qr.${extension}`;
}
