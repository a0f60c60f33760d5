import { formatPhone } from '../../lib/format';
import type { MenuMoment } from './clock';
import type { MenuData, MenuRestaurant } from './data';
import { type Ctx, renderProduct, servedFromLabel } from './dish';
import { isFiltering, type MenuFilter, NO_FILTER } from './filters';
import { telHref } from './format';
import { html, type SafeHtml, trusted } from './html';
import { imageSource } from './images';
import type { MenuLanguage } from './language';
import { type OrderPage, orderPageParts } from './order-page';
import { renderFilters } from './page-filters';
import { menuScript } from './script';
import { menuSearchKey } from './search';
import { filteredOutCount, type ShownCategory, shownCategories } from './shown';
import { statsPath } from './stats';
import { CLOCK_CSS, DISH_FACTS_CSS, FILTER_CSS, MENU_CSS, THEME_COLOR } from './styles';
import { fillTwo, MENU_TEXTS, type MenuTexts, weekdayShort } from './texts';

/** Interface text of the public menu in Uzbek (Latin), the default language. */
export const MENU_TEXT = MENU_TEXTS.uz;

/** What a page shows besides the menu: its language, the restaurant's languages, how each product is searched. */
export interface PageView {
  lang: MenuLanguage;
  /** The restaurant's languages in its order: the switcher shows them when there is more than one. */
  languages: readonly MenuLanguage[];
  /** Each product's search key by id (its names folded: see search.ts); a product not in it is keyed by its name. */
  searchKeys?: ReadonlyMap<string, string>;
  /**
   * Ordering from the table: `order` adds the "+" buttons, the ids and prices the ordering script reads, the
   * cart, the calls and the script; `lost` is the plain page with a "table not found" note (a stale table link).
   * Absent: exactly the page the menu always had.
   */
  table?: OrderPage;
  /** The restaurant's service charge in percent: a table's page shows it with the cart's total. */
  servicePercent?: number;
  /**
   * The hour the page is rendered for (clock.ts), for a menu with schedules or working hours: what is not served is
   * greyed or left out, a closed restaurant says when it opens and offers no ordering. Absent: no hours at all.
   */
  moment?: MenuMoment;
  /** The chips the menu offers and those chosen (filters.ts); absent: no chips. */
  filter?: { offered: MenuFilter; chosen: MenuFilter };
}

const UZBEK: PageView = { lang: 'uz', languages: ['uz'] };

/** The header's icons (the restaurant's address, phone and hours). */
const ICONS = {
  address: trusted('<path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z"/><circle cx="12" cy="10" r="2.5"/>'),
  phone: trusted(
    '<path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z"/>',
  ),
  workTime: trusted('<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>'),
};

function icon(paths: SafeHtml): SafeHtml {
  return html`<svg viewBox="0 0 24 24" aria-hidden="true">${paths}</svg>`;
}

/** The first letter of a name, for the logo placeholder. */
function initial(name: string): string {
  return (Array.from(name.trim())[0] ?? 'M').toUpperCase();
}

/** `table`: the line naming the table a table's link orders for, under the restaurant's name. */
function renderHeader(r: MenuRestaurant, { t }: Ctx, table: SafeHtml): SafeHtml {
  const cover = imageSource(r.image, 'display');
  const logo = imageSource(r.logotype, 'thumb');
  const tel = telHref(r.phone_number);
  const phone = formatPhone(r.phone_number);
  // An integration restaurant may have no address, phone or work time (the POS gave none): what is empty is left out.
  const hasInfo = r.address !== '' || phone !== '' || r.work_time !== '';
  return html`<header class="w"><div class="cv">${
    cover &&
    html`<img src="${cover.src}"${cover.srcset ? html` srcset="${cover.srcset}" sizes="(min-width:640px) 640px,100vw"` : ''} width="640" height="280" alt="" fetchpriority="high">`
  }</div><div class="hd">${
    logo
      ? html`<img class="lg" src="${logo.src}" width="76" height="76" alt="${t.logoOf(r.name)}">`
      : html`<div class="lg in" aria-hidden="true">${initial(r.name)}</div>`
  }<h1>${r.name}</h1>${table}${
    hasInfo &&
    html`<ul class="if">${
      r.address && html`<li>${icon(ICONS.address)}<span class="vh">${t.address}: </span>${r.address}</li>`
    }${
      phone &&
      html`<li>${icon(ICONS.phone)}<span class="vh">${t.phone}: </span>${
        tel ? html`<a href="${tel}">${phone}</a>` : phone
      }</li>`
    }${r.work_time && html`<li>${icon(ICONS.workTime)}<span class="vh">${t.workTime}: </span>${r.work_time}</li>`}</ul>`
  }</div></header>`;
}

/**
 * The categories as shown at this hour and under this filter (shown.ts): one that is not served now says from when,
 * under its heading; one whose every dish the filter hides is `hidden`, as its jump link is.
 */
function renderCategories(shown: ShownCategory[], ctx: Ctx): SafeHtml {
  let index = 0;
  return html`${shown.map(
    (c, n) =>
      html`<section id="c${n + 1}" aria-labelledby="h${n + 1}"${c.later && html` class="la"`}${c.filteredOut && html` hidden`}><h2 id="h${n + 1}">${c.category.title}</h2>${
        c.later && html`<p class="sn">${servedFromLabel(c.later, ctx.lang)}</p>`
      }${c.products.map((p) => renderProduct(p, index++, ctx))}</section>`,
  )}`;
}

