import { useState } from 'react';
import type { EventObject } from 'xstate';
import type { OptionRow, ProductOption } from '../../../client/options';
import { optionDialogMachine, rowDialogMachine } from '../../../machines/options/optionDialogs.machine';
import { optionFormConfig, rowFormConfig } from '../../../machines/options/optionForm.rules';
import { isServerError } from '../../../machines/options/options.rules';
import type { Notice } from '../../../machines/shared/notify';
import { useAdjustedDialogActor } from '../../components/dialog/useAdjustedDialogActor';

/** Spec 8: option and row save failures are told only for HTTP 500; other statuses stay silent (the form says why). */
const onlyServerErrors = (notice: Notice, event: EventObject) =>
  notice.kind === 'error' && !isServerError(event) ? null : notice;

/**
 * The option modal and the row modal of an options screen. A saved option goes to `onOptionSaved`, a saved row to
 * `onRowSaved`; a new row starts in `selectedOption()`.
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
  const [optionLogic] = useState(() => optionDialogMachine(productId));
  const [rowConfig] = useState(() => rowFormConfig(selectedOption));
  const optionDialog = useAdjustedDialogActor(optionLogic, optionFormConfig, onlyServerErrors, (output) =>
    onOptionSaved(output as ProductOption),
  );
  const rowDialog = useAdjustedDialogActor(rowDialogMachine, rowConfig, onlyServerErrors, (output) =>
    onRowSaved(output as OptionRow),
  );
  return { optionDialog, rowDialog };
}
