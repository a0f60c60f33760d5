/**
 * What the menu page's script tells the server for the owner's report (server/domain/insights): a dish's detail opened
 * (`{ "d": its search key }`, the article's `data-k`) and a search that found nothing (`{ "s": what was typed }`), sent
 * with navigator.sendBeacon to `statsPath`. Nothing about the diner is sent or kept.
 */
export function statsPath(slug: string): string {
  return `/menu/${encodeURIComponent(slug)}/stats`;
}

/** A search counted by at most this many characters of it, in lower case with single spaces: "Osh" and "OSH " are one. */
export const SEARCH_COUNTED_LENGTH = 60;

export type MenuStat = { detail: string } | { search: string };

/** The beacon's body as the page's script writes it; anything else is nothing to count. */
export function parseStat(body: unknown): MenuStat | undefined {
  let value = body;
  // sendBeacon sends a string as text/plain; a JSON body arrives parsed.
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      return undefined;
    }
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { d, s } = value as { d?: unknown; s?: unknown };
  if (typeof d === 'string' && d !== '') return { detail: d };
  if (typeof s === 'string') {
    const folded = s.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim().slice(0, SEARCH_COUNTED_LENGTH);
    if (folded !== '') return { search: folded };
  }
  return undefined;
}
