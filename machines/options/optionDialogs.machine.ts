import { fromPromise } from 'xstate';
import { createOption, createRow, renameOption, updateRow } from '../../client/options';
import { dialogMachine, type SaveInput } from '../dialog/dialog.machine';
import { parsePrice } from '../products/productForm.rules';

/** The option modal: the generic dialog with the option calls, for one product. */
export function optionDialogMachine(productId: string) {
  return dialogMachine.provide({
    actors: {
      create: fromPromise<unknown, SaveInput>(({ input, signal }) =>
        createOption({ product_id: productId, name: String(input.values.name ?? '') }, { signal }),
      ),
      update: fromPromise<unknown, SaveInput>(({ input, signal }) =>
        renameOption(input.item?._id ?? '', String(input.values.name ?? ''), { signal }),
      ),
    },
  });
}

/** The row modal: the generic dialog with the row calls (prices as numbers; an empty price is 0). */
export const rowDialogMachine = dialogMachine.provide({
  actors: {
    create: fromPromise<unknown, SaveInput>(({ input, signal }) =>
      createRow(
        {
          product_option_id: String(input.values.product_option_id ?? ''),
          name: String(input.values.name ?? ''),
          price: parsePrice(input.values.price) ?? 0,
        },
        { signal },
      ),
    ),
    update: fromPromise<unknown, SaveInput>(({ input, signal }) => {
      const changes: { name?: string; price?: number } = {};
      if (typeof input.values.name === 'string') changes.name = input.values.name;
      if (typeof input.values.price === 'string') changes.price = parsePrice(input.values.price) ?? 0;
      return updateRow(input.item?._id ?? '', changes, { signal });
    }),
  },
});
