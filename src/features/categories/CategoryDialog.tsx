import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import { FormDialog } from '../../components/dialog/FormDialog';
import { ActiveSelect, TextField } from '../../components/dialog/fields';
import { LanguageTabs } from '../../components/dialog/LanguageTabs';
import type { DialogActor } from '../../components/dialog/useDialogActor';

/** The category modal (spec 2.8 / 5): name and Faol / Nofaol; the name's translations in the menu's languages. */
export function CategoryDialog({ actor }: { actor: DialogActor }) {
  return (
    <FormDialog actor={actor} createTitle={uzCatalog.addCategory} editTitle={uzCatalog.editCategory}>
      <LanguageTabs actor={actor} fields={[{ name: 'title', label: uzCatalog.fieldCategoryTitle }]}>
        <TextField actor={actor} name="title" label={uzCatalog.fieldCategoryTitle} required autoComplete="off" />
        <ActiveSelect actor={actor} label={uz.fieldStatus} />
      </LanguageTabs>
    </FormDialog>
  );
}
