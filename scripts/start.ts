import { join } from 'node:path';
import { buildPanel, panelBuildIsStale } from './panel-build';
import { buildServer, serverBuildIsStale, startBuiltServer } from './server-build';

/**
 * `npm start`: build the admin panel and the server when their builds are missing or older than their sources (each
 * saying one line, and only the build's problems: scripts/panel-build.ts, scripts/server-build.ts), then start the
 * built server as plain JavaScript in a process of its own (no TypeScript compiler, no build tool loaded in it), this
 * process standing for it: signals reach it, its exit is this one's (startBuiltServer). Demo mode is on unless DEMO is
 * set (DEMO=0 npm start runs without demo data and without demo passwords).
 */
const root = join(import.meta.dirname, '..');

if (panelBuildIsStale(root) && !buildPanel({ root })) process.exit(1);
if (serverBuildIsStale(root) && !buildServer({ root })) process.exit(1);
process.env.DEMO ??= '1';
startBuiltServer({ root });
