import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { uz } from './lib/uz';
import { precompressPlugin } from './scripts/precompress';
import { purgeBootstrapPlugin } from './scripts/purge-bootstrap';
import { routePreloadPlugin } from './scripts/route-preload';

// The API server listens on PORT (default 3000); `npm run dev` proxies every API area to it.
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;
const apiAreas = ['/auth', '/admin', '/manager', '/user', '/uploads', '/menu', '/docs', '/health', '/kitchen'];

export default defineConfig({
  // precompressPlugin: brotli and gzip copies of every text asset, made once per build (the server sends them as they are).
  // purgeBootstrapPlugin: only the Bootstrap rules the panel uses (issue 16 #3).
  // routePreloadPlugin: a direct visit to a screen starts its chunks in the entry's round (issue 16 #1).
  plugins: [
    react(),
    // index.html's placeholder (painted before the panel's script has run) says what the panel's spinner says; its
    // comments are for whoever reads the source, not for every phone that opens the panel (the login page's 140 KB).
    {
      name: 'menyu-loading-text',
      transformIndexHtml: (html: string) =>
        html.replace('%MENYU_LOADING%', uz.loadingUz).replace(/\s*<!--[\s\S]*?-->/g, ''),
    },
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
        // The parts of a split group are named after every screen that shares them (`ui~index~CategoryListScreen~…`),
        // too long for a URL the server accepts: the group's name and the content hash are enough.
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
            // uPlot: only the report's chart (src/features/insights/InsightsChart.tsx, loaded lazily) uses it.
            { name: 'chart', test: /[\\/]node_modules[\\/]uplot[\\/]/, priority: 3 },
            {
              name: 'state',
              test: /[\\/]node_modules[\\/](xstate|@xstate[\\/]react|use-sync-external-store)[\\/]/,
              priority: 3,
            },
            {
              name: 'ui',
              test: /[\\/]node_modules[\\/](react-bootstrap|@restart[\\/][^\\/]+|react-transition-group|dom-helpers|uncontrollable|@popperjs[\\/]core|@react-aria[\\/]ssr|@babel[\\/]runtime|classnames|prop-types|prop-types-extra|dequal|warning|invariant)[\\/]/,
              priority: 2,
              // Split by the screens that use each part: the login page gets the ~9 KB (brotli) of components it
              // shows, not the modals, tables and drawer of the rest (15 KB). Parts under 2 KB join a neighbour.
              entriesAware: true,
              entriesAwareMergeThreshold: 2_000,
            },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 1 },
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
