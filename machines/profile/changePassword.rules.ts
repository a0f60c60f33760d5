import { uz } from '../../lib/uz';
import type { DialogConfig, FieldErrors } from '../dialog/dialog.types';
import { PASSWORD_MIN } from '../managers/managerForm.rules';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Every field required; the new password at least 8 characters, typed the same twice, and not the current one. */
export const changePasswordConfig: DialogConfig = {
  empty: { current_password: '', new_password: '', confirm_password: '' },
  fromItem: () => ({ current_password: '', new_password: '', confirm_password: '' }),
  validate: (values) => {
    const errors: FieldErrors = {};
    const current = text(values.current_password);
    const next = text(values.new_password);
    if (current === '') errors.current_password = uz.required;
    if (next === '') errors.new_password = uz.required;
    else if (next.length < PASSWORD_MIN) errors.new_password = uz.passwordMin;
    else if (next === current) errors.new_password = uz.passwordSame;
    if (text(values.confirm_password) !== next) errors.confirm_password = uz.passwordMismatch;
    return errors;
  },
  messages: {
    created: uz.passwordChanged,
    updated: uz.passwordChanged,
    createFailed: uz.passwordChangeFailed,
    updateFailed: uz.passwordChangeFailed,
  },
};
