import { TextDecoder as NodeTextDecoder, TextEncoder as NodeTextEncoder } from 'node:util';
import { builtinEnvironments, type Environment } from 'vitest/runtime';

/**
 * jsdom, with modules transformed for Node ("ssr") instead of for a browser. UI tests run the real server in the
 * same process (tests/support/ui.tsx); Vite's browser transform rewrites `new URL('./x', import.meta.url)` in
 * server modules into page-relative URLs, which breaks the server's file lookups (migrations, dist). React code is
 * the same under both transforms. vitest.config.ts names this file as the `ui` project's environment.
 *
 * Node's Uint8Array, TextEncoder and TextDecoder are put back after jsdom's (jsdom's run in its own realm), since
 * esbuild (which the server's sources run when server/menu/browser-scripts.ts loads, bundling the public menu's
 * scripts) refuses to load when `new TextEncoder().encode('') instanceof Uint8Array` is false.
 */
const jsdom = builtinEnvironments.jsdom;

export default {
  ...jsdom,
  name: 'jsdom-with-server',
  viteEnvironment: 'ssr',
  async setup(global, options) {
    const nodeUint8Array = global.Uint8Array;
    const env = await jsdom.setup(global, options);
    global.Uint8Array = nodeUint8Array;
    global.TextEncoder = NodeTextEncoder;
    global.TextDecoder = NodeTextDecoder;
    return env;
  },
} satisfies Environment;
