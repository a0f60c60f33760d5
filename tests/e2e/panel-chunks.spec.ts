import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_MANAGERS } from '../../server/dev/demo/data';
import { type Account, signIn } from './support/session';
import { expect, test } from './support/test';

/**
 * The panel's own code that several screens share comes in a few chunks (vite.config.ts, `panelChunk`), not one per
 * module: the login page loads none of them, and merging modules into shared chunks does not change what runs first.
 * A module run before one it needs fails at start ("Cannot access … before initialization"), so every screen of a
 * role is run here: the first one opened directly, then all the others as the prefetch (src/router/prefetch.ts)
 * imports them once the page has settled.
 */

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The JavaScript files of index.html's entry and its static imports, from the build's manifest. */
function loginFiles(): Set<string> {
  const manifest = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) add(key);
  return files;
}

/** Every error the page logs or throws from now on. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('/login loads only the entry and what it imports, none of the code the screens share', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js') && !path.startsWith('/assets/route-preload-')) scripts.push(path.slice(1));
  });
  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Kirish' })).toBeVisible();

  const allowed = loginFiles();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((file) => !allowed.has(file))).toEqual([]);
});

const journeys: Array<{ role: string; who: Account; path: string; heading: string; lastPrefetched: RegExp }> = [
  {
    role: 'an admin',
    who: DEMO_ADMIN,
    path: '/admin/restaurants',
    heading: 'Restoranlar',
    lastPrefetched: /\/assets\/OptionRowsScreen-[\w-]+\.js$/,
  },
  {
    role: 'a manager',
    who: DEMO_MANAGERS[0]!,
    path: '/ProductStopList',
    heading: 'Menyu',
    lastPrefetched: /\/assets\/OptionsScreen-[\w-]+\.js$/,
  },
];

for (const { role, who, path, heading, lastPrefetched } of journeys) {
  test(`${role}'s screens all start without an error: ${path} opened directly, the rest prefetched`, async ({
    page,
  }) => {
    const errors = errorsOf(page);
    await signIn(page, who);
    const prefetched = page.waitForResponse(lastPrefetched);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await prefetched;
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}
