import { useSelector } from '@xstate/react';
import { Alert } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import { uzTelegram } from '../../../lib/uz-telegram';
import { selectItem, selectMode, selectOptions, selectValues } from '../../../machines/dialog/dialog.selectors';
import { fieldsOf } from '../../../machines/dialog/dialog.types';
import type { RestaurantDialogOptions } from '../../../machines/restaurants/restaurantDialog.actors';
import { FormDialog } from '../../components/dialog/FormDialog';
import { ActiveSelect, SelectField, TextField } from '../../components/dialog/fields';
import { LanguageTabs } from '../../components/dialog/LanguageTabs';
import { MenuLanguagesField } from '../../components/dialog/MenuLanguagesField';
import { OrderingSwitch } from '../../components/dialog/OrderingSwitch';
import { TerminalGroupField } from '../../components/dialog/TerminalGroupField';
import type { DialogActor } from '../../components/dialog/useDialogActor';
import { HideStoppedSwitch } from './HideStoppedSwitch';
import { ImageUpload } from './ImageUpload';
import { TelegramSetupHelp } from './TelegramSetupHelp';

const TRANSLATED = [
  { name: 'name', label: uz.fieldName },
  { name: 'address', label: uz.fieldAddress },
  { name: 'work_time', label: uz.fieldWorkTime },
];

/**
 * The admin's restaurant form (spec section 5); on edit, the image and logotype uploads; the menu's
 * languages, and name, address and work time in each of them; an integration restaurant's POS terminal group.
 */
export function RestaurantDialog({ actor, onUploaded }: { actor: DialogActor; onUploaded?: () => void }) {
  const options = useSelector(actor, selectOptions) as RestaurantDialogOptions | null;
  const mode = useSelector(actor, selectMode);
  const item = fieldsOf(useSelector(actor, selectItem));
  const managers = (options?.managers ?? []).map((m) => ({ value: m._id, label: m.login }));
  // A restaurant from the POS may keep address, phone and work time empty (restaurantForm.rules.ts): no stars there.
  const manual = useSelector(actor, (s) => selectValues(s).type !== 'integration');

  const uploads =
    mode === 'edit' && item ? (
      <div className="border-top pt-3">
        <ImageUpload
          restaurantId={item._id}
          kind="image"
          label={uz.image}
          current={typeof item.image === 'string' ? item.image : null}
          onUploaded={onUploaded}
        />
        <ImageUpload
          restaurantId={item._id}
          kind="logotype"
          label={uz.logotype}
          current={typeof item.logotype === 'string' ? item.logotype : null}
          onUploaded={onUploaded}
        />
      </div>
    ) : (
      <Alert variant="light" className="small mb-0">
        {uz.uploadAfterCreate}
      </Alert>
    );

  return (
    <FormDialog actor={actor} createTitle={uz.addRestaurant} editTitle={uz.editRestaurant} extra={uploads}>
      <LanguageTabs actor={actor} fields={TRANSLATED}>
        <TextField actor={actor} name="name" label={uz.fieldName} required />
        <TextField actor={actor} name="slug" label={uz.fieldSlug} required help={uz.slugRule} autoComplete="off" />
        <TextField actor={actor} name="address" label={uz.fieldAddress} required={manual} />
        <TextField
          actor={actor}
          name="phone_number"
          label={uz.fieldPhone}
          required={manual}
          type="tel"
          inputMode="tel"
        />
        <TextField actor={actor} name="work_time" label={uz.fieldWorkTime} required={manual} />
        <SelectField
          actor={actor}
          name="manager_id"
          label={uz.fieldManager}
          required
          placeholder={uz.chooseManager}
          options={managers}
        />
        <ActiveSelect actor={actor} label={uz.fieldStatus} />
        <HideStoppedSwitch actor={actor} />
        <OrderingSwitch actor={actor} />
        <TerminalGroupField actor={actor} />
        <TextField
          actor={actor}
          name="bot_token"
          label={uz.fieldBotToken}
          help={uzTelegram.botTokenHelp}
          autoComplete="off"
        />
        <TextField
          actor={actor}
          name="channel_id"
          label={uz.fieldChannelId}
          help={uzTelegram.channelIdHelp}
          autoComplete="off"
        />
        <TelegramSetupHelp className="mb-3" />
        <MenuLanguagesField actor={actor} />
      </LanguageTabs>
    </FormDialog>
  );
}
