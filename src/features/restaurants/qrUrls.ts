/**
 * URLs of the server's QR endpoints (served by server/routes/menu, not panel routes). Relative, so they work on
 * whatever origin the panel is served from; the menu link itself is `paths.publicMenu`.
 */
const enc = encodeURIComponent;

export const qrUrls = {
  svg: (slug: string, download = false) => `/menu/qr.svg?slug=${enc(slug)}${download ? '&download=1' : ''}`,
  png: (slug: string, download = false) => `/menu/qr.png?slug=${enc(slug)}${download ? '&download=1' : ''}`,
  card: (slug: string) => `/menu/card?slug=${enc(slug)}`,
  /** The name the server also sends in content-disposition. */
  fileName: (slug: string, extension: 'svg' | 'png') =>
    `menyu-${slug.replace(/[^a-z0-9-]/gi, '').slice(0, 64) || 'menyu'}-qr.${extension}`,
} as const;
