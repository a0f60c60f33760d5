import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PurgeCSS } from 'purgecss';
import type { Plugin } from 'vite';

/**
 * Bootstrap's sheet is 230 KB of rules, most of them for components and utilities the panel never shows (carousel,
 * dropdowns, popovers, accordions, the dark theme, hundreds of responsive utilities). At build time this plugin keeps
 * only the rules whose class names appear in the panel's source or in the react-bootstrap components it imports
 * (with the files they import: the state classes react-bootstrap adds at run time, show, fade, modal-open…).
 *
 * react-bootstrap also builds class names from props (`<Button variant="outline-danger" size="sm">` becomes
 * `btn-outline-danger btn-sm`, `<Badge bg="success">` `bg-success`, `<Modal centered>` `modal-dialog-centered`),
 * which no file spells. So every word of those files also counts with each of PREFIXES in front of it: the prop's
 * value is a word of our source, and the component's prefix is here. A component whose classes are built from a
 * prefix not listed renders unstyled: add the prefix (and compare the screenshots, docs/benchmarks.md).
 */
export const PREFIXES = [
  'alert',
  'badge',
  'bg',
  'border',
  'btn',
  'btn-close',
  'form-check',
  'form-control',
  'form-select',
  'input-group',
  'invalid',
  'modal',
  'modal-dialog',
  'modal-fullscreen',
  'nav',
  'offcanvas',
  'pagination',
  'position',
  'progress',
  'progress-bar',
  'spinner',
  'spinner-border',
  'spinner-grow',
  'table',
  'text',
  'text-bg',
  'toast',
  'valid',
];

/** The words of a file that may be class names, each also with every prefix of PREFIXES. */
export function extractClassNames(content: string): string[] {
  // A template's suffix (`${bsPrefix}-backdrop`) is the word `-backdrop`: counted without its dash too.
  const words = new Set((content.match(/[\w-]+/g) ?? []).flatMap((word) => [word, word.replace(/^-+/, '')]));
  for (const word of [...words]) for (const prefix of PREFIXES) words.add(`${prefix}-${word}`);
  return [...words];
}

const BOOTSTRAP_CSS = /[\\/]node_modules[\\/]bootstrap[\\/]dist[\\/]css[\\/]bootstrap(\.min)?\.css$/;

/** The react-bootstrap components the panel imports (`import { Button, Modal } from 'react-bootstrap'`). */
export function importedComponents(sources: string[]): Set<string> {
  const names = new Set<string>();
  for (const source of sources) {
    for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-bootstrap'/g)) {
      for (const name of (match[1] ?? '').split(',')) {
        const clean = name.replace(/^\s*type\s+/, '').trim();
        if (clean) names.add(clean);
      }
    }
  }
  return names;
}

/** Those components' files in react-bootstrap's ESM build, with every react-bootstrap file they import. */
export function componentFiles(esmDir: string, components: Iterable<string>): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const file = join(esmDir, `${name}.js`);
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/from\s*'\.\/([\w-]+)(?:\.js)?'/g)) visit(match[1] ?? '');
  };
  for (const name of components) visit(name);
  return [...seen];
}

/** The files whose words may be class names: the panel's source and the react-bootstrap code it runs. */
export function contentFiles(root: string): string[] {
  const ours = [join(root, 'index.html'), ...filesUnder(join(root, 'src')).filter((f) => /\.tsx?$/.test(f))];
  const components = importedComponents(ours.map((f) => readFileSync(f, 'utf8')));
  // ThemeProvider lists every breakpoint (sm … xxl), which with the prefixes would keep each responsive variant;
  // the breakpoints the panel uses are words of its own source (`responsive="lg"`).
  const theirs = componentFiles(join(root, 'node_modules/react-bootstrap/esm'), components);
  return [...ours, ...theirs.filter((file) => !file.endsWith('ThemeProvider.js'))];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Purges Bootstrap's stylesheet once per build (`vite build`); the dev server keeps the whole sheet. */
export function purgeBootstrapPlugin(root: string): Plugin {
  return {
    name: 'menyu:purge-bootstrap',
    apply: 'build',
    // Before Vite's own CSS plugin, which would otherwise have turned the file into a module already.
    enforce: 'pre',
    async transform(code, id) {
      if (!BOOTSTRAP_CSS.test(id)) return null;
      const [result] = await new PurgeCSS().purge({
        content: contentFiles(root),
        css: [{ raw: code }],
        extractors: [{ extractor: extractClassNames, extensions: ['html', 'ts', 'tsx', 'js'] }],
        // Unused @keyframes go too; custom properties stay (app.css and inline styles read --bs-* variables).
        keyframes: true,
      });
      return { code: result?.css ?? code, map: null };
    },
  };
}
