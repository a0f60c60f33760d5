import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import { uzKitchen } from '../../../lib/uz-kitchen';
import { selectCategoryStation, selectCategoryStations } from '../../../machines/categories/categoryDialog.selectors';
import { FormDialog } from '../../components/dialog/FormDialog';
import { ActiveSelect, TextField } from '../../components/dialog/fields';
import { LanguageTabs } from '../../components/dialog/LanguageTabs';
import { ScheduleSection } from '../../components/dialog/ScheduleSection';
import type { DialogActor } from '../../components/dialog/useDialogActor';

/**
 * The category modal (spec 2.8 / 5): name and Faol / Nofaol; the name's translations in the menu's languages;
 * when the restaurant has kitchen stations, the one that makes its dishes; and the hours it is served ("Nonushta
 * 08:00–11:00"), folded under "Vaqt jadvali".
 */
export function CategoryDialog({ actor }: { actor: DialogActor }) {
  return (
    <FormDialog actor={actor} createTitle={uzCatalog.addCategory} editTitle={uzCatalog.editCategory}>
      <LanguageTabs actor={actor} fields={[{ name: 'title', label: uzCatalog.fieldCategoryTitle }]}>
        <TextField actor={actor} name="title" label={uzCatalog.fieldCategoryTitle} required autoComplete="off" />
        <ActiveSelect actor={actor} label={uz.fieldStatus} />
        <StationSelect actor={actor} />
        <ScheduleSection actor={actor} />
      </LanguageTabs>
    </FormDialog>
  );
}

/**
 * "Bo'lim": the restaurant's stations, first "Birinchi bo'lim (standart)" (null: its first station). Absent while the
 * restaurant has none; when they could not be read, a short note instead, and the rest of the form saves.
 */
function StationSelect({ actor }: { actor: DialogActor }) {
  const id = useId();
  const option = useSelector(actor, selectCategoryStations);
  const value = useSelector(actor, selectCategoryStation);
  if (option === null || ('stations' in option && option.stations.length === 0)) return null;
  if ('failed' in option) {
    return (
      <Alert variant="warning" className="small py-2">
        {uzKitchen.categoryStationsFailed}
      </Alert>
    );
  }
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{uzKitchen.fieldCategoryStation}</Form.Label>
      <Form.Select
        name="station_id"
        value={value}
        onChange={(event) => actor.send({ type: 'dialog.change', values: { station_id: event.target.value } })}
        aria-describedby={`${id}-help`}
      >
        <option value="">{uzKitchen.firstStation}</option>
        {option.stations.map((station) => (
          <option key={station._id} value={station._id}>
            {station.name}
          </option>
        ))}
      </Form.Select>
      <Form.Text id={`${id}-help`} muted>
        {uzKitchen.categoryStationHelp}
      </Form.Text>
    </Form.Group>
  );
}
