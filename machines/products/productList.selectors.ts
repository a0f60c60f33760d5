import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Product } from '../../client/products';
import type { reorderMachine } from '../reorder/reorder.machine';
import { byPositions } from '../reorder/reorder.rules';
import type { ConfirmDeleteRef } from '../shared/confirmDelete.machine';
import { PAGE_SIZE, pageCount, type productListMachine } from './productList.machine';

type ListSnapshot = SnapshotFrom<typeof productListMachine>;
export type ReorderRef = ActorRefFrom<typeof reorderMachine>;

export const selectIsLoading = (s: ListSnapshot) => s.matches({ data: 'loading' });
export const selectLoadFailed = (s: ListSnapshot) => s.matches({ data: 'failed' });
export const selectCount = (s: ListSnapshot) => s.context.count;
export const selectProducts = (s: ListSnapshot) => s.context.products;
export const selectPage = (s: ListSnapshot) => s.context.page;
export const selectPageCount = (s: ListSnapshot) => pageCount(s.context.products.length);
/** Spec 2.9: numbered page buttons appear only with more than 10 products. */
export const selectShowPager = (s: ListSnapshot) => s.context.products.length > PAGE_SIZE;
export const selectHasRows = (s: ListSnapshot) => s.context.products.length > 0;
export const selectIsEmpty = (s: ListSnapshot) => s.matches({ data: 'ready' }) && s.context.products.length === 0;
export const selectDeleteTarget = (s: ListSnapshot) =>
  s.matches({ removal: 'confirming' }) ? (s.context.products.find((p) => p._id === s.context.deleteId) ?? null) : null;
/** The running confirm-delete cycle: the view reads from it whether the call runs (isDeleting). */
export const selectConfirmDelete = (s: ListSnapshot) => s.children.confirmDelete as ConfirmDeleteRef | undefined;
export const selectCanDelete = (s: ListSnapshot) => s.matches({ removal: 'idle' });
export const selectReorder = (s: ListSnapshot) => s.children.reorder as ReorderRef | undefined;

/** The rows of the current page in display order, each with its number in the whole list. */
export function pageRows(products: Product[], positionIds: readonly string[], page: number) {
  const start = (page - 1) * PAGE_SIZE;
  return byPositions(products, positionIds)
    .slice(start, start + PAGE_SIZE)
    .map((product, i) => ({ product, index: start + i + 1 }));
}

/** Spec 9: the description in the product table is cut to 4 words. */
export function shortDescription(text: string, words = 4): string {
  const parts = text.trim().split(/\s+/).filter(Boolean);
  return parts.length > words ? `${parts.slice(0, words).join(' ')}...` : parts.join(' ');
}

/** The languages the restaurant's menu offers (badges of missing translations, the forms' tabs). */
export const selectLanguages = (s: ListSnapshot) => s.context.languages;
