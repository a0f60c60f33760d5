import type { SnapshotFrom } from 'xstate';
import type { MenuLanguage } from '../../../client/types';
import { uzCatalog } from '../../../lib/uz-catalog';
import type { dialogMachine } from '../../../machines/dialog/dialog.machine';
import { selectTab } from '../../../machines/dialog/dialog.selectors';
import { MENU_LANGUAGES } from '../../../machines/shared/translations.rules';
import type { ModelEvent } from '../../support/paths';

/**
 * The language tabs in a dialog's test plan. A form offering every menu language has a tab per language; the plan
 * walks them once, on an edit just opened: every tab in turn and back to O'zbekcha, each checked on the screen. A
 * tab is a parallel region of the dialog, so a switch allowed anywhere would repeat every other step in each
 * language; the machine tests walk the tabs with the rest (tests/machines/dialogTabs.machine.test.ts).
 */

type DialogSnapshot = SnapshotFrom<typeof dialogMachine>;

/** Every menu language: the languages of the restaurant (or the restaurant form) whose tabs the plan walks. */
export const TAB_LANGUAGES: readonly MenuLanguage[] = MENU_LANGUAGES;

export const tabEvents = MENU_LANGUAGES.map((language) => ({ type: 'dialog.tab', language }) as const);

/** The tab after this one, in the tabs' order; after the last, O'zbekcha again. */
const nextTab = (tab: MenuLanguage) => MENU_LANGUAGES[(MENU_LANGUAGES.indexOf(tab) + 1) % MENU_LANGUAGES.length]!;

/**
 * Whether the plan takes this step as far as the tabs go. `switchable`: the state the walk through the tabs starts
 * from (and returns to). A tab switch goes to the next tab only; on another language's tab nothing but the next
 * switch is taken: its fields are checked there, and every other step is walked on O'zbekcha.
 */
export function tabStep(s: DialogSnapshot, e: ModelEvent, switchable: boolean): boolean {
  const tab = selectTab(s);
  if (e.type === 'dialog.tab') return switchable && e.language === nextTab(tab);
  return tab === 'uz';
}

export const describeTab = (e: ModelEvent) => `open the tab '${uzCatalog.languageNames[e.language as MenuLanguage]}'`;
