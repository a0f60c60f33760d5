import { type BuildOptions, buildSync } from 'esbuild';

/**
 * The public menu's scripts (the menu's own inline script, script.ts, and a table's ordering script, order-script.ts)
 * bundled once at start by esbuild with the same browser settings: one minified IIFE for the phones the menu targets
 * (es2020), UTF-8 kept as is (Uzbek and Cyrillic texts stay readable bytes, not escapes), no licence comments.
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
