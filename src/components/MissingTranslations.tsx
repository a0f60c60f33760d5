import { Badge } from 'react-bootstrap';
import type { MenuLanguage } from '../../client/types';
import { uzCatalog } from '../../lib/uz-catalog';
import { missingLanguages } from '../../machines/shared/translations.rules';

/**
 * Beside a name in a list, which of the menu's languages it still lacks ("ru yo'q", or "2 til yo'q"; the
 * title and the hidden text name them), so a manager sees what is left to translate. Nothing when all are there;
 * Uzbek Cyrillic never counts (the menu writes it from the Latin text).
 */
export function MissingTranslations({
  languages,
  item,
  fields,
}: {
  languages: readonly MenuLanguage[];
  item: object;
  fields: readonly string[];
}) {
  const missing = missingLanguages(languages, item as Record<string, unknown>, fields);
  const [only] = missing;
  if (!only) return null;
  const names = missing.map((language) => uzCatalog.languageNames[language]).join(', ');
  const title = uzCatalog.translationMissingTitle(names);
  return (
    <Badge bg="warning" text="dark" className="translation-missing ms-1 fw-normal" title={title}>
      <span aria-hidden>
        {missing.length === 1
          ? uzCatalog.translationMissingOne(only)
          : uzCatalog.translationMissingMany(missing.length)}
      </span>
      <span className="visually-hidden">{title}</span>
    </Badge>
  );
}
