import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schedule, WorkingHours } from '../../lib/schedule-types';
import { MenuCache } from '../../server/menu/cache';
import { loadMenu } from '../../server/menu/data';
import { createCategory, createProduct } from '../support/fixtures';
import { setupTenants } from '../support/tenants';
import { orderingRestaurant } from './orders-fixtures';

/** jsdom (the UI tests' DOM) comes without type declarations: typed here as far as these tests use it. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: Window };
};
/**
 * A menu that follows the clock, on a fake clock: a category or dish outside its hours is greyed with when it is
 * served next ("08:00 dan", "Se 08:00 dan") and cannot be ordered, or is left out when its schedule says `hide`; a
 * restaurant outside its working hours says when it opens and offers no ordering or calls. Times are the restaurant's
 * (Asia/Tashkent, +05:00, unless it says otherwise), and the cached page changes at each boundary with no write.
 */

const t = setupTenants();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** 2026-03-02 is a Monday. */
const DAYS = { mon: '2026-03-02', tue: '2026-03-03', sat: '2026-03-07', sun: '2026-03-08', nextMon: '2026-03-09' };
/** Sets the clock to a wall-clock time in Tashkent. */
const tashkent = (day: keyof typeof DAYS, time: string) => vi.setSystemTime(new Date(`${DAYS[day]}T${time}:00+05:00`));

const EVERY_DAY: Schedule['days'] = [1, 2, 3, 4, 5, 6, 7];
const breakfast: Schedule = { days: EVERY_DAY, from: '08:00', to: '11:00', outside: 'grey' };
const businessLunch: Schedule = { days: [1, 2, 3, 4, 5], from: '12:00', to: '15:00', outside: 'hide' };

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const text = (node: Element | null | undefined) => node?.textContent ?? '';

/** What a diner sees of a page: sections with their label, dishes with theirs and whether they have a "+". */
async function view(url: string) {
  const res = await get(url);
  const doc = new JSDOM(res.body).window.document;
  const section = (title: string) =>
    [...doc.querySelectorAll('main section')].find((s) => text(s.querySelector('h2')) === title);
  const dish = (name: string) =>
    [...doc.querySelectorAll<HTMLElement>('main article')].find((a) => text(a.querySelector('h3')) === name);
  const data = /<script type="application\/json" id="od">(.*?)<\/script>/.exec(res.body)?.[1];
  return {
    res,
    doc,
    etag: String(res.headers.etag),
    sections: [...doc.querySelectorAll('main section h2')].map(text),
    jumpLinks: [...doc.querySelectorAll('nav.ct a')].map(text),
    /** A category's label ("08:00 dan"), '' when it is served; undefined when it is not on the page. */
    categoryLabel: (title: string) => {
      const found = section(title);
      return found && text(found.querySelector('.sn'));
    },
    greyedCategory: (title: string) => section(title)?.classList.contains('la'),
    dishLabel: (name: string) => text(dish(name)?.querySelector('.lt')),
    orderable: (name: string) => dish(name)?.querySelector('.ad') !== null && dish(name) !== undefined,
    dishesOf: (title: string) => [...(section(title)?.querySelectorAll('h3') ?? [])].map(text),
    closedNote: text(doc.querySelector('main > .cz')),
    calls: [...doc.querySelectorAll('[data-call]')].map((b) => b.getAttribute('data-call')),
    data: data ? JSON.parse(data) : undefined,
  };
}

async function clockMenu(values: { time_zone?: string; working_hours?: WorkingHours | null } = {}) {
  const s = await orderingRestaurant(t, { languages: ['uz', 'uz-Cyrl', 'ru', 'en'], ...values });
  const morning = await createCategory(t.db, s.restaurant._id, {
    title: 'Nonushta',
    position: -2,
    schedule: breakfast,
  });
  await createProduct(t.db, morning._id, { name: 'Quymoq', price: 15000 });
  const lunch = await createCategory(t.db, s.restaurant._id, {
    title: 'Biznes-lanch',
    position: -1,
    schedule: businessLunch,
  });
  await createProduct(t.db, lunch._id, { name: 'Lanch seti', price: 55000 });
  return { ...s, url: `/menu/${s.restaurant.slug}?table=${s.table.token}`, plain: `/menu/${s.restaurant.slug}` };
}

