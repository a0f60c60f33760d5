import type { CategoryChanges, CategoryInput } from '../../client/categories';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import { isBlank } from '../dialog/dialog.rules';
import type { DialogConfig, FieldErrors, FormValues } from '../dialog/dialog.types';
import { scheduleToCreate, scheduleToUpdate, withSchedule } from '../shared/schedule.rules';
import {
  TRANSLATED_FIELDS,
  translationsToCreate,
  translationsToUpdate,
  withTranslations,
} from '../shared/translations.rules';

/** Spec 5: the category name is required ('Kategoriya nomi bo‘sh bo‘lishi mumkin emas!'). */
export function validateCategory(values: FormValues): FieldErrors {
  return isBlank(values.title) ? { title: uz.categoryTitleRequired } : {};
}

/** The category modal: its title (and its translations), Faol / Nofaol, and the hours it is served. */
export const categoryFormConfig: DialogConfig = withTranslations(
  withSchedule({
    // Spec 9: default is_active true.
    empty: { title: '', is_active: true },
    fromItem: (item) => ({
      title: typeof item.title === 'string' ? item.title : '',
      is_active: item.is_active !== false,
    }),
    validate: (values) => validateCategory(values),
    messages: {
      created: uz.categoryCreated,
      updated: uz.categoryEdited,
      createFailed: uzCatalog.categoryCreateFailed,
      updateFailed: uz.editFailed,
      // Spec 5 words the category modal's "nothing changed" its own way.
      noChanges: uz.categoryNoChanges,
    },
  }),
  TRANSLATED_FIELDS.category,
);

export function toCategoryInput(values: FormValues, restaurantId: string): CategoryInput {
  const translations = translationsToCreate(values, TRANSLATED_FIELDS.category);
  return {
    title: String(values.title ?? ''),
    restaurant_id: restaurantId,
    is_active: values.is_active !== false,
    ...(translations ? { translations } : {}),
    ...scheduleToCreate(values),
  };
}

/** Changed form values → the update body (title, is_active, the changed languages of its title, its schedule). */
export function toCategoryChanges(changes: FormValues): CategoryChanges {
  const body: CategoryChanges = { ...scheduleToUpdate(changes) };
  if (typeof changes.title === 'string') body.title = changes.title;
  if (typeof changes.is_active === 'boolean') body.is_active = changes.is_active;
  const translations = translationsToUpdate(changes, TRANSLATED_FIELDS.category);
  if (translations) body.translations = translations;
  return body;
}
