/**
 * Search across the scripts Uzbek is written in (spec 2.11 for the stop-list): "шурва", "шўрва", "shurva"
 * and "sho'rva" all find "Sho'rva". Names and queries are folded to one lower-case Latin skeleton (searchKey) and
 * compared letter by letter with the few letters people type for one another (keyMatches):
 * - o' (Cyrillic ў) is kept as one letter, ō, that matches o' itself, o (the apostrophe left out, as before) and u (the
 *   Russian keyboard has no ў, so шурва);
 * - q and k, h and x match each other: the Russian keyboard has no қ or ҳ (ковок finds Qovoq, халва finds Holva);
 * - g' is g, apostrophes are dropped, case and runs of spaces do not count.
 */

/** Every apostrophe-like character (typewriter, typographic, modifier letters, grave/acute accents used as one). */
const APOSTROPHES = /['‘’ʻʼ`´]/g;

/** The letter o' (and Cyrillic ў) in a key. */
const O_APOSTROPHE = 'ō';

/** Cyrillic (Uzbek and Russian) → the Latin skeleton; е, ё, ю, я are decided by what comes before them (see below). */
const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ғ: 'g',
  д: 'd',
  ж: 'j',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  қ: 'q',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  ў: O_APOSTROPHE,
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'x',
  ҳ: 'h',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: '',
  ы: 'i',
  э: 'e',
  ё: 'yo',
  ю: 'yu',
  я: 'ya',
};

const CYRILLIC_VOWELS = new Set(['а', 'е', 'э', 'и', 'о', 'у', 'ў', 'ё', 'ю', 'я', 'ы']);

/**
 * Cyrillic е reads "ye" at a word's start and after a vowel or a hard/soft sign (ер → yer, поезд → poyezd, объект →
 * obyekt), as the Latin spelling writes it; after a consonant it is plain e (мевали → mevali).
 */
function cyrillicE(previous: string): string {
  const readsYe =
    previous === '' || !/\p{L}/u.test(previous) || CYRILLIC_VOWELS.has(previous) || 'ъь'.includes(previous);
  return readsYe ? 'ye' : 'e';
}

/**
 * Cyrillic ц as the Latin rules write it: ts after a vowel (лицей → litsey), s at a word's start and after a consonant
 * (цирк → sirk, концерт → konsert); the second ц of Russian цц (пицца → pitsa) adds nothing.
 */
function cyrillicTse(previous: string): string {
  if (previous === 'ц') return '';
  return CYRILLIC_VOWELS.has(previous) ? 'ts' : 's';
}

