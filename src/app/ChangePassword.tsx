import { Button } from 'react-bootstrap';
import { uz } from '../../lib/uz';
import { changePasswordMachine } from '../../machines/profile/changePassword.machine';
import { changePasswordConfig } from '../../machines/profile/changePassword.rules';
import { FormDialog } from '../components/dialog/FormDialog';
import { TextField } from '../components/dialog/fields';
import { type DialogActor, useDialogActor } from '../components/dialog/useDialogActor';
import { Icon } from '../components/Icon';
import { useAuth } from './AuthProvider';

/**
 * 'Parolni o'zgartirish' for the logged-in user (admin on the profile, manager on their screen): a button and its
 * dialog. The answer is a new token, handed to the session (the auth machine stores it): the old one, like every
 * other session's, no longer works.
 */
export function ChangePassword({ compact = false }: { compact?: boolean }) {
  const auth = useAuth();
  const dialog = useDialogActor(changePasswordMachine, changePasswordConfig, (token) =>
    auth.send({ type: 'auth.tokenChanged', token }),
  );
  return (
    <>
      <Button
        variant="outline-secondary"
        size={compact ? 'sm' : undefined}
        aria-label={uz.changePassword}
        title={uz.changePassword}
        onClick={() => dialog.send({ type: 'dialog.open' })}
      >
        <Icon name="key" size={compact ? 20 : 16} />
        {!compact && ` ${uz.changePassword}`}
      </Button>
      <ChangePasswordDialog actor={dialog} />
    </>
  );
}

function ChangePasswordDialog({ actor }: { actor: DialogActor }) {
  return (
    <FormDialog actor={actor} createTitle={uz.changePassword} editTitle={uz.changePassword}>
      <TextField
        actor={actor}
        name="current_password"
        label={uz.currentPassword}
        type="password"
        autoComplete="current-password"
        required
      />
      <TextField
        actor={actor}
        name="new_password"
        label={uz.newPassword}
        type="password"
        autoComplete="new-password"
        required
      />
      <TextField
        actor={actor}
        name="confirm_password"
        label={uz.confirmPassword}
        type="password"
        autoComplete="new-password"
        required
      />
    </FormDialog>
  );
}
