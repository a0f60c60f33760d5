import { describe, expect, it } from 'vitest';
import {
  type LanguageRequest,
  languageAnswer,
  languageCookie,
  languageCookieHeader,
  MENU_LANGUAGES,
  matchAcceptLanguage,
  negotiateLanguage,
  offeredLanguages,
  parseAcceptLanguage,
} from '../../server/menu/language';

/** Which language the public menu answers in, from ?lang=, the remembered pick and Accept-Language. */
const ALL = [...MENU_LANGUAGES];

describe('negotiateLanguage', () => {
  it('?lang= wins when the restaurant offers it, whatever the cookie and the browser say', () => {
    expect(negotiateLanguage({ offered: ALL, query: 'ru', cookie: 'menyu_lang=en', acceptLanguage: 'uz' })).toEqual({
      lang: 'ru',
      by: 'query',
    });
    expect(negotiateLanguage({ offered: ALL, query: 'uz-cyrl' })).toEqual({ lang: 'uz-Cyrl', by: 'query' });
  });

  it('?lang= of a language the restaurant does not offer (or no language at all) shows its first language', () => {
    expect(negotiateLanguage({ offered: ['ru', 'uz'], query: 'en', cookie: 'menyu_lang=uz' })).toEqual({
      lang: 'ru',
      by: 'query',
    });
    expect(negotiateLanguage({ offered: ['uz', 'ru'], query: 'fr', acceptLanguage: 'ru' })).toEqual({
      lang: 'uz',
      by: 'query',
    });
    expect(negotiateLanguage({ offered: ['uz', 'ru'], query: '' })).toEqual({ lang: 'uz', by: 'query' });
  });

  it('without ?lang= the remembered pick wins over the browser', () => {
    expect(
      negotiateLanguage({ offered: ALL, cookie: 'theme=dark; menyu_lang=uz-Cyrl', acceptLanguage: 'en-US,en' }),
    ).toEqual({ lang: 'uz-Cyrl', by: 'cookie' });
  });

  it('a remembered pick this restaurant does not offer falls through to the browser, then the first language', () => {
    expect(negotiateLanguage({ offered: ['uz', 'ru'], cookie: 'menyu_lang=en', acceptLanguage: 'ru-RU' })).toEqual({
      lang: 'ru',
      by: 'header',
    });
    expect(negotiateLanguage({ offered: ['ru', 'uz'], cookie: 'menyu_lang=xx' })).toEqual({
      lang: 'ru',
      by: 'default',
    });
  });

  it('without a pick, the best Accept-Language match; without a match, the first language', () => {
    expect(negotiateLanguage({ offered: ALL, acceptLanguage: 'ru-RU,ru;q=0.9,en-US;q=0.8' })).toEqual({
      lang: 'ru',
      by: 'header',
    });
    expect(negotiateLanguage({ offered: ['en', 'uz'], acceptLanguage: 'de-DE,fr;q=0.5' })).toEqual({
      lang: 'en',
      by: 'default',
    });
    expect(negotiateLanguage({ offered: ['ru', 'uz'] })).toEqual({ lang: 'ru', by: 'default' });
  });

  it('a restaurant with no languages (or unknown ones) has uz', () => {
    expect(negotiateLanguage({ offered: [], acceptLanguage: 'ru' })).toEqual({ lang: 'uz', by: 'default' });
    expect(offeredLanguages(['xx', 'RU', 'ru'])).toEqual(['ru', 'uz']);
  });
});

