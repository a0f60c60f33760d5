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

export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Error correction M (15 %) survives a scratched or slightly dirty table card while keeping the code coarse. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;

export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...QR_OPTIONS, type: 'svg' });
}

/** 1024 px: sharp when printed up to about 8 cm at 300 dpi. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...QR_OPTIONS, type: 'png', width: 1024 });
}

/** `menyu-<slug>-qr.svg`; slugs are [a-z0-9-], anything else is dropped so the header needs no quoting rules. */
export function qrFileName(slug: string, extension: 'svg' | 'png'): string {
  const safe = slug.replace(/[^a-z0-9-]/gi, '').slice(0, 64) || 'menyu';
  return `menyu-${safe}-qr.${extension}`;
}