describe('categories that follow the clock', () => {
  it('greys breakfast outside 08:00–11:00 with when it is served next, and nothing of it can be ordered', async () => {
    const { url, category, product } = await clockMenu();
    tashkent('mon', '07:59');
    let page = await view(url);
    expect(page.greyedCategory('Nonushta')).toBe(true);
    expect(page.categoryLabel('Nonushta')).toBe('08:00 dan');
    expect(page.orderable('Quymoq')).toBe(false);
    // The rest of the menu is served as always.
    expect(page.categoryLabel(category.title)).toBe('');
    expect(page.orderable(product.name)).toBe(true);

    tashkent('mon', '08:00');
    page = await view(url);
    expect(page.greyedCategory('Nonushta')).toBe(false);
    expect(page.categoryLabel('Nonushta')).toBe('');
    expect(page.orderable('Quymoq')).toBe(true);

    tashkent('mon', '10:59');
    expect((await view(url)).orderable('Quymoq')).toBe(true);

    // From 11:00 the next breakfast is tomorrow's: the label names the day; past midnight it is today's again.
    tashkent('mon', '11:00');
    page = await view(url);
    expect(page.categoryLabel('Nonushta')).toBe('Se 08:00 dan');
    expect(page.orderable('Quymoq')).toBe(false);
    tashkent('tue', '00:30');
    expect((await view(url)).categoryLabel('Nonushta')).toBe('08:00 dan');
  });

  it('says when in each of the menu’s languages', async () => {
    const { restaurant } = await clockMenu();
    const labels = async (lang: string) => (await view(`/menu/${restaurant.slug}?lang=${lang}`)).doc;
    tashkent('mon', '07:00');
    const today = await Promise.all(['uz', 'uz-Cyrl', 'ru', 'en'].map(labels));
    expect(today.map((doc) => text(doc.querySelector('.la .sn')))).toEqual([
      '08:00 dan',
      '08:00 дан',
      'с 08:00',
      'from 08:00',
    ]);
    tashkent('sat', '12:00');
    const saturday = await Promise.all(['uz', 'uz-Cyrl', 'ru', 'en'].map(labels));
    expect(saturday.map((doc) => text(doc.querySelector('.la .sn')))).toEqual([
      'Ya 08:00 dan',
      'Як 08:00 дан',
      'Вс с 08:00',
      'Sun from 08:00',
    ]);
  });

  it('leaves the business lunch out (with its jump link) outside Mon–Fri 12:00–15:00, as its schedule says', async () => {
    const { url } = await clockMenu();
    tashkent('mon', '11:59');
    let page = await view(url);
    expect(page.sections).not.toContain('Biznes-lanch');
    expect(page.jumpLinks).not.toContain('Biznes-lanch');
    expect(page.doc.body.textContent).not.toContain('Lanch seti');

    tashkent('mon', '12:00');
    page = await view(url);
    expect(page.sections).toContain('Biznes-lanch');
    expect(page.jumpLinks).toContain('Biznes-lanch');
    expect(page.orderable('Lanch seti')).toBe(true);

    tashkent('mon', '14:59');
    expect((await view(url)).orderable('Lanch seti')).toBe(true);
    tashkent('mon', '15:00');
    expect((await view(url)).sections).not.toContain('Biznes-lanch');
    tashkent('sat', '12:30');
    expect((await view(url)).sections).not.toContain('Biznes-lanch');
  });
});

