import { builtinEnvironments, type Environment } from 'vitest/runtime';

/**
 * jsdom, with modules transformed for Node ("ssr") instead of for a browser. UI tests run the real server in the
 * same process (tests/support/ui.tsx); Vite's browser transform rewrites `new URL('./x', import.meta.url)` in
 * server modules into page-relative URLs, which breaks the server's file lookups (migrations, dist). React code is
 * the same under both transforms. vitest.config.ts names this file as the `ui` project's environment.
 */
const jsdom = builtinEnvironments.jsdom;

export default {
  ...jsdom,
  name: 'jsdom-with-server',
  viteEnvironment: 'ssr',
} satisfies Environment;
