import { isTableNumber, tableTitle } from '../../lib/table-name';
import { latinToCyrillic } from '../../lib/translit';
import type { MenuRestaurant } from './data';
import { html, minifyCss, type SafeHtml, trusted } from './html';
import { imageSource } from './images';
import { MENU_LANGUAGES, type MenuLanguage } from './language';
import { THEME_COLOR } from './styles';

export const CARD_TEXT = {
  scan: "Menyuni ko'rish uchun skanerlang",
  /** On a table's card: scanning it opens the page to order from. */
  scanToOrder: 'Menyu va buyurtma uchun skanerlang',
  table: 'Stol',
  print: 'Chop etish',
  hint: "A6 formatda (105 × 148 mm) chop eting va stolga qo'ying.",
  sheetsHint: "A4 varaqqa to'rttadan (A6) chop eting, chiziqlar bo'yicha qirqing va stollarga qo'ying.",
  noTables: "Faol stollar yo'q: avval stollarni qo'shing yoki yoqing.",
} as const;

/** A table's code is its token: what shows one without the staff's print pass answers this (403). */
export const STAFF_ONLY =
  'Bu sahifa faqat restoran xodimlari uchun: stol kartalari va QR-kodlarini boshqaruv panelidagi "Stollar" sahifasidan ' +
  'oching (havola bir soat ishlaydi).';

/** What a diner reads on a card, in each language the restaurant offers (the card prints every one of them). */
interface CardWords {
  scan: string;
  scanToOrder: string;
  table: string;
}
const UZ_WORDS: CardWords = { scan: CARD_TEXT.scan, scanToOrder: CARD_TEXT.scanToOrder, table: CARD_TEXT.table };
export const CARD_WORDS: Record<MenuLanguage, CardWords> = {
  uz: UZ_WORDS,
  'uz-Cyrl': {
    scan: latinToCyrillic(UZ_WORDS.scan),
    scanToOrder: latinToCyrillic(UZ_WORDS.scanToOrder),
    table: latinToCyrillic(UZ_WORDS.table),
  },
  ru: {
    scan: 'Отсканируйте, чтобы открыть меню',
    scanToOrder: 'Отсканируйте, чтобы открыть меню и заказать',
    table: 'Стол',
  },
  en: { scan: 'Scan to see the menu', scanToOrder: 'Scan for the menu and to order', table: 'Table' },
};

/** The restaurant's languages in its order (Uzbek when none are known), each once. */
function cardLanguages(restaurant: MenuRestaurant): MenuLanguage[] {
  const offered = (restaurant.languages ?? []).filter((l): l is MenuLanguage =>
    (MENU_LANGUAGES as readonly string[]).includes(l),
  );
  return offered.length > 0 ? [...new Set(offered)] : ['uz'];
}

/** The print button's script, allowed by the page's CSP by its hash. */
export const CARD_SCRIPT = "document.getElementById('pr').addEventListener('click',()=>print())";

const CARD_BASE_CSS = `
*{box-sizing:border-box}
html,body{margin:0}
body{background:#e9e6e0;color:#1d1b18;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;-webkit-print-color-adjust:exact;print-color-adjust:exact}
.bar{display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:12px;padding:16px;text-align:center;color:#5c564d;font-size:14px}
.bar button{padding:10px 22px;border:0;border-radius:999px;background:${THEME_COLOR};color:#fff;font:inherit;font-weight:600;cursor:pointer}
.card{display:flex;flex-direction:column;align-items:center;justify-content:space-between;width:105mm;height:148mm;margin:0 auto 24px;padding:9mm 8mm 7mm;background:#fff;border-top:4mm solid ${THEME_COLOR};text-align:center;box-shadow:0 4px 24px rgba(0,0,0,.12);overflow:hidden}
.lg{width:18mm;height:18mm;border-radius:50%;object-fit:cover}
.in{display:flex;align-items:center;justify-content:center;margin:0 auto;background:${THEME_COLOR};color:#fff;font-size:9mm;font-weight:700}
h1{margin:3mm 0 0;font-size:6mm;line-height:1.2}
.tb{margin:2mm 0 0;font-size:4mm;color:#5c564d}
.tb b{display:inline-block;margin-left:1.5mm;padding:.5mm 3mm;border-radius:999px;background:${THEME_COLOR};color:#fff;font-size:5mm}
.qr{width:62mm;height:62mm}
.qr svg{display:block;width:100%;height:100%}
.sc{margin:0;font-size:4.6mm;font-weight:700;color:${THEME_COLOR}}
.sc2{margin:.6mm 0 0;font-size:3.2mm;font-weight:600;color:#5c564d}
.url{margin:1mm 0 0;font-size:2.8mm;color:#6d675e;word-break:break-all}
.em{text-align:center;color:#5c564d}
`;

const CARD_CSS = minifyCss(`
@page{size:A6;margin:0}
${CARD_BASE_CSS}
@media print{body{background:#fff}.bar{display:none}.card{margin:0;box-shadow:none;page-break-after:always}}
`);