describe('dishes that follow the clock', () => {
  it('a late dish across midnight: greyed before 22:00, served until 02:00 the next day, then "Du 22:00 dan"', async () => {
    const { url, category, product } = await clockMenu();
    await createProduct(t.db, category._id, {
      name: 'Tungi kabob',
      position: -1,
      schedule: { days: [1], from: '22:00', to: '02:00', outside: 'grey' },
    });
    tashkent('mon', '21:59');
    let page = await view(url);
    expect(page.dishLabel('Tungi kabob')).toBe('22:00 dan');
    expect(page.orderable('Tungi kabob')).toBe(false);
    // Greyed dishes come after those served now, whatever their position.
    expect(page.dishesOf(category.title)).toEqual([product.name, 'Tungi kabob']);

    tashkent('mon', '22:00');
    page = await view(url);
    expect(page.dishLabel('Tungi kabob')).toBe('');
    expect(page.orderable('Tungi kabob')).toBe(true);
    expect(page.dishesOf(category.title)).toEqual(['Tungi kabob', product.name]);

    tashkent('tue', '01:59');
    expect((await view(url)).orderable('Tungi kabob')).toBe(true);
    tashkent('tue', '02:00');
    page = await view(url);
    expect(page.orderable('Tungi kabob')).toBe(false);
    expect(page.dishLabel('Tungi kabob')).toBe('Du 22:00 dan');
  });

  it('across the week: Sunday’s 20:00–01:00 is served at Monday 00:30, greyed from 01:00 until next Sunday', async () => {
    const { url, category } = await clockMenu();
    await createProduct(t.db, category._id, {
      name: 'Yakshanba palovi',
      schedule: { days: [7], from: '20:00', to: '01:00', outside: 'grey' },
    });
    tashkent('sun', '19:59');
    expect((await view(url)).dishLabel('Yakshanba palovi')).toBe('20:00 dan');
    tashkent('sun', '23:59');
    expect((await view(url)).orderable('Yakshanba palovi')).toBe(true);
    tashkent('nextMon', '00:30');
    expect((await view(url)).orderable('Yakshanba palovi')).toBe(true);
    tashkent('nextMon', '01:00');
    const page = await view(url);
    expect(page.orderable('Yakshanba palovi')).toBe(false);
    expect(page.dishLabel('Yakshanba palovi')).toBe('Ya 20:00 dan');
  });

  it('a dish hidden outside its hours is left out, and a category left with nothing is too', async () => {
    const s = await orderingRestaurant(t);
    const drinks = await createCategory(t.db, s.restaurant._id, { title: 'Pivo', position: 1 });
    await createProduct(t.db, drinks._id, {
      name: 'Kechki pivo',
      schedule: { days: EVERY_DAY, from: '18:00', to: '23:00', outside: 'hide' },
    });
    const url = `/menu/${s.restaurant.slug}`;
    tashkent('mon', '17:59');
    expect((await view(url)).sections).toEqual([s.category.title]);
    tashkent('mon', '18:00');
    expect((await view(url)).sections).toEqual([s.category.title, 'Pivo']);
  });

  it('reads the hours on the restaurant’s own clock (its time zone)', async () => {
    const { url } = await clockMenu({ time_zone: 'Europe/Moscow' });
    // 10:30 in Moscow (12:30 in Tashkent): breakfast is still on.
    vi.setSystemTime(new Date('2026-03-02T07:30:00Z'));
    expect((await view(url)).orderable('Quymoq')).toBe(true);
    vi.setSystemTime(new Date('2026-03-02T08:00:00Z'));
    expect((await view(url)).categoryLabel('Nonushta')).toBe('Se 08:00 dan');
  });
});