describe('matchAcceptLanguage', () => {
  it('maps regions and scripts onto our codes', () => {
    expect(matchAcceptLanguage('ru-RU', ALL)).toBe('ru');
    expect(matchAcceptLanguage('uz-Cyrl-UZ', ALL)).toBe('uz-Cyrl');
    expect(matchAcceptLanguage('uz-cyrl', ALL)).toBe('uz-Cyrl');
    expect(matchAcceptLanguage('uz-Latn-UZ', ALL)).toBe('uz');
    expect(matchAcceptLanguage('uz-UZ', ALL)).toBe('uz');
    expect(matchAcceptLanguage('en-GB', ALL)).toBe('en');
  });

  it('honours q-values, not the order of the header', () => {
    expect(matchAcceptLanguage('en;q=0.3, ru;q=0.8, uz;q=0.5', ALL)).toBe('ru');
    expect(matchAcceptLanguage('en;q=0.5, uz-Cyrl', ALL)).toBe('uz-Cyrl');
    // Equal weights: the header's order.
    expect(matchAcceptLanguage('en;q=0.5, ru;q=0.5', ALL)).toBe('en');
  });

  it('skips what the restaurant does not offer and what the diner refuses (q=0)', () => {
    expect(matchAcceptLanguage('de, en;q=0.9, ru;q=0.8', ['uz', 'ru'])).toBe('ru');
    expect(matchAcceptLanguage('ru;q=0, en', ['uz', 'ru'])).toBeUndefined();
  });

  it('Cyrillic Uzbek falls back to Latin Uzbek when the restaurant has no Cyrillic', () => {
    expect(matchAcceptLanguage('uz-Cyrl-UZ, ru;q=0.9', ['ru', 'uz'])).toBe('uz');
  });

  it('* means the restaurant’s first language', () => {
    expect(matchAcceptLanguage('de, *;q=0.1', ['ru', 'uz'])).toBe('ru');
  });
});

describe('parsing', () => {
  it('Accept-Language: ranges by weight, junk and out-of-range weights dropped', () => {
    expect(parseAcceptLanguage(' fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
      '*',
    ]);
    expect(parseAcceptLanguage('ru;q=2, en;q=abc, <script>, , uz;q=0.001')).toEqual(['uz']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });

  it('Cookie: our cookie among others, not one whose name merely ends like it', () => {
    expect(languageCookie('a=1; menyu_lang=ru; b=2')).toBe('ru');
    expect(languageCookie('old_menyu_lang=en')).toBeUndefined();
    expect(languageCookie(undefined)).toBeUndefined();
  });
});

describe('languageAnswer: what the answer must say about its language', () => {
  const answer = (request: LanguageRequest) => languageAnswer(request, negotiateLanguage(request));

  it('Vary: Accept-Language and Cookie when they could decide, nothing when the URL did or there was no choice', () => {
    expect(answer({ offered: ALL, acceptLanguage: 'ru' })).toEqual({ vary: ['accept-language', 'cookie'] });
    expect(answer({ offered: ALL })).toEqual({ vary: ['accept-language', 'cookie'] });
    expect(answer({ offered: ALL, query: 'ru', cookie: 'menyu_lang=ru' })).toEqual({ vary: [] });
    expect(answer({ offered: ['uz'], acceptLanguage: 'ru', cookie: 'menyu_lang=ru' })).toEqual({ vary: [] });
  });

  it('remembers a pick from a link once: not again, not a language the restaurant does not offer, not with no choice', () => {
    expect(answer({ offered: ALL, query: 'en' })).toEqual({ vary: [], remember: 'en' });
    expect(answer({ offered: ALL, query: 'EN', cookie: 'menyu_lang=ru' })).toEqual({ vary: [], remember: 'en' });
    expect(answer({ offered: ALL, query: 'en', cookie: 'menyu_lang=en' })).toEqual({ vary: [] });
    expect(answer({ offered: ['uz', 'ru'], query: 'en' })).toEqual({ vary: [] });
    expect(answer({ offered: ['uz'], query: 'uz' })).toEqual({ vary: [] });
  });

  it('the cookie: the menu only, a year, sent on links from elsewhere, not readable by scripts; Secure over https', () => {
    expect(languageCookieHeader('uz-Cyrl', false)).toBe(
      'menyu_lang=uz-Cyrl; Path=/menu; Max-Age=31536000; SameSite=Lax; HttpOnly',
    );
    expect(languageCookieHeader('ru', true)).toBe(
      'menyu_lang=ru; Path=/menu; Max-Age=31536000; SameSite=Lax; HttpOnly; Secure',
    );
  });
});
