import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/precompress';

// The API server listens on PORT (default 3000); `npm run dev` proxies every API area to it.
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;
const apiAreas = ['/auth', '/admin', '/manager', '/user', '/uploads', '/menu', '/docs', '/health'];

export default defineConfig({
  // precompressPlugin: brotli and gzip copies of every text asset, made once per build (the server sends them as they are).
  plugins: [react(), precompressPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the panel: in their own chunks, a new release of the panel leaves them
        // in the phone's cache (hashed names, immutable), and no chunk is over Vite's 500 KB warning.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 2,
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