describe('the restaurant’s working hours', () => {
  const TEN_TO_ELEVEN: WorkingHours = Object.fromEntries(
    ['1', '2', '3', '4', '5', '6', '7'].map((day) => [day, [['10:00', '23:00']]]),
  );

  it('closed: says when it opens, and the table’s page offers no "+", no calls and no cart', async () => {
    const { url, product } = await clockMenu({ working_hours: TEN_TO_ELEVEN });
    tashkent('mon', '09:59');
    let page = await view(url);
    expect(page.closedNote).toBe('Hozir yopiq, 10:00 da ochiladi');
    expect(page.orderable(product.name)).toBe(false);
    expect(page.doc.querySelectorAll('.ad')).toHaveLength(0);
    expect(page.calls).toEqual([]);
    expect(page.data).toMatchObject({ closed: true });
    // The bill of an order already made can still be paid.
    expect(page.doc.querySelector('.oc .bb')).not.toBeNull();

    tashkent('mon', '10:00');
    page = await view(url);
    expect(page.closedNote).toBe('');
    expect(page.orderable(product.name)).toBe(true);
    expect(page.calls).toEqual(['waiter', 'bill']);
    expect(page.data.closed).toBeUndefined();

    tashkent('mon', '23:00');
    expect((await view(url)).closedNote).toBe('Hozir yopiq, Se 10:00 da ochiladi');
  });

  it('says it in every language, and "closed" alone when it never opens', async () => {
    const { restaurant } = await clockMenu({ working_hours: TEN_TO_ELEVEN });
    tashkent('mon', '09:00');
    const notes = [];
    for (const lang of ['uz', 'uz-Cyrl', 'ru', 'en'])
      notes.push((await view(`/menu/${restaurant.slug}?lang=${lang}`)).closedNote);
    expect(notes).toEqual([
      'Hozir yopiq, 10:00 da ochiladi',
      'Ҳозир ёпиқ, 10:00 да очилади',
      'Сейчас закрыто, откроется в 10:00',
      'Closed now, opens at 10:00',
    ]);
    tashkent('sun', '23:30');
    expect((await view(`/menu/${restaurant.slug}?lang=en`)).closedNote).toBe('Closed now, opens Mon at 10:00');

    const { restaurant: never } = await clockMenu({ working_hours: {} });
    expect((await view(`/menu/${never.slug}`)).closedNote).toBe('Hozir yopiq.');
  });
});

describe('the cached page and the clock', () => {
  it('changes at each boundary with no write, and is the same cached page between two boundaries', async () => {
    const { url, restaurant } = await clockMenu();
    tashkent('mon', '07:59');
    const before = await view(url);
    tashkent('mon', '08:00');
    const opened = await view(url);
    expect(opened.etag).not.toBe(before.etag);
    tashkent('mon', '10:59');
    const later = await get(url, { 'if-none-match': opened.etag });
    expect(later.statusCode).toBe(304);
    tashkent('mon', '11:00');
    const closed = await get(url, { 'if-none-match': opened.etag });
    expect(closed.statusCode).toBe(200);
    // Nothing was written: no menu change was announced for the restaurant.
    expect(t.changed).not.toContain(restaurant._id);
  });

  it('never serves a page kept from another stretch of the same open windows (07:00, then 11:30 unasked between)', async () => {
    const { plain } = await clockMenu();
    tashkent('mon', '07:00');
    expect((await view(plain)).categoryLabel('Nonushta')).toBe('08:00 dan');
    // Breakfast opened and closed while nobody looked: the same windows are closed, but the morning's page is wrong.
    tashkent('mon', '11:30');
    expect((await view(plain)).categoryLabel('Nonushta')).toBe('Se 08:00 dan');
  });

  it('renders anew from the menu it already holds: one load from the database for the whole day', async () => {
    const { restaurant } = await clockMenu({ working_hours: { '1': [['10:00', '23:00']] } });
    let loads = 0;
    const cache = new MenuCache((slug) => {
      loads++;
      return loadMenu(t.db, slug);
    });
    const pageAt = async (time: string) => {
      tashkent('mon', time);
      return (await (await cache.get(restaurant.slug))!.page('uz')).hash;
    };
    const early = await pageAt('07:00');
    const breakfast = await pageAt('08:30');
    const open = await pageAt('10:30');
    const stillOpen = await pageAt('10:45');
    const lunch = await pageAt('12:00');
    const night = await pageAt('23:30');
    expect(new Set([early, breakfast, open, lunch, night]).size).toBe(5);
    expect(stillOpen).toBe(open);
    expect(loads).toBe(1);
  });
});
