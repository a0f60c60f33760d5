import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
import { uz } from './lib/uz';
import { precompressPlugin } from './scripts/precompress';
import { purgeBootstrapPlugin } from './scripts/purge-bootstrap';
import { routePreloadPlugin } from './scripts/route-preload';

// The API server listens on PORT (default 3000); `npm run dev` proxies every API area to it.
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;
const apiAreas = ['/auth', '/admin', '/manager', '/user', '/uploads', '/menu', '/docs', '/health'];

const NODE_MODULES = /[\\/]node_modules[\\/]/;
const UI_LIBRARIES =
  /[\\/]node_modules[\\/](react-bootstrap|@restart[\\/][^\\/]+|react-transition-group|dom-helpers|uncontrollable|@popperjs[\\/]core|@react-aria[\\/]ssr|@babel[\\/]runtime|classnames|prop-types|prop-types-extra|dequal|warning|invariant)[\\/]/;
const DRAG_LIBRARIES = /[\\/]node_modules[\\/](react-dnd[^\\/]*|dnd-core|@react-dnd[\\/][^\\/]+)[\\/]/;
/** What every screen comes with (its shell), and the screens a manager keeps open on the phone. */
const SHELL_SCREENS =
  /[\\/]src[\\/]features[\\/](shell[\\/]\w+Shell|stopList[\\/]StopListScreen|orders[\\/]OrdersScreen)\.tsx$/;
const FEATURE = /[\\/]src[\\/]features[\\/](\w+)[\\/]/;

/**
 * The lazy modules (screens, shells, the toast stack) that import `id` statically, directly or through others. The
 * graph counts `import type` too: a module may be named here for a screen that in the end does not load it.
 */
function screensOf(id: string, ctx: Rolldown.ChunkingContext): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const walk = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    const info = ctx.getModuleInfo(current);
    if (!info) return;
    if (info.dynamicImporters.length > 0) found.push(current);
    for (const importer of info.importers) walk(importer);
  };
  walk(id);
  return found;
}

/** Whether index.html's entry imports `id` statically, directly or through others: the login page runs it. */
function runsOnLogin(id: string, ctx: Rolldown.ChunkingContext): boolean {
  const seen = new Set<string>();
  const walk = (current: string): boolean => {
    if (seen.has(current)) return false;
    seen.add(current);
    const info = ctx.getModuleInfo(current);
    return !!info && (info.isEntry || info.importers.some(walk));
  };
  return walk(id);
}

/** Whether `id` imports the drag libraries, directly or through others. */
function needsDragLibraries(id: string, ctx: Rolldown.ChunkingContext): boolean {
  const seen = new Set<string>();
  const walk = (current: string): boolean => {
    if (seen.has(current)) return false;
    seen.add(current);
    return DRAG_LIBRARIES.test(current) || (ctx.getModuleInfo(current)?.importedIds ?? []).some(walk);
  };
  return walk(id);
}

/**
 * The chunk of a module of the panel's own code that several lazy modules share, or null for Rolldown's own choice
 * (the screens themselves and what only the login page runs). Left to Rolldown, shared code is split by the exact set
 * of screens sharing it: 30 files beyond the login page's for the admin's restaurant list, 20 of them under 1 KB, where
 * a phone on HTTP/1.1 fetches 6 at a time. Here it is split by who needs it:
 * - `app`: what the login page runs and screens use too (the API client, the Uzbek strings, the toasts);
 * - `shell`: what the shells, the stop-list and the orders need (a manager's phone screen: its shell, this, itself);
 * - `sortable`: the reordering lists, the only code that needs the drag libraries (which come with it);
 * - the feature's name (`restaurants`, `products`, …): what the screens of one feature folder share;
 * - `panel`: the rest, shared across features (the form dialogs, the lists, the delete confirmations).
 * A module's imports are needed by at least the same screens, so they sit in its chunk or in one further down
 * sortable → features → panel → shell → app: no two chunks import each other, and no module runs before one it
 * imports. tests/e2e/panel-chunks.spec.ts runs every screen of each role.
 */
