/**
 * The server's per-table QR and card URLs (server/routes/menu, not panel routes), relative so they work on whatever
 * origin the panel is served from, and the link a table's code opens. A table's code is its token, so those pages are
 * for staff only: each URL carries the print pass that GET /manager/tables handed out with the list (`pass`).
 */
const enc = encodeURIComponent;

export const tableUrls = {
  qrSvg: (slug: string, tableId: string, pass: string) =>
    `/menu/qr.svg?slug=${enc(slug)}&table=${enc(tableId)}&pass=${enc(pass)}`,
  card: (slug: string, tableId: string, pass: string) =>
    `/menu/card?slug=${enc(slug)}&table=${enc(tableId)}&pass=${enc(pass)}`,
  /** Every active table's card, four A6 cards to an A4 page. */
  cards: (slug: string, pass: string) => `/menu/cards?slug=${enc(slug)}&pass=${enc(pass)}`,
  /** What the table's code encodes: its token (the server uses PUBLIC_URL when set; the panel shows its own origin). */
  menuLink: (origin: string, slug: string, token: string) => `${origin}/menu/${enc(slug)}?table=${enc(token)}`,
} as const;
