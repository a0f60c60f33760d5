import { fromPromise } from 'xstate';
import { changePassword } from '../../client/auth';
import { dialogMachine, type SaveInput } from '../dialog/dialog.machine';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * 'Parolni o'zgartirish': the generic dialog in create mode. It sends the current and the new password (never the
 * repetition) and answers the new token, which the screen stores: every earlier token stops working.
 */
export const changePasswordMachine = dialogMachine.provide({
  actors: {
    create: fromPromise<unknown, SaveInput>(({ input, signal }) =>
      changePassword(
        { current_password: text(input.values.current_password), new_password: text(input.values.new_password) },
        { signal },
      ),
    ),
  },
});
