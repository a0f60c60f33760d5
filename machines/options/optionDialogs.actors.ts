import { fromPromise } from 'xstate';
import {
  createOption,
  createRow,
  type OptionRow,
  type ProductOption,
  renameOption,
  updateRow,
} from '../../client/options';
import type { SaveInput } from '../dialog/dialog.actors';
import { fieldsOf } from '../dialog/dialog.types';
import { toOptionChanges, toOptionInput, toRowChanges, toRowInput } from './optionForm.rules';

/**
 * The option modal's calls: a new option belongs to the dialog's scope `productId`; an edit's choice counts are told
 * apart from the option edited (its item).
 */
export const optionDialogActors = {
  create: fromPromise<ProductOption, SaveInput>(({ input, signal }) =>
    createOption(toOptionInput(input.values, input.scope?.productId ?? ''), { signal }),
  ),
  update: fromPromise<ProductOption, SaveInput>(({ input, signal }) =>
    renameOption(input.item?._id ?? '', toOptionChanges(input.values, fieldsOf(input.item)), { signal }),
  ),
};

/** The row modal's calls (prices as numbers; an empty price is 0). */
export const rowDialogActors = {
  create: fromPromise<OptionRow, SaveInput>(({ input, signal }) => createRow(toRowInput(input.values), { signal })),
  update: fromPromise<OptionRow, SaveInput>(({ input, signal }) =>
    updateRow(input.item?._id ?? '', toRowChanges(input.values), { signal }),
  ),
};
