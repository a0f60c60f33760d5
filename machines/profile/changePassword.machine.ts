import { dialogWith } from '../dialog/dialog.machine';
import { changePasswordActors } from './changePassword.actors';

/**
 * 'Parolni o'zgartirish': the generic dialog in create mode. Its answer is the new token, which the screen hands
 * to the auth machine (`auth.tokenChanged`): every earlier token stops working.
 */
export const changePasswordMachine = dialogWith(changePasswordActors);
