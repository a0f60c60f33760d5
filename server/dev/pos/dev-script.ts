import { bundleForBrowser } from '../../menu/browser-bundle';
import { fromProjectRoot } from '../../project-root';

/**
 * The script of the POS simulator's till page (dev-browser.ts with the view it shares with the server), bundled by
 * esbuild when this module loads; the server's build (scripts/server-build.ts) puts the bundled text in its place, as
 * it does for the Telegram page's. Every export here is a string, which is what lets the build do so.
 */
export const DEV_PAGE_SCRIPT = bundleForBrowser({
  entryPoints: [fromProjectRoot('server', 'dev', 'pos', 'dev-browser.ts')],
});
