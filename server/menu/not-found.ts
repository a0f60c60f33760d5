import { html, trusted } from './html';
import { PLAIN_PAGE_CSS, THEME_COLOR } from './styles';

/** What a diner reads after scanning the code of an unknown or inactive restaurant (answered with status 404). */
export const NOT_FOUND_TEXT = {
  title: 'Menyu topilmadi',
  body: "Bu restoran topilmadi yoki uning menyusi hozircha faol emas. QR-kodni qayta skanerlang yoki ofitsiantdan so'rang.",
} as const;

/** The page never changes, so it is rendered once. */
export const NOT_FOUND_PAGE =
  html`<!doctype html><html lang="uz"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${NOT_FOUND_TEXT.title}</title><meta name="robots" content="noindex"><meta name="theme-color" content="${THEME_COLOR}"><link rel="icon" href="data:,"><style>${trusted(PLAIN_PAGE_CSS)}</style></head><body><main class="nf"><div class="ic" aria-hidden="true">🍽️</div><h1>${NOT_FOUND_TEXT.title}</h1><p>${NOT_FOUND_TEXT.body}</p></main></body></html>`
    .value;
