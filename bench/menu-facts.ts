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
import {
  benchMenuData,
  restaurantMenuData,
  withEveryDishTagged,
  withEveryFact,
  withFactsAsWords,
} from './menu-facts-seed';

/**
 * What dish facts cost the public menu page (`BENCH_ONLY=menu-facts`, in-process, no server): the same 200-dish menu
 * (bench/menu-facts-seed.ts) rendered (a) without facts, as every menu was before dishes had any, (b) with every
 * product tagged (its tags and spiciness: badges, chili marks, the chips and their code) and (c) with every fact on
 * every dish (portion, calories and allergens too): the page's gzip and brotli bytes as the cache compresses them
 * (variant.ts) and the render time, median of `renders` renders of the Uzbek page as the menu cache renders it
 * (search keys, the hour, the chips the menu offers, then the page). The goal: (b) within +15 % of (a).
 *
 * Beside (b) and (c), their control: the same facts as plain words at the end of each description and nothing else
 * (no markup, chips, code or styles), the least any page showing them can weigh. What a page adds over its control
 * is ours to make small; what the control adds over (a) is the information itself.
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

/** Renders of one page in a row, the pages taking turns. */
const BLOCK = 10;

/**
 * The pages' bytes and render times. The pages take turns, a block of renders each per round, so whatever else the
 * machine does in a moment (a collection, another process) falls on every page alike and their ratios hold; within a
 * block a page renders as the cache renders a menu, its code paths warm.
 */
export async function measurePages(pages: MenuData[], renders: number): Promise<PageCost[]> {
  const renderers = pages.map(pageRenderer);
  const times = renderers.map((): number[] => []);
  // Warm-up: the first renders compile the templates' code paths.
  for (const render of renderers) for (let i = 0; i < Math.min(50, renders); i++) render();
  for (let done = 0; done < renders; done += BLOCK) {
    renderers.forEach((render, i) => {
      for (let k = 0; k < Math.min(BLOCK, renders - done); k++) {
        const start = performance.now();
        render();
        times[i]!.push(performance.now() - start);
      }
    });
  }
  return Promise.all(
    renderers.map(async (render, i) => {
      const variant = await makeVariant(render());
      return {
        htmlBytes: variant.identity.length,
        gzipBytes: variant.gzip.length,
        brotliBytes: variant.br.length,
        renderMs: median(times[i]!),
      };
    }),
  );
}

interface Compared {
  /** gzip bytes of each page ÷ the page without facts. */
  tagged: number;
  taggedWords: number;
  every: number;
  everyWords: number;
  /** Render time with every product tagged, and with every fact, ÷ without facts. */
  renderTagged: number;
  render: number;
}

/** One menu's pages (a), (b), (c) and their controls: the table, and their gzip bytes' and render's change. */
async function compare(title: string, plain: MenuData, renders: number): Promise<Compared> {
  const pages: [string, MenuData][] = [
    ['(a) without facts', plain],
    ['(b) every product tagged', withEveryDishTagged(plain)],
    ['    control: its words alone', withFactsAsWords(plain, withEveryDishTagged)],
    ['(c) every fact on every dish', withEveryFact(plain)],
    ['    control: its words alone', withFactsAsWords(plain, withEveryFact)],
  ];
  const costs = await measurePages(
    pages.map(([, data]) => data),
    renders,
  );
  const [without, tagged, taggedWords, every, everyWords] = costs as [PageCost, PageCost, PageCost, PageCost, PageCost];
  console.log(`\n${title} (200 dishes, Uzbek, in-process, median of ${renders} renders):\n`);
  console.log(
    table(
      pages.map(([page], i) => ({
        page,
        'HTML B': costs[i]!.htmlBytes,
        'gzip B': costs[i]!.gzipBytes,
        'gzip vs (a)': percent(costs[i]!.gzipBytes / without.gzipBytes),
        'brotli B': costs[i]!.brotliBytes,
        'render ms (median)': costs[i]!.renderMs.toFixed(3),
      })),
    ),
  );
  const bytes = (cost: PageCost) => cost.gzipBytes / without.gzipBytes;
  return {
    tagged: bytes(tagged),
    taggedWords: bytes(taggedWords),
    every: bytes(every),
    everyWords: bytes(everyWords),
    renderTagged: tagged.renderMs / without.renderMs,
    render: every.renderMs / without.renderMs,
  };
}

function percent(ratio: number): string {
  const change = (ratio - 1) * 100;
  return `${change >= 0 ? '+' : ''}${change.toFixed(1)} %`;
}

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
    `\nmenu-facts: every product tagged: bytes ${percent(real.tagged)}, render ${percent(real.renderTagged)} ` +
      `(goal both within +15 %: ${goal(Math.max(real.tagged, real.renderTagged))}; ` +
      `text-only ${percent(textOnly.tagged)}, its words alone ${percent(textOnly.taggedWords)}); ` +
      `every fact on every dish ${percent(real.every)} against ${percent(real.everyWords)} for its words alone ` +
      `(text-only ${percent(textOnly.every)} against ${percent(textOnly.everyWords)}); render with every fact ${percent(real.render)}`,
  );
}

// `npx tsx bench/menu-facts.ts`: this section alone.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await reportMenuFacts({ renders: Number(process.env.BENCH_MENU_RENDERS ?? 300) });
}
