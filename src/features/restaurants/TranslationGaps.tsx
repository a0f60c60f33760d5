import { Badge } from 'react-bootstrap';
import type { Restaurant } from '../../../client/types';
import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import { restaurantTranslationGaps, type TranslationGap } from '../../../machines/shared/translations.rules';

const FIELD_LABELS: Record<string, string> = { name: uz.colName, address: uz.address, work_time: uz.workTime };

/** The badge's short text: "Manzil, Ish vaqti: ru yo'q", "3 ta mahsulot: ru, en yo'q". */
function shortText(gap: TranslationGap): string {
  const codes = gap.languages.join(', ');
  return gap.kind === 'fields'
    ? uzCatalog.translationGapFields(gap.fields.map((field) => FIELD_LABELS[field]).join(', '), codes)
    : uzCatalog.translationGapCount(gap.count, uzCatalog.translationGapNouns[gap.items], codes);
}

/** The same with the languages' names and, for items, each language's own count (the title and screen readers). */
function fullText(gap: TranslationGap): string {
  const names = (languages: readonly string[]) =>
    languages.map((language) => uzCatalog.languageNames[language as keyof typeof uzCatalog.languageNames]);
  if (gap.kind === 'fields')
    return `${gap.fields.map((field) => FIELD_LABELS[field]).join(', ')}: ${names(gap.languages).join(', ')}`;
  const counts = gap.perLanguage.map((entry) =>
    uzCatalog.translationGapLanguageCount(uzCatalog.languageNames[entry.language], entry.count),
  );
  return `${uzCatalog.translationGapNouns[gap.items]}: ${counts.join(', ')}`;
}

/**
 * Beside a restaurant's name in the admin's list: what it still lacks in its menu's languages, one small badge per
 * piece (its own fields, grouped by the languages they lack, then its menu's untranslated categories, products and
 * options), so a restaurant whose dishes are all translated says "Manzil: ru yo'q" rather than "ru yo'q". The
 * badges wrap under the name on a phone. Nothing when all is translated.
 */
export function TranslationGaps({ restaurant }: { restaurant: Restaurant }) {
  const gaps = restaurantTranslationGaps(restaurant.languages ?? ['uz'], restaurant as Record<string, unknown>);
  if (gaps.length === 0) return null;
  const title = uzCatalog.translationMissingTitle(gaps.map(fullText).join('; '));
  return (
    <span className="translation-gaps d-inline-flex flex-wrap gap-1 ms-1 align-middle" title={title}>
      {gaps.map((gap) => (
        <Badge
          key={gap.kind === 'fields' ? gap.fields.join() : gap.items}
          bg="warning"
          text="dark"
          className="translation-missing fw-normal"
          aria-hidden
        >
          {shortText(gap)}
        </Badge>
      ))}
      <span className="visually-hidden">{title}</span>
    </span>
  );
}
