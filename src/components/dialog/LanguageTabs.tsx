import './languageTabs.css';
import { useSelector } from '@xstate/react';
import { type ReactNode, useId } from 'react';
import { Form } from 'react-bootstrap';
import type { MenuLanguage } from '../../../client/types';
import { uzCatalog } from '../../../lib/uz-catalog';
import {
  selectErrors,
  selectLanguages,
  selectTab,
  selectTranslationPlaceholder,
  selectValues,
} from '../../../machines/dialog/dialog.selectors';
import { type TranslatedLanguage, translationKey } from '../../../machines/shared/translations.rules';
import type { DialogActor } from './useDialogActor';

/** A translated field of a form: its Uzbek field's name and label; `multiline` for a description. */
export interface TranslatedField {
  name: string;
  label: string;
  multiline?: boolean;
}

/**
 * One tab per language the restaurant's menu offers. Uzbek Latin's tab is the form as it always was
 * (`children`); every other tab holds that language's texts of `fields`, optional. The dialog machine holds which
 * tab is open and every value; with one language there are no tabs and the form is exactly `children`.
 */
export function LanguageTabs({
  actor,
  fields,
  children,
}: {
  actor: DialogActor;
  fields: readonly TranslatedField[];
  children: ReactNode;
}) {
  const id = useId();
  const languages = useSelector(actor, selectLanguages);
  const tab = useSelector(actor, selectTab);
  if (languages.length < 2) return <>{children}</>;
  const tabId = (language: MenuLanguage) => `${id}-tab-${language}`;
  return (
    <>
      <div className="nav nav-tabs language-tabs mb-3" role="tablist" aria-label={uzCatalog.translationTabs}>
        {languages.map((language) => (
          <button
            key={language}
            type="button"
            role="tab"
            id={tabId(language)}
            aria-selected={tab === language}
            aria-controls={`${id}-panel`}
            className={tab === language ? 'nav-link active' : 'nav-link'}
            lang={language}
            onClick={() => actor.send({ type: 'dialog.tab', language })}
          >
            {uzCatalog.languageNames[language]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(tab)}>
        {tab === 'uz'
          ? children
          : fields.map((field) => (
              <TranslationField key={`${tab}.${field.name}`} actor={actor} language={tab} field={field} />
            ))}
      </div>
    </>
  );
}

/** One text in one language: optional; in Uzbek Cyrillic its placeholder is what the menu shows when it is empty. */
function TranslationField({
  actor,
  language,
  field,
}: {
  actor: DialogActor;
  language: TranslatedLanguage;
  field: TranslatedField;
}) {
  const id = useId();
  const key = translationKey(language, field.name);
  const value = useSelector(actor, (s) => selectValues(s)[key]);
  const error = useSelector(actor, (s) => selectErrors(s)[key]);
  const placeholder = useSelector(actor, (s) => selectTranslationPlaceholder(s, language, field.name));
  const multiline = field.multiline ? { as: 'textarea' as const, rows: 3 } : { type: 'text' };
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{`${field.label} (${uzCatalog.languageNames[language]})`}</Form.Label>
      <Form.Control
        {...multiline}
        name={key}
        lang={language}
        value={typeof value === 'string' ? value : ''}
        placeholder={placeholder}
        onChange={(event) => actor.send({ type: 'dialog.change', values: { [key]: event.target.value } })}
        isInvalid={Boolean(error)}
        autoComplete="off"
      />
      <Form.Text muted>{language === 'uz-Cyrl' ? uzCatalog.translationCyrlHelp : uzCatalog.translationHelp}</Form.Text>
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}
