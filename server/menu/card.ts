import type { MenuRestaurant } from './data';
import { html, minifyCss, trusted } from './html';
import { imageSource } from './images';
import { THEME_COLOR } from './styles';

export const CARD_TEXT = {
  scan: "Menyuni ko'rish uchun skanerlang",
  print: 'Chop etish',
  hint: "A6 formatda (105 × 148 mm) chop eting va stolga qo'ying.",
} as const;

/** The print button's script, allowed by the page's CSP by its hash. */
export const CARD_SCRIPT = "document.getElementById('pr').addEventListener('click',()=>print())";

const CARD_CSS = minifyCss(`
@page{size:A6;margin:0}
*{box-sizing:border-box}
html,body{margin:0}
body{background:#e9e6e0;color:#1d1b18;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;-webkit-print-color-adjust:exact;print-color-adjust:exact}
.bar{display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:12px;padding:16px;text-align:center;color:#5c564d;font-size:14px}
.bar button{padding:10px 22px;border:0;border-radius:999px;background:${THEME_COLOR};color:#fff;font:inherit;font-weight:600;cursor:pointer}
.card{display:flex;flex-direction:column;align-items:center;justify-content:space-between;width:105mm;height:148mm;margin:0 auto 24px;padding:9mm 8mm 7mm;background:#fff;border-top:4mm solid ${THEME_COLOR};text-align:center;box-shadow:0 4px 24px rgba(0,0,0,.12);overflow:hidden}
.lg{width:18mm;height:18mm;border-radius:50%;object-fit:cover}
.in{display:flex;align-items:center;justify-content:center;background:${THEME_COLOR};color:#fff;font-size:9mm;font-weight:700}
h1{margin:3mm 0 0;font-size:6mm;line-height:1.2}
.qr{width:62mm;height:62mm}
.qr svg{display:block;width:100%;height:100%}
.sc{margin:0;font-size:4.6mm;font-weight:700;color:${THEME_COLOR}}
.url{margin:1mm 0 0;font-size:2.8mm;color:#6d675e;word-break:break-all}
@media print{body{background:#fff}.bar{display:none}.card{margin:0;box-shadow:none;page-break-after:always}}
`);

/**
 * A printable A6 table card: logo, name, the QR code (inline SVG, sharp at any print resolution), the call to scan
 * and the URL in small print for phones without a QR reader. The print button is hidden when printing.
 */
export function renderCardPage(restaurant: MenuRestaurant, url: string, svg: string): string {
  const logo = imageSource(restaurant.logotype, 'display');
  const initial = (Array.from(restaurant.name.trim())[0] ?? 'M').toUpperCase();
  return html`<!doctype html><html lang="uz"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${restaurant.name} — stol kartasi</title><meta name="robots" content="noindex"><link rel="icon" href="data:,"><style>${trusted(CARD_CSS)}</style></head><body><div class="bar"><span>${CARD_TEXT.hint}</span><button id="pr" type="button">${CARD_TEXT.print}</button></div><div class="card"><div>${
    logo
      ? html`<img class="lg" src="${logo.src}" alt="">`
      : html`<div class="lg in" aria-hidden="true">${initial}</div>`
  }<h1>${restaurant.name}</h1></div><div class="qr" role="img" aria-label="QR">${trusted(svg)}</div><div><p class="sc">${CARD_TEXT.scan}</p><p class="url">${url}</p></div></div><script>${trusted(CARD_SCRIPT)}</script></body></html>`
    .value;
}
