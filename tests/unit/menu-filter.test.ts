import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { DishFacts } from '../../lib/dish-facts';
import type { MenuData, MenuProduct } from '../../server/menu/data';
import { chosenFilter, type FilterQuery, NO_FILTER, offeredFilter } from '../../server/menu/filters';
import { renderMenuPage } from '../../server/menu/page';
import { cardOf, chosenFrom, dishMatches, searchWith, toggle } from '../../web-menu/dish-filter';

/** jsdom (the UI tests' DOM) comes without type declarations: typed here as far as this test uses it. */
type DomWindow = Window & typeof globalThis;
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (
    html: string,
    options: {
      url: string;
      runScripts: 'dangerously' | 'outside-only';
      pretendToBeVisual: boolean;
      beforeParse: (window: DomWindow) => void;
    },
  ) => { window: DomWindow };
};
/**
 * The filter chips with JavaScript: the page the server renders, with its own inline script running in a DOM, filters
 * at a tap (no reload), keeps the address in step (`history.replaceState`, other parameters kept), says what it hides,
 * and agrees with the search box. The rules themselves (web-menu/dish-filter.ts) are checked on their own first.
 */

const CHIPS = ['tag=halal', 'tag=vegetarian', 'without=spicy', 'without=nuts', 'without=milk'];

describe('the chips’ rules', () => {
  it('reads the chosen chips from an address, only those the page offers, in the page’s order', () => {
    expect(chosenFrom('?without=milk&tag=vegetarian&tag=vegan&lang=ru', CHIPS)).toEqual([
      'tag=vegetarian',
      'without=milk',
    ]);
    expect(chosenFrom('?table=T1', CHIPS)).toEqual([]);
  });

  it('writes the chips into an address, keeping the table, the language and anything else', () => {
    expect(searchWith('?table=T1&tag=halal&lang=ru', ['tag=vegetarian', 'without=nuts'])).toBe(
      '?table=T1&lang=ru&tag=vegetarian&without=nuts',
    );
    expect(searchWith('?tag=halal&without=milk', [])).toBe('');
  });

  it('switches one chip, the others and their order as they were', () => {
    expect(toggle(['without=nuts'], 'tag=halal', CHIPS)).toEqual(['tag=halal', 'without=nuts']);
    expect(toggle(['tag=halal', 'without=nuts'], 'tag=halal', CHIPS)).toEqual(['without=nuts']);
  });

  it('passes a dish with every chosen tag and none of the chosen "without"s, by what its card says', () => {
    const words: Record<string, string> = {
      'tag=halal': 'Halol',
      'tag=vegetarian': 'Vegetarian',
      'without=spicy': 'Achchiq',
      'without=nuts': "Yong'oq",
      'without=milk': 'Sut',
    };
    const wordOf = (chip: string) => words[chip]!;
    const dish = { words: ['Halol', 'Vegetarian', 'Sut'], hot: true };
    expect(dishMatches(dish, ['tag=vegetarian'], wordOf)).toBe(true);
    expect(dishMatches(dish, ['tag=vegetarian', 'without=nuts'], wordOf)).toBe(true);
    expect(dishMatches(dish, ['without=milk'], wordOf)).toBe(false);
    // Chili marks are spicy; so is the spicy badge of a dish without them.
    expect(dishMatches(dish, ['without=spicy'], wordOf)).toBe(false);
    expect(dishMatches({ words: ['Achchiq'], hot: false }, ['without=spicy'], wordOf)).toBe(false);
    const plain = { words: [], hot: false };
    expect(dishMatches(plain, ['tag=halal'], wordOf)).toBe(false);
    expect(dishMatches(plain, ['without=nuts'], wordOf)).toBe(true);
    expect(dishMatches(plain, ['without=spicy'], wordOf)).toBe(true);
    // A word is a whole word of the card: "Yong'oq" is no "Yeryong'oq".
    expect(dishMatches({ words: ["Yeryong'oq"], hot: false }, ['without=nuts'], wordOf)).toBe(true);
  });

  it('reads a card’s badges and allergen line as the server writes them, not its chili marks or description', () => {
    const page = renderMenuPage(MENU, {
      lang: 'uz',
      languages: ['uz'],
      filter: { offered: offeredFilter(MENU), chosen: NO_FILTER },
    });
    const doc = new JSDOM(page, {
      url: 'http://menyu.test/',
      runScripts: 'outside-only',
      pretendToBeVisual: false,
      beforeParse: () => {},
    }).window.document;
    const cards = [...doc.querySelectorAll('article')].map(cardOf);
    expect(cards).toEqual([
      { words: ['Halol'], hot: false },
      { words: ['Halol', 'Glyuten'], hot: true },
      { words: ['Vegetarian', "Yong'oq", 'Sut'], hot: false },
      { words: ['Vegetarian', 'Vegan'], hot: false },
    ]);
  });
});

const facts = (values: Partial<DishFacts>): DishFacts => ({
  portion: null,
  calories: null,
  spiciness: 0,
  tags: [],
  allergens: [],
  ...values,
});
const dish = (id: string, name: string, values: Partial<DishFacts> = {}): MenuProduct => ({
  _id: id,
  name,
  description: '',
  price: 20000,
  is_active: true,
  images: [],
  options: [],
  facts: facts(values),
});
const MENU: MenuData = {
  restaurant: {
    _id: 'r1',
    name: 'Rayhon',
    slug: 'rayhon',
    address: '',
    phone_number: '',
    work_time: '',
    image: null,
    logotype: null,
    hide_stopped: false,
  },
  categories: [
    {
      _id: 'c1',
      title: 'Issiq taomlar',
      products: [
        dish('p1', 'Osh', { tags: ['halal'] }),
        dish('p2', "Lag'mon", { tags: ['halal'], spiciness: 2, allergens: ['gluten'] }),
      ],
    },
    {
      _id: 'c2',
      title: 'Salatlar',
      products: [
        dish('p3', "Yong'oqli salat", { tags: ['vegetarian'], allergens: ['nuts', 'milk'] }),
        dish('p4', 'Vinegret', { tags: ['vegetarian', 'vegan'] }),
      ],
    },
  ],
};