/**
 * Four A6 cards to an A4 sheet (2 × 2, 105 × 148 mm each, no margin: cut along the thin lines); every sheet but the
 * last breaks the page after it.
 */
const CARDS_CSS = minifyCss(`
@page{size:A4;margin:0}
${CARD_BASE_CSS}
.sheet{display:grid;grid-template-columns:105mm 105mm;grid-template-rows:148mm 148mm;width:210mm;height:297mm;margin:0 auto 24px;background:#fff;box-shadow:0 4px 24px rgba(0,0,0,.12);overflow:hidden}
.sheet .card{margin:0;box-shadow:none;outline:.2mm dashed #c9c3b8;outline-offset:-.1mm}
@media print{body{background:#fff}.bar{display:none}.sheet{margin:0;box-shadow:none;break-after:page;page-break-after:always}.sheet:last-child{break-after:auto;page-break-after:auto}}
`);

/** What one card shows: the link its QR code holds (drawn as `svg`) and, on a table's card, the table's name. */
export interface CardEntry {
  url: string;
  svg: string;
  table?: string;
}

/**
 * The table's line: a bare number under the word for "table" in every language offered ("Stol · Стол · Table" 5);
 * any other name ("Terrasa 1", "VIP") alone, as the restaurant wrote it.
 */
function tableLine(table: string, languages: readonly MenuLanguage[]): SafeHtml {
  if (!isTableNumber(table)) return html`<p class="tb"><b>${table}</b></p>`;
  const words = [...new Set(languages.map((l) => CARD_WORDS[l].table))].join(' · ');
  return html`<p class="tb">${words}<b>${table.trim()}</b></p>`;
}

function cardHtml(restaurant: MenuRestaurant, entry: CardEntry): SafeHtml {
  const logo = imageSource(restaurant.logotype, 'display');
  const initial = (Array.from(restaurant.name.trim())[0] ?? 'M').toUpperCase();
  const languages = cardLanguages(restaurant);
  const scans = [
    ...new Set(languages.map((l) => (entry.table === undefined ? CARD_WORDS[l].scan : CARD_WORDS[l].scanToOrder))),
  ];
  return html`<div class="card"><div>${
    logo
      ? html`<img class="lg" src="${logo.src}" alt="">`
      : html`<div class="lg in" aria-hidden="true">${initial}</div>`
  }<h1>${restaurant.name}</h1>${
    entry.table !== undefined && tableLine(entry.table, languages)
  }</div><div class="qr" role="img" aria-label="QR">${trusted(entry.svg)}</div><div>${scans.map((text, index) =>
    index === 0 ? html`<p class="sc">${text}</p>` : html`<p class="sc2">${text}</p>`,
  )}<p class="url">${entry.url}</p></div></div>`;
}

function cardDocument(title: string, css: string, hint: string, body: SafeHtml): string {
  return html`<!doctype html><html lang="uz"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><meta name="robots" content="noindex"><link rel="icon" href="data:,"><style>${trusted(css)}</style></head><body><div class="bar"><span>${hint}</span><button id="pr" type="button">${CARD_TEXT.print}</button></div>${body}<script>${trusted(CARD_SCRIPT)}</script></body></html>`
    .value;
}

/**
 * A printable A6 table card: logo, name, the QR code (inline SVG, sharp at any print resolution), the call to scan
 * and the URL in small print for phones without a QR reader. The print button is hidden when printing. With a table
 *, the card names it and its QR code opens that table's page.
 */
export function renderCardPage(restaurant: MenuRestaurant, url: string, svg: string, table?: string): string {
  const title = `${restaurant.name} — ${table === undefined ? 'stol kartasi' : tableTitle(table)}`;
  return cardDocument(title, CARD_CSS, CARD_TEXT.hint, cardHtml(restaurant, { url, svg, table }));
}

/** Every given table's card, four A6 cards to each A4 sheet (`/menu/cards`). */
export function renderCardSheets(restaurant: MenuRestaurant, cards: readonly CardEntry[]): string {
  const sheets: SafeHtml[] = [];
  for (let i = 0; i < cards.length; i += 4)
    sheets.push(
      html`<section class="sheet">${cards.slice(i, i + 4).map((card) => cardHtml(restaurant, card))}</section>`,
    );
  const body = sheets.length > 0 ? html`${sheets}` : html`<p class="em">${CARD_TEXT.noTables}</p>`;
  return cardDocument(`${restaurant.name} — stol kartalari`, CARDS_CSS, CARD_TEXT.sheetsHint, body);
}

/** The 403 page of a table's card or the card sheets opened without the staff's pass (a stale or shared link). */
export function renderStaffOnlyPage(): string {
  return html`<!doctype html><html lang="uz"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Stol kartalari</title><meta name="robots" content="noindex"><link rel="icon" href="data:,"><style>${trusted(CARD_CSS)}</style></head><body><p class="em" style="padding:24px">${STAFF_ONLY}</p></body></html>`
    .value;
}
