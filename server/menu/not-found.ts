import { html, trusted } from './html';
import type { MenuLanguage } from './language';
import { PLAIN_PAGE_CSS, THEME_COLOR } from './styles';
import { MENU_TEXTS } from './texts';

/** What a diner reads after scanning the code of an unknown or inactive restaurant (answered with status 404). */
export const NOT_FOUND_TEXT = {
  title: MENU_TEXTS.uz.notFoundTitle,
  body: MENU_TEXTS.uz.notFoundBody,
} as const;

/**
 * The page in one language (the diner's, from ?lang=, their earlier pick or the browser, since an unknown
 * restaurant has no languages of its own). It never changes, so the route renders each language once.
 */
export function renderNotFoundPage(lang: MenuLanguage): string {
  const t = MENU_TEXTS[lang];
  return html`<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.notFoundTitle}</title><meta name="robots" content="noindex"><meta name="theme-color" content="${THEME_COLOR}"><link rel="icon" href="data:,"><style>${trusted(PLAIN_PAGE_CSS)}</style></head><body><main class="nf"><div class="ic" aria-hidden="true">🍽️</div><h1>${t.notFoundTitle}</h1><p>${t.notFoundBody}</p></main></body></html>`
    .value;
}

/** The Uzbek page, as it always was. */
export const NOT_FOUND_PAGE = renderNotFoundPage('uz');
