import { type BuildOptions, buildSync } from 'esbuild';

/**
 * The browser scripts the server serves (the menu's own inline script and a table's ordering script,
 * browser-scripts.ts; demo mode's Telegram page, server/dev/telegram/dev-script.ts) bundled by esbuild with the same
 * browser settings: one minified IIFE for the phones the menu targets (es2020), UTF-8 kept as is (Uzbek and Cyrillic
 * texts stay readable bytes, not escapes), no licence comments.
 */
export function bundleForBrowser(source: Pick<BuildOptions, 'entryPoints' | 'stdin'>): string {
  return buildSync({
    ...source,
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2020',
    platform: 'browser',
    charset: 'utf8',
    legalComments: 'none',
  }).outputFiles[0]!.text;
}
