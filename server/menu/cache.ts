import { type KeptByBytes, MenuCacheMemory } from './cache-memory';
import { MenuClock } from './clock';
import type { MenuData } from './data';
import { chosenFilter, type FilterQuery, filterParams, isFiltering, type MenuFilter, offeredFilter } from './filters';
import { KeptRenders } from './kept';
import { type MenuLanguage, offeredLanguages } from './language';
import { menuIn, productNames, searchKeys, specMenu } from './localized';
import { type OrderPage, TABLE_NAME_SLOT, withTableName } from './order-page';
import { renderMenuPage } from './page';
import { makeVariant, type Variant } from './variant';

/**
 * One restaurant's menu: the data as loaded (every translation in it), its languages, and each language's page and
 * JSON, each rendered and compressed once, when first asked for, and kept until the restaurant's next write. A
 * language's variant has its own hash, so its own ETag: one language's bytes are never another's.
 */
export interface CachedMenu {
  restaurantId: string;
  data: MenuData;
  /** The languages the menu offers, in the restaurant's order (`uz` always among them). */
  languages: MenuLanguage[];
  /** Ordering from the table is on: a table's link may get the ordering page. */
  orderingEnabled: boolean;
  /** The menu offers filter chips: its pages carry the script with the chips' code (script.ts), and that CSP hash. */
  chips: boolean;
  /** The product a page's search key names (`data-k`, in any of the menu's languages), for the owner's report. */
  productOfKey(key: string): string | undefined;
  /**
   * The page in `lang`: plain, or a table's (ordering, or a stale link's note), each its own variant and ETag. The
   * ordering page is rendered once per language and each table's (its name in the header) made from it. `filter`: the
   * chips asked for (`?tag=`, `?without=`), of which only those the page offers count (filters.ts). Each page is right
   * for the menu's open state when it was rendered (clock.ts): when a window opens or closes, the next request renders
   * anew, with no write.
   */
  page(lang: MenuLanguage, table?: OrderPage, filter?: FilterQuery): Promise<Variant>;
  json(lang: MenuLanguage): Promise<Variant>;
}

/**
 * How many tables' ordering pages one menu keeps compressed, most recently asked for first. A table's page is the
 * language's rendered page with the table's name put in, so one not kept costs only its compression (about a
 * millisecond for a 200-dish menu); the bound keeps a restaurant with hundreds of tables from filling the memory.
 */
export const TABLE_PAGES_KEPT = 32;

/**
 * How many filtered pages (plain or a stale table link's, any language) one menu keeps, and how many ordering
 * templates (one per language unfiltered, more with filters). The chips a menu offers bound what can be asked for
 * (unknown values are ignored), these bound what is kept of it: a filtered page not kept costs one render.
 */
export const FILTERED_PAGES_KEPT = 16;
export const ORDER_TEMPLATES_KEPT = 8;

/**
 * What the loaded data (and the Uzbek menu and search names made from it) holds in memory per character of its JSON:
 * measured with 300 menus of 200 dishes in four languages, the heap grew about twice the data's JSON length beside the
 * rendered pages' buffers.
 */
const DATA_BYTES_PER_JSON_CHAR = 2;

/**
 * The public menus in memory, by slug. An entry lives until a write to its restaurant (`invalidate`, wired to
 * app.onMenuChanged), so a stop-list change shows on the next load. Guarantees:
 * - concurrent requests for a cold slug share one load (a QR code scanned by a full room costs one render);
 * - a load that was running while any write happened is served to its waiting requests but not kept, since it may
 *   have read the menu from before the write;
 * - the menus kept fit the byte budget they share with the other public menu caches (`MenuCacheMemory`,
 *   MENU_CACHE_MB), least recently used dropped first: each counts its data (twice the JSON length of what was loaded) and
 *   every page and JSON rendered since, identity, gzip and brotli (`variantBytes`), so it grows as languages are asked for;
 * - a slug with no menu (unknown, or its restaurant inactive) is remembered too, so random slugs cannot keep the
 *   database busy; every remembered miss is forgotten at any menu write (a restaurant created, renamed or switched on
 *   announces itself that way), at most `maxMisses` are kept;
 * - a table's ordering page is the language's page rendered once with the table's name put in (TABLE_PAGES_KEPT).
 * `maxEntries` bounds the count as well (none by default: the bytes do).
 */
export class MenuCache {
  private readonly entries: KeptByBytes<CachedMenu>;
  private readonly loading = new Map<string, Promise<CachedMenu | undefined>>();
  /** Slugs known to have no menu, oldest first. */
  private readonly misses = new Set<string>();
  private generation = 0;

  constructor(
    private readonly load: (slug: string) => Promise<MenuData | undefined>,
    maxEntries = Number.POSITIVE_INFINITY,
    private readonly maxMisses = 10_000,
    memory = new MenuCacheMemory(),
  ) {
    this.entries = memory.cache('menu pages', maxEntries);
  }

