import { fromPromise } from 'xstate';
import { changePassword } from '../../client/auth';
import type { SaveInput } from '../dialog/dialog.actors';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const changePasswordActors = {
  /** PUT the current and the new password (never the repetition) → the new token. */
  create: fromPromise<string, SaveInput>(({ input, signal }) =>
    changePassword(
      { current_password: text(input.values.current_password), new_password: text(input.values.new_password) },
      { signal },
    ),
  ),
};