/** The form names and queries are compared in: the Latin skeleton, lower case, single spaces, trimmed. */
export function searchKey(text: string): string {
  const lower = text.normalize('NFC').toLowerCase();
  let out = '';
  for (let i = 0; i < lower.length; i += 1) {
    const ch = lower.charAt(i);
    const previous = lower.charAt(i - 1);
    if (ch === 'е') out += cyrillicE(previous);
    else if (ch === 'ц') out += cyrillicTse(previous);
    // ь is y before о and и (шампиньон → shampinyon), silent elsewhere (е, ё, ю, я bring their own y).
    else if (ch === 'ь') out += /[ои]/.test(lower.charAt(i + 1)) ? 'y' : '';
    else if (ch === 'o' && /['‘’ʻʼ`´]/.test(lower.charAt(i + 1))) out += O_APOSTROPHE;
    else out += CYRILLIC[ch] ?? ch;
  }
  // Some Latin spellings copy Russian цц as tsts (pitstsa, the rules write pitsa): a doubled ts counts once.
  return out.replace(APOSTROPHES, '').replace(/(ts)+/g, 'ts').replace(/\s+/g, ' ').trim();
}

/** Letters typed for one another: each letter's class (q and k one, h and x one); ō is handled in sameLetter. */
const CLASS: Readonly<Record<string, string>> = { q: 'k', x: 'h' };

function sameLetter(name: string, query: string): boolean {
  if (name === query) return true;
  if (name === O_APOSTROPHE) return query === 'o' || query === 'u';
  if (query === O_APOSTROPHE) return name === 'o' || name === 'u';
  return (CLASS[name] ?? name) === (CLASS[query] ?? query);
}

/** Does a name's key contain the query's key, letter by letter as sameLetter says? An empty query matches everything. */
export function keyMatches(nameKey: string, queryKey: string): boolean {
  const last = nameKey.length - queryKey.length;
  for (let start = 0; start <= last; start += 1) {
    let j = 0;
    while (j < queryKey.length && sameLetter(nameKey.charAt(start + j), queryKey.charAt(j))) j += 1;
    if (j === queryKey.length) return true;
  }
  return false;
}

/** Does the text (a product's name) match what a person typed into a search box, in either script? */
export function matchesSearch(haystack: string, query: string): boolean {
  return keyMatches(searchKey(haystack), searchKey(query));
}

/** An apostrophe of any kind, as a regular expression class (o', g' and the tutuq belgisi are typed many ways). */
const APOSTROPHE_CLASS = "['‘’ʻʼ`´]";

/**
 * What each Cyrillic letter may be in a Latin name, as a POSIX regular expression (the database searches with it): the
 * Uzbek Latin letter, and the letters a Russian keyboard types for the Uzbek ones it lacks (х for ҳ, к for қ, у for
 * ў), so "райхон" finds Rayhon and "шурва" finds Sho'rva, as keyMatches compares them.
 */
const CYRILLIC_PATTERN: Readonly<Record<string, string>> = {
  г: `g${APOSTROPHE_CLASS}?`,
  ғ: `g${APOSTROPHE_CLASS}?`,
  к: '[kq]',
  қ: '[qk]',
  х: '[hx]',
  ҳ: '[hx]',
  у: `(u|o${APOSTROPHE_CLASS})`,
  ў: `(o${APOSTROPHE_CLASS}?|u)`,
  ъ: `${APOSTROPHE_CLASS}?`,
  ь: '',
};

const REGEX_SPECIAL = /[\\^$.|?*+()[\]{}]/g;

/**
 * A query with Cyrillic letters as a case-insensitive regular expression over Latin text (the admin's
 * search finds "Rayhon" for "Райҳон" or "райхон"); undefined for a query without Cyrillic (it is searched as typed).
 * Letters the Latin alphabet writes alike (е as e or ye, ц as s or ts) follow searchKey.
 */
export function cyrillicToLatinPattern(query: string): string | undefined {
  const lower = query.normalize('NFC').toLowerCase();
  if (!/\p{Script=Cyrillic}/u.test(lower)) return undefined;
  let out = '';
  for (let i = 0; i < lower.length; i += 1) {
    const ch = lower.charAt(i);
    const previous = lower.charAt(i - 1);
    if (ch in CYRILLIC_PATTERN) out += CYRILLIC_PATTERN[ch];
    else if (ch === 'е') out += cyrillicE(previous);
    else if (ch === 'ц') out += previous === 'ц' ? '' : '(ts|s)';
    else out += (CYRILLIC[ch] ?? ch).replace(REGEX_SPECIAL, (c) => `\\${c}`);
  }
  return out;
}

/** Latin letters that stand alone for one Cyrillic letter, or the few a keyboard types for one another (h/x, k/q). */
const LATIN_PATTERN: Readonly<Record<string, string>> = {
  a: 'а',
  b: 'б',
  c: '[цск]',
  d: 'д',
  e: '[еэ]',
  f: 'ф',
  g: '[гғ]',
  h: '[ҳх]',
  i: '[иы]',
  j: 'ж',
  k: '[кқ]',
  l: 'л',
  m: 'м',
  n: 'н',
  o: '[оў]',
  p: 'п',
  q: '[қк]',
  r: 'р',
  s: '[сц]',
  t: 'т',
  u: '[уў]',
  v: 'в',
  w: 'в',
  x: '[хҳ]',
  y: '[йы]',
  z: 'з',
};

/** ye, yo, yu, ya: the one Cyrillic letter, or й with the vowel (йўл, Майонез). */
const IOTATED: Readonly<Record<string, string>> = { e: 'е', o: 'ё', u: 'ю', a: 'я' };

const LATIN_APOSTROPHE = /['‘’ʻʼ`´]/;

/**
 * A Latin query as a case-insensitive regular expression over Cyrillic text, the reverse of cyrillicToLatinPattern
 * (the admin's search finds "Шурпа уйи" for "shurpa" and "Райҳон" for "rayhon"); undefined for a query
 * without Latin letters or with Cyrillic ones (that one is cyrillicToLatinPattern's). The letters are read as the
 * Uzbek Latin rules write them (sh ш, ch ч, o' ў, g' ғ, ts ц, ye/yo/yu/ya е/ё/ю/я), with the letters people type for
 * one another matching as searchKey's keyMatches does (o and u also ў, h and x, k and q, e also э, s also ц).
 */
export function latinToCyrillicPattern(query: string): string | undefined {
  const lower = query.normalize('NFC').toLowerCase();
  if (!/[a-z]/.test(lower) || /\p{Script=Cyrillic}/u.test(lower)) return undefined;
  let out = '';
  let i = 0;
  const apostropheAt = (at: number) => LATIN_APOSTROPHE.test(lower.charAt(at));
  while (i < lower.length) {
    const ch = lower.charAt(i);
    const next = lower.charAt(i + 1);
    if (ch === 's' && next === 'h') {
      out += 'ш';
      i += 2;
    } else if (ch === 'c' && next === 'h') {
      out += 'ч';
      i += 2;
    } else if (ch === 't' && next === 's') {
      // Russian doubles it (пицца for pitsa).
      out += '(цц?|тс)';
      i += 2;
    } else if (ch === 'o' && apostropheAt(i + 1)) {
      out += '[ўо]';
      i += 2;
    } else if (ch === 'g' && apostropheAt(i + 1)) {
      out += '[ғг]';
      i += 2;
    } else if (ch === 'y' && next in IOTATED && !(next === 'o' && apostropheAt(i + 2))) {
      out += `(${IOTATED[next]}|й${LATIN_PATTERN[next]})`;
      i += 2;
    } else if (LATIN_APOSTROPHE.test(ch)) {
      // The tutuq belgisi (ma'no → маъно); a Russian spelling may have ь or nothing there.
      out += '[ъь]?';
      i += 1;
    } else {
      out += LATIN_PATTERN[ch] ?? ch.replace(REGEX_SPECIAL, (c) => `\\${c}`);
      i += 1;
    }
  }
  return out;
}
