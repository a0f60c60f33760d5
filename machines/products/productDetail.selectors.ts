import type { SnapshotFrom } from 'xstate';
import type { ConfirmDeleteRef } from '../shared/confirmDelete.machine';
import type { productDetailMachine } from './productDetail.machine';

type Snapshot = SnapshotFrom<typeof productDetailMachine>;

export const selectIsLoading = (s: Snapshot) => s.matches('loading');
export const selectLoadFailed = (s: Snapshot) => s.matches('failed');
export const selectProduct = (s: Snapshot) => (s.matches('ready') ? s.context.product : null);
export const selectIsConfirming = (s: Snapshot) => s.matches({ ready: 'confirming' });
/** The running confirm-delete cycle: the view reads from it whether the call runs (isDeleting). */
export const selectConfirmDelete = (s: Snapshot) => s.children.confirmDelete as ConfirmDeleteRef | undefined;
export const selectCanDelete = (s: Snapshot) => s.matches({ ready: 'idle' });

/** One row of the detail page: what it adds to the product's price and what the diner then pays. */
export interface RowChoice {
  _id: string;
  name: string;
  /** The row's price: an addition to the product's price, as a POS modifier is. */
  addition: number;
  /** The product's price plus the row's. */
  total: number;
}

/** The product's options with each row's resulting total (product price + row price). */
export const selectOptionChoices = (s: Snapshot) => {
  const product = selectProduct(s);
  if (!product) return [];
  return product.options.map((option) => ({
    _id: option._id,
    name: option.name,
    rows: option.rows.map(
      (row): RowChoice => ({ _id: row._id, name: row.name, addition: row.price, total: product.price + row.price }),
    ),
  }));
};