function panelChunk(id: string, ctx: Rolldown.ChunkingContext): string | null {
  const info = ctx.getModuleInfo(id);
  if (!info || info.dynamicImporters.length > 0) return null;
  const screens = screensOf(id, ctx);
  if (runsOnLogin(id, ctx)) return screens.length > 0 ? 'app' : null;
  if (screens.some((screen) => SHELL_SCREENS.test(screen))) return 'shell';
  if (needsDragLibraries(id, ctx)) return 'sortable';
  const features = new Set(screens.map((screen) => FEATURE.exec(screen)?.[1]));
  const [feature] = features;
  return features.size === 1 && feature ? feature : 'panel';
}

export default defineConfig({
  // precompressPlugin: brotli and gzip copies of every text asset, made once per build (the server sends them as they are).
  // purgeBootstrapPlugin: only the Bootstrap rules the panel uses (issue 16 #3).
  // routePreloadPlugin: a direct visit to a screen starts its chunks in the entry's round (issue 16 #1).
  plugins: [
    react(),
    // index.html's placeholder (painted before the panel's script has run) says what the panel's spinner says.
    { name: 'menyu-loading-text', transformIndexHtml: (html: string) => html.replace('%MENYU_LOADING%', uz.loadingUz) },
    purgeBootstrapPlugin(import.meta.dirname),
    routePreloadPlugin(import.meta.dirname),
    precompressPlugin(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each screen needs, for the bench's bundle section (not served).
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the panel: in their own chunks, a new release of the panel leaves them
        // in the phone's cache (hashed names, immutable), and no chunk is over Vite's 500 KB warning. One chunk per
        // family, split by who needs it (issue 16 #2): the login page loads react, state, ui and vendor; the drag
        // libraries come only with the screens that reorder. A library only some screens use gets a group like dnd's,
        // or the catch-all vendor puts it on the login page (tests/e2e/login-weight.spec.ts would say so).
        // A group split by `entriesAware` names its parts after every screen that shares them (`ui~index~…`), too
        // long for a URL the server accepts: the group's name and the content hash are enough. Its stylesheets keep
        // the long name (assetFileNames), so a group with CSS must not be split that way.
        chunkFileNames: (chunk) => `assets/${chunk.name.split('~')[0]}-[hash].js`,
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 3,
            },
            {
              name: 'dnd',
              test: /[\\/]node_modules[\\/](react-dnd[^\\/]*|dnd-core|redux|@react-dnd[\\/][^\\/]+|fast-deep-equal|hoist-non-react-statics)[\\/]/,
              priority: 3,
            },
            {
              name: 'state',
              test: /[\\/]node_modules[\\/](xstate|@xstate[\\/]react|use-sync-external-store)[\\/]/,
              priority: 3,
            },
            // The UI components in two chunks: the login page's (~7 KB brotli, `$initial`: what the entry imports)
            // and the modals, tables and drawer of the screens (~9 KB), one file each.
            { name: 'ui', test: UI_LIBRARIES, tags: ['$initial'], priority: 2 },
            { name: 'ui', test: UI_LIBRARIES, priority: 2 },
            { name: 'vendor', test: NODE_MODULES, priority: 1 },
            {
              name: panelChunk,
              debugName: 'panel',
              test: (id) => !NODE_MODULES.test(id),
              minShareCount: 2,
              // A module's imports are named by panelChunk too: pulling them in here would put the login page's
              // modules in the screens' chunks.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: Object.fromEntries(
      apiAreas.map((area) => [
        area,
        {
          target: apiTarget,
          changeOrigin: false,
          // A browser navigation to a panel route that shares its prefix with the API (/admin/restaurants) is the SPA's.
          bypass: (req: { headers: { accept?: string }; url?: string }) =>
            req.headers.accept?.includes('text/html') && !/^\/(docs|menu|uploads)/.test(req.url ?? '')
              ? '/index.html'
              : undefined,
        },
      ]),
    ),
  },
});
