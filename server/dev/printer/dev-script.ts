import { bundleForBrowser } from '../../menu/browser-bundle';
import { fromProjectRoot } from '../../project-root';

/**
 * The script of the printer simulator's page (dev-browser.ts with the view it shares with the server), bundled by
 * esbuild when this module loads; the server's build (scripts/server-build.ts) can put the bundled text in its place,
 * as it does for the till's and the Telegram page's. Every export here is a string, which is what lets the build do so.
 */
export const DEV_PAGE_SCRIPT = bundleForBrowser({
  entryPoints: [fromProjectRoot('server', 'dev', 'printer', 'dev-browser.ts')],
});
