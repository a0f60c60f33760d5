import type { SnapshotFrom } from 'xstate';
import type { MenuLanguage } from '../../client/types';
import { latinToCyrillic } from '../../lib/translit';
import { offeredLanguages } from '../shared/translations.rules';
import type { dialogMachine } from './dialog.machine';
import type { DialogMode } from './dialog.types';

type DialogSnapshot = SnapshotFrom<typeof dialogMachine>;

export const selectIsOpen = (s: DialogSnapshot) => s.matches('open');
export const selectMode = (s: DialogSnapshot): DialogMode =>
  s.matches({ open: { mode: 'edit' } }) ? 'edit' : 'create';
export const selectIsLoading = (s: DialogSnapshot) => s.matches({ open: { flow: 'loading' } });
export const selectLoadFailed = (s: DialogSnapshot) => s.matches({ open: { flow: 'loadFailed' } });
export const selectIsSaving = (s: DialogSnapshot) => s.matches({ open: { flow: 'saving' } });
export const selectFailure = (s: DialogSnapshot) =>
  s.matches({ open: { flow: 'failed' } }) ? s.context.failure : null;
export const selectValues = (s: DialogSnapshot) => s.context.values;
export const selectErrors = (s: DialogSnapshot) => s.context.errors;
export const selectItem = (s: DialogSnapshot) => s.context.item;
export const selectOptions = (s: DialogSnapshot) => s.context.options;

/** The languages the form shows tabs for (Uzbek Latin first); one means no tabs. */
export const selectLanguages = (s: DialogSnapshot) => offeredLanguages(s.context.values, s.context.languages);
/** A restaurant form that chooses the menu's languages (it holds them as its `languages` value). */
export const selectChoosesLanguages = (s: DialogSnapshot) => typeof s.context.values.languages === 'string';
/** The language whose fields the form shows. */
export function selectTab(s: DialogSnapshot): MenuLanguage {
  if (s.matches({ open: { tab: 'uzCyrl' } })) return 'uz-Cyrl';
  if (s.matches({ open: { tab: 'ru' } })) return 'ru';
  if (s.matches({ open: { tab: 'en' } })) return 'en';
  return 'uz';
}
/**
 * What an empty translation field shows: in Uzbek Cyrillic, the menu's automatic transliteration of the Latin text
 * (what diners see until a text is typed); nothing in the other languages.
 */
export const selectTranslationPlaceholder = (s: DialogSnapshot, language: MenuLanguage, field: string) => {
  const latin = s.context.values[field];
  return language === 'uz-Cyrl' && typeof latin === 'string' ? latinToCyrillic(latin.trim()) : '';
};
