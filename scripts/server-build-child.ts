import { existsSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { build, type Metafile, type Plugin } from 'esbuild';
import { PREBUILT_MODULES, SERVER_ENTRY, SERVER_METAFILE } from './server-build';

/**
 * The process scripts/server-build.ts runs: bundles `<root>/server/server.ts` into `<outDir>` and writes only
 * warnings and errors. Exits 1 when the build fails.
 */
const [root, outDir] = process.argv.slice(2) as [string, string];
const startedAt = new Date();
/** Built beside `outDir` and put in its place when complete. */
const building = `${outDir}.building-${process.pid}`;

async function prebuiltContents(file: string): Promise<string> {
  const exports = (await import(pathToFileURL(join(root, file)).href)) as Record<string, unknown>;
  return Object.entries(exports)
    .map(([name, value]) => {
      const json = JSON.stringify(value);
      if (json === undefined || !isDeepStrictEqual(JSON.parse(json), value)) {
        throw new Error(`${file}: the export ${name} is not plain data, so the build cannot put its value in place`);
      }
      return `export const ${name} = ${json};\n`;
    })
    .join('');
}

function prebuilt(contents: ReadonlyMap<string, string>): Plugin {
  return {
    name: 'prebuilt-modules',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        const text = contents.get(relative(root, args.path).split(sep).join('/'));
        return text === undefined ? undefined : { contents: text, loader: 'js' };
      });
    },
  };
}

/**
 * esbuild's metafile names each output by its path from the root, here inside the folder being built; the file kept
 * with the build names them from the build's own folder (`server.js`, `chunks/…`), which is where they stay.
 */
function outputsByOwnPath(metafile: Metafile): Metafile {
  const prefix = `${relative(root, building).split(sep).join('/')}/`;
  const own = (path: string) => (path.startsWith(prefix) ? path.slice(prefix.length) : path);
  const outputs: Metafile['outputs'] = {};
  for (const [path, output] of Object.entries(metafile.outputs)) {
    outputs[own(path)] = { ...output, imports: output.imports.map((item) => ({ ...item, path: own(item.path) })) };
  }
  return { ...metafile, outputs };
}

try {
  const contents = new Map<string, string>();
  for (const file of PREBUILT_MODULES) contents.set(file, await prebuiltContents(file));
  const result = await build({
    absWorkingDir: root,
    entryPoints: { server: join(root, 'server', 'server.ts') },
    outdir: building,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Functions and classes keep their names when the bundle renames them apart (two modules' `render`): a logged
    // error's class name (server/plugins/error-log.ts) and a stack trace read as they do from the sources.
    keepNames: true,
    // Uzbek and Cyrillic texts stay readable in the bundle, not escapes.
    charset: 'utf8',
    // Packages load from node_modules as they are (sharp's native code, PGlite's WebAssembly, pg…).
    packages: 'external',
    // What the server loads with import() (demo mode's code) gets chunks of its own, loaded only when imported.
    splitting: true,
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [prebuilt(contents)],
  });
  writeFileSync(join(building, SERVER_METAFILE), JSON.stringify(outputsByOwnPath(result.metafile)));
  // The start's staleness check compares the sources with the entry's time: the time the build read them, so a
  // source saved while it ran makes this build stale.
  utimesSync(join(building, SERVER_ENTRY), startedAt, startedAt);
  // Put in place whole: a start never sees half of one build and half of another.
  const previous = `${outDir}.previous-${process.pid}`;
  if (existsSync(outDir)) renameSync(outDir, previous);
  renameSync(building, outDir);
  rmSync(previous, { recursive: true, force: true });
} catch (error) {
  rmSync(building, { recursive: true, force: true });
  // esbuild has written its errors (file, line and frame) already; anything else is said here.
  if (!(error instanceof Error && 'errors' in error)) console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// The modules loaded above (the browser scripts' bundling) may keep esbuild's service running: the build is done.
process.exit(0);
