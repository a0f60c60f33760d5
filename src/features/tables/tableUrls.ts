/**
 * Issue 17: the server's per-table QR and card URLs (server/routes/menu, not panel routes), relative so they work on
 * whatever origin the panel is served from, and the link a table's code opens.
 */
const enc = encodeURIComponent;

export const tableUrls = {
  qrSvg: (slug: string, tableId: string) => `/menu/qr.svg?slug=${enc(slug)}&table=${enc(tableId)}`,
  card: (slug: string, tableId: string) => `/menu/card?slug=${enc(slug)}&table=${enc(tableId)}`,
  /** Every active table's card, four A6 cards to an A4 page. */
  cards: (slug: string) => `/menu/cards?slug=${enc(slug)}`,
  /** What the table's code encodes (the server uses PUBLIC_URL when set; the panel shows its own origin). */
  menuLink: (origin: string, slug: string, tableId: string) => `${origin}/menu/${enc(slug)}?table=${enc(tableId)}`,
} as const;
