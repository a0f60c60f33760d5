import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import { uzCatalog } from '../../../lib/uz-catalog';
import { uzPayments } from '../../../lib/uz-payments';
import { selectErrors, selectOptions, selectValues } from '../../../machines/dialog/dialog.selectors';
import type { ProductDialogOptions } from '../../../machines/products/productDialog.machine';
import { FormDialog } from '../../components/dialog/FormDialog';
import { ActiveSelect, SelectField, TextField } from '../../components/dialog/fields';
import { LanguageTabs } from '../../components/dialog/LanguageTabs';
import { NumberField } from '../../components/dialog/NumberField';
import { ScheduleSection } from '../../components/dialog/ScheduleSection';
import type { DialogActor } from '../../components/dialog/useDialogActor';
import { DishFactsSection } from './DishFactsSection';
import { ProductImagesField } from './ProductImagesField';

/**
 * The product form (spec 2.9 / 5): name, category (the admin's select; hidden for managers, spec 6), price,
 * description and Faol / Nofaol; the dish's facts and the hours it is served, each folded in a section of its own (a
 * phone's sheet stays short); the Payme receipt's optional IKPU and package code; its pictures, when creating (spec 5)
 * and when editing (added, removed, reordered). Name and description also in the menu's other languages, one tab each.
 */
export function ProductDialog({ actor }: { actor: DialogActor }) {
  const options = useSelector(actor, selectOptions) as ProductDialogOptions | null;
  const imagesError = useSelector(actor, (s) => selectErrors(s).images);
  const categories = (options?.categories ?? []).map((c) => ({ value: c._id, label: c.title }));

  // A fresh picture list for every opening (the sheet may still be fading out when another product is opened).
  const opening = useSelector(actor, (s) => `${s.context.item?._id ?? 'new'}:${s.context.initial.images ?? ''}`);

  const images = (
    <div className="border-top pt-3">
      <ProductImagesField key={opening} dialog={actor} />
      {imagesError && (
        <Alert variant="warning" className="py-2" role="alert">
          {imagesError}
        </Alert>
      )}
    </div>
  );

  return (
    <FormDialog actor={actor} createTitle={uzCatalog.addProduct} editTitle={uzCatalog.editProduct} extra={images}>
      <LanguageTabs
        actor={actor}
        fields={[
          { name: 'name', label: uz.fieldName },
          { name: 'description', label: uzCatalog.fieldDescription, multiline: true },
        ]}
      >
        <TextField actor={actor} name="name" label={uz.fieldName} required autoComplete="off" />
        {categories.length > 0 && (
          <SelectField
            actor={actor}
            name="category_id"
            label={uzCatalog.fieldCategory}
            required
            placeholder={uzCatalog.chooseCategory}
            options={categories}
          />
        )}
        <NumberField actor={actor} name="price" label={uz.price} required suffix={uz.som} />
        <DescriptionField actor={actor} />
        <ActiveSelect actor={actor} label={uz.fieldStatus} />
        <DishFactsSection actor={actor} />
        <ScheduleSection actor={actor} />
        <TextField
          actor={actor}
          name="ikpu"
          label={uzPayments.ikpu}
          help={uzPayments.ikpuHelp}
          inputMode="numeric"
          autoComplete="off"
        />
        <TextField
          actor={actor}
          name="package_code"
          label={uzPayments.packageCode}
          help={uzPayments.packageCodeHelp}
          inputMode="numeric"
          autoComplete="off"
        />
      </LanguageTabs>
    </FormDialog>
  );
}

/** Optional description: a few lines of text. */
function DescriptionField({ actor }: { actor: DialogActor }) {
  const id = useId();
  const value = useSelector(actor, (s) => selectValues(s).description);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{uzCatalog.fieldDescription}</Form.Label>
      <Form.Control
        as="textarea"
        rows={3}
        name="description"
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => actor.send({ type: 'dialog.change', values: { description: event.target.value } })}
      />
    </Form.Group>
  );
}
