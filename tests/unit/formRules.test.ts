import { describe, expect, it } from 'vitest';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import {
  categoryFormConfig,
  toCategoryChanges,
  toCategoryInput,
  validateCategory,
} from '../../machines/categories/categoryForm.rules';
import { changedFields, hasChanges, isBlank, trimmed } from '../../machines/dialog/dialog.rules';
import { integrationFormConfig } from '../../machines/integration/integrationDialog.rules';
import { managerFormConfig, PASSWORD_MIN } from '../../machines/managers/managerForm.rules';
import { changePasswordConfig } from '../../machines/profile/changePassword.rules';
import { SCHEDULE_EMPTY } from '../../machines/shared/schedule.rules';
import { ownFields } from '../../machines/shared/translations.rules';

/** The dialogs' form rules (spec 5): one assertion per rule, with the boundary values. */

describe('dialog rules: what counts as blank and as changed', () => {
  it('blank: empty, only spaces, or not a text at all', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank('   ')).toBe(true);
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank(true)).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });

  it('changed fields: texts compared and sent trimmed, other values compared as they are', () => {
    const initial = { name: 'Osh', note: 'x', active: true };
    expect(changedFields(initial, { name: ' Osh ', note: 'x', active: true })).toEqual({});
    expect(changedFields(initial, { name: ' Manti ', note: 'x', active: false })).toEqual({
      name: 'Manti',
      active: false,
    });
    expect(changedFields(initial, { name: 'Osh', note: 'x', active: true, extra: 'new' })).toEqual({ extra: 'new' });
    expect(changedFields({ flag: 'true' }, { flag: true })).toEqual({ flag: true });
  });

  it('hasChanges: only a real difference counts', () => {
    expect(hasChanges({ name: 'Osh' }, { name: 'Osh  ' })).toBe(false);
    expect(hasChanges({ name: 'Osh' }, { name: 'Osh2' })).toBe(true);
    // Both sides trimmed: a stored value with a trailing space is not a change either.
    expect(hasChanges({ name: 'Osh ' }, { name: 'Osh' })).toBe(false);
  });

  it('trimmed: every text trimmed, other values kept', () => {
    expect(trimmed({ name: '  Osh ', active: false, empty: '   ' })).toEqual({ name: 'Osh', active: false, empty: '' });
  });
});

describe('category form (spec 5, 9)', () => {
  it('the name is required: empty and only spaces are refused with the spec’s text', () => {
    expect(validateCategory({ title: '' })).toEqual({ title: uz.categoryTitleRequired });
    expect(validateCategory({ title: '   ' })).toEqual({ title: uz.categoryTitleRequired });
    expect(validateCategory({})).toEqual({ title: uz.categoryTitleRequired });
    expect(validateCategory({ title: 'Ichimliklar' })).toEqual({});
    expect(categoryFormConfig.validate({ title: ' ' }, 'edit')).toEqual({ title: uz.categoryTitleRequired });
    expect(categoryFormConfig.validate({ title: 'Salatlar' }, 'create')).toEqual({});
  });

  it('a new category is active by default with an empty name', () => {
    expect(ownFields(categoryFormConfig.empty)).toEqual({ title: '', is_active: true, ...SCHEDULE_EMPTY });
  });

  it('an edited category starts from its name and status; a missing status is active', () => {
    expect(ownFields(categoryFormConfig.fromItem({ _id: 'c1', title: 'Salatlar', is_active: false }))).toEqual({
      title: 'Salatlar',
      is_active: false,
      ...SCHEDULE_EMPTY,
    });
    expect(ownFields(categoryFormConfig.fromItem({ _id: 'c1', title: 5 }))).toEqual({
      title: '',
      is_active: true,
      ...SCHEDULE_EMPTY,
    });
  });

  it('the toasts are the category ones', () => {
    expect(categoryFormConfig.messages).toMatchObject({
      created: uz.categoryCreated,
      updated: uz.categoryEdited,
      createFailed: uzCatalog.categoryCreateFailed,
      updateFailed: uz.editFailed,
    });
  });

  it('the create body: the name, the list’s restaurant, active unless switched off', () => {
    expect(toCategoryInput({ title: 'Salatlar', is_active: false }, 'r1')).toEqual({
      title: 'Salatlar',
      restaurant_id: 'r1',
      is_active: false,
    });
    expect(toCategoryInput({}, 'r1')).toEqual({ title: '', restaurant_id: 'r1', is_active: true });
  });

  it('the update body holds only the changed name and status', () => {
    expect(toCategoryChanges({ title: 'Yangi', is_active: false })).toEqual({ title: 'Yangi', is_active: false });
    expect(toCategoryChanges({ is_active: true })).toEqual({ is_active: true });
    expect(toCategoryChanges({ title: 'Yangi' })).toEqual({ title: 'Yangi' });
    expect(toCategoryChanges({ title: true, is_active: 'false' })).toEqual({});
  });
});