/** The page as the server renders it for `url`, opened in a DOM that runs its inline script as a browser does. */
function openPage(url: string) {
  const address = new URL(url, 'http://menyu.test');
  const offered = offeredFilter(MENU);
  const query: FilterQuery = {
    tag: address.searchParams.getAll('tag'),
    without: address.searchParams.getAll('without'),
  };
  const page = renderMenuPage(MENU, {
    lang: 'uz',
    languages: ['uz'],
    filter: { offered, chosen: chosenFilter(query, offered) },
  });
  const dom = new JSDOM(page, {
    url: address.href,
    runScripts: 'dangerously',
    pretendToBeVisual: true,
    // jsdom draws nothing: scrolling the category bar is a no-op.
    beforeParse: (window) => {
      window.Element.prototype.scrollTo = () => {};
    },
  });
  const doc = dom.window.document;
  const chip = (name: string) =>
    [...doc.querySelectorAll<HTMLAnchorElement>('.fl a')].find((a) => a.textContent === name)!;
  return {
    window: dom.window,
    doc,
    chip,
    visible: () =>
      [...doc.querySelectorAll<HTMLElement>('main section:not([hidden]) article:not([hidden]) h3')].map(
        (h) => h.textContent,
      ),
    line: () => {
      const status = doc.querySelector<HTMLElement>('.fs')!;
      return status.hidden ? undefined : status.querySelector('span')!.textContent;
    },
    search: (query: string) => {
      const input = doc.querySelector<HTMLInputElement>('.sr input')!;
      input.value = query;
      input.dispatchEvent(new dom.window.Event('input'));
    },
  };
}

describe('the chips on the page, with JavaScript', () => {
  it('filter at a tap, keep the address in step and say what they hide', () => {
    const page = openPage('/menu/rayhon?table=T1');
    expect(page.visible()).toEqual(['Osh', "Lag'mon", "Yong'oqli salat", 'Vinegret']);
    expect(page.line()).toBeUndefined();

    page.chip('Vegetarian').click();
    expect(page.visible()).toEqual(["Yong'oqli salat", 'Vinegret']);
    expect(page.window.location.search).toBe('?table=T1&tag=vegetarian');
    expect(page.chip('Vegetarian').getAttribute('aria-pressed')).toBe('true');
    expect(page.line()).toBe('2 ta taom yashirildi');
    // The hot dishes' section and its jump link hide with their dishes.
    expect(page.doc.querySelector<HTMLElement>('#c1')!.hidden).toBe(true);
    expect(page.doc.querySelector<HTMLElement>('nav.ct a[href="#c1"]')!.hidden).toBe(true);
    // Every chip's link is the page it would make, at this table.
    expect(page.chip("Yong'oqsiz").getAttribute('href')).toBe('/menu/rayhon?table=T1&tag=vegetarian&without=nuts');
    expect(page.chip('Vegetarian').getAttribute('href')).toBe('/menu/rayhon?table=T1');

    page.chip("Yong'oqsiz").click();
    expect(page.visible()).toEqual(['Vinegret']);
    expect(page.window.location.search).toBe('?table=T1&tag=vegetarian&without=nuts');
    expect(page.line()).toBe('3 ta taom yashirildi');

    page.chip('Vegetarian').click();
    expect(page.visible()).toEqual(['Osh', "Lag'mon", 'Vinegret']);
    expect(page.window.location.search).toBe('?table=T1&without=nuts');
  });

  it('say so when nothing is left, and the link under them clears every chip', () => {
    const page = openPage('/menu/rayhon?tag=halal');
    expect(page.visible()).toEqual(['Osh', "Lag'mon"]);
    expect(page.chip('Halol').getAttribute('aria-pressed')).toBe('true');
    page.chip('Achchiq emas').click();
    page.chip('Vegetarian').click();
    expect(page.visible()).toEqual([]);
    expect(page.line()).toBe("Tanlanganlarga mos taom yo'q.");
    // "Nothing found" is the search's: the chips alone left nothing.
    expect(page.doc.querySelector<HTMLElement>('.nr')!.hidden).toBe(true);

    page.doc.querySelector<HTMLAnchorElement>('.fs a')!.click();
    expect(page.visible()).toHaveLength(4);
    expect(page.window.location.search).toBe('');
    expect(page.line()).toBeUndefined();
    expect(page.doc.activeElement).toBe(page.chip('Halol'));
  });

  it('work with the search box: a dish shows when it passes both', () => {
    const page = openPage('/menu/rayhon');
    page.chip('Achchiq emas').click();
    page.search('lag');
    expect(page.visible()).toEqual([]);
    expect(page.doc.querySelector<HTMLElement>('.nr')!.hidden).toBe(false);
    page.search('sal');
    expect(page.visible()).toEqual(["Yong'oqli salat"]);
    page.chip('Achchiq emas').click();
    page.search('');
    expect(page.visible()).toHaveLength(4);
  });

  it('answer Space as a toggle button does', () => {
    const page = openPage('/menu/rayhon');
    const vegan = page.chip('Sutsiz');
    vegan.dispatchEvent(new page.window.KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true }));
    expect(vegan.getAttribute('aria-pressed')).toBe('true');
    expect(page.visible()).toEqual(['Osh', "Lag'mon", 'Vinegret']);
  });
});