/** "Hozir yopiq, 10:00 da ochiladi": a closed restaurant's page says so first, and offers no ordering or calls. */
function closedNote(moment: MenuMoment, lang: MenuLanguage): string {
  const t = MENU_TEXTS[lang];
  const { opens } = moment;
  if (!opens) return t.closedNow;
  return opens.today
    ? fillTwo(t.closedUntil, opens.time)
    : fillTwo(t.closedUntilDay, opens.time, weekdayShort(opens.weekday, lang));
}

/** A short description for search results and link previews: the name, the first categories, the address. */
export function metaDescription(data: MenuData, t: MenuTexts = MENU_TEXT): string {
  const { restaurant, categories } = data;
  const parts = [t.menuOf(restaurant.name)];
  if (categories.length > 0)
    parts[0] += `: ${categories
      .slice(0, 5)
      .map((c) => c.title)
      .join(', ')}`;
  if (restaurant.address) parts.push(restaurant.address);
  const text = `${parts.join('. ')}.`;
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

/**
 * The language switcher: plain links (they work without JavaScript), each language named in itself and marked with
 * its `lang` so a screen reader pronounces it right. Following one remembers the pick (the route sets the cookie).
 */
function renderSwitcher(slug: string, { lang, languages }: PageView, t: MenuTexts): SafeHtml {
  if (languages.length < 2) return html``;
  return html`<nav class="ln w" aria-label="${t.languages}">${languages.map(
    (code) =>
      html`<a href="/menu?slug=${slug}&amp;lang=${code}" lang="${code}" hreflang="${code}"${code === lang && html` aria-current="true"`}>${MENU_TEXTS[code].languageName}</a>`,
  )}</nav>`;
}

/**
 * The search box and its "nothing found" line, both `hidden` until the script runs: without JavaScript a box that
 * cannot search would only mislead, and the whole menu is shown anyway.
 */
function renderSearch(t: MenuTexts): SafeHtml {
  return html`<div class="sr" hidden><input type="search" aria-label="${t.search}" placeholder="${t.search}" autocomplete="off" enterkeyhint="search"></div><p class="em nr" hidden>${t.noResults}</p>`;
}

/** The whole public menu page of one restaurant in one language (Uzbek Latin when no view is given). */
export function renderMenuPage(data: MenuData, view: PageView = UZBEK): string {
  const { restaurant } = data;
  const t = MENU_TEXTS[view.lang];
  const open = view.moment?.open ?? true;
  const ctx: Ctx = {
    t,
    lang: view.lang,
    keyOf: (p) => view.searchKeys?.get(p._id) ?? menuSearchKey([p.name]),
    ordering: view.table !== undefined && view.table !== 'lost',
    open,
  };
  const chosen = view.filter?.chosen ?? NO_FILTER;
  const categories = shownCategories(data.categories, view.moment?.now, chosen);
  const hidden = filteredOutCount(categories);
  const filters =
    view.filter &&
    renderFilters(
      { offered: view.filter.offered, chosen, hidden, nothingLeft: categories.every((c) => c.filteredOut) },
      restaurant.slug,
      view.lang,
      view.languages.length > 1,
    );
  const order = orderPageParts(view.table, restaurant.slug, view.lang, view.servicePercent ?? 0, !open);
  const closed = !open && view.moment && html`<p class="cz" role="note">${closedNote(view.moment, view.lang)}</p>`;
  const hasFacts = data.categories.some((c) => c.products.some((p) => p.facts));
  const css = trusted(
    MENU_CSS + (hasFacts ? DISH_FACTS_CSS : '') + (filters ? FILTER_CSS : '') + (view.moment ? CLOCK_CSS : ''),
  );
  const title = `${restaurant.name} — ${t.menu}`;
  const description = metaDescription(data, t);
  return html`<!doctype html><html lang="${view.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover"><title>${title}</title><meta name="description" content="${description}"><meta name="theme-color" content="${THEME_COLOR}"><meta property="og:title" content="${title}"><meta property="og:description" content="${description}"><link rel="icon" href="data:,"><style>${css}${order.css}</style></head><body>${renderSwitcher(restaurant.slug, view, t)}${renderHeader(restaurant, ctx, order.head)}${order.top}${
    categories.length > 0 &&
    html`<nav class="ct w" aria-label="${t.categories}">${categories.map(
      (c, n) => html`<a href="#c${n + 1}"${c.filteredOut && html` hidden`}>${c.category.title}</a>`,
    )}</nav>`
  }<main class="w">${closed}${order.main}${
    categories.length > 0
      ? html`${renderSearch(t)}${filters}${renderCategories(categories, ctx)}`
      : html`<p class="em">${t.empty}</p>`
  }</main><footer class="w">${t.pricesNote}</footer><dialog id="sh" aria-label="${t.options}" data-e="${statsPath(restaurant.slug)}"><button class="sx" type="button" aria-label="${t.close}">×</button><div class="sb"></div></dialog>${order.end}<script>${trusted(menuScript(view.filter !== undefined && isFiltering(view.filter.offered)))}</script>${order.script}</body></html>`
    .value;
}
