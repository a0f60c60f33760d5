import { useState } from 'react';
import type { OptionRow, ProductOption } from '../../../client/options';
import { optionDialogMachine, rowDialogMachine } from '../../../machines/options/optionDialogs.machine';
import { optionFormConfig, rowFormConfig } from '../../../machines/options/optionForm.rules';
import { useDialogActor } from '../../components/dialog/useDialogActor';

/**
 * The option modal and the row modal of an options screen. A saved option goes to `onOptionSaved`, a saved row to
 * `onRowSaved`; a new row starts in `selectedOption()`. Which failures they toast is their machines' rule (spec 8).
 */
export function useOptionDialogs({
  productId,
  selectedOption,
  onOptionSaved,
  onRowSaved,
}: {
  productId: string;
  selectedOption: () => string | null;
  onOptionSaved: (option: ProductOption) => void;
  onRowSaved: (row: OptionRow) => void;
}) {
  const [rowConfig] = useState(() => rowFormConfig(selectedOption));
  const optionDialog = useDialogActor(optionDialogMachine, optionFormConfig, onOptionSaved, { productId });
  const rowDialog = useDialogActor(rowDialogMachine, rowConfig, onRowSaved);
  return { optionDialog, rowDialog };
}
