import { fromProjectRoot } from '../project-root';
import { bundleForBrowser } from './browser-bundle';
import { MENU_SCRIPT_SOURCE, MENU_SCRIPT_SOURCE_WITHOUT_CHIPS } from './script-source';

/**
 * The public menu's browser scripts, bundled by esbuild when this module loads: the menu page's own script
 * (script-source.ts, with lib/search.ts; a page with filter chips gets the one with web-menu/dish-filter.ts) and a table's ordering script (web-menu/main.ts, with lib/format.ts).
 * This is how the sources run (tests, `npm run dev`); the server's build (scripts/server-build.ts) runs this module
 * once and puts the resulting texts in its place, so a built server starts without bundling anything.
 * Every export here is a string, which is what lets the build do so.
 */
export const BROWSER_SCRIPTS = {
  menu: bundleForBrowser({
    stdin: { contents: MENU_SCRIPT_SOURCE_WITHOUT_CHIPS, resolveDir: fromProjectRoot('lib'), loader: 'js' },
  }).trim(),
  menuWithChips: bundleForBrowser({
    stdin: { contents: MENU_SCRIPT_SOURCE, resolveDir: fromProjectRoot('lib'), loader: 'js' },
  }).trim(),
  order: bundleForBrowser({ entryPoints: [fromProjectRoot('web-menu', 'main.ts')] }),
};
