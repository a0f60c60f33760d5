import { BROWSER_SCRIPTS } from './browser-scripts';

/** The menu page's only script (its source and what it does: script-source.ts), bundled for the browser. */
export const MENU_SCRIPT = BROWSER_SCRIPTS.menu;