  async get(slug: string): Promise<CachedMenu | undefined> {
    const hit = this.entries.get(slug);
    if (hit) return hit;
    if (this.misses.has(slug)) return undefined;
    const running = this.loading.get(slug);
    if (running) return running;
    const generation = this.generation;
    const pending = this.build(slug).then((built) => {
      if (generation === this.generation) {
        if (built) this.entries.set(slug, built.menu, built.size.bytes);
        else this.remember(slug);
      }
      return built?.menu;
    });
    this.loading.set(slug, pending);
    const forget = () => {
      if (this.loading.get(slug) === pending) this.loading.delete(slug);
    };
    pending.then(forget, forget);
    return pending;
  }

  /**
   * Drops the restaurant's menu (under whatever slug it was cached: a write may have changed the slug), or every
   * menu for `null`.
   */
  invalidate(restaurantId: string | null): void {
    this.generation++;
    this.loading.clear();
    this.misses.clear();
    this.entries.deleteWhere((entry) => restaurantId === null || entry.restaurantId === restaurantId);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Estimated bytes of the menus kept. */
  get bytes(): number {
    return this.entries.bytes;
  }

  private remember(slug: string): void {
    this.misses.add(slug);
    if (this.misses.size > this.maxMisses) {
      const oldest = this.misses.values().next().value;
      if (oldest !== undefined) this.misses.delete(oldest);
    }
  }

  /**
   * The menu and its size so far. What it renders later is counted as it is made (`grow`): before it is kept only in
   * `size`, which the cache reads when keeping it, after that in the cache too.
   */
  private async build(slug: string): Promise<{ menu: CachedMenu; size: { bytes: number } } | undefined> {
    const data = await this.load(slug);
    if (!data) return undefined;
    const size = { bytes: DATA_BYTES_PER_JSON_CHAR * JSON.stringify(data).length };
    const grow = (delta: number) => {
      size.bytes += delta;
      this.entries.grow(slug, entry, delta);
    };
    const languages = offeredLanguages(data.restaurant.languages ?? []);
    const offered = offeredFilter(data);
    const clock = new MenuClock(data);
    const uzbek = menuIn(data, 'uz');
    const menu = (lang: MenuLanguage) => (lang === 'uz' ? uzbek : menuIn(data, lang));
    const names = productNames(data, languages);
    /** Built at the first key asked for: most menus are never asked. */
    let keyedProducts: Map<string, string> | undefined;
    const render = (lang: MenuLanguage, table: OrderPage | undefined, filter: MenuFilter, instant: Date) => {
      const shown = menu(lang);
      return renderMenuPage(shown, {
        lang,
        languages,
        searchKeys: searchKeys(shown, names),
        table,
        servicePercent: data.servicePercent ?? 0,
        moment: clock.momentAt(instant),
        filter: { offered, chosen: filter },
      });
    };
    // Pages hold for one open state (clock.ts); the JSON is the spec's menu, the same at every hour.
    const pages = new KeptRenders<Variant>(Number.POSITIVE_INFINITY, grow, variantBytes);
    const filteredPages = new KeptRenders<Variant>(FILTERED_PAGES_KEPT, grow, variantBytes);
    /** The ordering page by language and filter with `TABLE_NAME_SLOT` for the name, and each table's page from it. */
    const orderTemplates = new KeptRenders<string>(ORDER_TEMPLATES_KEPT, grow, (template) => template.length);
    const tablePages = new KeptRenders<Variant>(TABLE_PAGES_KEPT, grow, variantBytes);
    const jsons = new KeptRenders<Variant>(Number.POSITIVE_INFINITY, grow, variantBytes);
    let renderedFor = clock.stateAt(new Date());
    const entry: CachedMenu = {
      restaurantId: data.restaurant._id,
      data,
      languages,
      orderingEnabled: data.orderingEnabled === true,
      chips: isFiltering(offered),
      productOfKey: (key) => {
        keyedProducts ??= new Map(
          languages.flatMap((lang) => [...searchKeys(menu(lang), names)].map(([id, k]) => [k, id] as const)),
        );
        return keyedProducts.get(key);
      },
      page: (lang, table, query = {}) => {
        const instant = new Date();
        const state = clock.stateAt(instant);
        if (state !== renderedFor) {
          renderedFor = state;
          for (const kept of [pages, filteredPages, orderTemplates, tablePages]) kept.clear();
        }
        const filter = chosenFilter(query, offered);
        const params = filterParams(filter);
        if (table === undefined || table === 'lost') {
          const key = `${lang}${table ? ' lost' : ''} ${params}`;
          return (params ? filteredPages : pages).get(key, () => makeVariant(render(lang, table, filter, instant)));
        }
        return tablePages.get(`${lang} ${params} ${table.table}`, async () => {
          const template = await orderTemplates.get(`${lang} ${params}`, () =>
            render(lang, { table: TABLE_NAME_SLOT }, filter, instant),
          );
          return makeVariant(withTableName(template, table.table));
        });
      },
      json: (lang) => jsons.get(lang, () => makeVariant(JSON.stringify({ data: specMenu(menu(lang)) }))),
    };
    // The first language is what most diners get: rendered before the entry is served, as the single page was.
    await entry.page(languages[0]!);
    return { menu: entry, size };
  }
}

/** What a rendered variant holds: its three encodings. */
export function variantBytes(variant: Variant): number {
  return variant.identity.length + variant.gzip.length + variant.br.length;
}
