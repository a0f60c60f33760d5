import { createHash } from 'node:crypto';
import { BROWSER_SCRIPTS } from './browser-scripts';

/**
 * The ordering script of a table's page, from the TypeScript in web-menu/ (no framework; it imports lib/format.ts for
 * prices, bundled, not copied), built by esbuild like the menu's search script (browser-scripts.ts). Served as its own
 * file at a path naming its content's hash, so it is cached for a year (`immutable`) and a new build is a new URL; the
 * plain menu never loads it.
 */
const built = BROWSER_SCRIPTS.order;

export const ORDER_SCRIPT = built;
const digest = createHash('sha256').update(built, 'utf8');
/** The script's URL: the first 16 hex digits of its SHA-256 (a new script, a new URL). */
export const ORDER_SCRIPT_PATH = `/menu/assets/order.${digest.copy().digest('hex').slice(0, 16)}.js`;
/** Subresource Integrity of the tag that loads it: the browser runs exactly these bytes or nothing. */
export const ORDER_SCRIPT_INTEGRITY = `sha256-${digest.digest('base64')}`;
