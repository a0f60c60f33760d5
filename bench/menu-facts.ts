import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MenuClock } from '../server/menu/clock';
import type { MenuData } from '../server/menu/data';
import { NO_FILTER, offeredFilter } from '../server/menu/filters';
import { offeredLanguages } from '../server/menu/language';
import { menuIn, productNames, searchKeys } from '../server/menu/localized';
import { renderMenuPage } from '../server/menu/page';
import { makeVariant } from '../server/menu/variant';
import { table } from './measure';
import { benchMenuData, restaurantMenuData, withEveryDishTagged } from './menu-facts-seed';

/**
 * What dish facts cost the public menu page (`BENCH_ONLY=menu-facts`, in-process, no server): the same 200-dish menu
 * (bench/menu-facts-seed.ts) rendered (a) without facts, as every menu was before dishes had any, and (b) with every dish
 * tagged (tags, allergens, portion, calories, spiciness): the page's gzip and brotli bytes as the cache compresses them
 * (variant.ts) and the render time, median of `renders` renders of the Uzbek page as the menu cache renders it
 * (search keys, the hour, the chips the menu offers, then the page). The goal: (b) within +15 % of (a).
 */

export interface PageCost {
  htmlBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  renderMs: number;
}

/** The page the menu cache renders for the first language of `data`, unfiltered (server/menu/cache.ts `render`). */
function pageRenderer(data: MenuData): () => string {
  const languages = offeredLanguages(data.restaurant.languages ?? []);
  const lang = languages[0]!;
  const offered = offeredFilter(data);
  const clock = new MenuClock(data);
  const shown = menuIn(data, lang);
  const names = productNames(data, languages);
  return () =>
    renderMenuPage(shown, {
      lang,
      languages,
      searchKeys: searchKeys(shown, names),
      servicePercent: data.servicePercent ?? 0,
      moment: clock.momentAt(new Date()),
      filter: { offered, chosen: NO_FILTER },
    });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function measurePage(data: MenuData, renders: number): Promise<PageCost> {
  const render = pageRenderer(data);
  const page = render();
  // Warm-up: the first renders compile the templates' code paths.
  for (let i = 0; i < Math.min(50, renders); i++) render();
  const times: number[] = [];
  for (let i = 0; i < renders; i++) {
    const start = performance.now();
    render();
    times.push(performance.now() - start);
  }
  const variant = await makeVariant(page);
  return {
    htmlBytes: variant.identity.length,
    gzipBytes: variant.gzip.length,
    brotliBytes: variant.br.length,
    renderMs: median(times),
  };
}

/** One menu without facts (a) and with every dish tagged (b): its table, and the bytes' and render's change. */
async function compare(title: string, plain: MenuData, renders: number): Promise<{ bytes: number; render: number }> {
  const without = await measurePage(plain, renders);
  const tagged = await measurePage(withEveryDishTagged(plain), renders);
  const row = (page: string, cost: PageCost) => ({
    page,
    'HTML B': cost.htmlBytes,
    'gzip B': cost.gzipBytes,
    'brotli B': cost.brotliBytes,
    'render ms (median)': cost.renderMs.toFixed(3),
  });
  const ratio = (key: keyof PageCost) => `${(tagged[key] / without[key]).toFixed(2)}x`;
  console.log(`\n${title} (200 dishes, Uzbek, in-process, median of ${renders} renders):\n`);
  console.log(
    table([
      row('(a) without facts', without),
      row('(b) every dish tagged', tagged),
      {
        page: 'b / a',
        'HTML B': ratio('htmlBytes'),
        'gzip B': ratio('gzipBytes'),
        'brotli B': ratio('brotliBytes'),
        'render ms (median)': ratio('renderMs'),
      },
    ]),
  );
  return { bytes: tagged.gzipBytes / without.gzipBytes, render: tagged.renderMs / without.renderMs };
}

const percent = (ratio: number) => {
  const change = (ratio - 1) * 100;
  return `${change >= 0 ? '+' : ''}${change.toFixed(1)} %`;
};

export async function reportMenuFacts({ renders = 300 }: { renders?: number } = {}): Promise<void> {
  const textOnly = await compare(
    'The text-only bench menu with dish facts (every dish the same description, no photo)',
    benchMenuData(),
    renders,
  );
  const real = await compare(
    'A menu as restaurants write it, with dish facts (names and descriptions of their own, photos on 3 dishes of 4)',
    restaurantMenuData(),
    renders,
  );
  const goal = (ratio: number) => (ratio <= 1.15 ? 'met' : 'NOT met');
  console.log(
    `\nmenu-facts: bytes ${percent(real.bytes)} (text-only ${percent(textOnly.bytes)}), render ${percent(real.render)}` +
      ` (text-only ${percent(textOnly.render)}); goal bytes within +15 %: ${goal(real.bytes)} (text-only ${goal(textOnly.bytes)})`,
  );
}

// `npx tsx bench/menu-facts.ts`: this section alone.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await reportMenuFacts({ renders: Number(process.env.BENCH_MENU_RENDERS ?? 300) });
}
