import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { reorderMachine } from '../reorder/reorder.machine';
import type { ConfirmDeleteRef } from '../shared/confirmDelete.machine';
import type { categoryListMachine } from './categoryList.machine';

type ListSnapshot = SnapshotFrom<typeof categoryListMachine>;
export type ReorderRef = ActorRefFrom<typeof reorderMachine>;

export const selectIsLoading = (s: ListSnapshot) => s.matches({ data: 'loading' });
export const selectLoadFailed = (s: ListSnapshot) => s.matches({ data: 'failed' });
export const selectCount = (s: ListSnapshot) => s.context.count;
export const selectCategories = (s: ListSnapshot) => s.context.categories;
export const selectRestaurantId = (s: ListSnapshot) => s.context.restaurantId;
export const selectHasRows = (s: ListSnapshot) => s.context.categories.length > 0;
export const selectIsEmpty = (s: ListSnapshot) => s.matches({ data: 'ready' }) && s.context.categories.length === 0;
/** A manager without any restaurant: nothing can be added. */
export const selectHasNoRestaurant = (s: ListSnapshot) => s.matches({ data: 'ready' }) && !s.context.restaurantId;
export const selectDeleteTarget = (s: ListSnapshot) =>
  s.matches({ removal: 'idle' }) ? null : (s.context.categories.find((c) => c._id === s.context.deleteId) ?? null);
/** The running confirm-delete cycle: the view reads from it whether the call runs (isDeleting). */
export const selectConfirmDelete = (s: ListSnapshot) => s.children.confirmDelete as ConfirmDeleteRef | undefined;
export const selectCanDelete = (s: ListSnapshot) => s.matches({ removal: 'idle' });
export const selectReorder = (s: ListSnapshot) => s.children.reorder as ReorderRef | undefined;

/** The languages the restaurant's menu offers (badges of missing translations, the forms' tabs). */
export const selectLanguages = (s: ListSnapshot) => s.context.languages;
