import type { FormValue, FormValues } from './dialog.types';

function same(a: FormValue | undefined, b: FormValue | undefined): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.trim() === b.trim();
  return a === b;
}

/** The fields whose value differs from the form's starting values (strings compared trimmed). */
export function changedFields(initial: FormValues, values: FormValues): FormValues {
  const changes: FormValues = {};
  for (const [field, value] of Object.entries(values)) {
    if (!same(initial[field], value)) changes[field] = typeof value === 'string' ? value.trim() : value;
  }
  return changes;
}

export function hasChanges(initial: FormValues, values: FormValues): boolean {
  return Object.keys(changedFields(initial, values)).length > 0;
}

/** Values with every string trimmed: what a create call sends. */
export function trimmed(values: FormValues): FormValues {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]));
}

export const isBlank = (value: FormValue | undefined) => typeof value !== 'string' || value.trim() === '';
