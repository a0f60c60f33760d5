import { join } from 'node:path';
import { buildPanel, panelBuildIsStale } from './panel-build';

/**
 * `npm start`: build the admin panel when dist/ is missing or older than its sources (saying one line, and only the
 * build's problems: scripts/panel-build.ts), then start the server. Demo mode is on unless DEMO is set (DEMO=0 npm
 * start runs without demo data and without demo passwords).
 */
const root = join(import.meta.dirname, '..');

if (panelBuildIsStale(root) && !buildPanel({ root })) process.exit(1);
process.env.DEMO ??= '1';
await import('../server/server');
