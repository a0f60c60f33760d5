import { useSelector } from '@xstate/react';
import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import { selectMode } from '../../../machines/dialog/dialog.selectors';
import { FormDialog } from '../../components/dialog/FormDialog';
import { SelectField, TextField } from '../../components/dialog/fields';
import { LanguageTabs } from '../../components/dialog/LanguageTabs';
import { NumberField } from '../../components/dialog/NumberField';
import type { DialogActor } from '../../components/dialog/useDialogActor';
import { OptionChoiceFields } from './RequiredSwitch';

/**
 * Spec 2.10: 'Yangi Variant Qo'shish' / 'Variantni Tahrirlash' with 'Opsiya nomi' and 'Saqlash', and how many of its
 * rows the diner chooses ('Majburiy', 'Kamida…', 'Ko'pi bilan…': outside the language tabs, they are not texts).
 */
export function OptionDialog({ actor }: { actor: DialogActor }) {
  return (
    <FormDialog actor={actor} createTitle={uz.optionCreateTitle} editTitle={uz.optionEditTitle}>
      <LanguageTabs actor={actor} fields={[{ name: 'name', label: uz.optionName }]}>
        <TextField actor={actor} name="name" label={uz.optionName} required autoComplete="off" />
      </LanguageTabs>
      <OptionChoiceFields actor={actor} />
    </FormDialog>
  );
}

/**
 * Spec 2.10: 'Yangi Qator Qo'shish' / 'Qatorni Tahrirlash' with 'Qator nomi' and a numeric 'Narhi' (said under the
 * field to be added to the product's price). A new row names its option (preselected: the card it was added from); none
 * chosen → 'Avval opsiya tanlang' (spec 5).
 */
export function RowDialog({
  actor,
  options,
}: {
  actor: DialogActor;
  options: Array<{ value: string; label: string }>;
}) {
  const mode = useSelector(actor, selectMode);
  return (
    <FormDialog actor={actor} createTitle={uz.rowCreateTitle} editTitle={uz.rowEditTitle}>
      <LanguageTabs actor={actor} fields={[{ name: 'name', label: uz.rowName }]}>
        {mode === 'create' && (
          <SelectField
            actor={actor}
            name="product_option_id"
            label={uzCatalog.fieldOption}
            required
            placeholder={uzCatalog.chooseOption}
            options={options}
          />
        )}
        <TextField actor={actor} name="name" label={uz.rowName} required autoComplete="off" />
        <NumberField actor={actor} name="price" label={uz.rowPrice} suffix={uz.som} help={uzCatalog.rowPriceHelp} />
      </LanguageTabs>
    </FormDialog>
  );
}
