import type { CategoryInput } from '../../client/categories';
import { uz } from '../../lib/uz';
import { isBlank } from '../dialog/dialog.rules';
import type { DialogConfig, FieldErrors, FormValues } from '../dialog/dialog.types';

/** Spec 5: the category name is required ('Kategoriya nomi bo‘sh bo‘lishi mumkin emas!'). */
export function validateCategory(values: FormValues): FieldErrors {
  return isBlank(values.title) ? { title: uz.categoryTitleRequired } : {};
}

export const categoryFormConfig: DialogConfig = {
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
    createFailed: uz.categoryCreateFailed,
    updateFailed: uz.editFailed,
    // Spec 5 words the category modal's "nothing changed" its own way.
    noChanges: uz.categoryNoChanges,
  },
};

export function toCategoryInput(values: FormValues, restaurantId: string): CategoryInput {
  return { title: String(values.title ?? ''), restaurant_id: restaurantId, is_active: values.is_active !== false };
}

/** Changed form values → the update body (title, is_active). */
export function toCategoryChanges(changes: FormValues): { title?: string; is_active?: boolean } {
  const body: { title?: string; is_active?: boolean } = {};
  if (typeof changes.title === 'string') body.title = changes.title;
  if (typeof changes.is_active === 'boolean') body.is_active = changes.is_active;
  return body;
}
