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
import { parsePrice } from '../products/productForm.rules';

const text = (value: unknown) => String(value ?? '');

/** The option modal's calls: a new option belongs to the dialog's scope `productId`. */
export const optionDialogActors = {
  create: fromPromise<ProductOption, SaveInput>(({ input, signal }) =>
    createOption({ product_id: input.scope?.productId ?? '', name: text(input.values.name) }, { signal }),
  ),
  update: fromPromise<ProductOption, SaveInput>(({ input, signal }) =>
    renameOption(input.item?._id ?? '', text(input.values.name), { signal }),
  ),
};

/** The row modal's calls (prices as numbers; an empty price is 0). */
export const rowDialogActors = {
  create: fromPromise<OptionRow, SaveInput>(({ input, signal }) =>
    createRow(
      {
        product_option_id: text(input.values.product_option_id),
        name: text(input.values.name),
        price: parsePrice(input.values.price) ?? 0,
      },
      { signal },
    ),
  ),
  update: fromPromise<OptionRow, SaveInput>(({ input, signal }) => {
    const changes: { name?: string; price?: number } = {};
    if (typeof input.values.name === 'string') changes.name = input.values.name;
    if (typeof input.values.price === 'string') changes.price = parsePrice(input.values.price) ?? 0;
    return updateRow(input.item?._id ?? '', changes, { signal });
  }),
};
