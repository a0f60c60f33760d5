import { uz } from '../../lib/uz';
import { FormDialog } from './dialog/FormDialog';
import { TextField } from './dialog/fields';
import { LanguageTabs } from './dialog/LanguageTabs';
import { MenuLanguagesField } from './dialog/MenuLanguagesField';
import { OrderingSwitch } from './dialog/OrderingSwitch';
import { TerminalGroupField } from './dialog/TerminalGroupField';
import type { DialogActor } from './dialog/useDialogActor';

/**
 * Spec 2.7: 'Update Restaurant' with Name, Address, Phone Number, Work Time and Cancel / Update; the menu's
 * languages, and name, address and work time in each of them; whether the tables take orders; for an integration
 * restaurant, the POS terminal group that receives them.
 */
const TRANSLATED = [
  { name: 'name', label: uz.updateName },
  { name: 'address', label: uz.updateAddress },
  { name: 'work_time', label: uz.updateWorkTime },
];

export function UpdateRestaurantModal({ actor }: { actor: DialogActor }) {
  return (
    <FormDialog
      actor={actor}
      createTitle={uz.updateRestaurant}
      editTitle={uz.updateRestaurant}
      submitLabel={uz.update}
      cancelLabel={uz.cancel}
    >
      <LanguageTabs actor={actor} fields={TRANSLATED}>
        <TextField actor={actor} name="name" label={uz.updateName} />
        <TextField actor={actor} name="address" label={uz.updateAddress} />
        <TextField actor={actor} name="phone_number" label={uz.updatePhoneNumber} type="tel" inputMode="tel" />
        <TextField actor={actor} name="work_time" label={uz.updateWorkTime} />
        <OrderingSwitch actor={actor} />
        <TerminalGroupField actor={actor} />
        <MenuLanguagesField actor={actor} />
      </LanguageTabs>
    </FormDialog>
  );
}
