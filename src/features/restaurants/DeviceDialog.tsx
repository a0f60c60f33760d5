import type { Station } from '../../../client/stations';
import { uzKitchen } from '../../../lib/uz-kitchen';
import { FormDialog } from '../../components/dialog/FormDialog';
import { SelectField, TextField } from '../../components/dialog/fields';
import type { DialogActor } from '../../components/dialog/useDialogActor';

/** "Planshet qo'shish": the tablet's name and the station it shows (none chosen: every station). */
export function DeviceDialog({ actor, stations }: { actor: DialogActor; stations: readonly Station[] }) {
  return (
    <FormDialog
      actor={actor}
      createTitle={uzKitchen.addDevice}
      editTitle={uzKitchen.addDevice}
      submitLabel={uzKitchen.createCode}
    >
      <TextField
        actor={actor}
        name="name"
        label={uzKitchen.fieldDeviceName}
        required
        help={uzKitchen.deviceNameHelp}
        autoComplete="off"
      />
      {stations.length > 0 && (
        <>
          <SelectField
            actor={actor}
            name="station_id"
            label={uzKitchen.fieldDeviceStation}
            placeholder={uzKitchen.allStations}
            options={stations.map((station) => ({ value: station._id, label: station.name }))}
          />
          <p className="small text-secondary mb-0">{uzKitchen.deviceStationHelp}</p>
        </>
      )}
    </FormDialog>
  );
}
