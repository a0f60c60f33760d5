import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { MenuLanguage } from '../../../client/types';
import { uzCatalog } from '../../../lib/uz-catalog';
import type { dialogMachine } from '../../../machines/dialog/dialog.machine';
import { selectLanguages } from '../../../machines/dialog/dialog.selectors';
import { TRANSLATED_LANGUAGES, translationKey } from '../../../machines/shared/translations.rules';
import { screen } from '../../support/ui';
import { shownDialog } from './shownDialog';

/**
 * The checks and the step of a dialog's language tabs on the rendered form (src/components/dialog/LanguageTabs.tsx):
 * a tab per language the form offers, the one the machine is on selected; O'zbekcha's tab shows the form's own
 * fields, another language's tab that language's texts of the translated fields, as the machine holds them.
 */

type DialogSnapshot = SnapshotFrom<typeof dialogMachine>;
type Check = (world: unknown, snapshot: DialogSnapshot) => Promise<void>;
/** A translated field of the form: its Uzbek field's name and label. */
type TranslatedField = { name: string; label: string };

const name = (language: MenuLanguage) => uzCatalog.languageNames[language];
/** A translated field's label on its language's tab. */
const translatedLabel = (field: TranslatedField, language: MenuLanguage) => `${field.label} (${name(language)})`;

/** The step `dialog.tab`: the tab of that language pressed. */
export async function pressTab(user: UserEvent, language: MenuLanguage) {
  await user.click(within(shownDialog()).getByRole('tab', { name: name(language) }));
}

/**
 * `fields`: the form's translated fields; `ownField`: the label of a field of O'zbekcha's tab only (one that is not
 * translated).
 */
export function languageTabChecks(fields: readonly TranslatedField[], ownField: RegExp) {
  const check =
    (language: MenuLanguage): Check =>
    async (_world, s) => {
      const dialog = await screen.findByRole('dialog');
      const languages = selectLanguages(s);
      if (languages.length < 2) {
        // One language: the form has no tabs.
        expect(within(dialog).queryByRole('tab')).toBeNull();
        return;
      }
      // The tabs are the form's: none while the dialog loads what its selects offer, or failed to.
      if (s.matches({ open: { flow: 'loading' } }) || s.matches({ open: { flow: 'loadFailed' } })) return;
      const tabs = await within(dialog).findAllByRole('tab');
      expect(tabs.map((tab) => tab.textContent)).toEqual(languages.map(name));
      expect(within(dialog).getByRole('tab', { selected: true })).toHaveTextContent(name(language));
      const panel = within(within(dialog).getByRole('tabpanel'));
      if (language === 'uz') {
        expect(panel.getByLabelText(ownField)).toBeVisible();
        for (const other of TRANSLATED_LANGUAGES)
          for (const field of fields) expect(panel.queryByLabelText(translatedLabel(field, other))).toBeNull();
        return;
      }
      expect(panel.queryByLabelText(ownField)).toBeNull();
      for (const field of fields) {
        const value = s.context.values[translationKey(language, field.name)];
        expect(panel.getByLabelText(translatedLabel(field, language))).toHaveValue(
          typeof value === 'string' ? value : '',
        );
      }
    };
  return {
    'open.tab.uz': check('uz'),
    'open.tab.uzCyrl': check('uz-Cyrl'),
    'open.tab.ru': check('ru'),
    'open.tab.en': check('en'),
  };
}
