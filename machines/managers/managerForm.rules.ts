import { uz } from '../../lib/uz';
import { isBlank } from '../dialog/dialog.rules';
import type { DialogConfig, FieldErrors } from '../dialog/dialog.types';

export const PASSWORD_MIN = 8;

/** Login is required; a password is required on create and, when given, at least 8 characters. */
export const managerFormConfig: DialogConfig = {
  empty: { login: '', password: '', is_active: true },
  fromItem: (item) => ({
    login: typeof item.login === 'string' ? item.login : '',
    // The stored password is never shown: empty means "keep it".
    password: '',
    is_active: item.is_active !== false,
  }),
  validate: (values, mode) => {
    const errors: FieldErrors = {};
    if (isBlank(values.login)) errors.login = uz.required;
    const password = typeof values.password === 'string' ? values.password : '';
    if (mode === 'create' && password === '') errors.password = uz.required;
    else if (password !== '' && password.length < PASSWORD_MIN) errors.password = uz.passwordMin;
    return errors;
  },
  messages: {
    created: uz.managerAdded,
    updated: uz.managerEdited,
    createFailed: uz.managerAddFailed,
    updateFailed: uz.editFailed,
  },
};
