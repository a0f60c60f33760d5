import { bundleForBrowser } from '../../menu/browser-bundle';
import { fromProjectRoot } from '../../project-root';

/**
 * The script of the Telegram simulator's page (dev-browser.ts with the view and parser it shares with the server),
 * bundled by esbuild when this module loads; the server's build (scripts/server-build.ts) puts the bundled text in its
 * place, as it does for the public menu's scripts. Every export here is a string, which is what lets the build do so.
 */
export const DEV_PAGE_SCRIPT = bundleForBrowser({
  entryPoints: [fromProjectRoot('server', 'dev', 'telegram', 'dev-browser.ts')],
});
