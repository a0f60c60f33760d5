/**
 * Search of the stop-list (spec 2.11): case-insensitive, and blind to the apostrophes Uzbek Latin writes o‘ and g‘
 * with (o' o‘ oʻ g' g‘ gʻ, and the modifier letter ʼ of so‘ʼz-like spellings): phones, menus imported from a POS and
 * managers' keyboards each use another one, so "sho'rva", "sho‘rva", "shoʻrva" and "shorva" all find "Sho‘rva".
 */

/** Every apostrophe-like character (typewriter, typographic, modifier letters, grave/acute accents used as one). */
const APOSTROPHES = /['‘’ʻʼ`´]/g;

/** The form names and queries are compared in: lower case, no apostrophes, single spaces, trimmed. */
export function searchKey(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(APOSTROPHES, '').replace(/\s+/g, ' ').trim();
}

/** Does a name's key contain the query's key? An empty query matches everything. */
export function keyMatches(nameKey: string, queryKey: string): boolean {
  return nameKey.includes(queryKey);
}
