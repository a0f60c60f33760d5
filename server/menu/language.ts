/**
 * Which language the public menu answers in. Pure: the route hands it the query, the cookie header and
 * Accept-Language; the answer also says what the choice depended on, so the route can set `Vary` truthfully.
 *
 * Order: `?lang=` (an offered language, else the restaurant's first: a link always shows what it names or the
 * default, never a page that depends on who opens it), then the diner's earlier pick (the cookie the switcher's links
 * set), then the best match of Accept-Language, then the restaurant's first language.
 */

import { LANGUAGES, type Language } from '../schemas/translations';

/** The menu's languages (the API's): Uzbek in Latin (the spec's fields, always there) and Cyrillic, Russian, English. */
export const MENU_LANGUAGES = LANGUAGES;
export type MenuLanguage = Language;

/** The cookie that remembers a diner's pick: only the menu reads it (path /menu), for a year. */
export const LANGUAGE_COOKIE = 'menyu_lang';
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export type LanguageSource = 'query' | 'cookie' | 'header' | 'default';

export interface LanguageChoice {
  lang: MenuLanguage;
  /** What decided it. `query`: the page depends on the URL alone, whatever the request's headers. */
  by: LanguageSource;
}

export interface LanguageRequest {
  /** The restaurant's languages in its order (the first is its default); empty or unknown entries are ignored. */
  offered: readonly string[];
  /** `?lang=` as sent (any case), if present. */
  query?: string | undefined;
  /** The raw Cookie header. */
  cookie?: string | undefined;
  /** The raw Accept-Language header. */
  acceptLanguage?: string | undefined;
}

/** A code in any case (`uz-cyrl`, `RU`) as one of ours, or undefined. */
export function menuLanguage(code: string | undefined): MenuLanguage | undefined {
  if (!code) return undefined;
  const lower = code.trim().toLowerCase();
  return MENU_LANGUAGES.find((l) => l.toLowerCase() === lower);
}

/** The cookie's value in a Cookie header (`a=1; menyu_lang=ru`), if any. */
export function languageCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === LANGUAGE_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Our languages a language range stands for, most specific first (RFC 4647 lookup: a range falls back to its
 * prefix). Uzbek written without a script, or in Latin (`uz`, `uz-UZ`, `uz-Latn-UZ`), is `uz`; `uz-Cyrl(-UZ)` is
 * `uz-Cyrl`, then `uz` when the restaurant has no Cyrillic; any region of Russian or English is that language.
 */
function candidates(range: string): (MenuLanguage | '*')[] {
  const [language, second] = range.toLowerCase().split('-');
  if (language === '*') return ['*'];
  if (language === 'uz') return second === 'cyrl' ? ['uz-Cyrl', 'uz'] : ['uz'];
  if (language === 'ru') return ['ru'];
  if (language === 'en') return ['en'];
  return [];
}

/** Accept-Language ranges by preference: highest q first, the header's order among equals; q=0 and junk dropped. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  const ranges: { range: string; q: number; index: number }[] = [];
  header.split(',').forEach((part, index) => {
    const [range, ...params] = part.split(';').map((s) => s.trim());
    if (!range || !/^(\*|[a-z]{1,8}(-[a-z0-9]{1,8})*)$/i.test(range)) return;
    const qParam = params.find((p) => /^q=/i.test(p));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) return;
    ranges.push({ range, q, index });
  });
  return ranges.sort((a, b) => b.q - a.q || a.index - b.index).map((r) => r.range);
}

/** The restaurant's offered languages, known ones only, `uz` guaranteed (it is always there as the fallback). */
export function offeredLanguages(offered: readonly string[]): MenuLanguage[] {
  const known: MenuLanguage[] = [];
  for (const code of offered) {
    const lang = menuLanguage(code);
    if (lang && !known.includes(lang)) known.push(lang);
  }
  if (!known.includes('uz')) known.push('uz');
  return known;
}

/** The best offered match of an Accept-Language header, or undefined when none of its ranges fits. */
export function matchAcceptLanguage(
  header: string | undefined,
  offered: readonly MenuLanguage[],
): MenuLanguage | undefined {
  for (const range of parseAcceptLanguage(header)) {
    for (const candidate of candidates(range)) {
      if (candidate === '*') return offered[0];
      if (offered.includes(candidate)) return candidate;
    }
  }
  return undefined;
}

export function negotiateLanguage(request: LanguageRequest): LanguageChoice {
  const offered = offeredLanguages(request.offered);
  const first = offered[0]!;
  if (request.query !== undefined) {
    const asked = menuLanguage(request.query);
    return { lang: asked && offered.includes(asked) ? asked : first, by: 'query' };
  }
  const remembered = menuLanguage(languageCookie(request.cookie));
  if (remembered && offered.includes(remembered)) return { lang: remembered, by: 'cookie' };
  const matched = matchAcceptLanguage(request.acceptLanguage, offered);
  if (matched) return { lang: matched, by: 'header' };
  return { lang: first, by: 'default' };
}

/** The Set-Cookie value that remembers a pick: the menu only (path), sent on links from elsewhere (Lax), a year. */
export function languageCookieHeader(lang: MenuLanguage, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${lang}; Path=/menu; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
}

/** What an answer in `choice.lang` must say about itself (see the route): Vary, and whether to remember the pick. */
export interface LanguageAnswer {
  /** Request headers the choice depended on: none when the URL decided it, or when there was nothing to choose. */
  vary: string[];
  /** The cookie to set: a pick (?lang= naming an offered language) the browser does not remember yet. */
  remember?: MenuLanguage;
}

export function languageAnswer(request: LanguageRequest, choice: LanguageChoice): LanguageAnswer {
  const offered = offeredLanguages(request.offered);
  if (offered.length < 2) return { vary: [] };
  if (choice.by !== 'query') return { vary: ['accept-language', 'cookie'] };
  const picked = menuLanguage(request.query) === choice.lang;
  const remembered = menuLanguage(languageCookie(request.cookie));
  return picked && remembered !== choice.lang ? { vary: [], remember: choice.lang } : { vary: [] };
}
