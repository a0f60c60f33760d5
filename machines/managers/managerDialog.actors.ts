import { fromPromise } from 'xstate';
import { createManager, updateManager } from '../../client/managers';
import type { SaveInput } from '../dialog/dialog.machine';

export const managerDialogActors = {
  create: fromPromise<unknown, SaveInput>(({ input, signal }) =>
    createManager(
      { login: String(input.values.login ?? ''), password: String(input.values.password ?? '') },
      { signal },
    ),
  ),
  update: fromPromise<unknown, SaveInput>(({ input, signal }) => {
    const changes: { login?: string; password?: string; is_active?: boolean } = {};
    if (typeof input.values.login === 'string') changes.login = input.values.login;
    if (typeof input.values.password === 'string' && input.values.password !== '')
      changes.password = input.values.password;
    if (typeof input.values.is_active === 'boolean') changes.is_active = input.values.is_active;
    return updateManager(String(input.item?._id ?? ''), changes, { signal });
  }),
};
