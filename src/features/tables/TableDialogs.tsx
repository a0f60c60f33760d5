import { uzOrdering } from '../../../lib/uz-ordering';
import { FormDialog } from '../../components/dialog/FormDialog';
import { TextField } from '../../components/dialog/fields';
import { NumberField } from '../../components/dialog/NumberField';
import type { DialogActor } from '../../components/dialog/useDialogActor';

/** Add a table, or rename one: its name (a taken name is said under the field). */
export function TableDialog({ actor }: { actor: DialogActor }) {
  return (
    <FormDialog actor={actor} createTitle={uzOrdering.addTable} editTitle={uzOrdering.editTable}>
      <TextField
        actor={actor}
        name="name"
        label={uzOrdering.fieldTableName}
        required
        help={uzOrdering.tableNameHelp}
        autoComplete="off"
      />
    </FormDialog>
  );
}

/** Tables "from" to "to" at once (a new restaurant's 1 to 20); numbers the restaurant has already are skipped. */
export function TableBulkDialog({ actor }: { actor: DialogActor }) {
  return (
    <FormDialog actor={actor} createTitle={uzOrdering.addTablesBulkTitle} editTitle={uzOrdering.addTablesBulkTitle}>
      <p className="small text-secondary">{uzOrdering.tablesBulkHelp}</p>
      <div className="d-flex gap-3">
        <NumberField actor={actor} name="from" label={uzOrdering.fieldTablesFrom} required />
        <NumberField actor={actor} name="to" label={uzOrdering.fieldTablesTo} required />
      </div>
    </FormDialog>
  );
}
