import { useSelector } from '@xstate/react';
import { uz } from '../../../lib/uz';
import { selectMode } from '../../../machines/dialog/dialog.selectors';
import { FormDialog } from '../../components/dialog/FormDialog';
import { ActiveSelect, TextField } from '../../components/dialog/fields';
import type { DialogActor } from '../../components/dialog/useDialogActor';

/** Create a manager (login, password) or edit one (login, new password, active flag). */
export function ManagerDialog({ actor }: { actor: DialogActor }) {
  const mode = useSelector(actor, selectMode);
  return (
    <FormDialog actor={actor} createTitle={uz.addManager} editTitle={uz.editManager}>
      <TextField actor={actor} name="login" label={uz.login} required autoComplete="off" />
      <TextField
        actor={actor}
        name="password"
        type="password"
        label={mode === 'edit' ? uz.passwordKeep : uz.password}
        required={mode === 'create'}
        autoComplete="new-password"
      />
      {mode === 'edit' && <ActiveSelect actor={actor} label={uz.status} />}
    </FormDialog>
  );
}
