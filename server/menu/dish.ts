import { fill, ORDER_TEXTS } from '../../lib/order-texts';
import type { NextStart } from '../../lib/schedule';
import type { MenuOption, MenuProduct } from './data';
import { allergensMarkup, amountsMarkup, badgesMarkup } from './facts';
import { html, type SafeHtml, trusted } from './html';
import { imageSource } from './images';
import type { MenuLanguage } from './language';
import type { ShownProduct } from './shown';
import { fillTwo, MENU_TEXTS, type MenuTexts, menuAddition, menuPrice, weekdayShort } from './texts';

/**
 * One dish's card on the public menu: its name, badges (tags, chili marks), description, allergens, price with
 * portion and calories, the "+" of the ordering page, and its options. A dish with no facts renders exactly as it
 * always did.
 */

/** Everything a render needs that depends on the language and the page. */
export interface Ctx {
  t: MenuTexts;
  lang: MenuLanguage;
  keyOf: (p: MenuProduct) => string;
  /** The ordering page: products and option rows carry their ids and prices, orderable ones a "+" button. */
  ordering: boolean;
  /** The restaurant is open now (always, when it has no working hours): closed, nothing gets a "+". */
  open: boolean;
}

/** Products above this index of the whole page load eagerly (they are in the first screen); the rest lazily. */
const EAGER_IMAGES = 4;

/** "08:00 dan" when it starts later today, "Du 08:00 dan" on another day (clock.ts keys the cached page on which). */
export function servedFromLabel(next: NextStart, lang: MenuLanguage): string {
  const t = MENU_TEXTS[lang];
  return next.today
    ? fillTwo(t.servedFrom, next.time)
    : fillTwo(t.servedFromDay, next.time, weekdayShort(next.weekday, lang));
}

/**
 * Row prices are add-ons to the product price (as POS modifiers are): `+12 000 so'm`; a free row shows no price. On the
 * ordering page each group names its option (`data-o`), its minimum when it has one (`data-q`) and its maximum when
 * more than one row may be chosen (`data-m`): the option sheet reads them (web-menu/product.ts).
 */
function renderOptions(options: MenuOption[], { t, lang, ordering }: Ctx): SafeHtml {
  return html`<details><summary>${t.options}</summary>${options.map(
    (o) =>
      html`<div class="og"${ordering && html` data-o="${o._id}"${o.min_choices > 0 && html` data-q="${o.min_choices}"`}${o.max_choices > 1 && html` data-m="${o.max_choices}"`}`}><h4>${o.name}</h4><ul>${o.rows.map(
        (row) => {
          const addition = menuAddition(row.price, lang);
          return html`<li${ordering && html` data-r="${row._id}" data-v="${row.price}"`}><span>${row.name}</span>${
            addition && html`<b>${addition}</b>`
          }</li>`;
        },
      )}</ul></div>`,
  )}</details>`;
}

/**
 * The price, with the portion and calories beside it on its line ("350 g · 420 kkal": the currency stays with the
 * amount). On the ordering page an orderable product's price shares its line with the "+" that puts it in the cart.
 */
function renderPrice(p: MenuProduct, orderable: boolean, { lang }: Ctx): SafeHtml {
  const price = html`<span class="pr">${menuPrice(p.price, lang)}</span>`;
  const amounts = p.facts && amountsMarkup(p.facts, lang);
  const line = html`${price}${amounts && trusted(`<span class="fx">${amounts}</span>`)}`;
  if (!orderable) return line;
  const label = fill(ORDER_TEXTS[lang].add, p.name);
  return html`<div class="pa">${line}<button class="ad" type="button" aria-label="${label}">+</button></div>`;
}

export function renderProduct({ product: p, later, filteredOut }: ShownProduct, index: number, ctx: Ctx): SafeHtml {
  const { t, lang } = ctx;
  const image = imageSource(p.images[0]?.file, 'thumb');
  const served = later === undefined;
  const classes = `p${image ? ' i' : ''}${p.is_active ? '' : ' off'}${served ? '' : ' la'}`;
  const openable = image !== undefined || p.options.length > 0;
  const ids = ctx.ordering && html` data-id="${p._id}" data-v="${p.price}"`;
  const orderable = ctx.ordering && ctx.open && p.is_active && served;
  const { facts } = p;
  return html`<article class="${classes}" data-k="${ctx.keyOf(p)}"${openable && html` data-s`}${ids}${
    filteredOut && html` hidden`
  }><div><h3>${p.name}</h3>${facts && trusted(badgesMarkup(facts, lang))}${p.description && html`<p class="d">${p.description}</p>`}${
    facts && trusted(allergensMarkup(facts, lang))
  }${renderPrice(p, orderable, ctx)}${!p.is_active && html`<br><span class="st">${t.unavailable}</span>`}${
    p.is_active && later && html`<br><span class="st lt">${servedFromLabel(later, lang)}</span>`
  }</div>${
    image &&
    html`<img class="ph" src="${image.src}"${image.srcset ? html` srcset="${image.srcset}" sizes="96px"` : ''} width="96" height="96" alt="${p.name}"${
      index >= EAGER_IMAGES && html` loading="lazy"`
    } decoding="async">`
  }${p.options.length > 0 && renderOptions(p.options, ctx)}</article>`;
}
