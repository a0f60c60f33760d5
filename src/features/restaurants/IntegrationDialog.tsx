import { useSelector } from '@xstate/react';
import { uz } from '../../../lib/uz';
import { selectOptions } from '../../../machines/dialog/dialog.selectors';
import type { IntegrationDialogOptions } from '../../../machines/integration/integrationDialog.actors';
import { FormDialog } from '../../components/dialog/FormDialog';
import { SelectField } from '../../components/dialog/fields';
import type { DialogActor } from '../../components/dialog/useDialogActor';

/** Spec 5: a restaurant of the integration source and a manager, both required. */
export function IntegrationDialog({ actor }: { actor: DialogActor }) {
  const options = useSelector(actor, selectOptions) as IntegrationDialogOptions | null;
  return (
    <FormDialog actor={actor} createTitle={uz.integrationTitle} editTitle={uz.integrationTitle}>
      <SelectField
        actor={actor}
        name="id"
        label={uz.integrationRestaurant}
        placeholder={uz.chooseRestaurant}
        options={(options?.sources ?? []).map((s) => ({ value: s.id, label: s.name }))}
        required
      />
      <SelectField
        actor={actor}
        name="manager_id"
        label={uz.fieldManager}
        placeholder={uz.chooseManager}
        options={(options?.managers ?? []).map((m) => ({ value: m._id, label: m.login }))}
        required
      />
    </FormDialog>
  );
}