describe('integration form (spec 5)', () => {
  const validate = (values: Record<string, string>) => integrationFormConfig.validate(values, 'create');

  it('both a POS restaurant and a manager must be chosen, else one message for the form', () => {
    expect(validate({ id: '', manager_id: 'm1' })).toEqual({ form: uz.chooseRestaurantAndManager });
    expect(validate({ id: 'pos-7', manager_id: ' ' })).toEqual({ form: uz.chooseRestaurantAndManager });
    expect(validate({ id: '', manager_id: '' })).toEqual({ form: uz.chooseRestaurantAndManager });
    expect(validate({ id: 'pos-7', manager_id: 'm1' })).toEqual({});
  });

  it('starts with nothing chosen, whatever it is opened with; its toasts are the add ones', () => {
    expect(integrationFormConfig.empty).toEqual({ id: '', manager_id: '' });
    expect(integrationFormConfig.fromItem({ _id: 'r1', id: 'pos-7' })).toEqual({ id: '', manager_id: '' });
    expect(integrationFormConfig.messages).toMatchObject({
      created: uz.restaurantAdded,
      updated: uz.restaurantAdded,
      createFailed: uz.restaurantAddFailed,
      updateFailed: uz.restaurantAddFailed,
    });
  });
});

describe('manager form (spec 2.5, 5)', () => {
  const valid = { login: 'ali', password: 'secret-12' };

  it('the login is required (empty or spaces)', () => {
    expect(managerFormConfig.validate({ ...valid, login: '' }, 'create')).toEqual({ login: uz.required });
    expect(managerFormConfig.validate({ ...valid, login: '  ' }, 'edit')).toEqual({ login: uz.required });
  });

  it('a password is required on create, optional on edit (empty keeps it)', () => {
    expect(managerFormConfig.validate({ login: 'ali', password: '' }, 'create')).toEqual({ password: uz.required });
    expect(managerFormConfig.validate({ login: 'ali' }, 'create')).toEqual({ password: uz.required });
    expect(managerFormConfig.validate({ login: 'ali', password: '' }, 'edit')).toEqual({});
  });

  it('a given password has at least 8 characters: 7 is refused, 8 is enough (create and edit)', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(managerFormConfig.validate({ login: 'ali', password: '1234567' }, 'create')).toEqual({
      password: uz.passwordMin,
    });
    expect(managerFormConfig.validate({ login: 'ali', password: '1234567' }, 'edit')).toEqual({
      password: uz.passwordMin,
    });
    expect(managerFormConfig.validate({ login: 'ali', password: '12345678' }, 'create')).toEqual({});
    expect(managerFormConfig.validate({ login: 'ali', password: '12345678' }, 'edit')).toEqual({});
  });

  it('both errors at once', () => {
    expect(managerFormConfig.validate({ login: '', password: 'short' }, 'edit')).toEqual({
      login: uz.required,
      password: uz.passwordMin,
    });
  });

  it('a new manager is active with an empty login and password', () => {
    expect(managerFormConfig.empty).toEqual({ login: '', password: '', is_active: true });
  });

  it('an edited manager starts from the login and status, never the stored password', () => {
    expect(managerFormConfig.fromItem({ _id: 'm1', login: 'ali', password: 'hash', is_active: false })).toEqual({
      login: 'ali',
      password: '',
      is_active: false,
    });
    expect(managerFormConfig.fromItem({ _id: 'm1' })).toEqual({ login: '', password: '', is_active: true });
  });

  it('the toasts are the manager ones', () => {
    expect(managerFormConfig.messages).toMatchObject({
      created: uz.managerAdded,
      updated: uz.managerEdited,
      createFailed: uz.managerAddFailed,
      updateFailed: uz.editFailed,
    });
  });
});

describe('change password form: what the existing test leaves open', () => {
  const validate = (values: Record<string, unknown>) => changePasswordConfig.validate(values as never, 'create');

  it('a new password of exactly 8 characters is accepted, 7 refused', () => {
    expect(
      validate({ current_password: 'eski-parol', new_password: '12345678', confirm_password: '12345678' }),
    ).toEqual({});
    expect(validate({ current_password: 'eski-parol', new_password: '1234567', confirm_password: '1234567' })).toEqual({
      new_password: uz.passwordMin,
    });
  });

  it('missing fields count as empty; the repetition must match the new password', () => {
    expect(validate({})).toEqual({ current_password: uz.required, new_password: uz.required });
    expect(validate({ current_password: 'eski-parol', new_password: 'yangi-parol' })).toEqual({
      confirm_password: uz.passwordMismatch,
    });
  });

  it('starts empty whatever it is opened with; its toasts are the password ones', () => {
    const empty = { current_password: '', new_password: '', confirm_password: '' };
    expect(changePasswordConfig.empty).toEqual(empty);
    expect(changePasswordConfig.fromItem({ _id: 'u1', current_password: 'x' })).toEqual(empty);
    expect(changePasswordConfig.messages).toMatchObject({
      created: uz.passwordChanged,
      updated: uz.passwordChanged,
      createFailed: uz.passwordChangeFailed,
      updateFailed: uz.passwordChangeFailed,
    });
  });
});
