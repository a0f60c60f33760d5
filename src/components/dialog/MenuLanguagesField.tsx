import './languageTabs.css';
import { useSelector } from '@xstate/react';
import { Button, Form } from 'react-bootstrap';
import { uzCatalog } from '../../../lib/uz-catalog';
import { selectChoosesLanguages, selectLanguages } from '../../../machines/dialog/dialog.selectors';
import { MENU_LANGUAGES } from '../../../machines/shared/translations.rules';
import type { DialogActor } from './useDialogActor';

/**
 * A restaurant form's menu languages, an ordered choice: the chosen ones in their order (each can move
 * up or down; the first is the one a diner without a preference gets), then the others to turn on. O'zbekcha is
 * always on. The dialog machine keeps the order (`dialog.languages.*`).
 */
export function MenuLanguagesField({ actor }: { actor: DialogActor }) {
  const chosen = useSelector(actor, selectLanguages);
  const chooses = useSelector(actor, selectChoosesLanguages);
  // A restaurant read without its languages (the public read of the restaurant page): nothing to choose from.
  if (!chooses) return null;
  const others = MENU_LANGUAGES.filter((language) => !chosen.includes(language));
  return (
    <fieldset className="menu-languages mb-3">
      <legend className="form-label fs-6 mb-1">{uzCatalog.menuLanguages}</legend>
      <Form.Text muted as="p" className="mb-2">
        {uzCatalog.menuLanguagesHelp}
      </Form.Text>
      {[...chosen, ...others].map((language) => {
        const on = chosen.includes(language);
        const position = chosen.indexOf(language);
        const name = uzCatalog.languageNames[language];
        return (
          <div key={language} className="menu-language d-flex align-items-center gap-2">
            <Form.Check
              type="switch"
              id={`menu-language-${language}`}
              className="flex-grow-1 mb-0"
              label={language === 'uz' ? `${name} (${uzCatalog.languageAlwaysOn})` : name}
              checked={on}
              disabled={language === 'uz'}
              onChange={() => actor.send({ type: 'dialog.languages.toggle', language })}
            />
            {on && chosen.length > 1 && (
              <>
                <Button
                  variant="outline-secondary"
                  aria-label={uzCatalog.languageEarlier(name)}
                  disabled={position === 0}
                  onClick={() => actor.send({ type: 'dialog.languages.move', language, by: -1 })}
                >
                  <span aria-hidden>↑</span>
                </Button>
                <Button
                  variant="outline-secondary"
                  aria-label={uzCatalog.languageLater(name)}
                  disabled={position === chosen.length - 1}
                  onClick={() => actor.send({ type: 'dialog.languages.move', language, by: 1 })}
                >
                  <span aria-hidden>↓</span>
                </Button>
              </>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
