/**
 * What the demo's stand-in pages (/dev/printer, /dev/telegram, /dev/iiko, /dev/payme, /dev/click) send with a page and
 * with its script and style: each page is a file of its own with nothing inline, so its CSP allows only the page's
 * own origin, and it is never framed, cached or sent a referrer elsewhere.
 */

/** Only its own script, style and API calls; no frames, forms, base or plugins. */
export const DEV_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** A page's headers, with its CSP (DEV_PAGE_CSP unless the page posts forms somewhere). */
export const devPageHeaders = (csp = DEV_PAGE_CSP) => ({
  'content-security-policy': csp,
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
});

/** A page's script's or style's headers: checked again on every load (the demo's pages change with the code). */
export const DEV_ASSET_HEADERS = { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' };
