import { useSelector } from '@xstate/react';
import { Alert } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import { TERMINAL_GROUP, terminalGroupOptions } from '../../../machines/restaurants/terminalGroups.rules';
import { selectTerminalGroups } from '../../../machines/restaurants/terminalGroups.selectors';
import { SelectField } from './fields';
import type { DialogActor } from './useDialogActor';

/**
 * An integration restaurant's POS terminal group (which one receives its orders and whose tables it has): the POS's
 * groups, first "Birinchi guruh (standart)" (null: the POS's first). Absent for a manual restaurant; when the POS
 * could not list them, a short note instead, and the rest of the form saves.
 */
export function TerminalGroupField({ actor }: { actor: DialogActor }) {
  const groups = useSelector(actor, selectTerminalGroups);
  if (groups === null) return null;
  if ('failed' in groups)
    return (
      <Alert variant="warning" className="small py-2">
        {uz.terminalGroupsFailed}
      </Alert>
    );
  return (
    <SelectField
      actor={actor}
      name={TERMINAL_GROUP}
      label={uz.fieldTerminalGroup}
      placeholder={uz.firstTerminalGroup}
      options={terminalGroupOptions(groups)}
    />
  );
}
