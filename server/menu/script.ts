import { BROWSER_SCRIPTS } from './browser-scripts';

/**
 * The menu page's only script (its source and what it does: script-source.ts), bundled for the browser: a page without
 * filter chips gets `MENU_SCRIPT`, one with chips `MENU_SCRIPT_WITH_CHIPS` (the chips' code besides). Each has its own
 * CSP hash: the route sends the one of the page it serves.
 */
export const MENU_SCRIPT = BROWSER_SCRIPTS.menu;
export const MENU_SCRIPT_WITH_CHIPS = BROWSER_SCRIPTS.menuWithChips;

export function menuScript(chips: boolean): string {
  return chips ? MENU_SCRIPT_WITH_CHIPS : MENU_SCRIPT;
}
