import type { FastifyReply } from 'fastify';
import { html, type SafeHtml } from '../../menu/html';
import { devPageHeaders } from '../page-headers';

/** The simulators' page shell: one document per answer, rendered on the server, no script. */

export const PAYMENTS_CSS_PATH = '/dev/payments/page.css';

export interface Page {
  provider: 'payme' | 'click';
  title: string;
  body: SafeHtml;
  status?: number;
  /**
   * Where the page's forms may send the browser, besides this server: the return URL's origin, since a form answered
   * with a redirect there is checked against `form-action` too.
   */
  formTargets?: readonly string[];
}

const BRAND = { payme: 'Payme', click: 'Click' };

/** An http(s) URL's origin, or undefined for anything else (a `javascript:` return URL is never followed). */
export function webOrigin(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

export function sendPage(reply: FastifyReply, page: Page) {
  const csp = [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    ['form-action', "'self'", ...(page.formTargets ?? [])].join(' '),
    "frame-ancestors 'none'",
  ].join('; ');
  const document = html`<!doctype html>
<html lang="uz">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title}</title>
<link rel="stylesheet" href="${PAYMENTS_CSS_PATH}">
</head>
<body class="${page.provider}">
<header class="top"><div class="wrap"><span class="logo">${BRAND[page.provider]}</span><span class="demo">demo simulyator</span></div></header>
<main class="wrap">${page.body}</main>
</body>
</html>
`;
  return reply
    .code(page.status ?? 200)
    .headers(devPageHeaders(csp))
    .type('text/html; charset=utf-8')
    .send(document.value);
}

/** A failure as the provider's page shows its payer: the code, the text, and the way back. */
export function errorCard(code: number | string, text: string, back?: { href: string; label: string }) {
  return html`<section class="card error" role="alert">
<h1>To'lov amalga oshmadi</h1>
<p><span class="code">${String(code)}</span> ${text}</p>
${back && (back.href.startsWith('/') || webOrigin(back.href)) ? html`<p class="hint"><a class="button secondary" href="${back.href}">${back.label}</a></p>` : ''}
</section>`;
}

/** The end of a checkout whose link gave no way back. */
export function doneCard(title: string) {
  return html`<section class="card ok"><h1>${title}</h1><p class="muted">Qaytish manzili berilmagan.</p></section>`;
}
